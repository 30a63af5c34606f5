import Foundation
import Synchronization

/// One animation added to a layer, on the app side: the copy that was added and what has been
/// reported to its delegate. Its typed form for the render side is in the layer's
/// `AttachedAnimations`.
final class AnimationRecord: @unchecked Sendable {
    /// The key it was added under; nil for an animation added without a key.
    let key: String?
    /// The copy made by `add(_:forKey:)`: what `animation(forKey:)` returns.
    let animation: CAAnimation
    /// The serial of its typed form (`RenderAnimation.serial`).
    let serial: UInt64
    weak var layer: CALayer?
    /// Whether the begin time still has to be stamped at commit.
    var needsBeginTime: Bool
    /// Main-thread state: the delegate has been told it started / it stopped.
    var startReported = false
    private(set) var isStopped = false
    /// Transaction completion groups waiting for this animation.
    var completionGroups: [CompletionGroup] = []

    private static let serials = Atomic<UInt64>(1)
    static func nextSerial() -> UInt64 { serials.wrappingAdd(1, ordering: .relaxed).oldValue }

    init(key: String?, animation: CAAnimation, compiled: RenderAnimation, layer: CALayer) {
        self.key = key
        self.animation = animation
        serial = compiled.serial
        self.layer = layer
        needsBeginTime = compiled.timing.beginTime == 0
    }

    /// Marks the animation stopped (once): tells the delegate and releases the transaction
    /// completion groups waiting for it, at once when `now` (the caller is the main queue's
    /// event handler), else on the main queue.
    func stop(finished: Bool, now: Bool = false) {
        guard !isStopped else { return }
        isStopped = true
        AnimationEventCenter.shared.unregister(self)
        let animation = animation
        let groups = completionGroups
        completionGroups = []
        let report = UncheckedSendable {
            animation.delegate?.animationDidStop(animation, finished: finished)
            for group in groups { group.animationStopped() }
        }
        if now {
            report.value()
        } else {
            DispatchQueue.main.async { report.value() }
        }
    }
}

/// Wraps a value that is only used on the thread it is handed to.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
