import CSceneMediaGStreamer
import Foundation

/// One player's GStreamer pipeline: a `playbin` whose video sink is `videoconvert ! appsink`
/// (decoded frames reach a `VideoOutput` as planar 4:2:0) and whose audio sink is
/// `autoaudiosink`, or `fakesink sync=true` where no audio device works.
///
/// No GLib main loop runs: a bus sync handler hands every message, on whichever thread posted
/// it, to `queue` (the player's serial queue), where `onMessage` handles it.
final class Playbin: @unchecked Sendable {
    /// A bus message with its own reference, handed from the posting thread to the queue.
    struct Message: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<GstMessage>
        /// The pipeline's `generation` when the message was posted.
        let generation: Int

        var type: GstMessageType { pointer.pointee.type }
        /// Whether the pipeline itself posted it (not one of its elements).
        var isFromPipeline: Bool { pointer.pointee.src.map { scm_is_pipeline($0) != 0 } ?? false }
    }

    let element: UnsafeMutablePointer<GstElement>
    private let appsink: UnsafeMutablePointer<GstElement>
    let output: VideoOutput
    private let gapless: GaplessSource
    private let aboutToFinish: gulong
    private let isShutDown = Locked(false)
    /// A number the player raises each time it loads an item, once the old item's threads have
    /// stopped: each message carries the number of its time, so the old item's are told apart.
    let generation = Locked(0)
    /// How far ahead of their time frames reach the app sink (its negative `ts-offset`), in
    /// seconds: the sink's end of stream comes that early too.
    let earliness = Locked(0.05)
    /// The segment seek that loops the stream (rate, start, stop, in nanoseconds), made on the
    /// streaming thread that ends each segment; nil while not looping.
    let loopSeek = Locked<(rate: Double, start: gint64, stop: gint64)?>(nil)
    /// For each segment ended and not yet seen through to the screen, oldest first: whether it
    /// looped (the sync handler seeked back) or ended the stream.
    let segmentEnds = Locked<[Bool]>([])

    /// Makes the pipeline (in the NULL state). `onMessage` runs on `queue` for each bus message;
    /// `onAboutToFinish` runs on the streaming thread when the current URI is nearly played,
    /// after the next URI (if one was set with `setNextURI`) has been queued.
    /// `onSegmentEnd` runs on the streaming thread when the end of a segment has reached the
    /// video sink: whether it looped, and the seconds until its last frame has been shown.
    init(
        queue: DispatchQueue, onMessage: @escaping @Sendable (Message) -> Void,
        onFormat: @escaping @Sendable (CGSize, Double) -> Void, onAboutToFinish: @escaping @Sendable (URL?) -> Void,
        onSegmentEnd: @escaping @Sendable (_ looped: Bool, _ shownIn: Double) -> Void
    ) {
        GStreamer.initialize()
        element = gst_object_ref_sink(gst_element_factory_make("playbin", nil)).assumingMemoryBound(to: GstElement.self)
        var error: UnsafeMutablePointer<GError>?
        let sinkBin = gst_parse_bin_from_description("videoconvert ! appsink name=videosink", 1, &error)!
        appsink = gst_bin_get_by_name(GStreamer.cast(sinkBin), "videosink")!
        let caps = gst_caps_from_string(VideoOutput.sinkCaps)
        scm_set_pointer(appsink, "caps", caps)
        gst_caps_unref(caps)
        scm_set_bool(appsink, "sync", 1)
        scm_set_bool(appsink, "qos", 1)
        scm_set_uint(appsink, "max-buffers", 2)
        scm_set_bool(appsink, "drop", 0)
        scm_set_bool(appsink, "enable-last-sample", 0)
        let sink = UncheckedPointer(appsink)
        let (earliness, segmentEnds) = (earliness, segmentEnds)
        scm_set_int64(appsink, "ts-offset", -gint64(earliness.withLock { $0 } * 1e9))
        output = VideoOutput { size, framesPerSecond in
            // Frames reach the feeds two frame durations early (20...100 ms), so that each is
            // waiting when its display frame comes.
            let early = framesPerSecond > 0 ? min(max(2 / framesPerSecond, 0.02), 0.1) : 0.05
            earliness.withLock { $0 = early }
            scm_set_int64(sink.pointer, "ts-offset", -gint64(early * 1e9))
            onFormat(size, framesPerSecond)
        } onSegmentEvent: { endsIn in
            guard let endsIn else {
                segmentEnds.withLock { $0.removeAll() }
                return
            }
            let looped = segmentEnds.withLock { $0.isEmpty ? false : $0.removeFirst() }
            onSegmentEnd(looped, endsIn)
        }
        output.install(on: appsink)
        scm_set_pointer(element, "video-sink", sinkBin)
        scm_set_pointer(element, "audio-sink", Self.makeAudioSink())
        // Video, audio and software volume: no subtitles, deinterlacer or colour balance.
        scm_set_uint(element, "flags", 0x01 | 0x02 | 0x10)
        gapless = GaplessSource(onAboutToFinish: onAboutToFinish)
        aboutToFinish = scm_connect_about_to_finish(
            element,
            { playbin, data in
                let source = Unmanaged<GaplessSource>.fromOpaque(data!).takeUnretainedValue()
                source.aboutToFinish(playbin!)
            }, Unmanaged.passUnretained(gapless).toOpaque())
        let bus = gst_element_get_bus(element)!
        gst_bus_set_sync_handler(
            bus,
            { _, message, data in
                let forwarder = Unmanaged<BusForwarder>.fromOpaque(data!).takeUnretainedValue()
                forwarder.forward(message!)
                return GST_BUS_DROP
            },
            Unmanaged.passRetained(
                BusForwarder(
                    queue: queue, generation: generation, loopSeek: loopSeek, segmentEnds: segmentEnds,
                    onMessage: onMessage)
            ).toOpaque(),
            { data in Unmanaged<BusForwarder>.fromOpaque(data!).release() })
        gst_object_unref(bus)
    }

    /// Stops the pipeline (NULL: every streaming thread joined), detaches its handlers and lets
    /// it go. Called once, by the player's deinit.
    func shutDown() {
        let first = isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        gst_element_set_state(element, GST_STATE_NULL)
        scm_disconnect(element, aboutToFinish)
        let bus = gst_element_get_bus(element)!
        gst_bus_set_sync_handler(bus, nil, nil, nil)
        gst_object_unref(bus)
        output.detachAll()
        gst_object_unref(appsink)
        gst_object_unref(element)
    }

    // MARK: - Control

    @discardableResult
    func setState(_ state: GstState) -> GstStateChangeReturn { gst_element_set_state(element, state) }

    /// Loads `url` (the pipeline must be in READY or NULL).
    func setURI(_ url: URL) { scm_set_string(element, "uri", url.absoluteString) }

    /// What `about-to-finish` queues next (nil: nothing, the stream ends).
    func setNextURI(_ url: URL?) { gapless.next.withLock { $0 = url } }

    func setVolume(_ volume: Double) { scm_set_double(element, "volume", volume) }
    func setMuted(_ muted: Bool) { scm_set_bool(element, "mute", muted ? 1 : 0) }

    /// The stream position in nanoseconds; nil when not known.
    var position: gint64? {
        var position: gint64 = 0
        return gst_element_query_position(element, GST_FORMAT_TIME, &position) != 0 && position >= 0 ? position : nil
    }

    /// The stream's duration in nanoseconds; nil when not known.
    var duration: gint64? {
        var duration: gint64 = 0
        return gst_element_query_duration(element, GST_FORMAT_TIME, &duration) != 0 && duration >= 0 ? duration : nil
    }

    /// The running time at which the pipeline paused (its start time), in seconds.
    var pausedRunningTime: Double? {
        let start = gst_element_get_start_time(element)
        return start == scm_clock_time_none() ? nil : GStreamer.seconds(start)
    }

    /// Sends a seek; false when the pipeline refused it.
    func seek(rate: Double, flags: [GstSeekFlags], start: gint64, stop: gint64?) -> Bool {
        let combined = GstSeekFlags(rawValue: flags.reduce(0) { $0 | $1.rawValue })
        return gst_element_seek(
            element, rate, GST_FORMAT_TIME, combined, GST_SEEK_TYPE_SET, start,
            stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, stop ?? -1) != 0
    }

    // MARK: - Audio

    /// Whether `autoaudiosink` finds a working device, asked once per process: without one it
    /// falls back to a fake sink of its own, which is then replaced by `fakesink sync=true`
    /// (and the fallback logged once).
    private static let audioDeviceWorks: Bool = {
        guard let probe = gst_element_factory_make("autoaudiosink", nil) else { return false }
        gst_object_ref_sink(probe)
        defer {
            gst_element_set_state(probe, GST_STATE_NULL)
            gst_object_unref(probe)
        }
        guard gst_element_set_state(probe, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE else { return false }
        guard let fake = gst_bin_get_by_name(GStreamer.cast(probe), "fake-audio-sink") else { return true }
        gst_object_unref(fake)
        return false
    }()

    private static func makeAudioSink() -> UnsafeMutablePointer<GstElement> {
        if audioDeviceWorks, let sink = gst_element_factory_make("autoaudiosink", nil) { return sink }
        Diagnostics.warningOnce(
            "SceneMedia.noAudioDevice",
            "SceneMedia: no audio device works (autoaudiosink found none); players play sound into fakesink, silently")
        let sink = gst_element_factory_make("fakesink", "silent-audio-sink")!
        scm_set_bool(sink, "sync", 1)
        return sink
    }
}

/// A GStreamer pointer handed to a `@Sendable` closure: GStreamer objects are thread-safe.
struct UncheckedPointer<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}

/// Hands bus messages from the posting thread to the player's queue.
private final class BusForwarder: Sendable {
    let queue: DispatchQueue
    let generation: Locked<Int>
    let loopSeek: Locked<(rate: Double, start: gint64, stop: gint64)?>
    let segmentEnds: Locked<[Bool]>
    let onMessage: @Sendable (Playbin.Message) -> Void

    init(
        queue: DispatchQueue, generation: Locked<Int>, loopSeek: Locked<(rate: Double, start: gint64, stop: gint64)?>,
        segmentEnds: Locked<[Bool]>, onMessage: @escaping @Sendable (Playbin.Message) -> Void
    ) {
        (self.queue, self.generation, self.loopSeek, self.segmentEnds) = (queue, generation, loopSeek, segmentEnds)
        self.onMessage = onMessage
    }

    func forward(_ pointer: UnsafeMutablePointer<GstMessage>) {
        // A looping segment's end: seek back to its start at once, on the streaming thread that
        // ended it (it holds the demuxer's stream lock, which a seek from another thread would
        // wait for while the paused pipeline blocks that thread).
        if pointer.pointee.type == GST_MESSAGE_SEGMENT_DONE, let source = pointer.pointee.src,
            scm_is_pipeline(source) != 0
        {
            let loop = loopSeek.withLock { $0 }
            if let loop {
                let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_SEGMENT.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
                gst_element_seek(
                    GStreamer.cast(source, to: GstElement.self), loop.rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET,
                    loop.start, GST_SEEK_TYPE_SET, loop.stop)
            }
            segmentEnds.withLock { ends in
                ends.append(loop != nil)
                // Without video nothing reads them (the player estimates from the position).
                if ends.count > 16 { ends.removeFirst() }
            }
        }
        let message = Playbin.Message(pointer: gst_message_ref(pointer), generation: generation.withLock { $0 })
        queue.async { [onMessage] in
            onMessage(message)
            gst_message_unref(message.pointer)
        }
    }
}

/// What `about-to-finish` plays next: set by the player's queue, read on the streaming thread.
private final class GaplessSource: Sendable {
    let next = Locked<URL?>(nil)
    let onAboutToFinish: @Sendable (URL?) -> Void

    init(onAboutToFinish: @escaping @Sendable (URL?) -> Void) { self.onAboutToFinish = onAboutToFinish }

    func aboutToFinish(_ playbin: UnsafeMutablePointer<GstElement>) {
        let url = next.withLock { next in
            defer { next = nil }
            return next
        }
        if let url { scm_set_string(playbin, "uri", url.absoluteString) }
        onAboutToFinish(url)
    }
}
