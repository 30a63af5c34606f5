import Foundation

/// An immutable colour with alpha, in sRGB (or gray), as in Core Graphics.
///
/// Components are straight (not premultiplied) and kept as given; the renderer clamps
/// them to [0, 1].
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour's components, colour channels first and alpha last.
    public let components: [CGFloat]?
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour as a plain value for the render side, worked out once: the frame walk reads
    /// every drawn layer's colours every frame.
    let value: RGBA

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        colorSpace = CGColorSpace.srgb
        value = CGColor.value(of: components)
    }

    /// An sRGB colour (the `srgbRed:` spelling).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// An sRGB colour from render-side components.
    convenience init(_ value: RGBA) {
        self.init(red: CGFloat(value.r), green: CGFloat(value.g), blue: CGFloat(value.b), alpha: CGFloat(value.a))
    }

    /// A gray colour.
    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
        colorSpace = CGColorSpaceCreateDeviceGray()
        value = CGColor.value(of: components)
    }

    /// A colour in `space` from its components (colour channels then alpha); nil if the count is wrong.
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        self.components = values
        self.colorSpace = space
        value = CGColor.value(of: values)
    }

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The same colour with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        let (r, g, b, _) = rgba
        return CGColor(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour as straight sRGB red, green, blue and alpha (gray expanded).
    var rgba: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) { CGColor.rgba(of: components) }

    private static func rgba(of components: [CGFloat]?) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        guard let c = components else { return (0, 0, 0, 0) }
        if c.count == 2 { return (c[0], c[0], c[0], c[1]) }
        return (c[0], c[1], c[2], c[3])
    }

    private static func value(of components: [CGFloat]?) -> RGBA {
        let (r, g, b, a) = rgba(of: components)
        return RGBA(r: Float(r), g: Float(g), b: Float(b), a: Float(a))
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque white in the RGB space: the default of `instanceColor` and `foregroundColor`, which
    /// Core Animation gives four components.
    static let opaqueWhiteRGB = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.rgba == rhs.rgba)
    }

    public func hash(into hasher: inout Hasher) {
        let (r, g, b, a) = rgba
        hasher.combine(r)
        hasher.combine(g)
        hasher.combine(b)
        hasher.combine(a)
    }

    public var description: String {
        let (r, g, b, a) = rgba
        return "CGColor(r: \(r), g: \(g), b: \(b), a: \(a))"
    }
}

/// A straight-alpha sRGB colour as plain floats, the form colours take on the render side.
public struct RGBA: Hashable, Sendable {
    /// The red, green, blue and alpha components, 0...1, colour not multiplied by alpha.
    public var r: Float, g: Float, b: Float, a: Float
    /// A colour from its straight (not premultiplied) components.
    public init(r: Float, g: Float, b: Float, a: Float) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
    /// Transparent black, all four components 0.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// The colour premultiplied by its alpha, channels clamped to [0, 1] (a NaN channel as 0).
    public var premultiplied: RGBA {
        func unit(_ x: Float) -> Float { x.isNaN ? 0 : min(max(x, 0), 1) }
        let a = unit(a)
        return RGBA(r: unit(r) * a, g: unit(g) * a, b: unit(b) * a, a: a)
    }
}
