import Foundation

/// The process's peak resident memory in bytes (`VmHWM` in /proc/self/status), or nil where it
/// cannot be read.
public func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
}

/// Runs `body` and returns its result with how far it raised the process's peak resident
/// memory, in bytes: the peak is first brought down to what is resident now (writing 5 to
/// /proc/self/clear_refs), so that a higher peak reached before does not hide the growth; where
/// that is refused, the growth counts only what passed the earlier peak.
public func peakMemoryGrowth<T>(_ body: () throws -> T) rethrows -> (result: T, bytes: Int) {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = peakResidentBytes() ?? 0
    let result = try body()
    return (result, max((peakResidentBytes() ?? 0) - before, 0))
}
