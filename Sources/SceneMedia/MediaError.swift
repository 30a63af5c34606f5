import CSceneMediaGStreamer
import Foundation

/// The domain of the errors AVFoundation reports (`AVFoundationErrorDomain`).
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// The errors a player item fails with: an `NSError` whose localized description names the
/// file and the cause, with GStreamer's own message as the failure reason and the file's URL
/// under `NSURLErrorKey`.
///
/// | cause | domain | code |
/// |---|---|---|
/// | the file does not exist | `NSURLErrorDomain` | `NSURLErrorFileDoesNotExist` (−1100) |
/// | not a media file GStreamer recognizes | `AVFoundationErrorDomain` | −11828 (`fileFormatNotRecognized`) |
/// | no decoder (a GStreamer plug-in missing) | `AVFoundationErrorDomain` | −11833 (`decoderNotFound`) |
/// | damaged or cut-short data | `AVFoundationErrorDomain` | −11829 (`failedToParse`) |
/// | anything else | `AVFoundationErrorDomain` | −11800 (`unknown`) |
enum MediaError {
    /// AVFoundation's codes for the causes SceneMedia tells apart.
    enum Code: Int {
        case unknown = -11800
        case fileFormatNotRecognized = -11828
        case failedToParse = -11829
        case decoderNotFound = -11833
    }

    static func fileNotFound(_ url: URL) -> NSError {
        NSError(
            domain: NSURLErrorDomain, code: NSURLErrorFileDoesNotExist,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "Cannot play “\(url.lastPathComponent)”: the file \(url.path) does not exist",
                NSURLErrorKey: url,
            ])
    }

    /// The error of a stream that ended at `end` seconds of the `declared` its container declares.
    static func cutShort(url: URL?, endsAt end: Double, of declared: Double) -> NSError {
        let name = url.map { "“\($0.lastPathComponent)”" } ?? "the item"
        let description = String(
            format: "Cannot play %@ to its end: its data stops at %.2f s of its %.2f s (the file is cut short)", name,
            end, declared)
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: description,
            NSLocalizedFailureReasonErrorKey: "the stream ended before the duration its container declares",
        ]
        if let url { userInfo[NSURLErrorKey] = url }
        return NSError(domain: AVFoundationErrorDomain, code: Code.failedToParse.rawValue, userInfo: userInfo)
    }

    /// The error of a GStreamer ERROR message about `url`; `missingPlugin` is the description of
    /// a plug-in GStreamer said it lacked before the error.
    static func playbackFailed(_ message: Playbin.Message, url: URL?, missingPlugin: String?) -> NSError {
        var gError: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message.pointer, &gError, &debug)
        let (domain, code) = (gError?.pointee.domain ?? 0, gError?.pointee.code ?? 0)
        var reason = GStreamer.consume(gError)
        if let debug {
            reason += " (\(String(cString: debug)))"
            g_free(debug)
        }
        let name = url.map { "“\($0.lastPathComponent)”" } ?? "the item"
        let (errorCode, description): (Code, String)
        if missingPlugin != nil
            || (domain == gst_core_error_quark() && code == gint(GST_CORE_ERROR_MISSING_PLUGIN.rawValue))
            || (domain == gst_stream_error_quark() && code == gint(GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue))
        {
            errorCode = .decoderNotFound
            description =
                "Cannot play \(name): GStreamer has no decoder for it (missing plug-in: \(missingPlugin ?? "unknown"))"
        } else if domain == gst_stream_error_quark()
            && [gint(GST_STREAM_ERROR_TYPE_NOT_FOUND.rawValue), gint(GST_STREAM_ERROR_WRONG_TYPE.rawValue)].contains(
                code)
        {
            errorCode = .fileFormatNotRecognized
            description = "Cannot play \(name): it is not a media file GStreamer recognizes"
        } else if domain == gst_stream_error_quark()
            && [
                gint(GST_STREAM_ERROR_DECODE.rawValue), gint(GST_STREAM_ERROR_DEMUX.rawValue),
                gint(GST_STREAM_ERROR_FAILED.rawValue),
            ]
            .contains(code)
        {
            errorCode = .failedToParse
            description = "Cannot play \(name) to its end: its data is damaged or cut short"
        } else {
            errorCode = .unknown
            description = "Cannot play \(name): \(reason)"
        }
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: description, NSLocalizedFailureReasonErrorKey: reason,
        ]
        if let url { userInfo[NSURLErrorKey] = url }
        return NSError(domain: AVFoundationErrorDomain, code: errorCode.rawValue, userInfo: userInfo)
    }
}
