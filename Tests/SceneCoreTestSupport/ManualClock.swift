import Foundation
import SceneCore

/// A clock that moves only when the test moves it: animation time without sleeping.
///
/// SceneCore reads the real media clock (`CACurrentMediaTime()`) and has no clock to inject,
/// so this clock works through what its API offers. It pauses one layer (`speed` 0): the local
/// time of that layer, of its sublayers and of every animation in them is then the layer's
/// `timeOffset`, whatever the media clock says, and the clock sets that `timeOffset` (and
/// commits) when the test moves it. Whenever they run, `presentation()`,
/// `RenderTree.evaluateAnimations(at:)` and `OffscreenRenderer.render(_:at:)` show the tree at
/// the clock's time. For a tree the clock does not pause, hand `now` to `render(_:at:)` as the
/// absolute time of the frame.
///
/// An animation added with `beginTime` 0 begins at the layer time current when it is committed.
/// Use a clock from one synchronous stretch of a test: transactions belong to the calling thread.
///
/// The clock counts as a renderer showing its layer's tree, one that draws no frames: no
/// animation events reach the app side unless the test renders the tree itself, as they would
/// by the media clock for a tree no renderer shows (`UnrenderedAnimations`). Moving the clock
/// past an animation's end therefore does not remove the animation from the model.
public final class ManualClock {
    /// The paused layer whose time this clock is.
    public let layer: CALayer
    private let inertRenderer = InertRenderer()
    /// The clock's time: the layer's local time (its `timeOffset`).
    public var now: CFTimeInterval { layer.timeOffset }

    /// Pauses `layer` at `time` (after `configure` has been applied to it) and commits it,
    /// together with whatever the thread's implicit transaction holds.
    public init(
        _ layer: CALayer = CALayer(), at time: CFTimeInterval = 100, configure: (CALayer) -> Void = { _ in }
    ) {
        self.layer = layer
        configure(layer)
        layer.speed = 0
        layer.timeOffset = time
        CATransaction.flush()
        CommitDistributor.shared.attach(inertRenderer, root: layer)
    }

    deinit { CommitDistributor.shared.detach(inertRenderer) }

    /// Moves the clock to `time` and commits (the change itself runs no action), together with
    /// whatever the thread's implicit transaction holds.
    public func seek(to time: CFTimeInterval) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.timeOffset = time
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Moves the clock on by `seconds` and commits.
    public func advance(by seconds: CFTimeInterval) {
        seek(to: now + seconds)
    }

    /// Adds `animation` to the clock's layer and commits it (a begin time of 0 becomes `now`).
    public func add(_ animation: CAAnimation, forKey key: String? = nil) {
        layer.add(animation, forKey: key)
        CATransaction.flush()
    }

    /// What the layer's `presentation()` shows at `time` (the clock is moved there).
    public func presented(at time: CFTimeInterval) -> CALayer {
        seek(to: time)
        return layer.presentation()!
    }

    /// The number at `keyPath` of the layer's presentation at `time` (the clock is moved there);
    /// NaN when there is no number.
    public func number(_ keyPath: String, at time: CFTimeInterval) -> Double {
        ValueConversion.double(presented(at: time).value(forKeyPath: keyPath)) ?? .nan
    }
}

/// A renderer that receives commits and draws nothing.
private final class InertRenderer: CommitSink {
    func enqueue(_ commit: LayerTreeCommit) {}
}
