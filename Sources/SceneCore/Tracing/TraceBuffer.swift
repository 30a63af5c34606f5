import Foundation

/// The events one thread records into a trace, and the thread's name and number for the file.
/// Only its own thread appends; the writer reads it under the same lock.
final class TraceBuffer: @unchecked Sendable {
    let threadNumber: Int
    let threadName: String
    /// The recording the buffer belongs to (`FrameTrace`'s generation when it was made).
    let generation: Int
    private let lock = NSLock()
    private var events: [TraceEvent] = []

    init(threadNumber: Int, threadName: String, generation: Int) {
        (self.threadNumber, self.threadName, self.generation) = (threadNumber, threadName, generation)
        events.reserveCapacity(1024)
    }

    func append(_ event: TraceEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    /// The events so far.
    var recorded: [TraceEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}
