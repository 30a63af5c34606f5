import Foundation

/// Runs `body` and returns its result with the processor time the calling thread spent in it, in
/// seconds.
///
/// For bounds on how much work something does (that 100,000 insertions are not quadratic):
/// unlike the wall clock, the thread's processor time does not count the time it waited for the
/// layer lock while a suite running beside it committed, nor the time other processes had the
/// processor.
public func threadCPUSeconds<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = threadCPUTime()
    let result = try body()
    return (result, threadCPUTime() - start)
}

private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
