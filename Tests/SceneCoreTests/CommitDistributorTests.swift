import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The distributor's hand-off to sinks that come and go.
@Suite(.tags(.threads)) struct CommitDistributorTests {
    /// A sink that drops the last outside reference to itself when the first commit after the
    /// attach snapshot arrives, and detaches itself when it goes: its deinit then runs as the
    /// distributor lets go of it.
    private final class SelfReleasingSink: CommitSink {
        static let held = Locked<[ObjectIdentifier: SelfReleasingSink]>([:])
        let deinitialized: ResultBox<Bool>

        init(deinitialized: ResultBox<Bool>) { self.deinitialized = deinitialized }

        private let received = Locked(0)

        func enqueue(_ commit: LayerTreeCommit) {
            let count = received.withLock { count in
                count += 1
                return count
            }
            if count == 2 { _ = Self.held.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) } }
        }

        deinit {
            CommitDistributor.shared.detach(self)
            deinitialized.set(true)
        }
    }

    /// Found by the property tests: a sink released on another thread while a commit was being
    /// delivered ran its deinit inside the distributor's lock, and a deinit that detaches (as a
    /// renderer's does) locked it again: "Recursive call to lock Mutex", a crash.
    @Test func aSinkReleasedDuringDeliveryMayDetachInItsDeinit() {
        let layer = CALayer()
        let deinitialized = ResultBox<Bool>()
        do {
            let sink = SelfReleasingSink(deinitialized: deinitialized)
            SelfReleasingSink.held.withLock { $0[ObjectIdentifier(sink)] = sink }
            CommitDistributor.shared.attach(sink, root: layer)
        }
        // Only the table of held sinks and the distributor's weak reference are left. (Another
        // test's commit, on another thread, may be the one that releases it.)
        LayerTest.commitNow { layer.opacity = 0.5 }
        #expect(waitUntilBlocking { deinitialized.value == true })
    }

    /// A sink that detaches itself when it goes, as a renderer does.
    private final class DetachingSink: CommitSink {
        func enqueue(_ commit: LayerTreeCommit) {}
        deinit { CommitDistributor.shared.detach(self) }
    }

    /// Found by the property tests: the distributor's other walks over its sinks (which roots are
    /// shown, attach, detach) also held each sink for a moment inside the lock, so one released
    /// meanwhile on another thread could be deinitialised there and lock again. Sinks come and go
    /// on one thread while another keeps asking which roots are shown.
    @Test func sinksComingAndGoingWhileTheDistributorWalksThem() {
        let root = CALayer()
        let stop = ResultBox<Bool>()
        let walker = Thread {
            while stop.value != true { _ = CommitDistributor.shared.shownRoots }
        }
        walker.start()
        let deadline = ContinuousClock.now + .seconds(1)
        var attached = 0
        while ContinuousClock.now < deadline {
            for _ in 0..<100 { CommitDistributor.shared.attach(DetachingSink(), root: root) }
            attached += 100
        }
        stop.set(true)
        #expect(attached > 0)
        // Every sink went; the last may still be going on the walker's thread.
        #expect(waitUntilBlocking { !CommitDistributor.shared.shownRoots.contains(root.layerID) })
    }
}
