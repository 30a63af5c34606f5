import Foundation

/// What the test process holds that a window could leave behind: its threads, by name, and
/// its open file descriptors.
///
/// Dispatch's worker threads (named after their root queue, such as
/// `com.apple.root.default-qos.overcommit`, of which the system keeps the last 15 bytes) are
/// left out: Dispatch starts and ends them as queued work comes and goes, whatever a window does.
struct ProcessResources: CustomStringConvertible {
    /// The names of the threads other than Dispatch's workers, sorted.
    let threads: [String]
    /// The paths or kinds (`socket:[…]`, `pipe:[…]`) of the open file descriptors, sorted by descriptor.
    let descriptors: [String]

    /// The process now.
    static var current: ProcessResources {
        let threads = entries("/proc/self/task").map { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .newlines)
        }
        // Listing the descriptors opens one more, the directory's, which is gone again after.
        let descriptors = entries("/proc/self/fd").compactMap { fd in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        }
        return ProcessResources(
            threads: threads.filter { !$0.contains("qos") }.sorted(),
            descriptors: descriptors.filter { !$0.hasPrefix("/proc/") && !runLoopDescriptors.contains($0) })
    }

    /// The kinds of descriptor Foundation's run loop and libdispatch's event loop make for a
    /// thread that waits on them (an eventfd, an epoll and a timerfd each). Dispatch's workers,
    /// which `threads` leaves out, make and keep them while suites running beside the window
    /// tests keep the workers busy, so they are not counted; a window makes none (its event
    /// pump wakes through a pipe), and a thread of its own left running shows in `threads`.
    private static let runLoopDescriptors: Set<String> = [
        "anon_inode:[eventfd]", "anon_inode:[eventpoll]", "anon_inode:[timerfd]",
    ]

    /// The windows' render and event threads still running.
    var windowThreads: [String] { threads.filter { $0 == "SceneCoreRender" || $0 == "SceneCoreEvents" } }

    /// What this holds that `baseline` did not: threads (by name, counted) and descriptors
    /// opened since. Empty when nothing was left behind (things `baseline` held may have gone:
    /// Dispatch closes the run-loop descriptors of the workers it ends).
    func added(since baseline: ProcessResources) -> ProcessResources {
        ProcessResources(
            threads: Self.subtracting(baseline.threads, from: threads),
            descriptors: Self.subtracting(baseline.descriptors, from: descriptors))
    }

    private static func subtracting(_ old: [String], from new: [String]) -> [String] {
        var remaining = Dictionary(old.map { ($0, 1) }, uniquingKeysWith: +)
        return new.filter { item in
            guard let count = remaining[item], count > 0 else { return true }
            remaining[item] = count - 1
            return false
        }
    }

    var description: String { "threads \(threads), descriptors \(descriptors)" }

    private static func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    }
}
