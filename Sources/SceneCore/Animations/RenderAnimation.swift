import Foundation

/// An animation as the render side evaluates it: typed, immutable values made from a
/// `CAAnimation` when it was added to a layer. It carries no `Any` and no reference to the
/// `CAAnimation`; events about it name its `serial`.
struct RenderAnimation: Sendable, Equatable {
    /// Unique in the process: identifies the added copy across threads.
    let serial: UInt64
    /// beginTime (stamped at commit when it was 0), duration, speed, repeats, fill.
    var timing: MediaTimingValues
    // The flag follows the timing values, in the room their end leaves.
    let isRemovedOnCompletion: Bool
    let timingFunction: CAMediaTimingFunction?
    let kind: Kind

    enum Kind: Sendable {
        case property(PropertyAnimationSpec)
        case group([RenderAnimation])
        case transition(TransitionSpec)
    }

    /// Two values describe the same added animation in the same state (serials are unique).
    static func == (a: RenderAnimation, b: RenderAnimation) -> Bool {
        a.serial == b.serial && a.timing == b.timing
    }

    init(
        serial: UInt64, timing: MediaTimingValues, timingFunction: CAMediaTimingFunction?, isRemovedOnCompletion: Bool,
        kind: Kind
    ) {
        self.serial = serial
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.kind = kind
    }
}

/// A property animation's values: what it drives and how its value follows progress.
///
/// Immutable and shared (a class), so that the render side's per-frame passes over the
/// animations copy a reference, not the values.
final class PropertyAnimationSpec: Sendable {
    enum Values: Sendable {
        /// `CABasicAnimation`'s from, to and by (already checked to be of the property's kind).
        case basic(BasicValues)
        /// Boxed: the common basic animation's spec stays small.
        indirect case keyframes(KeyframeSpec)
    }

    let target: AnimationTarget
    let values: Values
    let isAdditive: Bool
    let isCumulative: Bool
    /// What few animations have, in a box of its own: nil when the animation has none of it
    /// (with the keyframes and the rare fields boxed too; `MemoryLayoutTests` has the size).
    private let occasional: Occasional?

    /// For `CASpringAnimation`: the spring replaces the timing function.
    var spring: SpringMotion? { occasional?.spring }
    var valueFunction: CAValueFunction? { occasional?.valueFunction }
    /// The images among the values (contents animations), held here so that the values'
    /// unretained `ImageReference`s stay valid as long as the animation exists.
    var images: [CGImage] { occasional?.images ?? [] }
    /// For a keyframe path: turn the layer to follow the path's direction.
    var rotationMode: CAAnimationRotationMode? { occasional?.rotationMode }

    private final class Occasional: Sendable {
        let spring: SpringMotion?
        let valueFunction: CAValueFunction?
        let images: [CGImage]
        let rotationMode: CAAnimationRotationMode?

        init(
            spring: SpringMotion?, valueFunction: CAValueFunction?, images: [CGImage],
            rotationMode: CAAnimationRotationMode?
        ) {
            (self.spring, self.valueFunction, self.images, self.rotationMode) =
                (spring, valueFunction, images, rotationMode)
        }
    }

    init(
        target: AnimationTarget, values: Values, spring: SpringMotion?, isAdditive: Bool, isCumulative: Bool,
        valueFunction: CAValueFunction?, images: [CGImage], rotationMode: CAAnimationRotationMode? = nil
    ) {
        self.target = target
        self.values = values
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        let isPlain = spring == nil && valueFunction == nil && images.isEmpty && rotationMode == nil
        occasional =
            isPlain
            ? nil
            : Occasional(spring: spring, valueFunction: valueFunction, images: images, rotationMode: rotationMode)
    }
}

/// A transition's kind, direction and progress range. Immutable and shared (a class), so that
/// the common kinds of animation keep every `RenderAnimation` small.
final class TransitionSpec: Sendable, Equatable {
    let type: CATransitionType
    let subtype: CATransitionSubtype
    let startProgress: Double
    let endProgress: Double

    init(type: CATransitionType, subtype: CATransitionSubtype, startProgress: Double, endProgress: Double) {
        (self.type, self.subtype, self.startProgress, self.endProgress) = (type, subtype, startProgress, endProgress)
    }

    static func == (a: TransitionSpec, b: TransitionSpec) -> Bool {
        (a.type, a.subtype, a.startProgress, a.endProgress) == (b.type, b.subtype, b.startProgress, b.endProgress)
    }
}

/// Where a running transition is, for the renderer: which rendering of the layer is old,
/// which new, and how far the change has gone.
struct TransitionFrame: Sendable, Equatable {
    let serial: UInt64
    let spec: TransitionSpec
    /// 0...1.
    let progress: Double
}

/// A cross-fade between two contents images while `contents` animates.
struct ContentsBlend: Sendable, Equatable {
    /// The image fading out (the layer's `contents` holds the one fading in).
    let from: CGImage?
    /// How far the new image has faded in, 0...1.
    let fraction: Double
}
