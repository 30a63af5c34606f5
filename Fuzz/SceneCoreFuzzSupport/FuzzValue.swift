import Foundation
import SceneCore

/// A value of any type a program could hand `setValue(_:forKey:)` or an animation, described as
/// plain data so that a failing case prints what it was made of.
///
/// Each case names the type the value is handed over as (see `object`); numbers are `Double`s
/// that become that type's fields.
public indirect enum FuzzValue: Sendable, CustomStringConvertible {
    case none
    case double(Double)
    case float(Float)
    case int(Int)
    case bool(Bool)
    case number(Double)
    case string(String)
    case point(Double, Double)
    case size(Double, Double)
    case rect(Double, Double, Double, Double)
    case transform([Double])
    case affine([Double])
    case color(Double, Double, Double, Double)
    case path([Double])
    case image(width: Int, height: Int)
    case array([FuzzValue])

    /// A random value of a random type; arrays nest at most `depth` levels.
    public static func random(using random: inout some RandomNumberGenerator, depth: Int = 2) -> FuzzValue {
        func number() -> Double { FuzzNumber.double(using: &random) }
        switch Int.random(in: 0..<(depth > 0 ? 16 : 15), using: &random) {
        case 0: return .none
        case 1: return .double(number())
        case 2: return .float(Float(number()))
        case 3: return .int(Int.random(in: -1000...1000, using: &random))
        case 4: return .bool(Bool.random(using: &random))
        case 5: return .number(number())
        case 6:
            return .string(
                ["", "hello", "fade", "kCAFillModeBoth", String(repeating: "w ", count: 200), "\u{0}é😀"]
                    .randomElement(using: &random)!)
        case 7: return .point(number(), number())
        case 8: return .size(number(), number())
        case 9: return .rect(number(), number(), number(), number())
        case 10: return .transform((0..<16).map { _ in Bool.random(using: &random) ? number() : 0 })
        case 11: return .affine((0..<6).map { _ in number() })
        case 12: return .color(number(), number(), number(), number())
        case 13: return .path((0..<(2 * Int.random(in: 1...6, using: &random))).map { _ in number() })
        case 14:
            return .image(width: Int.random(in: 1...8, using: &random), height: Int.random(in: 1...8, using: &random))
        default:
            return .array(
                (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.random(using: &random, depth: depth - 1) })
        }
    }

    /// The value as a program would pass it: `CGFloat`s, structs, `NSNumber`s, `CGColor`s,
    /// `CGPath`s, `CGImage`s and arrays of them.
    public var object: Any? {
        switch self {
        case .none: nil
        case .double(let value): CGFloat(value)
        case .float(let value): value
        case .int(let value): value
        case .bool(let value): value
        case .number(let value): NSNumber(value: value)
        case .string(let value): value
        case .point(let x, let y): CGPoint(x: x, y: y)
        case .size(let width, let height): CGSize(width: width, height: height)
        case .rect(let x, let y, let width, let height): CGRect(x: x, y: y, width: width, height: height)
        case .transform(let m): Self.makeTransform(m)
        case .affine(let m): CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        case .color(let r, let g, let b, let a): CGColor(red: r, green: g, blue: b, alpha: a)
        case .path(let coordinates): Self.makePath(coordinates)
        case .image(let width, let height): Self.makeImage(width: width, height: height)
        case .array(let values): values.map { $0.object as Any }
        }
    }

    public var description: String {
        switch self {
        case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .image(let width, let height): "image(\(width)x\(height))"
        default: "\(object.map { "\($0)" } ?? "nil")"
        }
    }

    /// Sixteen numbers as a 3D transform, row by row.
    public static func makeTransform(_ m: [Double]) -> CATransform3D {
        CATransform3D(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    /// A path through the points of `coordinates` (x, y pairs): a line, a curve, an arc and an
    /// ellipse, so that every kind of element meets the numbers.
    public static func makePath(_ coordinates: [Double]) -> CGPath {
        let points = stride(from: 0, to: coordinates.count - 1, by: 2).map {
            CGPoint(x: coordinates[$0], y: coordinates[$0 + 1])
        }
        let path = CGMutablePath()
        path.move(to: points[0])
        for (index, point) in points.dropFirst().enumerated() {
            switch index % 4 {
            case 0: path.addLine(to: point)
            case 1: path.addQuadCurve(to: point, control: points[0])
            case 2: path.addArc(center: point, radius: point.x, startAngle: 0, endAngle: point.y, clockwise: false)
            default: path.addEllipse(in: CGRect(origin: points[0], size: CGSize(width: point.x, height: point.y)))
            }
        }
        path.closeSubpath()
        return path
    }

    /// A small opaque image with a different colour in each pixel.
    public static func makeImage(width: Int, height: Int) -> CGImage {
        let pixels = (0..<(width * height)).flatMap { index -> [UInt8] in
            [UInt8(truncatingIfNeeded: index * 37), UInt8(truncatingIfNeeded: index * 91), 128, 255]
        }
        return CGImage(rgbaPixels: pixels, width: width, height: height)!
    }
}
