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
    /// A feed held weakly: a layer that goes away without detaching stops receiving.
    private struct WeakFeed {
        weak var feed: VideoFeed?
    }

    /// The caps last seen and what was read from them.
    private struct Format: @unchecked Sendable {
        var caps: UnsafeMutablePointer<GstCaps>
        var info: GstVideoInfo
    }

    private struct State {
        var feeds: [ObjectIdentifier: WeakFeed] = [:]
        var lastFrame: VideoFrame?
        var clock = VideoFeed.Clock.stopped(at: nil)
        /// Whether frames rendered now may set a running clock (false from the moment the
        /// player pauses, so a frame rendered during the pause does not restart the clock).
        var playing = false
        var format: Format?
    }

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
    func attach(_ feed: VideoFeed) {
        let (frame, clock) = state.withLock { state in
            state.feeds[ObjectIdentifier(feed)] = WeakFeed(feed: feed)
            return (state.lastFrame, state.clock)
        }
        if let frame { feed.enqueue(frame) }
        feed.setClock(clock)
    }

    /// Removes `feed` and clears it.
    func detach(_ feed: VideoFeed) {
        state.withLock { _ = $0.feeds.removeValue(forKey: ObjectIdentifier(feed)) }
        feed.clear()
    }

    /// Clears and forgets every feed, and the last frame (the player is going away or changing item).
    func detachAll() {
        let feeds = state.withLock { state in
            defer {
                state.feeds.removeAll()
                state.lastFrame = nil
            }
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in feeds { feed.clear() }
    }

    /// Forgets the last frame and clears the feeds' pictures (a new item: no picture of the
    /// old one stays), keeping the feeds attached.
    func reset() {
        let feeds = state.withLock { state in
            state.lastFrame = nil
            state.clock = .stopped(at: nil)
            state.playing = false
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in feeds { feed.clear() }
    }

    /// The feeds attached now.
    var feedCount: Int { state.withLock { $0.feeds.values.filter { $0.feed != nil }.count } }

    // MARK: - The clock

    /// The player has started playing: frames rendered from now on set a running clock.
    func startPlaying() { state.withLock { $0.playing = true } }

    /// The player has paused at running time `runningTime` (seconds; nil when not known).
    func stopPlaying(at runningTime: Double?) {
        setClock(.stopped(at: runningTime), playing: false)
    }

    /// A flushing seek reached the sink: the waiting frames are stale.
    private func flushed() {
        onSegmentEvent(nil)
        let feeds = state.withLock { state in
            state.clock = .stopped(at: nil)
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in feeds {
            feed.flush()
            feed.setClock(.stopped(at: nil))
        }
    }

    private func setClock(_ clock: VideoFeed.Clock, playing: Bool? = nil) {
        let feeds = state.withLock { state in
            if let playing { state.playing = playing }
            state.clock = clock
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in feeds { feed.setClock(clock) }
    }

    /// While playing, the offset from `CACurrentMediaTime()` to the sink's running time.
    private func sampleRunningOffset(of sink: UnsafeMutablePointer<GstElement>) {
        guard let clock = gst_element_get_clock(sink) else { return }
        let clockNow = gst_clock_get_time(clock)
        let monotonicNow = CACurrentMediaTime()
        gst_object_unref(clock)
        let baseTime = gst_element_get_base_time(sink)
        let offset = GStreamer.seconds(baseTime) - (GStreamer.seconds(clockNow) - monotonicNow)
        let changed = state.withLock { state -> [VideoFeed]? in
            guard state.playing else { return nil }
            if case .running(let old) = state.clock, abs(old - offset) < 0.000_5 { return nil }
            state.clock = .running(offset: offset)
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in changed ?? [] { feed.setClock(.running(offset: offset)) }
    }

    /// A segment's end reached the sink, after its last frame: that frame's end is due
    /// (display time) when the running clock reaches it.
    private func segmentDone() {
        let (frame, clock) = state.withLock { ($0.lastFrame, $0.clock) }
        var endsIn = 0.0
        if let frame, case .running(let offset) = clock {
            endsIn = max(0, frame.time + frame.duration + offset - CACurrentMediaTime())
        }
        onSegmentEvent(endsIn)
    }

    // MARK: - Frames

    /// Turns `sample` into a frame, keeps it as the last and enqueues it in every feed. Takes
    /// the sample's reference.
    private func deliver(_ sample: OpaquePointer) {
        guard let frame = makeFrame(sample) else { return }
        let feeds = state.withLock { state in
            state.lastFrame = frame
            return state.feeds.values.compactMap(\.feed)
        }
        for feed in feeds { feed.enqueue(frame) }
    }

    /// A frame over the sample's mapped buffer, released (unmapped, the sample unreferenced)
    /// with the frame; nil (and the sample let go) for a sample with no usable picture.
    private func makeFrame(_ sample: OpaquePointer) -> VideoFrame? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample),
            var info = videoInfo(of: caps)
        else {
            gst_sample_unref(sample)
            return nil
        }
        let pts = buffer.pointee.pts
        var time = 0.0
        if pts != scm_clock_time_none(), let segment = gst_sample_get_segment(sample) {
            let running = gst_segment_to_running_time(segment, GST_FORMAT_TIME, pts)
            if running != scm_clock_time_none() { time = GStreamer.seconds(running) }
        }
        let duration = buffer.pointee.duration == scm_clock_time_none() ? 0 : GStreamer.seconds(buffer.pointee.duration)
        guard let mapped = scm_video_frame_map(&info, buffer) else {
            gst_sample_unref(sample)
            return nil
        }
        let format: VideoFrame.Format = info.finfo.pointee.format == GST_VIDEO_FORMAT_NV12 ? .nv12 : .i420
        var planes: [VideoFrame.Plane] = []
        for plane in 0..<scm_video_frame_planes(mapped) {
            // Plane n holds component n for I420; NV12's second plane holds components 1 and 2.
            planes.append(
                VideoFrame.Plane(
                    base: UnsafeRawPointer(scm_video_frame_plane(mapped, plane)!),
                    bytesPerRow: Int(scm_video_frame_stride(mapped, plane)),
                    width: Int(scm_video_frame_comp_width(mapped, plane)),
                    height: Int(scm_video_frame_comp_height(mapped, plane))))
        }
        let resources = MappedSample(frame: mapped, sample: sample)
        return VideoFrame(
            format: format, width: Int(info.width), height: Int(info.height), planes: planes, time: time,
            duration: duration,
            matrix: info.colorimetry.matrix == GST_VIDEO_COLOR_MATRIX_BT709 ? .bt709 : .bt601,
            isFullRange: info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255,
            release: { resources.release() })
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

/// A mapped video frame and the sample it maps, given back together when the `VideoFrame`
/// over them goes.
private struct MappedSample: @unchecked Sendable {
    let frame: UnsafeMutablePointer<GstVideoFrame>
    let sample: OpaquePointer

    func release() {
        scm_video_frame_unmap(frame)
        gst_sample_unref(sample)
    }
}
