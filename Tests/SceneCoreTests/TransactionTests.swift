import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// CATransaction values, nesting, flush and locking (Apple's CATransaction documentation).
///
/// Transactions are per thread. Tests that need a thread's stack in a known state run on a
/// new `Thread`; the others first flush whatever an earlier test left on their thread.
@Suite(.tags(.threads)) struct TransactionTests {
    @Test func keysHaveApplesNames() {
        #expect(kCATransactionAnimationDuration == "animationDuration")
        #expect(kCATransactionDisableActions == "disableActions")
        #expect(kCATransactionAnimationTimingFunction == "animationTimingFunction")
        #expect(kCATransactionCompletionBlock == "completionBlock")
    }

    @Test func defaultsOutsideAnyTransaction() {
        let values = LayerTest.onNewThread {
            (
                CATransaction.animationDuration(), CATransaction.disableActions(),
                CATransaction.animationTimingFunction() == nil, CATransaction.completionBlock() == nil,
                CATransaction.value(forKey: "someKey") == nil
            )
        }
        #expect(values?.0 == 0.25)
        #expect(values?.1 == false)
        #expect(values?.2 == true)
        #expect(values?.3 == true)
        #expect(values?.4 == true)
    }

    @Test func defaultsInsideANewTransaction() {
        CATransaction.flush()
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.disableActions() == false)
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.completionBlock() == nil)
        CATransaction.commit()
    }

    @Test func nestedValuesAreReadInnermostFirstAndRestoredByTheInnerCommit() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 1.0)  // inherited
        CATransaction.setAnimationDuration(2.0)
        #expect(CATransaction.animationDuration() == 2.0)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1.0)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test func disableActionsNests() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        #expect(CATransaction.disableActions())
        CATransaction.setDisableActions(false)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
        // The key set by value, as Objective-C code sets it, reads back at once.
        CATransaction.begin()
        #expect(!CATransaction.disableActions())
        CATransaction.setValue(NSNumber(value: true), forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.setValue(nil, forKey: kCATransactionDisableActions)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
    }

    @Test func arbitraryKeysAreStoredAndScoped() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "com.example.tag")
        CATransaction.setValue(7, forKey: "com.example.count")
        CATransaction.begin()
        CATransaction.setValue("inner", forKey: "com.example.tag")
        #expect(CATransaction.value(forKey: "com.example.tag") as? String == "inner")
        #expect(CATransaction.value(forKey: "com.example.count") as? Int == 7)
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "com.example.tag") as? String == "outer")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "com.example.tag") == nil)
    }

    @Test func theWellKnownValuesAreReadableByKey() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setValue(0.75, forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.animationDuration() == 0.75)
        #expect(CATransaction.disableActions())
        CATransaction.setAnimationDuration(1.5)
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 1.5)
        CATransaction.commit()
    }

    @Test func timingFunctionIsStored() {
        CATransaction.flush()
        let function = CAMediaTimingFunction(name: .easeIn)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(function)
        #expect(CATransaction.animationTimingFunction() === function)
        CATransaction.begin()
        #expect(CATransaction.animationTimingFunction() === function)
        CATransaction.commit()
        CATransaction.setAnimationTimingFunction(nil)
        #expect(CATransaction.animationTimingFunction() == nil)
        CATransaction.commit()
    }

    @Test func aDurationSetOutsideATransactionLastsUntilAFlush() {
        let values = LayerTest.onNewThread {
            CATransaction.setAnimationDuration(3)
            let set = CATransaction.animationDuration()
            CATransaction.begin()
            let nested = CATransaction.animationDuration()
            CATransaction.commit()
            let after = CATransaction.animationDuration()
            CATransaction.flush()
            return [set, nested, after, CATransaction.animationDuration()]
        }
        #expect(values == [3, 3, 3, 0.25])
    }

    @Test func lockIsRecursiveAndAnExtraUnlockIsHarmless() {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        // Still held once: another thread must wait.
        let contender = LockContender()
        #expect(!contender.acquired(within: 0.2))
        CATransaction.unlock()
        #expect(contender.acquired(within: 10))
        // More unlocks than locks: nothing happens, and the lock still works.
        CATransaction.unlock()
        CATransaction.unlock()
        CATransaction.lock()
        CATransaction.unlock()
        #expect(LockContender().acquired(within: 10))
    }

    @Test func anUnmatchedCommitIsReportedAndHarmless() {
        let reported = LayerTest.onNewThread {
            CATransaction.commit()
            CATransaction.begin()
            CATransaction.setAnimationDuration(9)
            CATransaction.commit()
            return CATransaction.animationDuration()
        }
        #expect(reported == 0.25)
        #expect(LayerTest.reported("CATransaction.commit", "no explicit transaction"))
    }
}

/// A thread that tries to take `CATransaction.lock()`, releasing it as soon as it has it.
private final class LockContender: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init() {
        let done = self.done
        Thread {
            CATransaction.lock()
            CATransaction.unlock()
            done.signal()
        }.start()
    }

    /// Whether the thread got the lock within `seconds` (once true, it stays true).
    func acquired(within seconds: TimeInterval) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}

/// When changes reach the sinks (Apple's CATransaction documentation).
@Suite(.tags(.threads)) struct TransactionCommitTests {
    @Test func changesReachSinksOnlyAtTheOutermostCommit() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        let id = layer.layerID
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.begin()
        layer.position = CGPoint(x: 1, y: 2)
        CATransaction.commit()
        #expect(sink.fields(of: id).isEmpty)
        CATransaction.commit()
        #expect(sink.fields(of: id).count == 1)
    }

    @Test func explicitTransactionsNestedInTheImplicitOneCommitWithIt() throws {
        let sink = RecordingSink.attached()
        let result = LayerTest.onNewThread { () -> (during: Int, after: [[LayerField]], ids: (LayerID, LayerID)) in
            let a = CALayer()
            let b = CALayer()
            a.position = CGPoint(x: 1, y: 1)  // opens the implicit transaction
            CATransaction.begin()
            b.position = CGPoint(x: 2, y: 2)
            CATransaction.commit()
            let during = sink.fields(of: a.layerID).count + sink.fields(of: b.layerID).count
            CATransaction.flush()
            return (during, sink.fields(of: a.layerID) + sink.fields(of: b.layerID), (a.layerID, b.layerID))
        }
        let r = try #require(result)
        #expect(r.during == 0)
        #expect(r.after.count == 2)
        // One commit carried both.
        let both = sink.commits.filter { !$0.fields(of: r.ids.0).isEmpty && !$0.fields(of: r.ids.1).isEmpty }
        #expect(both.count == 1)
    }

    @Test func flushInsideAnExplicitTransactionWaitsForItsCommit() throws {
        let sink = RecordingSink.attached()
        let result = LayerTest.onNewThread { () -> (during: [[LayerField]], after: [[LayerField]]) in
            let layer = CALayer()
            layer.position = CGPoint(x: 5, y: 5)  // implicit
            CATransaction.begin()
            layer.opacity = 0.5
            CATransaction.flush()
            let during = sink.fields(of: layer.layerID)
            CATransaction.commit()
            return (during, sink.fields(of: layer.layerID))
        }
        let r = try #require(result)
        #expect(r.during.isEmpty)
        #expect(r.after.count == 1)
        guard case .all(let state)? = r.after.first?.first else {
            Issue.record("expected a whole-layer update, got \(r.after)")
            return
        }
        #expect(state.position == CGPoint(x: 5, y: 5) && state.opacity == 0.5)
    }

    @Test func aFlushConsumedByAnExplicitCommitDoesNotFireLater() throws {
        let sink = RecordingSink.attached()
        let result = LayerTest.onNewThread { () -> (early: [[LayerField]], late: [[LayerField]]) in
            let layer = CALayer()
            CATransaction.begin()
            layer.position = CGPoint(x: 1, y: 1)
            CATransaction.flush()  // nothing implicit to flush
            CATransaction.commit()
            let mark = sink.count
            layer.position = CGPoint(x: 2, y: 2)  // implicit
            CATransaction.begin()
            CATransaction.commit()  // nested in the implicit transaction: commits nothing
            let early = sink.fields(of: layer.layerID, since: mark)
            CATransaction.flush()
            return (early, sink.fields(of: layer.layerID, since: mark))
        }
        let r = try #require(result)
        #expect(r.early.isEmpty)
        // The committed layer's change animates implicitly: the position travels with its animation.
        #expect(r.late.count == 1 && r.late.first?.first == .property(.point(CGPoint(x: 2, y: 2)), .position))
    }

    @Test func theRunLoopCommitsTheImplicitTransaction() throws {
        let sink = RecordingSink.attached()
        let result = LayerTest.onNewThread { () -> (before: Int, after: [[LayerField]]) in
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            let before = sink.fields(of: layer.layerID).count
            // A run loop with no source or timer returns at once without a turn, as on Apple
            // platforms; a real thread's run loop has sources, so give it a timer.
            RunLoop.current.add(Timer(timeInterval: 0.01, repeats: false) { _ in }, forMode: .default)
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.1))
            return (before, sink.fields(of: layer.layerID))
        }
        let r = try #require(result)
        #expect(r.before == 0)
        #expect(r.after.count == 1)
        #expect(r.after.first?.count == 3)  // all, sublayers, mask: the layer's first commit
    }
}

/// Completion blocks run on the main thread after the commit (Apple's CATransaction documentation).
/// Serialized: these tests share the main thread's transaction stack.
@Suite(.serialized, .tags(.threads)) @MainActor struct CompletionBlockTests {
    @Test func runsOnTheMainQueueOnALaterTurn() async {
        let runs = Runs()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs.add("done") }
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.commit()
        #expect(runs.names.isEmpty)  // not during the commit
        #expect(await waitUntil { runs.names == ["done"] })
        #expect(runs.onMainQueue)
    }

    @Test func aSecondBlockAddsToTheFirst() async {
        let runs = Runs()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs.add("first") }
        CATransaction.setCompletionBlock { runs.add("second") }
        CATransaction.commit()
        #expect(await waitUntil { runs.names.count == 2 })
        #expect(Set(runs.names) == ["first", "second"])
    }

    @Test func settingNilClearsTheGetterButKeepsTheBlock() async {
        let runs = Runs()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs.add("kept") }
        CATransaction.setCompletionBlock(nil)
        #expect(CATransaction.completionBlock() == nil)
        CATransaction.commit()
        #expect(await waitUntil { runs.names == ["kept"] })
    }

    @Test func aNestedCommitDoesNotRunTheEnclosingBlock() async {
        let runs = Runs()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs.add("outer") }
        CATransaction.begin()
        CATransaction.commit()
        // No `await` while the transaction is open: it could resume on another thread, whose
        // transactions are its own. A mark queued on the main queue now runs after any block the
        // nested commit queued, and before the block the outer commit queues.
        DispatchQueue.main.async { runs.add("nested commit done") }
        CATransaction.commit()
        #expect(await waitUntil { runs.names.count == 2 })
        #expect(runs.names == ["nested commit done", "outer"])
    }

    @Test func eachBlockRunsOnce() async {
        let runs = Runs()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs.add("once") }
        CATransaction.commit()
        #expect(await waitUntil { runs.names == ["once"] })
        CATransaction.begin()
        CATransaction.commit()
        CATransaction.flush()
        #expect(await drainMainQueue())
        #expect(runs.names == ["once"])
    }
}

/// Which completion blocks ran, and whether all ran on the main queue.
///
/// The main queue is recognised by a queue-specific value: under `swift test` on Linux it is
/// drained by `dispatch_main`, which need not run it on the process's first thread.
private final class Runs: Sendable {
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    private let log = Locked<(names: [String], main: Bool)>(([], true))

    init() { _ = Runs.mainQueueKey }

    func add(_ name: String) {
        let onMain = DispatchQueue.getSpecific(key: Runs.mainQueueKey) == true
        log.withLock {
            $0.names.append(name)
            $0.main = $0.main && onMain
        }
    }
    var names: [String] { log.withLock { $0.names } }
    var onMainQueue: Bool { log.withLock { $0.main } }
}
