import Foundation

/// An animation of one layer property, named by a key path (`"opacity"`, `"position.x"`,
/// `"transform.rotation.z"`, or a subclass's own animatable key).
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated, relative to the layer.
    open var keyPath: String?
    /// Whether the animation's value is added to the value beneath it (numbers and structs
    /// add component-wise, transforms concatenate) instead of replacing it.
    open var isAdditive = false
    /// Whether each repeat continues from where the previous cycle ended.
    open var isCumulative = false
    /// A function turning the interpolated value (a number or a vector) into the value set,
    /// typically a transform (`CAValueFunction(name: .rotateZ)`).
    open var valueFunction: CAValueFunction?

    public override init() { super.init() }

    /// Unarchives the animation with its key path, `additive`, `cumulative` and value function.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeArchivedValue(forKey: "keyPath") { keyPath = v as? String }
        if let v = coder.decodeArchived(Bool.self, forKey: "additive") { isAdditive = v }
        if let v = coder.decodeArchived(Bool.self, forKey: "cumulative") { isCumulative = v }
        if let v = coder.decodeArchivedValue(forKey: "valueFunction") { valueFunction = v as? CAValueFunction }
        if coder.failsDecoding { return nil }
    }

    /// Archives the animation's timing and values, its key path, `additive`, `cumulative` and value function.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(keyPath, forKey: "keyPath", in: coder)
        archive(isAdditive, forKey: "additive", in: coder)
        archive(isCumulative, forKey: "cumulative", in: coder)
        archive(valueFunction, forKey: "valueFunction", in: coder)
    }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CAPropertyAnimation
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        copy.valueFunction = valueFunction
        return copy
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": keyPath
        case "additive": isAdditive
        case "cumulative": isCumulative
        case "valueFunction": valueFunction
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = ValueConversion.string(value)
        case "additive": isAdditive = ValueConversion.bool(value) ?? false
        case "cumulative": isCumulative = ValueConversion.bool(value) ?? false
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: super.setValue(value, forKey: key)
        }
    }

    open override var description: String {
        "<\(type(of: self)) keyPath=\(keyPath ?? "nil") beginTime=\(beginTime) duration=\(duration)>"
    }
}

/// A single-keyframe animation: from `fromValue`, `toValue` and `byValue` (at most two set).
///
/// | set | interpolates |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → current value |
/// | to | current value → to |
/// | by | current value → current + by |
/// | none | previous value → current value (the implicit-animation case) |
///
/// The current value is the layer's model value beneath the animation.
open class CABasicAnimation: CAPropertyAnimation {
    private var values = BasicAnimationValues()

    /// The value the animation starts from; nil to work it out from `toValue`, `byValue` and
    /// the layer's current value (the table above).
    open var fromValue: Any? {
        get { values[0] }
        set { values[0] = newValue }
    }
    /// The value the animation ends at; nil to work it out as `fromValue` is.
    open var toValue: Any? {
        get { values[1] }
        set { values[1] = newValue }
    }
    /// The change the animation makes, added to the value it starts from (or taken from the one
    /// it ends at).
    open var byValue: Any? {
        get { values[2] }
        set { values[2] = newValue }
    }

    public override init() { super.init() }

    /// Unarchives the animation with its from, to and by values.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        fromValue = coder.decodeArchivedValue(forKey: "fromValue") ?? nil
        toValue = coder.decodeArchivedValue(forKey: "toValue") ?? nil
        byValue = coder.decodeArchivedValue(forKey: "byValue") ?? nil
        if coder.failsDecoding { return nil }
    }

    /// Archives the property animation and its from, to and by values (each as its own Swift
    /// type: numbers, points, rects, transforms, colours, images, paths, arrays).
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(fromValue, forKey: "fromValue", in: coder)
        archive(toValue, forKey: "toValue", in: coder)
        archive(byValue, forKey: "byValue", in: coder)
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CABasicAnimation
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
        return copy
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": fromValue
        case "toValue": toValue
        case "byValue": byValue
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }
}
