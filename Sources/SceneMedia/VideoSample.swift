import CSceneMediaGStreamer
import Foundation
import SceneCore

/// Decoded GStreamer samples as the render side takes them: a `VideoFrame` over the sample's own
/// memory (mapped, not copied), which unmaps and unreferences the sample when the last holder
/// lets the frame go.
enum VideoSample {
    /// The frame of `sample` (I420 or NV12 caps, read into `info` unless given), stamped with
    /// its running time (0 without a time); takes over the caller's reference to the sample. Nil,
    /// the sample released, for another format, a sample without a buffer, or memory that cannot
    /// be mapped.
    static func frame(from sample: OpaquePointer, info known: GstVideoInfo? = nil) -> VideoFrame? {
        var info = known ?? GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), known != nil || gst_video_info_from_caps(&info, caps) != 0,
            let buffer = gst_sample_get_buffer(sample)
        else {
            gst_sample_unref(sample)
            return nil
        }
        let format: VideoFrame.Format
        switch info.finfo.pointee.format {
        case GST_VIDEO_FORMAT_I420: format = .i420
        case GST_VIDEO_FORMAT_NV12: format = .nv12
        default:
            gst_sample_unref(sample)
            return nil
        }
        guard let mapped = scm_video_frame_map(&info, buffer) else {
            gst_sample_unref(sample)
            return nil
        }
        let planes = (0..<Int(scm_video_frame_planes(mapped))).map { plane in
            // The chroma planes' size is the chroma components' (component 1 for NV12's UV plane).
            let component = guint(min(plane, 1))
            return VideoFrame.Plane(
                base: UnsafeRawPointer(scm_video_frame_plane(mapped, guint(plane))),
                bytesPerRow: Int(scm_video_frame_stride(mapped, guint(plane))),
                width: Int(scm_video_frame_comp_width(mapped, plane == 0 ? 0 : component)),
                height: Int(scm_video_frame_comp_height(mapped, plane == 0 ? 0 : component)))
        }
        let pts = buffer.pointee.pts
        let running =
            pts == scm_clock_time_none()
            ? pts : gst_segment_to_running_time(gst_sample_get_segment(sample), GST_FORMAT_TIME, pts)
        let duration = buffer.pointee.duration == scm_clock_time_none() ? 0 : GStreamer.seconds(buffer.pointee.duration)
        nonisolated(unsafe) let (ownedFrame, ownedSample) = (mapped, sample)
        return VideoFrame(
            format: format, width: Int(info.width), height: Int(info.height), planes: planes,
            time: running == scm_clock_time_none() ? 0 : GStreamer.seconds(running), duration: duration,
            matrix: info.colorimetry.matrix == GST_VIDEO_COLOR_MATRIX_BT709 ? .bt709 : .bt601,
            isFullRange: info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255
        ) {
            scm_video_frame_unmap(ownedFrame)
            gst_sample_unref(ownedSample)
        }
    }

    /// How the display's clock (`CACurrentMediaTime()` seconds, CLOCK_MONOTONIC) maps to the
    /// running time of `element`'s pipeline now: running = display time − offset, where
    /// offset = base time − (pipeline clock now − monotonic now). Sampled afresh for every frame:
    /// with sound, the pipeline's clock is the audio device's, which drifts from the monotonic
    /// clock. Nil before the element has a clock (its pipeline is not playing).
    static func clockOffset(of element: UnsafeMutablePointer<GstElement>) -> Double? {
        guard let clock = gst_element_get_clock(element) else { return nil }
        defer { gst_object_unref(clock) }
        let clockNow = GStreamer.seconds(gst_clock_get_time(clock))
        let displayNow = CACurrentMediaTime()
        return GStreamer.seconds(gst_element_get_base_time(element)) - (clockNow - displayNow)
    }
}
