import CSceneMediaGStreamer
import Foundation
import SceneCore

/// Why a capture pipeline could not start.
struct CaptureError: Error, CustomStringConvertible {
    let description: String
}

/// One running capture: the device's source, a conversion to I420 (scaled to the preset's size
/// when it has one), and an app sink whose streaming thread hands each frame to the session's
/// feeds with the clock that maps its running time to the display's. Errors on the bus stop it
/// and are reported once through `onError`.
final class CapturePipeline: @unchecked Sendable {
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let feeds: VideoFeedList
    private let onError: @Sendable (String) -> Void
    private let stopped = Locked(false)

    /// Builds the pipeline and sets it playing, waiting up to 5 s for the source to start.
    init(
        device: AVCaptureDevice, size: (width: Int, height: Int)?, feeds: VideoFeedList,
        onError: @escaping @Sendable (String) -> Void
    ) throws(CaptureError) {
        GStreamer.initialize()
        (self.feeds, self.onError) = (feeds, onError)
        let scale = size.map { ",width=\($0.width),height=\($0.height)" } ?? ""
        let tail =
            "videoconvert ! videoscale ! video/x-raw,format=I420\(scale) ! appsink name=sink sync=false max-buffers=2 drop=true"
        let source: UnsafeMutablePointer<GstElement>?
        switch device.source {
        case .device(let gstDevice): source = gst_device_create_element(gstDevice, nil)
        case .pattern(let description): source = Self.parse(description)
        }
        guard let source, let rest = Self.parse(tail) else {
            throw CaptureError(description: "GStreamer cannot make the pipeline of \(device.localizedName)")
        }
        pipeline = gst_pipeline_new("capture")
        let bin = GStreamer.cast(pipeline, to: GstBin.self)
        gst_bin_add(bin, source)
        gst_bin_add(bin, rest)
        guard gst_element_link(source, rest) != 0,
            let sink = gst_bin_get_by_name(GStreamer.cast(rest, to: GstBin.self), "sink")
        else {
            gst_object_unref(pipeline)
            throw CaptureError(description: "the source of \(device.localizedName) gives no raw video")
        }
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            let capture = Unmanaged<CapturePipeline>.fromOpaque(data!).takeUnretainedValue()
            if let sample = gst_app_sink_pull_sample(sink) { capture.deliver(sample) }
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(
            GStreamer.cast(sink, to: GstAppSink.self), &callbacks, Unmanaged.passRetained(self).toOpaque()
        ) { Unmanaged<CapturePipeline>.fromOpaque($0!).release() }
        gst_object_unref(sink)
        let bus = gst_element_get_bus(pipeline)!
        gst_bus_set_sync_handler(
            bus,
            { _, message, data in
                guard let message, let data, message.pointee.type == GST_MESSAGE_ERROR else { return GST_BUS_DROP }
                let capture = Unmanaged<CapturePipeline>.fromOpaque(data).takeUnretainedValue()
                let text = GStreamer.errorText(of: message)
                DispatchQueue.global().async { capture.fail(text) }
                return GST_BUS_DROP
            }, Unmanaged.passRetained(self).toOpaque()
        ) { Unmanaged<CapturePipeline>.fromOpaque($0!).release() }
        gst_object_unref(bus)
        let change = gst_element_set_state(pipeline, GST_STATE_PLAYING)
        var current = GST_STATE_NULL
        let result =
            change == GST_STATE_CHANGE_FAILURE
            ? change : gst_element_get_state(pipeline, &current, nil, GstClockTime(5_000_000_000))
        guard result != GST_STATE_CHANGE_FAILURE, current == GST_STATE_PLAYING || result == GST_STATE_CHANGE_NO_PREROLL
        else {
            let message = Self.pendingError(of: pipeline) ?? "the device did not start"
            tearDown()
            throw CaptureError(description: "\(device.localizedName): \(message)")
        }
    }

    private static func parse(_ description: String) -> UnsafeMutablePointer<GstElement>? {
        var error: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &error)
        if error != nil { _ = GStreamer.consume(error) }
        return bin.map { GStreamer.cast($0, to: GstElement.self) }
    }

    /// The text of an error the bus holds, if any.
    private static func pendingError(of pipeline: UnsafeMutablePointer<GstElement>) -> String? {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return GStreamer.errorText(of: message)
    }

    /// A frame from the streaming thread, with the clock it is shown by.
    private func deliver(_ sample: OpaquePointer) {
        guard let frame = VideoSample.frame(from: sample) else { return }
        if let offset = VideoSample.clockOffset(of: pipeline) { feeds.setClock(.running(offset: offset)) }
        feeds.enqueue(frame)
    }

    private func fail(_ message: String) {
        guard !stopped.withLock({ $0 }) else { return }
        onError(message)
    }

    /// Stops the flow: the pipeline goes to NULL (its streaming thread ends) and the feeds keep
    /// the last frame received, stopped at its time (frames still waiting do not play on, one
    /// per render, after the stop).
    func stop() {
        guard
            !stopped.withLock({ stopped in
                defer { stopped = true }
                return stopped
            })
        else { return }
        tearDown()
        feeds.setClock(.stopped(at: feeds.latest.frame?.time))
    }

    private func tearDown() {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        let bus = gst_element_get_bus(pipeline)!
        gst_bus_set_sync_handler(bus, nil, nil, nil)
        gst_object_unref(bus)
        gst_object_unref(pipeline)
    }
}
