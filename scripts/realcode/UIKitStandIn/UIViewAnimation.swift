// UIKit stand-in: view animations. As in UIKit, they are Core Animation animations: the changes
// made in the block run in a CATransaction carrying the duration and timing curve, and the
// view, its layer's delegate, lets its layer's own implicit animation carry each change (outside
// a block it answers NSNull: no animation). Where a transaction cannot say it (a delay, repeat,
// autoreverse), the view answers a CABasicAnimation from the value on screen, as UIKit's own
// action does: beginTime delayed with a backwards fill, repeatCount infinite, autoreverses.
import Foundation
import SceneCore

extension UIView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The timing curve (bits 16-19): ease in-out unless another is chosen.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    public enum AnimationCurve: Int, Sendable { case easeInOut, easeIn, easeOut, linear }

    struct AnimationBlock {
        var duration: TimeInterval
        var delay: TimeInterval
        var options: AnimationOptions
        var enabled: Bool
    }
    nonisolated(unsafe) static var animationBlocks: [AnimationBlock] = []
    nonisolated(unsafe) static var animationsEnabled = true

    /// The layer keys UIKit's views animate in a block (their own and their layer's).
    static let explicitlyAnimatedKeys: Set<String> = [
        "position", "bounds", "transform", "opacity", "backgroundColor", "anchorPoint", "cornerRadius",
        "borderWidth", "borderColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowColor", "zPosition",
        "sublayerTransform", "contentsRect",
    ]

    /// What a view answers its layer for `event`: NSNull outside a block; inside one, nil (the
    /// layer's implicit animation, under the block's transaction) or, for a delay, repeat or
    /// autoreverse, a basic animation with them.
    static func animationAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard let block = animationBlocks.last, block.enabled, animationsEnabled else { return NSNull() }
        guard block.delay > 0 || block.options.contains(.repeat) || block.options.contains(.autoreverse) else {
            return nil
        }
        guard explicitlyAnimatedKeys.contains(event) else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = layer.presentation()?.value(forKeyPath: event)
        animation.duration = block.duration
        animation.timingFunction = block.options.timingFunction
        if block.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + block.delay
            animation.fillMode = .backwards
        }
        if block.options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = block.options.contains(.autoreverse)
        return animation
    }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(options.timingFunction)
        if let completion { CATransaction.setCompletionBlock { completion(true) } }
        animationBlocks.append(AnimationBlock(duration: duration, delay: delay, options: options, enabled: duration > 0))
        animations()
        animationBlocks.removeLast()
        CATransaction.commit()
    }

    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The changes in `actionsWithoutAnimation` are not animated, even inside a block.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        animationBlocks.append(AnimationBlock(duration: 0, delay: 0, options: [], enabled: false))
        actionsWithoutAnimation()
        animationBlocks.removeLast()
    }

    open class func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled = enabled }
    open class var areAnimationsEnabled: Bool { animationsEnabled }
}
