import SceneCore

/// What a scene's video layers did over a benchmark's measurement, from their feeds' statistics
/// (`VideoFeed.Statistics`), summed over the layers: frames shown and dropped, and how far behind
/// its clock the frame shown was at each presented frame (lag: under a frame's duration when
/// every frame is on time; the audio clock is the player's master when there is sound).
struct VideoFigures: Codable, Equatable {
    var layers: Int
    var shown: Int
    var dropped: Int
    var lag_ms_mean: Double
    var lag_ms_max: Double

    /// The figures of the video layers under `root` since `reset(_:)`; nil when it has none.
    init?(_ root: CALayer) {
        let feeds = Self.feeds(under: root)
        guard !feeds.isEmpty else { return nil }
        let all = feeds.map(\.statistics)
        let samples = all.reduce(0) { $0 + $1.lagSamples }
        layers = feeds.count
        shown = all.reduce(0) { $0 + $1.shown }
        dropped = all.reduce(0) { $0 + $1.dropped }
        lag_ms_mean = samples == 0 ? 0 : all.reduce(0) { $0 + $1.lagTotal } * 1000 / Double(samples)
        lag_ms_max = (all.map(\.largestLag).max() ?? 0) * 1000
    }

    /// Starts the statistics of the video layers under `root` over.
    static func reset(_ root: CALayer) {
        for feed in feeds(under: root) { feed.resetStatistics() }
    }

    /// The feeds of the video layers under `root` (sublayers and masks, at any depth).
    private static func feeds(under root: CALayer) -> [VideoFeed] {
        var feeds: [VideoFeed] = []
        var stack = [root]
        while let layer = stack.popLast() {
            if let feed = layer.videoContent?.feed { feeds.append(feed) }
            stack += layer.sublayers ?? []
            if let mask = layer.mask { stack.append(mask) }
        }
        return feeds
    }
}
