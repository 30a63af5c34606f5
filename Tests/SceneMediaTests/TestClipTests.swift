import CSceneMediaGStreamer
import Foundation
import Testing

@testable import SceneCore
@testable import SceneMedia

@Suite struct TestClipTests {
    /// Every frame of a clip of each codec decodes (outside any player) to its own number.
    @Test(arguments: TestClip.Codec.allCases)
    func everyFrameReadsBack(codec: TestClip.Codec) throws {
        let spec = Clips.Spec(codec: codec, framesPerSecond: 10, frameCount: 12)
        let numbers = try decodedFrameNumbers(of: try Clips.url(spec))
        #expect(numbers == Array(0..<12).map(Optional.some))
    }

    /// A clip with a sound track decodes to the same pictures.
    @Test func clipWithAudioReadsBack() throws {
        let spec = Clips.Spec(framesPerSecond: 10, frameCount: 12, audio: true)
        #expect(try decodedFrameNumbers(of: try Clips.url(spec)) == Array(0..<12).map(Optional.some))
    }

    @Test func patternReadsBackFromThePicture() {
        for frame in [0, 1, 5, 255, 4_096, 65_535] {
            let picture = TestClip.i420Picture(frame: frame, width: 64, height: 48)
            #expect(TestClip.frameNumber(width: 64, height: 48) { x, y in Double(picture[y * 64 + x]) } == frame)
        }
        #expect(TestClip.frameNumber(width: 64, height: 48) { _, _ in 128 } == nil)
    }

    @Test func oddSizesAndAudioInWebMAreRefused() {
        let url = Clips.folder.appendingPathComponent("refused.avi")
        #expect(throws: TestClip.WriteError.self) { try TestClip.write(to: url, width: 161) }
        #expect(throws: TestClip.WriteError.self) { try TestClip.write(to: url, codec: .vp8, audio: true) }
    }

    /// The frame numbers of every picture of a file, decoded by its own pipeline.
    private func decodedFrameNumbers(of url: URL) throws -> [Int?] {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let pipeline = try #require(
            gst_parse_launch(
                "filesrc name=src ! decodebin ! videoconvert ! video/x-raw,format=I420 ! appsink name=sink sync=false",
                &error))
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = GStreamer.cast(pipeline, to: GstBin.self)
        let source = try #require(gst_bin_get_by_name(bin, "src"))
        scm_set_string(source, "location", url.path)
        gst_object_unref(source)
        let sink = try #require(gst_bin_get_by_name(bin, "sink"))
        defer { gst_object_unref(sink) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        var numbers: [Int?] = []
        while let sample = gst_app_sink_try_pull_sample(GStreamer.cast(sink), 5_000_000_000) {
            defer { gst_sample_unref(sample) }
            var info = GstVideoInfo()
            gst_video_info_from_caps(&info, gst_sample_get_caps(sample))
            let frame = try #require(scm_video_frame_map(&info, gst_sample_get_buffer(sample)))
            defer { scm_video_frame_unmap(frame) }
            let (plane, stride) = (scm_video_frame_plane(frame, 0)!, Int(scm_video_frame_stride(frame, 0)))
            numbers.append(
                TestClip.frameNumber(width: Int(info.width), height: Int(info.height)) { x, y in
                    Double(plane[y * stride + x])
                })
        }
        return numbers
    }
}
