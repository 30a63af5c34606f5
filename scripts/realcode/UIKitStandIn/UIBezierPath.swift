// UIKit stand-in: UIBezierPath over a CGMutablePath (UIKit's drawing space is y-down).
import Foundation
import SceneCore

public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

open class UIBezierPath: NSObject {
    private var path = CGMutablePath()

    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false

    public override init() {}
    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.mutableCopy() ?? CGMutablePath()
    }
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }
    /// UIKit clamps the radius to half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, min(abs(rect.width), abs(rect.height)) / 2))
        if r == 0 { path.addRect(rect) } else { path.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r) }
    }
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let rx = min(cornerRadii.width, rect.width / 2), ry = min(cornerRadii.height, rect.height / 2)
        let r = min(rx, ry)
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func corner(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? r : 0 }
        path.move(to: CGPoint(x: minX + corner(.topLeft), y: minY))
        path.addLine(to: CGPoint(x: maxX - corner(.topRight), y: minY))
        if corner(.topRight) > 0 {
            path.addArc(center: CGPoint(x: maxX - r, y: minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        }
        path.addLine(to: CGPoint(x: maxX, y: maxY - corner(.bottomRight)))
        if corner(.bottomRight) > 0 {
            path.addArc(center: CGPoint(x: maxX - r, y: maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        }
        path.addLine(to: CGPoint(x: minX + corner(.bottomLeft), y: maxY))
        if corner(.bottomLeft) > 0 {
            path.addArc(center: CGPoint(x: minX + r, y: maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        }
        path.addLine(to: CGPoint(x: minX, y: minY + corner(.topLeft)))
        if corner(.topLeft) > 0 {
            path.addArc(center: CGPoint(x: minX + r, y: minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false)
        }
        path.closeSubpath()
    }
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// An immutable copy of the path; setting it replaces the path.
    public var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }
    public var currentPoint: CGPoint { path.currentPoint }
    public var bounds: CGRect { path.boundingBoxOfPath }
    public var isEmpty: Bool { path.isEmpty }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    /// UIKit's `clockwise` is clockwise on screen, in its y-down space: that is Core Graphics'
    /// `clockwise: false` (the angle increasing).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public func close() { path.closeSubpath() }
    public func removeAllPoints() { path = CGMutablePath() }
    public func append(_ other: UIBezierPath) { path.addPath(other.cgPath) }
    /// Transforms every point of the path.
    public func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }
    open override func copy() -> Any { UIBezierPath(cgPath: cgPath) }
}
