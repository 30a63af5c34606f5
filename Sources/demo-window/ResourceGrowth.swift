import Foundation

/// How far a soak run's figures rose after its warm-up. Threads (Dispatch's workers left out),
/// descriptors and textures: the highest sample after the warm-up less the first, so any rise
/// at all shows. Resident memory, which moves with what a frame allocates and frees (the
/// content scene rasterises a shape on every frame): the median of the last third of the
/// samples after the warm-up less the median of the first third, so that one sample caught at
/// a peak does not count and growth that lasts does.
struct ResourceGrowth: Codable, Equatable {
    var rss_mb: Double
    var threads: Int
    var fds: Int
    var textures: Int
    var texture_mb: Double

    /// The growth over `samples` taken at or after `warmup` seconds; nil with fewer than two.
    init?(_ samples: [ResourceSample], warmup: Double) {
        let settled = samples.filter { $0.t >= warmup }
        guard let first = settled.first, settled.count >= 2 else { return nil }
        let third = max(1, settled.count / 3)
        rss_mb = Self.median(settled.suffix(third).map(\.rss_mb)) - Self.median(settled.prefix(third).map(\.rss_mb))
        threads = settled.map(\.threads).max()! - first.threads
        fds = settled.map(\.fds).max()! - first.fds
        textures = settled.map(\.textures).max()! - first.textures
        texture_mb = settled.map(\.texture_mb).max()! - first.texture_mb
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// What exceeds the bounds: resident memory by more than `rssLimit` MiB, or threads,
    /// descriptors or textures at all. Empty when the run stayed flat.
    func excesses(rssLimit: Double) -> [String] {
        var found: [String] = []
        if rss_mb > rssLimit { found.append(String(format: "rss grew %.1f MiB (bound %.1f)", rss_mb, rssLimit)) }
        if threads > 0 { found.append("threads grew by \(threads)") }
        if fds > 0 { found.append("file descriptors grew by \(fds)") }
        if textures > 0 || texture_mb > 0 {
            found.append(String(format: "textures grew by %d (%.2f MiB)", textures, texture_mb))
        }
        return found
    }
}
