import CSceneMediaGStreamer
import Foundation

/// Where a player's decoded pictures go: the app sink's callbacks, on GStreamer's streaming
/// thread, turn each sample into a `VideoFrame` over the sample's own memory (mapped, never
/// copied) and enqueue it in every attached `VideoFeed`, with the clock that says when it is due.
///
/// The clock rule: while the pipeline plays, each frame re-samples how the pipeline clock
/// relates to `CACurrentMediaTime()` (the pipeline clock is the audio device's when there is
/// sound, and drifts from the monotonic clock), giving `.running(offset:)` with
/// `offset = baseTime − (pipelineClockNow − monotonicNow)`; when the player pauses,
/// `.stopped(at:)` the running time of the pause; a flushing seek (seen as the flush reaching the
/// sink) flushes the feeds and stops them at no time, so the first new frame (the one prerolled,
/// while paused) is shown.
final class VideoOutput: @unchecked Sendable {
    /// The caps last seen and what was read from them.
    private struct Format: @unchecked Sendable {
        var caps: UnsafeMutablePointer<GstCaps>
        var info: GstVideoInfo
    }

    private struct State {
        /// Whether frames rendered now may set a running clock (false from the moment the
        /// player pauses, so a frame rendered during the pause does not restart the clock).
        var playing = false
        var format: Format?
    }

    /// The feeds of the layers showing the player.
    let feeds = VideoFeedList()
    private let state = Locked(State())
    /// Told the picture's size (in pixels, the pixel aspect ratio applied) and frame rate
    /// when the caps change; on the streaming thread.
    let onFormat: @Sendable (_ size: CGSize, _ framesPerSecond: Double) -> Void
    /// Told, on the streaming thread, when a flush reaches the sink (nil) or a segment's end
    /// does: the seconds until its last frame has been shown.
    let onSegmentEvent: @Sendable (_ segmentEndsIn: Double?) -> Void

    init(
        onFormat: @escaping @Sendable (CGSize, Double) -> Void,
        onSegmentEvent: @escaping @Sendable (Double?) -> Void
    ) {
        (self.onFormat, self.onSegmentEvent) = (onFormat, onSegmentEvent)
    }

    deinit { state.withLock { $0.format.map { gst_caps_unref($0.caps) } } }

    // MARK: - Feeds

    /// Adds `feed`: it gets the last frame and the clock at once, then every frame.
    func attach(_ feed: VideoFeed) { feeds.attach(feed) }

    /// Removes `feed` and clears it.
    func detach(_ feed: VideoFeed) { feeds.detach(feed) }

    /// Clears and forgets every feed, and the last frame (the player is going away).
    func detachAll() { feeds.detachAll() }

    /// Forgets the last frame and clears the feeds' pictures (a new item: no picture of the
    /// old one stays), keeping the feeds attached.
    func reset() {
        state.withLock { $0.playing = false }
        feeds.reset()
    }

    // MARK: - The clock

    /// The player has started playing: frames rendered from now on set a running clock.
    func startPlaying() { state.withLock { $0.playing = true } }

    /// The player has paused at running time `runningTime` (seconds; nil when not known).
    func stopPlaying(at runningTime: Double?) {
        state.withLock { $0.playing = false }
        feeds.setClock(.stopped(at: runningTime))
    }

    /// A flushing seek reached the sink: the waiting frames are stale, and the first new frame
    /// (the one prerolled, while paused) is shown.
    private func flushed() {
        onSegmentEvent(nil)
        feeds.flush()
        feeds.setClock(.stopped(at: nil))
    }

    /// While playing, the offset from `CACurrentMediaTime()` to the sink's running time.
    private func sampleRunningOffset(of sink: UnsafeMutablePointer<GstElement>) {
        guard state.withLock({ $0.playing }), let offset = VideoSample.clockOffset(of: sink) else { return }
        if case .running(let old) = feeds.latest.clock, abs(old - offset) < 0.000_5 { return }
        feeds.setClock(.running(offset: offset))
    }

    /// A segment's end reached the sink, after its last frame: that frame's end is due
    /// (display time) when the running clock reaches it.
    private func segmentDone() {
        let (frame, clock) = feeds.latest
        var endsIn = 0.0
        if let frame, case .running(let offset) = clock {
            endsIn = max(0, frame.time + frame.duration + offset - CACurrentMediaTime())
        }
        onSegmentEvent(endsIn)
    }

    // MARK: - Frames

    /// Turns `sample` into a frame and hands it to every feed. Takes the sample's reference.
    private func deliver(_ sample: OpaquePointer) {
        guard let caps = gst_sample_get_caps(sample), let info = videoInfo(of: caps) else {
            gst_sample_unref(sample)
            return
        }
        if let frame = VideoSample.frame(from: sample, info: info) { feeds.enqueue(frame) }
    }

    /// The video info of `caps`, parsed once per caps; a change of caps is reported (`onFormat`).
    private func videoInfo(of caps: UnsafeMutablePointer<GstCaps>) -> GstVideoInfo? {
        if let known = state.withLock({ $0.format }), known.caps == caps || gst_caps_is_equal(known.caps, caps) != 0 {
            return known.info
        }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0, info.width > 0, info.height > 0 else { return nil }
        let old = state.withLock { state in
            defer { state.format = Format(caps: gst_caps_ref(caps), info: info) }
            return state.format?.caps
        }
        if let old { gst_caps_unref(old) }
        let aspect = info.par_n > 0 && info.par_d > 0 ? Double(info.par_n) / Double(info.par_d) : 1
        let rate = info.fps_n > 0 && info.fps_d > 0 ? Double(info.fps_n) / Double(info.fps_d) : 0
        onFormat(CGSize(width: (Double(info.width) * aspect).rounded(), height: Double(info.height)), rate)
        return info
    }

    // MARK: - The sink

    /// The app sink's caps: planar 4:2:0 only, so `videoconvert` converts anything else (and
    /// passes these through untouched).
    static let sinkCaps = "video/x-raw,format={I420,NV12}"

    /// Installs the callbacks on `appsink` and the event probe (flushes, segment ends) on its
    /// pad; the sink keeps this output alive until it is finalized.
    func install(on appsink: UnsafeMutablePointer<GstElement>) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_preroll = { sink, data in
            let output = Unmanaged<VideoOutput>.fromOpaque(data!).takeUnretainedValue()
            if let sample = gst_app_sink_pull_preroll(sink) { output.deliver(sample) }
            return GST_FLOW_OK
        }
        callbacks.new_sample = { sink, data in
            let output = Unmanaged<VideoOutput>.fromOpaque(data!).takeUnretainedValue()
            guard let sample = gst_app_sink_pull_sample(sink) else { return GST_FLOW_OK }
            output.sampleRunningOffset(of: GStreamer.cast(sink!, to: GstElement.self))
            output.deliver(sample)
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(
            GStreamer.cast(appsink), &callbacks, Unmanaged.passRetained(self).toOpaque(),
            { data in Unmanaged<VideoOutput>.fromOpaque(data!).release() })
        let pad = gst_element_get_static_pad(appsink, "sink")!
        gst_pad_add_probe(
            pad,
            GstPadProbeType(GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue),
            { _, info, data in
                guard let event = info?.pointee.data?.assumingMemoryBound(to: GstEvent.self) else {
                    return GST_PAD_PROBE_OK
                }
                let output = Unmanaged<VideoOutput>.fromOpaque(data!).takeUnretainedValue()
                if event.pointee.type == GST_EVENT_FLUSH_STOP {
                    output.flushed()
                } else if event.pointee.type == GST_EVENT_SEGMENT_DONE {
                    output.segmentDone()
                }
                return GST_PAD_PROBE_OK
            }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<VideoOutput>.fromOpaque(data!).release() })
        gst_object_unref(pad)
    }
}
