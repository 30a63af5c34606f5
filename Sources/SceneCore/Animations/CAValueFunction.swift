import Foundation

/// The names of the value functions (a top-level type, as in Apple's Swift overlay).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Radians about x, y or z.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// Radians about the y axis: a single number becomes a rotation about y.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// Radians about the z axis: a single number becomes a rotation in the layer's plane.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three scale factors (a `CATransform3D`-free vector: pass `[sx, sy, sz]`).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A single number becomes a scale along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A single number becomes a scale along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A single number becomes a scale along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three translations (pass `[tx, ty, tz]`).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A single number becomes a translation along x, in points.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A single number becomes a translation along y, in points.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A single number becomes a translation along z, in points.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    static let all: [CAValueFunctionName] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]
}

/// Turns an interpolated number or vector into a transform, so that a `"transform"`
/// animation can run through angles of any size (`rotateZ` from 0 to 4π turns twice).
///
/// Value functions conform to `NSSecureCoding`: they archive their name.
public final class CAValueFunction: NSObject, NSSecureCoding, Sendable {
    /// The nested spelling of `CAValueFunctionName`.
    public typealias Name = CAValueFunctionName

    /// The function's name.
    public let name: CAValueFunctionName

    /// The function named `name`, or nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        guard Name.all.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// True: value functions are unarchived with `NSKeyedUnarchiver`'s secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the function's name.
    public func encode(with coder: NSCoder) { coder.encode(name.rawValue, forKey: "name") }

    /// Unarchives the function of the archived name; nil when the name is missing or unknown
    /// (where the coder's failure policy lets a decode fail: under `.raiseException`, where a nil
    /// would end the process, the function falls back to `translateZ`, with the logged error).
    public convenience init?(coder: NSCoder) {
        let name = coder.decodeString(forKey: "name").map(CAValueFunctionName.init(rawValue:))
        guard let name, Name.all.contains(name) else {
            coder.refuseDecoding("CAValueFunction: the name \(name?.rawValue ?? "") is missing or unknown")
            if coder.failsDecoding { return nil }
            self.init(name: .translateZ)
            return
        }
        self.init(name: name)
    }

    /// Whether the function takes three numbers rather than one.
    var takesVector: Bool { name == .scale || name == .translate }

    /// The transform for the input `v` (the first component for the one-number functions).
    package func transform(_ v: SIMD3<Double>) -> CATransform3D {
        let (x, y, z) = (CGFloat(v.x), CGFloat(v.y), CGFloat(v.z))
        switch name {
        case .rotateX: return CATransform3DMakeRotation(x, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(x, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(x, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(x, y, z)
        case .scaleX: return CATransform3DMakeScale(x, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, x, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, x)
        case .translate: return CATransform3DMakeTranslation(x, y, z)
        case .translateX: return CATransform3DMakeTranslation(x, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, x, 0)
        default: return CATransform3DMakeTranslation(0, 0, x)
        }
    }

    /// Whether `object` is a value function of the same name (Core Animation shares one function
    /// per name, so functions of one name are interchangeable).
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CAValueFunction)?.name == name
    }

    /// A hash of the name, consistent with `isEqual(_:)`.
    public override var hash: Int { name.hashValue }

    public override var description: String { "CAValueFunction(\(name.rawValue))" }
}
