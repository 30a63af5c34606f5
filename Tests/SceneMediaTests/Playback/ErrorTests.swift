import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

extension PlaybackSuites {
    /// Each way an item can fail: the item and the player fail with an error naming the file and
    /// the cause, logged once; nothing crashes or hangs.
    @Suite struct ErrorTests {
        /// Loads `url`, waits for the item to fail, and returns its error and what was logged.
        private func failure(of url: URL) async -> (item: AVPlayerItem, player: AVPlayer, error: NSError?) {
            let item = AVPlayerItem(url: url)
            let player = await loadedPlayer(item)
            _ = await waitUntil { player.status == .failed }
            return (item, player, item.error as NSError?)
        }

        private func logged(_ text: String) -> Int { Diagnostics.recent.filter { $0.contains(text) }.count }

        @Test func missingFile() async throws {
            let url = Clips.folder.appendingPathComponent("no-such-clip.avi")
            let (item, player, error) = await failure(of: url)
            #expect(item.status == .failed && player.status == .failed)
            #expect(error?.domain == NSURLErrorDomain && error?.code == NSURLErrorFileDoesNotExist)
            #expect(error?.localizedDescription.contains("no-such-clip.avi") == true)
            #expect((player.error as NSError?) == error)
            #expect(logged("no-such-clip.avi") == 1)
        }

        @Test func textFile() async throws {
            let url = try Clips.file(
                named: "notes.avi", contents: Data(String(repeating: "not a video\n", count: 200).utf8))
            let (item, _, error) = await failure(of: url)
            #expect(item.status == .failed)
            #expect(
                error?.domain == AVFoundationErrorDomain
                    && error?.code == MediaError.Code.fileFormatNotRecognized.rawValue)
            #expect(
                error?.localizedDescription == "Cannot play “notes.avi”: it is not a media file GStreamer recognizes")
            #expect(logged("notes.avi") == 1)
        }

        /// A codec GStreamer has no decoder for: a Motion JPEG AVI whose codec tags are renamed.
        @Test func missingDecoder() async throws {
            var data = try Data(contentsOf: try Clips.url(Clips.Spec(frameCount: 5)))
            let tag = Data("MJPG".utf8)
            while let range = data.range(of: tag) { data.replaceSubrange(range, with: Data("QQQQ".utf8)) }
            let url = try Clips.file(named: "unknown-codec.avi", contents: data)
            let (item, _, error) = await failure(of: url)
            #expect(item.status == .failed)
            #expect(error?.code == MediaError.Code.decoderNotFound.rawValue)
            let description = error?.localizedDescription ?? ""
            #expect(
                description.contains("unknown-codec.avi") && description.contains("missing plug-in"), "\(description)")
            #expect(logged("unknown-codec.avi") == 1)
        }

        /// An AVI clip cut in the middle plays the frames it has, then ends as a whole one does (the
        /// demuxer reports no error: it finds the frames there are, and the duration they make, so
        /// a cut AVI cannot be told from a short one).
        @Test func truncatedClipPlaysWhatItHas() async throws {
            let data = try Data(contentsOf: try Clips.url(Clips.Spec(frameCount: 20)))
            let url = try Clips.file(named: "cut.avi", contents: data.prefix(data.count / 2))
            let recorder = FrameRecorder()
            let item = AVPlayerItem(url: url)
            let player = await loadedPlayer(item, feed: recorder.feed)
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { ended.count == 1 })
            recorder.stop()
            #expect(item.status == .readyToPlay && item.error == nil)
            let numbers = recorder.recorded.compactMap(\.number)
            #expect(numbers.count >= 5 && numbers == Array(0..<numbers.count), "\(numbers)")
            // The duration is what the demuxer found, the cut last frame at most more.
            #expect(item.duration.seconds < 0.7 && item.duration.seconds - Double(numbers.count) / 30 < 0.034)
        }

        /// A Matroska clip cut in the middle declares its whole duration: it plays the frames it
        /// has, then the item fails (−11829, `AVPlayerItemFailedToPlayToEndTime`) saying so.
        @Test func truncatedClipWithADeclaredDurationFailsAtTheCut() async throws {
            let spec = Clips.Spec(codec: .motionJPEGMatroska, frameCount: 30)
            let data = try Data(contentsOf: try Clips.url(spec))
            let url = try Clips.file(named: "cut.mkv", contents: data.prefix(data.count / 2))
            let item = AVPlayerItem(url: url)
            let player = await loadedPlayer(item)
            #expect(item.status == .readyToPlay && abs(item.duration.seconds - 1) < 0.01)
            let failed = NotificationRecorder(.AVPlayerItemFailedToPlayToEndTime, object: item)
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { item.status == .failed })
            #expect(await waitUntil { failed.count == 1 })
            #expect(ended.count == 0)
            let error = try #require(item.error as NSError?)
            #expect(error.domain == AVFoundationErrorDomain && error.code == -11829)
            #expect(error.localizedDescription.contains("cut.mkv") && error.localizedDescription.contains("cut short"))
            #expect(player.status == .failed)
        }

        /// With no audio device, a clip with sound plays (silently), to its end.
        @Test func soundWithoutAnAudioDevicePlaysSilently() async throws {
            let item = AVPlayerItem(url: try Clips.url(Clips.Spec(frameCount: 10, audio: true)))
            let feed = VideoFeed()
            let player = await loadedPlayer(item, feed: feed)
            #expect(item.status == .readyToPlay && player.error == nil)
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            player.volume = 0.5
            player.isMuted = true
            #expect(player.volume == 0.5 && player.isMuted)
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { ended.count == 1 })
            #expect(await waitUntil { shownFrameNumber(feed) == 9 })
        }
    }
}
