/// One event of a frame trace, as the Chrome trace-event format has it (`FrameTrace`).
struct TraceEvent: Sendable {
    enum Phase: Sendable {
        /// A slice with a duration (`X`).
        case complete(duration: Double)
        /// The start (`s`) or the end (`f`, bound to the slice around it) of the arrow from a
        /// commit to the frame that applied it; `id` is the commit's sequence number.
        case flowStart(id: UInt64), flowEnd(id: UInt64)
        /// A counter's value (`C`).
        case counter
    }

    let name: StaticString
    let category: StaticString
    let phase: Phase
    /// Seconds, `CACurrentMediaTime()`'s clock.
    let time: Double
    let args: [(name: StaticString, value: Int)]
}
