import Foundation

/// What the process holds at one moment of a soak run: resident memory, threads, open file
/// descriptors and the window's GL textures.
///
/// Dispatch's worker threads (named after their root queue, such as
/// `com.apple.root.default-qos.overcommit`, of which the system keeps the last 15 bytes) are
/// counted apart: Dispatch starts and ends them as queued work comes and goes.
struct ResourceSample: Codable, Equatable {
    /// Seconds since the run started (the warm-up included).
    var t: Double
    var rss_mb: Double
    /// Threads other than Dispatch's workers.
    var threads: Int
    var dispatch_workers: Int
    var fds: Int
    var textures: Int
    var texture_mb: Double

    /// Samples this process now, with a window's texture figures (`WindowStatistics`).
    static func take(at t: Double, textures: Int, textureBytes: Int) -> ResourceSample {
        let names = entries(in: "/proc/self/task").map { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
        }
        let workers = names.filter { $0.contains("qos") }.count
        return ResourceSample(
            t: t, rss_mb: BenchResult.residentMegabytes(), threads: names.count - workers, dispatch_workers: workers,
            fds: entries(in: "/proc/self/fd").count - 1, textures: textures,
            texture_mb: Double(textureBytes) / 1_048_576)
    }

    /// The names in a /proc directory (for /proc/self/fd, the descriptor that lists it included).
    private static func entries(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    func line() -> String {
        String(
            format: "sample: t=%.0f rss_mb=%.1f threads=%d dispatch_workers=%d fds=%d textures=%d texture_mb=%.2f", t,
            rss_mb, threads, dispatch_workers, fds, textures, texture_mb)
    }
}
