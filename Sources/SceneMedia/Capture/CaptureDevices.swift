import CSceneMediaGStreamer
import Foundation
import SceneCore

/// The machine's cameras as GStreamer's device monitor finds them (sources of raw video: V4L2),
/// and the test pattern when it is included.
enum CaptureDevices {
    /// The devices connected now, the test pattern last when included.
    static func current() -> [AVCaptureDevice] {
        GStreamer.initialize()
        var devices: [AVCaptureDevice] = []
        let monitor = gst_device_monitor_new()!
        defer { gst_object_unref(monitor) }
        let caps = gst_caps_from_string("video/x-raw")
        _ = gst_device_monitor_add_filter(monitor, "Video/Source", caps)
        gst_caps_unref(caps)
        var list = gst_device_monitor_get_devices(monitor)
        defer { g_list_free_full(list) { gst_object_unref($0) } }
        while let node = list {
            if let pointer = node.pointee.data {
                devices.append(device(from: pointer.assumingMemoryBound(to: GstDevice.self)))
            }
            list = node.pointee.next
        }
        if AVCaptureDevice.includesTestPattern {
            devices.append(
                AVCaptureDevice(
                    uniqueID: AVCaptureDevice.testPatternUniqueID, name: "SceneCore Test Pattern",
                    manufacturer: "SceneCore",
                    type: .external, source: .pattern(AVCaptureDevice.testPatternSource)))
        }
        return devices
    }

    /// A device as the monitor describes it.
    private static func device(from device: UnsafeMutablePointer<GstDevice>) -> AVCaptureDevice {
        let name =
            gst_device_get_display_name(device).map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            } ?? "Camera"
        var path: String?
        var vendor = ""
        if let properties = gst_device_get_properties(device) {
            defer { gst_structure_free(properties) }
            for key in ["api.v4l2.path", "device.path", "object.path"] where path == nil {
                path = gst_structure_get_string(properties, key).map { String(cString: $0) }
            }
            vendor = gst_structure_get_string(properties, "device.vendor.name").map { String(cString: $0) } ?? ""
        }
        let builtIn = ["integrated", "built-in", "internal"].contains { name.lowercased().contains($0) }
        return AVCaptureDevice(
            uniqueID: path ?? name, name: name, manufacturer: vendor,
            type: builtIn ? .builtInWideAngleCamera : .external,
            source: .device(device))
    }
}
