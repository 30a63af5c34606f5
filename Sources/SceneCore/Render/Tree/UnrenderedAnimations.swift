import Dispatch
import Foundation

/// Starts and finishes the animations of committed layers that no renderer shows, by the media
/// clock, as Core Animation's render server does for layers not on screen: headless code (unit
/// tests of an app's layers, a server making thumbnails) hears `animationDidStart`,
/// `animationDidStop(finished: true)`, sees finished animations removed and runs transaction
/// completion blocks at the times it would with a window.
///
/// It receives every commit from `CommitDistributor`, keeps the structure, layer timing and
/// animations of every tree (`TimingTree`: what times animations, no values to draw), and runs
/// the event pass of the animations of the trees no attached renderer shows, on a queue of its
/// own: every 1/60 s while one is running, at an animation's begin time while one waits, not at
/// all otherwise.
/// The trees renderers show keep their renderers' frames as the source of their events.
final class UnrenderedAnimations: CommitSink, @unchecked Sendable {
    static let shared = UnrenderedAnimations()

    private let queue = DispatchQueue(label: "SceneCore unrendered animations")
    // Touched only on `queue`.
    private var tree = TimingTree()
    private var timer: DispatchSourceTimer?
    private static let interval = 1.0 / 60

    /// Takes a commit from the committing thread, which it leaves at once: the work is done on
    /// the clock's own queue.
    func enqueue(_ commit: LayerTreeCommit) {
        queue.async {
            self.tree.apply(commit)
            self.tick()
        }
    }

    /// Evaluates the animations no renderer shows, posts their events and schedules the next tick.
    private func tick() {
        let now = CACurrentMediaTime()
        let result = tree.evaluateAnimations(at: now, excludingTrees: CommitDistributor.shared.shownRoots)
        AnimationEventCenter.shared.post(result.events)
        if result.isAnimating {
            schedule(at: now + Self.interval)
        } else if let wake = result.wakeTime {
            schedule(at: wake)
        } else {
            timer?.cancel()
            timer = nil
        }
    }

    private func schedule(at time: Double) {
        if timer == nil {
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.setEventHandler { [unowned self] in tick() }
            source.activate()
            timer = source
        }
        timer?.schedule(deadline: .now() + max(time - CACurrentMediaTime(), 0), leeway: .milliseconds(1))
    }
}
