import Foundation
import Synchronization

/// A timeline of what SceneCore does, written as a Chrome trace-event JSON file that Perfetto
/// (ui.perfetto.dev) and `chrome://tracing` open: on the app thread, each commit (its fields,
/// layers and released layers) with its layout and display passes; on each render thread, each
/// frame (numbered) with the commits it applied, animation evaluation, the frame's build (a patch
/// or a walk of the tree), damage, GL submission (draw calls, quads, uploaded bytes) and
/// present; tile drawing on the tile threads. An arrow (a flow event) leads from each commit to
/// the frame that applied it.
///
/// Start one with `start(writingTo:)` and write it with `stop()`, or set the environment
/// variable `SCENECORE_TRACE` to a path: recording then starts with the program's first commit
/// and the file is written when the program exits (or at `stop()`). Recording costs a clock
/// read and an append for each event; a trace keeps at most `maximumEvents` events, and
/// says so once when it fills up.
public enum FrameTrace {
    /// The most events a trace keeps: about 100 MB of memory.
    public static let maximumEvents = 1_000_000

    private struct State {
        var url: URL?
        var generation = 0
        var buffers: [TraceBuffer] = []
        var nextThreadNumber = 1
    }

    private static let state = Mutex(State())
    /// Whether a trace is being recorded: read on every would-be event.
    private static let recording = Atomic<Bool>(false)
    private static let generation = Atomic<Int>(0)
    private static let count = Atomic<Int>(0)
    /// The calling thread's buffer (pthread-specific, so each thread appends to its own).
    private static let bufferKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in pointer.map { Unmanaged<TraceBuffer>.fromOpaque($0).release() } }
        return key
    }()

    /// The calling thread's name in traces, when it gave one (`setThreadName(_:)`).
    private static let nameKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in pointer.map { Unmanaged<NSString>.fromOpaque($0).release() } }
        return key
    }()

    /// Whether a trace is being recorded.
    public static var isRecording: Bool { recording.load(ordering: .relaxed) }

    /// Starts recording a trace to be written to `url` by `stop()` (a trace being recorded is
    /// dropped).
    public static func start(writingTo url: URL) {
        state.withLock { state in
            state.url = url
            state.generation += 1
            state.buffers = []
            generation.store(state.generation, ordering: .relaxed)
        }
        count.store(0, ordering: .relaxed)
        recording.store(true, ordering: .releasing)
    }

    /// Stops recording and writes the trace; nil when none was being recorded.
    /// - Returns: the number of events written.
    /// - Throws: the error of writing the file.
    @discardableResult
    public static func stop() throws -> Int? {
        recording.store(false, ordering: .releasing)
        let (url, buffers) = state.withLock { state in
            defer {
                state.url = nil
                state.buffers = []
            }
            return (state.url, state.buffers)
        }
        guard let url else { return nil }
        try Data(TraceWriter.json(buffers).utf8).write(to: url)
        return buffers.reduce(0) { $0 + $1.recorded.count }
    }

    /// Starts the trace `SCENECORE_TRACE` names, once, and writes it at exit. SceneCore calls it
    /// before its first commit.
    static let startedFromEnvironment: Bool = {
        guard let path = ProcessInfo.processInfo.environment["SCENECORE_TRACE"], !path.isEmpty else { return false }
        start(writingTo: URL(fileURLWithPath: path))
        atexit { FrameTrace.writeAtExit() }
        return true
    }()

    /// Writes the trace `SCENECORE_TRACE` started, as the program exits.
    private static func writeAtExit() {
        let path = ProcessInfo.processInfo.environment["SCENECORE_TRACE"] ?? ""
        do {
            if let events = try stop() { Diagnostics.notice("SCENECORE_TRACE: wrote \(events) events to \(path)") }
        } catch {
            Diagnostics.error("SCENECORE_TRACE: the trace could not be written to \(path): \(error)")
        }
    }

    // MARK: - Recording (package)

    /// Records `event` in the calling thread's buffer, if a trace is being recorded.
    static func record(_ event: @autoclosure () -> TraceEvent) {
        guard isRecording else { return }
        guard count.wrappingAdd(1, ordering: .relaxed).newValue <= maximumEvents else {
            Diagnostics.errorOnce(
                "FrameTrace.full", "FrameTrace: the trace holds \(maximumEvents) events; later events are left out")
            return
        }
        buffer().append(event())
    }

    /// The calling thread's buffer for the recording in progress, made and registered on first use.
    private static func buffer() -> TraceBuffer {
        let current = generation.load(ordering: .relaxed)
        if let pointer = pthread_getspecific(bufferKey) {
            let buffer = Unmanaged<TraceBuffer>.fromOpaque(pointer).takeUnretainedValue()
            if buffer.generation == current { return buffer }
            Unmanaged<TraceBuffer>.fromOpaque(pointer).release()
        }
        let given = pthread_getspecific(nameKey).map {
            Unmanaged<NSString>.fromOpaque($0).takeUnretainedValue() as String
        }
        let name =
            given ?? (Thread.isMainThread ? "main" : Thread.current.name.flatMap { $0.isEmpty ? nil : $0 } ?? "thread")
        let buffer = state.withLock { state in
            let buffer = TraceBuffer(threadNumber: state.nextThreadNumber, threadName: name, generation: current)
            state.nextThreadNumber += 1
            state.buffers.append(buffer)
            return buffer
        }
        pthread_setspecific(bufferKey, Unmanaged.passRetained(buffer).toOpaque())
        return buffer
    }
}

/// A slice of a trace begun on the calling thread: `end(_:)` records it with its duration.
/// `FrameTrace.begin` gives nil when no trace is being recorded, so that an untraced program
/// pays one atomic load.
package struct TraceSpan {
    let name: StaticString
    let category: StaticString
    let start: Double

    /// Records the slice, from its beginning until now, with `args`.
    package func end(_ args: [(name: StaticString, value: Int)] = []) {
        let now = CACurrentMediaTime()
        FrameTrace.record(
            TraceEvent(name: name, category: category, phase: .complete(duration: now - start), time: start, args: args)
        )
    }
}

extension FrameTrace {
    /// Names the calling thread in traces (SceneCore's own threads call it as they start: a name
    /// given to `Thread` may not have reached the thread yet when it records its first event).
    package static func setThreadName(_ name: String) {
        if let old = pthread_getspecific(nameKey) { Unmanaged<NSString>.fromOpaque(old).release() }
        pthread_setspecific(nameKey, Unmanaged.passRetained(name as NSString).toOpaque())
    }

    /// A slice named `name` beginning now; nil when no trace is being recorded.
    package static func begin(_ name: StaticString, _ category: StaticString) -> TraceSpan? {
        isRecording ? TraceSpan(name: name, category: category, start: CACurrentMediaTime()) : nil
    }

    /// Runs `body` inside a slice named `name`.
    package static func span<Result>(
        _ name: StaticString, _ category: StaticString, _ body: () throws -> Result
    ) rethrows -> Result {
        let span = begin(name, category)
        defer { span?.end() }
        return try body()
    }

    /// The start of the arrow from the commit `sequence`, inside the slice being recorded.
    package static func commitSent(_ sequence: UInt64) {
        record(
            TraceEvent(
                name: "commit", category: "flow", phase: .flowStart(id: sequence), time: CACurrentMediaTime(), args: [])
        )
    }

    /// The end of the arrows from the commits `sequences`, inside the slice being recorded.
    package static func commitsApplied(_ sequences: ClosedRange<UInt64>) {
        guard isRecording else { return }
        let now = CACurrentMediaTime()
        for sequence in sequences {
            record(TraceEvent(name: "commit", category: "flow", phase: .flowEnd(id: sequence), time: now, args: []))
        }
    }

    /// A counter's value now (a track of its own in the viewer).
    package static func counter(_ name: StaticString, _ value: Int) {
        record(
            TraceEvent(
                name: name, category: "counter", phase: .counter, time: CACurrentMediaTime(), args: [("value", value)]))
    }
}
