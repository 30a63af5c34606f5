import Foundation
import SceneCoreTestSupport

@testable import SceneCore

/// A `CommitSink` that keeps every commit it receives, for tests to inspect.
///
/// The distributor is process-wide: a sink also receives the commits of tests running in
/// parallel on other threads, so look only at the fields of your own layers.
final class RecordingSink: CommitSink {
    private let received = Locked<[LayerTreeCommit]>([])

    func enqueue(_ commit: LayerTreeCommit) { received.withLock { $0.append(commit) } }

    /// A new sink attached to the distributor (under a throwaway root); it stays attached while it lives.
    static func attached() -> RecordingSink {
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: CALayer())
        return sink
    }

    /// Every commit received so far, in arrival order.
    var commits: [LayerTreeCommit] { received.withLock { $0 } }

    /// How many commits have arrived: a mark to take before the action under test.
    var count: Int { received.withLock { $0.count } }

    /// The commits received after `mark`.
    func commits(since mark: Int) -> [LayerTreeCommit] {
        received.withLock { Array($0.dropFirst(mark)) }
    }

    /// The fields received for `layer` after `mark`, one array per commit that carried any.
    func fields(of layer: LayerID, since mark: Int = 0) -> [[LayerField]] {
        commits(since: mark).map { $0.fields(of: layer) }.filter { !$0.isEmpty }
    }

    /// Every layer id released in the commits received after `mark`.
    func released(since mark: Int = 0) -> [LayerID] {
        commits(since: mark).flatMap(\.released)
    }
}

/// Helpers shared by the layer-model tests (a namespace, to keep the test module's globals clean).
enum LayerTest {
    /// Commits whatever implicit transaction earlier work on this thread left open, then runs
    /// `body` in an explicit transaction whose commit reaches the sinks before this returns.
    /// Like `commitNow`, with actions disabled: the changes commit as plain model changes,
    /// with no implicit animations.
    static func commitWithoutActions(_ body: () -> Void = {}) {
        SceneCoreTestSupport.commitWithoutActions(body)
    }

    static func commitNow(_ body: () -> Void = {}) {
        CATransaction.flush()
        CATransaction.begin()
        body()
        CATransaction.commit()
    }

    /// Runs `body` on a new `Thread` (which has a fresh transaction stack of its own) and
    /// returns its result; nil if it did not finish within `timeout` seconds.
    static func onNewThread<T: Sendable>(timeout: TimeInterval = 20, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(body())
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return box.value
    }

    /// True when a message containing every one of `parts` has been reported to `Diagnostics`.
    static func reported(_ parts: String...) -> Bool {
        Diagnostics.recent.contains { message in parts.allSatisfy { message.contains($0) } }
    }

    /// A name no other test uses, to find a layer's messages among those of parallel tests.
    static func uniqueName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString)" }
}

/// A value handed from one thread to another.
final class ResultBox<T: Sendable>: Sendable {
    private let stored = Locked<T?>(nil)
    func set(_ value: T) { stored.withLock { $0 = value } }
    var value: T? { stored.withLock { $0 } }
}
