import Foundation
import SceneCore

/// The public setters random programs call directly (rather than through key-value coding),
/// each given four random numbers.
public enum LayerSetter: Sendable, CaseIterable {
    case frame, bounds, position, anchorPoint, rotation, scale, perspective, opacity, cornerRadius, border
    case shadow, zPosition, speed, timeOffset, beginTime, contentsScale, contents, hidden, masksToBounds
    case shapePath, strokeRange, lineWidth, dashPattern, text, fontSize, gradientStops

    /// Calls the setter on `layer` with `n` (four numbers); a setter for another layer class
    /// than `layer`'s does nothing.
    func apply(to layer: CALayer, _ n: [Double]) {
        switch self {
        case .frame: layer.frame = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case .bounds: layer.bounds = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case .position: layer.position = CGPoint(x: n[0], y: n[1])
        case .anchorPoint: layer.anchorPoint = CGPoint(x: n[0] / 100, y: n[1] / 100)
        case .rotation: layer.transform = CATransform3DMakeRotation(n[0], n[1], n[2], n[3])
        case .scale: layer.transform = CATransform3DMakeScale(n[0] / 50, n[1] / 50, n[2])
        case .perspective:
            var transform = CATransform3DIdentity
            transform.m34 = -1 / n[0]
            layer.sublayerTransform = CATransform3DRotate(transform, n[1], 0, 1, 0)
        case .opacity: layer.opacity = Float(n[0] / 100)
        case .cornerRadius: layer.cornerRadius = n[0]
        case .border:
            layer.borderWidth = n[0]
            layer.borderColor = CGColor(red: n[1] / 100, green: n[2] / 100, blue: 0, alpha: n[3] / 100)
        case .shadow:
            layer.shadowOpacity = Float(n[0] / 100)
            layer.shadowRadius = n[1]
            layer.shadowOffset = CGSize(width: n[2], height: n[3])
        case .zPosition: layer.zPosition = n[0]
        case .speed: layer.speed = Float(n[0] / 50)
        case .timeOffset: layer.timeOffset = n[0]
        case .beginTime: layer.beginTime = n[0]
        case .contentsScale: layer.contentsScale = n[0] / 10
        case .contents:
            layer.contents = FuzzValue.makeImage(
                width: Self.count(n[0], below: 7) + 1, height: Self.count(n[1], below: 7) + 1)
            layer.contentsRect = CGRect(x: n[0] / 100, y: n[1] / 100, width: n[2] / 100, height: n[3] / 100)
        case .hidden: layer.isHidden = n[0] > 0
        case .masksToBounds: layer.masksToBounds = n[0] > 0
        case .shapePath: (layer as? CAShapeLayer)?.path = FuzzValue.makePath(n)
        case .strokeRange:
            (layer as? CAShapeLayer)?.strokeStart = n[0] / 100
            (layer as? CAShapeLayer)?.strokeEnd = n[1] / 100
        case .lineWidth: (layer as? CAShapeLayer)?.lineWidth = n[0]
        case .dashPattern: (layer as? CAShapeLayer)?.lineDashPattern = n.map { NSNumber(value: $0) }
        case .text: (layer as? CATextLayer)?.string = String(repeating: "Text ", count: Self.count(n[0], below: 40))
        case .fontSize: (layer as? CATextLayer)?.fontSize = n[0]
        case .gradientStops:
            (layer as? CAGradientLayer)?.colors = n.map { CGColor(red: $0 / 100, green: 0.5, blue: 0, alpha: 1) }
            (layer as? CAGradientLayer)?.locations = n.map { NSNumber(value: $0 / 100) }
        }
    }

    /// A count below `limit` made from any number (0 for NaN and infinities).
    private static func count(_ x: Double, below limit: Int) -> Int {
        x.isFinite ? Int(x.magnitude.truncatingRemainder(dividingBy: Double(limit))) : 0
    }
}
