import CSceneMediaGStreamer
import Foundation

/// The few things every use of GStreamer in SceneMedia shares: initialising it once, casts
/// between its object pointers, its errors as strings.
enum GStreamer {
    /// `gst_init` runs once, on whichever thread first needs GStreamer (Swift's lazy globals
    /// are initialised once, thread-safely).
    private static let initialized: Void = { gst_init(nil, nil) }()

    static func initialize() { _ = initialized }

    /// A GStreamer object seen as another type of its hierarchy (`GST_ELEMENT`, `GST_BIN`, ...).
    static func cast<To>(_ pointer: UnsafeMutablePointer<some Any>, to _: To.Type = To.self) -> UnsafeMutablePointer<To>
    {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
    }

    /// A GError's message, and the error freed.
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// An ERROR message's text, with the debugging detail when the element gives one.
    static func errorText(of message: UnsafeMutablePointer<GstMessage>) -> String {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        var text = consume(error)
        if let debug {
            text += " (\(String(cString: debug)))"
            g_free(debug)
        }
        return text
    }

    /// Nanoseconds as seconds.
    static func seconds(_ nanoseconds: GstClockTime) -> Double { Double(nanoseconds) / 1e9 }

    /// Nanoseconds (signed, as running-time differences are) as seconds.
    static func seconds(_ nanoseconds: GstClockTimeDiff) -> Double { Double(nanoseconds) / 1e9 }
}
