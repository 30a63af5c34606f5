import Foundation

/// How a keyframe animation computes the values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight lines between keyframes (the default).
    public static let linear = Self(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = Self(rawValue: "discrete")
    /// Linear at a constant speed; key times and timing functions are ignored.
    public static let paced = Self(rawValue: "paced")
    /// A smooth Kochanek–Bartels spline through the values.
    public static let cubic = Self(rawValue: "cubic")
    /// The cubic spline at a constant speed; key times and timing functions are ignored.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// How an object animated along a path is rotated.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer turns to face the direction it travels along the path.
    public static let rotateAuto = Self(rawValue: "auto")
    /// The layer turns to face the direction it travels, plus half a turn: it faces backwards.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// An animation through a list of values (keyframes).
///
/// `keyTimes` (fractions of the duration, ascending from 0 to 1) place the keyframes; when
/// nil they are spaced evenly. `timingFunctions` pace each segment. For `.discrete`,
/// `keyTimes` has one entry more than `values`, each value holding until the next key time.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, of the animated property's type.
    open var values: [Any]?
    /// Where each keyframe falls, as a fraction of the duration.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment (n − 1 for n keyframes); along a `path`, one per line or
    /// curve of the path, pacing the way from its start to its end point. Paced modes take none.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// A path for a point property (`position`, `anchorPoint`) to follow; it overrides
    /// `values`. Each line or curve of the path is one segment of equal time (or of `keyTimes`,
    /// one more than the segments); the paced modes move at constant speed along it.
    open var path: CGPath?
    /// Kochanek–Bartels tension per keyframe for the cubic modes (unspecified: 0).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe for the cubic modes (unspecified: 0).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe for the cubic modes (unspecified: 0).
    open var biasValues: [NSNumber]?
    /// Whether a layer following `path` turns with it: `.rotateAuto` to the direction of travel,
    /// `.rotateAutoReverse` half a turn more; nil (the default) keeps its orientation.
    open var rotationMode: CAAnimationRotationMode?

    public override init() { super.init() }

    /// Unarchives the animation with its keyframes and how it moves through them.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeArchivedValue(forKey: "values") { values = v as? [Any] }
        if let v = coder.decodeArchivedValue(forKey: "keyTimes") { keyTimes = v as? [NSNumber] }
        if let v = coder.decodeArchivedValue(forKey: "timingFunctions") {
            timingFunctions = v as? [CAMediaTimingFunction]
        }
        if let v = coder.decodeArchived(CAAnimationCalculationMode.self, forKey: "calculationMode") {
            calculationMode = v
        }
        if let v = coder.decodeArchivedValue(forKey: "path") { path = v as? CGPath }
        if let v = coder.decodeArchivedValue(forKey: "tensionValues") { tensionValues = v as? [NSNumber] }
        if let v = coder.decodeArchivedValue(forKey: "continuityValues") { continuityValues = v as? [NSNumber] }
        if let v = coder.decodeArchivedValue(forKey: "biasValues") { biasValues = v as? [NSNumber] }
        if let v = coder.decodeArchivedValue(forKey: "rotationMode") { rotationMode = v as? CAAnimationRotationMode }
        if coder.failsDecoding { return nil }
    }

    /// Archives the property animation, its values, key times, timing functions, calculation mode,
    /// path, tension, continuity and bias values and rotation mode.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(values, forKey: "values", in: coder)
        archive(keyTimes, forKey: "keyTimes", in: coder)
        archive(timingFunctions, forKey: "timingFunctions", in: coder)
        archive(calculationMode, forKey: "calculationMode", in: coder)
        archive(path, forKey: "path", in: coder)
        archive(tensionValues, forKey: "tensionValues", in: coder)
        archive(continuityValues, forKey: "continuityValues", in: coder)
        archive(biasValues, forKey: "biasValues", in: coder)
        archive(rotationMode, forKey: "rotationMode", in: coder)
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CAKeyframeAnimation
        copy.values = values
        copy.path = path?.copy()
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        copy.rotationMode = rotationMode
        return copy
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": values
        case "keyTimes": keyTimes
        case "timingFunctions": timingFunctions
        case "calculationMode": calculationMode.rawValue
        default: super.value(forKey: key)
        }
    }

    /// Core Animation's defaults, with `calculationMode` "linear".
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "calculationMode" ? CAAnimationCalculationMode.linear.rawValue : super.defaultValue(forKey: key)
    }
}
