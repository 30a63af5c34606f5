import CSceneMediaGStreamer
import Foundation

/// A timed media resource (AVFoundation's `AVAsset`): what a player item plays. Make one with
/// `AVURLAsset(url:options:)`.
open class AVAsset: NSObject, @unchecked Sendable {
    private let loadedDuration = Locked<CMTime?>(nil)

    override init() { super.init() }

    /// How long the asset lasts, read from the file the first time it is asked for (this blocks
    /// while GStreamer's discoverer reads the file's headers, as Apple's synchronous `duration`
    /// blocks while loading): `.indefinite` when the file does not say (a live stream),
    /// `.invalid` when it cannot be read.
    open var duration: CMTime {
        if let duration = loadedDuration.withLock({ $0 }) { return duration }
        let duration = discoverDuration()
        loadedDuration.withLock { $0 = duration }
        return duration
    }

    /// The URL GStreamer reads the asset from.
    var mediaURL: URL? { nil }

    private func discoverDuration() -> CMTime {
        guard let url = mediaURL else { return .invalid }
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(5 * 1_000_000_000, &error) else {
            Diagnostics.error("AVAsset: cannot read \(url.lastPathComponent): \(GStreamer.consume(error))")
            return .invalid
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        guard let info = gst_discoverer_discover_uri(discoverer, url.absoluteString, &error) else {
            Diagnostics.error("AVAsset: cannot read \(url.lastPathComponent): \(GStreamer.consume(error))")
            return .invalid
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        if error != nil { g_error_free(error) }
        guard gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK else { return .invalid }
        let duration = gst_discoverer_info_get_duration(info)
        guard duration != scm_clock_time_none() else { return .indefinite }
        return CMTime(value: CMTimeValue(duration), timescale: 1_000_000_000)
    }
}

/// An asset read from a URL (AVFoundation's `AVURLAsset`): a file URL, or any URI GStreamer
/// can read.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The URL the asset was made with.
    public let url: URL

    /// An asset of the media at `url`. No option is read (Apple's `options` tune network and
    /// timing precision, which GStreamer decides for itself).
    public init(url: URL, options: [String: Any]? = nil) {
        self.url = url
        super.init()
    }

    override var mediaURL: URL? { url }
}
