import Foundation

/// `NSValue` boxes of the geometry types, in the spellings Apple's QuartzCore
/// (`NSValue(caTransform3D:)`) and UIKit (`NSValue(cgPoint:)`, ...) give them.
///
/// Points, sizes and rectangles are Foundation's own boxes (`NSValue(point:)`, ...), so either
/// spelling makes the same value. Each accessor answers for a box of its own type and reads zero
/// (the identity, for transforms) from any other box, where Apple's would read undefined bytes.
/// With the bridging in `NSValue+Bridging.swift`, a box also casts to its struct (`as? CGPoint`)
/// and a struct to its box (`as? NSValue`), as on Apple's platforms.
extension NSValue {
    /// A box holding `transform` (`objCType` `{CATransform3D=dddddddddddddddd}`).
    public convenience init(caTransform3D transform: CATransform3D) {
        self.init(replacingWith: StructValue(transform) as! Self)
    }

    /// A box holding `transform` (`objCType` `{CGAffineTransform=dddddd}`).
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(replacingWith: StructValue(transform) as! Self)
    }

    /// A box holding `point` (Foundation's `NSValue(point:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// A box holding `size` (Foundation's `NSValue(size:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// A box holding `rect` (Foundation's `NSValue(rect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// The transform in a box made by `init(caTransform3D:)`; the identity for any other box.
    public var caTransform3DValue: CATransform3D {
        (self as? StructValue<CATransform3D>)?.wrapped ?? CATransform3DIdentity
    }

    /// The transform in a box made by `init(cgAffineTransform:)`; the identity for any other box.
    public var cgAffineTransformValue: CGAffineTransform {
        (self as? StructValue<CGAffineTransform>)?.wrapped ?? .identity
    }

    /// The point in a point box; zero for any other box.
    public var cgPointValue: CGPoint { holds(.point) ? pointValue : .zero }

    /// The size in a size box; zero for any other box.
    public var cgSizeValue: CGSize { holds(.size) ? sizeValue : .zero }

    /// The rectangle in a rectangle box; zero for any other box.
    public var cgRectValue: CGRect { holds(.rect) ? rectValue : .zero }

    /// The Foundation boxes of geometry, by their `objCType`.
    enum GeometryType: String {
        case point = "{CGPoint=dd}"
        case size = "{CGSize=dd}"
        case rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    }

    /// Whether this is Foundation's box of `type` (reading another type's accessor would trap).
    func holds(_ type: GeometryType) -> Bool {
        !(self is NSNumber) && String(cString: objCType) == type.rawValue
    }
}

/// Lets a convenience initializer of `NSValue` return an instance of a subclass (the class
/// cluster pattern Foundation itself uses).
protocol NSValueReplacing {}

extension NSValueReplacing {
    init(replacingWith value: Self) { self = value }
}

extension NSValue: NSValueReplacing {}

/// A struct of plain `CGFloat`s that `StructValue` boxes.
protocol BoxableStruct: Hashable, Sendable {
    /// The Objective-C type encoding Apple gives the struct (a C string that lives for good).
    static var typeEncoding: UnsafePointer<Int8> { get }
    /// The entries in order, as archived.
    var boxEntries: [CGFloat] { get }
    /// The struct made from its entries; nil for the wrong count.
    init?(boxEntries: [CGFloat])
}

/// A box of one struct, compared, hashed, copied and archived by value.
final class StructValue<Wrapped: BoxableStruct>: NSValue, @unchecked Sendable {
    let wrapped: Wrapped

    init(_ value: Wrapped) {
        wrapped = value
        super.init()
    }

    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(value.loadUnaligned(as: Wrapped.self))
    }

    required init?(coder: NSCoder) {
        guard let numbers = coder.decodeObject(forKey: "SceneCore.entries") as? [NSNumber],
            let value = Wrapped(boxEntries: numbers.map { CGFloat($0.doubleValue) })
        else { return nil }
        wrapped = value
        super.init()
    }

    override func getValue(_ value: UnsafeMutableRawPointer) { value.storeBytes(of: wrapped, as: Wrapped.self) }
    override var objCType: UnsafePointer<Int8> { Wrapped.typeEncoding }
    override func isEqual(_ object: Any?) -> Bool { (object as? Self)?.wrapped == wrapped }
    override var hash: Int { wrapped.hashValue }
    override var description: String { "\(wrapped)" }
    override func copy(with zone: NSZone? = nil) -> Any { self }
    override func encode(with coder: NSCoder) {
        coder.encode(wrapped.boxEntries.map { NSNumber(value: Double($0)) } as NSArray, forKey: "SceneCore.entries")
    }
    override class var supportsSecureCoding: Bool { true }
}

// C strings written once and only read: safe to share between threads.
private nonisolated(unsafe) let transform3DEncoding = UnsafePointer(strdup("{CATransform3D=dddddddddddddddd}")!)
private nonisolated(unsafe) let affineTransformEncoding = UnsafePointer(strdup("{CGAffineTransform=dddddd}")!)

extension CATransform3D: BoxableStruct {
    static var typeEncoding: UnsafePointer<Int8> { transform3DEncoding }
    var boxEntries: [CGFloat] { entries }
    init?(boxEntries e: [CGFloat]) {
        guard e.count == 16 else { return nil }
        self.init(entries: e)
    }
}

extension CGAffineTransform: BoxableStruct {
    static var typeEncoding: UnsafePointer<Int8> { affineTransformEncoding }
    var boxEntries: [CGFloat] { [a, b, c, d, tx, ty] }
    init?(boxEntries e: [CGFloat]) {
        guard e.count == 6 else { return nil }
        self.init(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }
}
