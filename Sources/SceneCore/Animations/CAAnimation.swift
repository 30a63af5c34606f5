import Foundation

/// Receives the start and end of an animation (all optional).
public protocol CAAnimationDelegate: AnyObject {
    /// Called on the app's main run loop when the animation's active duration begins on screen.
    func animationDidStart(_ anim: CAAnimation)
    /// Called on the main run loop when the active duration ends (`flag` true) or the animation
    /// is removed from its layer first, explicitly or by replacement (`flag` false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations: media timing, a timing function, a
/// delegate and key-value storage.
///
/// Adding an animation to a layer copies it, so changing it afterwards does not change
/// what runs; the copy is what `CALayer.animation(forKey:)` returns and what the delegate
/// receives. The copy is converted into typed values when it is added: the render thread
/// evaluates those, never this object.
///
/// Animations conform to `NSSecureCoding`, as in Core Animation: `NSKeyedArchiver` archives one
/// with its timing, timing function, key-value coded values and its class's properties (key path,
/// from, to and by values, keyframes, spring, group members, transition), and
/// `NSKeyedUnarchiver` reads it back as an animation of the same class. The delegate is not archived.
open class CAAnimation: NSObject, NSSecureCoding, CAMediaTiming, CAAction {
    var timing = MediaTimingValues()
    /// Whether the animation is removed from its layer once its active duration has passed.
    /// Default true; set it false with `fillMode = .forwards` to keep the end state showing.
    open var isRemovedOnCompletion = true
    /// What few animations are given, in a box of its own made when one is set (a layer keeps a
    /// copy of every animation added to it: 48 bytes each fewer).
    private var occasional: Occasional?

    private final class Occasional {
        var keyedValues: [String: Any] = [:]
        var delegate: (any CAAnimationDelegate)?
        var preferredFrameRateRange = CAFrameRateRange.default

        func copy() -> Occasional {
            let copy = Occasional()
            (copy.keyedValues, copy.delegate, copy.preferredFrameRateRange) =
                (keyedValues, delegate, preferredFrameRateRange)
            return copy
        }
    }

    /// The occasional values, boxed on first use.
    private var occasionalValues: Occasional {
        if let occasional { return occasional }
        let made = Occasional()
        occasional = made
        return made
    }

    /// The pacing of the animation; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Receives `animationDidStart`/`animationDidStop`. Held strongly, as in Core Animation.
    open var delegate: (any CAAnimationDelegate)? {
        get { occasional?.delegate }
        set { if newValue != nil || occasional != nil { occasionalValues.delegate = newValue } }
    }
    /// The frame rate the animation would like (advisory).
    open var preferredFrameRateRange: CAFrameRateRange {
        get { occasional?.preferredFrameRateRange ?? .default }
        set { if newValue != .default || occasional != nil { occasionalValues.preferredFrameRateRange = newValue } }
    }
    /// The values stored under keys the animation does not declare (`setValue(_:forKey:)`).
    private var keyedValues: [String: Any] { occasional?.keyedValues ?? [:] }

    /// Creates an animation with Core Animation's defaults.
    public override init() {}

    /// Creates an animation of the class of `animation` through `init()`, the subclass's
    /// override included, for `copy()` to fill in. (A SceneCore addition: Swift can create an
    /// instance of a class known only at run time through a required initializer alone.) A
    /// subclass inherits it when it overrides every designated initializer it declares of its
    /// superclass (`init()`, `init?(coder:)`) or declares none.
    public required convenience init(classOf animation: CAAnimation) {
        self.init()
    }

    /// Unarchives an animation archived by `encode(with:)`: a new animation of this class with the
    /// archived values. Subclasses read their own properties after calling `super.init(coder:)`.
    public required init?(coder: NSCoder) {
        super.init()
        if let v = coder.decodeArchived(Double.self, forKey: "beginTime") { beginTime = v }
        if let v = coder.decodeArchived(Double.self, forKey: "duration") { duration = v }
        if let v = coder.decodeArchived(Float.self, forKey: "speed") { speed = v }
        if let v = coder.decodeArchived(Double.self, forKey: "timeOffset") { timeOffset = v }
        if let v = coder.decodeArchived(Float.self, forKey: "repeatCount") { repeatCount = v }
        if let v = coder.decodeArchived(Double.self, forKey: "repeatDuration") { repeatDuration = v }
        if let v = coder.decodeArchived(Bool.self, forKey: "autoreverses") { autoreverses = v }
        if let v = coder.decodeArchived(CAMediaTimingFillMode.self, forKey: "fillMode") { fillMode = v }
        if let v = coder.decodeArchivedValue(forKey: "timingFunction") { timingFunction = v as? CAMediaTimingFunction }
        if let v = coder.decodeArchived(Bool.self, forKey: "removedOnCompletion") { isRemovedOnCompletion = v }
        if let range = coder.decodeArchived([String: Any].self, forKey: "preferredFrameRateRange"),
            let minimum = range["minimum"] as? Float, let maximum = range["maximum"] as? Float
        {
            preferredFrameRateRange = CAFrameRateRange(
                minimum: minimum, maximum: maximum, preferred: range["preferred"] as? Float)
        }
        if let values = coder.decodeArchived([String: Any].self, forKey: Self.keyedValuesKey) {
            occasionalValues.keyedValues = values
        }
        if coder.failsDecoding { return nil }
    }

    /// The key under which an animation archives its arbitrary key-value coded values.
    static let keyedValuesKey = "SceneCore.keyedValues"

    /// Archives the timing (`beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`,
    /// `repeatDuration`, `autoreverses`, `fillMode`), `timingFunction`, `removedOnCompletion`,
    /// `preferredFrameRateRange` and the arbitrary key-value coded values: each key for which
    /// `shouldArchiveValue(forKey:)` answers true. Subclasses archive their own properties after
    /// calling `super.encode(with:)`. A value that cannot be archived is left out with a logged warning.
    open func encode(with coder: NSCoder) {
        archive(beginTime, forKey: "beginTime", in: coder)
        archive(duration, forKey: "duration", in: coder)
        archive(speed, forKey: "speed", in: coder)
        archive(timeOffset, forKey: "timeOffset", in: coder)
        archive(repeatCount, forKey: "repeatCount", in: coder)
        archive(repeatDuration, forKey: "repeatDuration", in: coder)
        archive(autoreverses, forKey: "autoreverses", in: coder)
        archive(fillMode, forKey: "fillMode", in: coder)
        archive(timingFunction, forKey: "timingFunction", in: coder)
        archive(isRemovedOnCompletion, forKey: "removedOnCompletion", in: coder)
        let range = preferredFrameRateRange
        let rangeParts: [String: Any] = [
            "minimum": range.minimum, "maximum": range.maximum, "preferred": range.preferred as Any,
        ]
        archive(rangeParts, forKey: "preferredFrameRateRange", in: coder)
        let keyed = keyedValues.filter { shouldArchiveValue(forKey: $0.key) }
        if !keyed.isEmpty { coder.encodeArchivedValue(keyed, forKey: Self.keyedValuesKey, of: self) }
    }

    /// True: animations are unarchived with `NSKeyedUnarchiver`'s secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// A copy of the animation with every property, including subclass properties.
    open override func copy() -> Any {
        let copy = type(of: self).init(classOf: self)
        copy.timing = timing
        copy.occasional = occasional?.copy()
        copy.timingFunction = timingFunction
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        return copy
    }

    /// The copy a layer keeps when the animation is added: `copy()`, with the children of groups
    /// copied too, so that changing the animation afterwards changes nothing on the layer.
    func copyForAdding() -> CAAnimation {
        copy() as! CAAnimation
    }

    // MARK: CAMediaTiming

    /// When the animation starts, in its layer's time; 0 means "when committed".
    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    /// The length of one cycle; 0 takes the transaction's `animationDuration` when added, or
    /// in a group, the group's duration.
    open var duration: CFTimeInterval {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    /// How fast the animation's time runs relative to its layer's.
    open var speed: Float {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    /// An offset into the animation's time; it wraps within the cycle.
    open var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    /// How many cycles to run (fractions and `.infinity` allowed); 0 means one.
    open var repeatCount: Float {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    /// How long to repeat for, in seconds; 0 means use `repeatCount`.
    open var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    /// Whether each cycle plays forwards and then backwards.
    open var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    /// What the animation shows outside its active duration. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    // MARK: CAAction

    /// Adds the animation to `anObject` (a layer) under `event`, as an action does.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else {
            Diagnostics.error(
                "CAAnimation.run(forKey: \"\(event)\"): \(type(of: anObject)) is not a CALayer; nothing runs")
            return
        }
        guard let property = self as? CAPropertyAnimation, property.keyPath == nil else {
            return layer.add(self, forKey: event)
        }
        // An action with no key path animates the key it was found for: from the value on screen
        // to the new value, unless it says otherwise.
        let animation = property.copy() as! CAPropertyAnimation
        animation.keyPath = event
        if let basic = animation as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
            basic.byValue == nil
        {
            basic.fromValue = layer.presentationValue(forKeyPath: event)
        }
        layer.add(animation, forKey: event)
    }

    // MARK: Key-value coding

    /// The value of a timing property, or of an arbitrary stored key (animations are
    /// key-value coding containers); unset keys give `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        ValueConversion.object(timingValue(forKey: key))
    }

    private func timingValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode.rawValue
        case "removedOnCompletion": isRemovedOnCompletion
        case "timingFunction": timingFunction
        default: keyedValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets a timing property or stores an arbitrary key; a value of the wrong type for a
    /// timing property is refused with a logged error.
    open func setValue(_ value: Any?, forKey key: String) {
        let refused = {
            Diagnostics.error(
                "CAAnimation.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") does not fit; unchanged"
            )
        }
        typealias V = ValueConversion
        switch key {
        case "beginTime": if let v = V.double(value) { beginTime = v } else { refused() }
        case "duration": if let v = V.double(value) { duration = v } else { refused() }
        case "speed": if let v = V.float(value) { speed = v } else { refused() }
        case "timeOffset": if let v = V.double(value) { timeOffset = v } else { refused() }
        case "repeatCount": if let v = V.float(value) { repeatCount = v } else { refused() }
        case "repeatDuration": if let v = V.double(value) { repeatDuration = v } else { refused() }
        case "autoreverses": if let v = V.bool(value) { autoreverses = v } else { refused() }
        case "fillMode": if let v = V.string(value) { fillMode = CAMediaTimingFillMode(rawValue: v) } else { refused() }
        case "removedOnCompletion": if let v = V.bool(value) { isRemovedOnCompletion = v } else { refused() }
        case "timingFunction":
            if value == nil {
                timingFunction = nil
            } else if let v = value as? CAMediaTimingFunction {
                timingFunction = v
            } else {
                refused()
            }
        default: occasionalValues.keyedValues[key] = value
        }
    }

    /// The default for a key with no value: Core Animation's non-zero defaults.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": Float(1)
        case "removedOnCompletion": true
        case "fillMode": CAMediaTimingFillMode.removed.rawValue
        default: nil
        }
    }

    /// Whether `encode(with:)` archives the value of `key`: true for every key (Core Animation's
    /// answer for animations). Subclasses override it to leave keys out of the archive.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    open override var description: String {
        "<\(type(of: self)) beginTime=\(beginTime) duration=\(duration)>"
    }
}

/// A range of frame rates an animation or display link would like.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest frame rate acceptable, in frames a second.
    public var minimum: Float
    /// The highest frame rate wanted, in frames a second.
    public var maximum: Float
    /// The rate wanted most, within the range; nil for no preference inside it.
    public var preferred: Float?

    /// A range from its lowest and highest rates and, optionally, the rate preferred.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        (self.minimum, self.maximum, self.preferred) = (minimum, maximum, preferred)
    }

    /// No preference: the display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

extension CAAnimation {
    /// Archives `value` under `key` when `shouldArchiveValue(forKey:)` answers true.
    func archive(_ value: Any?, forKey key: String, in coder: NSCoder) {
        if shouldArchiveValue(forKey: key) { coder.encodeArchivedValue(value, forKey: key, of: self) }
    }
}
