import Foundation
import SceneCore

/// The public setters random programs call directly (rather than through key-value coding),
/// each given four random numbers.
public enum LayerSetter: Sendable, CaseIterable {
    case frame, bounds, position, anchorPoint, rotation, scale, perspective, opacity, cornerRadius, border
    case shadow, zPosition, speed, timeOffset, beginTime, contentsScale, contents, hidden, masksToBounds
    case shapePath, strokeRange, lineWidth, dashPattern, text, fontSize, gradientStops
    case shadowPath, rasterize, blurFilter, wrappedText, attributedText
    case replicator, replicatorColor, emitter, emitterCell, tiles

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
        case .shadowPath:
            layer.shadowPath = FuzzValue.makePath(n)
            layer.shadowOpacity = 1
            layer.shadowRadius = n[2]
        case .rasterize:
            layer.shouldRasterize = n[0] > 0
            layer.rasterizationScale = n[1] / 10
        case .blurFilter:
            let blur = CAFilter(type: .gaussianBlur)
            blur.setValue(n[0], forKey: "inputRadius")
            layer.filters = [blur]
            layer.backgroundFilters = n[1] > 0 ? [blur] : nil
        case .wrappedText:
            guard let text = layer as? CATextLayer else { return }
            text.isWrapped = true
            text.truncationMode = n[1] > 0 ? .middle : .end
            text.string = String(repeating: "wrap these words ", count: Self.count(n[0], below: 60))
        case .attributedText:
            let color = CGColor(red: n[0], green: n[1], blue: n[2], alpha: n[3])
            let attributes: [NSAttributedString.Key: Any] = [
                .foregroundColor: color, .font: CTFontCreateWithName("Sans", n[3], nil),
            ]
            (layer as? CATextLayer)?.string = NSAttributedString(string: "Coloured text", attributes: attributes)
        case .replicator:
            guard let replicator = layer as? CAReplicatorLayer else { return }
            replicator.instanceCount = Self.integer(n[0])
            replicator.instanceDelay = n[1]
            replicator.instanceTransform = CATransform3DMakeTranslation(n[2], n[3], 0)
        case .replicatorColor:
            guard let replicator = layer as? CAReplicatorLayer else { return }
            replicator.instanceColor = CGColor(red: n[0], green: n[1], blue: 1, alpha: 1)
            replicator.instanceRedOffset = Float(n[2])
            replicator.instanceAlphaOffset = Float(n[3])
        case .emitter:
            guard let emitter = layer as? CAEmitterLayer else { return }
            emitter.emitterPosition = CGPoint(x: n[0], y: n[1])
            emitter.emitterSize = CGSize(width: n[2], height: n[3])
            emitter.birthRate = Float(n[2] / 10)
            emitter.lifetime = Float(n[3] / 10)
            emitter.emitterShape = [.point, .line, .rectangle, .circle, .cuboid, .sphere][Self.count(n[0], below: 6)]
            emitter.emitterMode = [.points, .outline, .surface, .volume][Self.count(n[1], below: 4)]
            if emitter.emitterCells == nil { emitter.emitterCells = [Self.cell([1, 1, 1, 1])] }
        case .emitterCell:
            let parent = Self.cell(n)
            parent.emitterCells = [Self.cell(n.reversed())]
            (layer as? CAEmitterLayer)?.emitterCells = [parent]
        case .tiles:
            guard let tiled = layer as? CATiledLayer else { return }
            tiled.tileSize = CGSize(width: n[0], height: n[1])
            tiled.levelsOfDetail = Self.integer(n[2])
            tiled.levelsOfDetailBias = Self.integer(n[3])
        }
    }

    /// An emitter cell whose every rate, time and extent comes from `n`.
    private static func cell(_ n: [Double]) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = FuzzValue.makeImage(width: 2, height: 2)
        cell.birthRate = Float(n[0])
        cell.lifetime = Float(n[1] / 10)
        cell.lifetimeRange = Float(n[2] / 10)
        cell.velocity = CGFloat(n[2])
        cell.velocityRange = CGFloat(n[3])
        cell.emissionRange = CGFloat(n[3])
        cell.xAcceleration = CGFloat(n[0])
        cell.yAcceleration = CGFloat(n[1])
        cell.scale = CGFloat(n[2] / 100)
        cell.scaleSpeed = CGFloat(n[3] / 100)
        cell.spin = CGFloat(n[0] / 10)
        cell.alphaSpeed = Float(n[1] / 100)
        cell.timeOffset = n[2]
        cell.beginTime = n[3] / 100
        cell.duration = n[0]
        cell.speed = Float(n[1] / 50)
        return cell
    }

    /// An integer made from any number, the extremes included (0 for NaN, ±`Int.max` beyond).
    private static func integer(_ x: Double) -> Int {
        x.isNaN ? 0 : x >= 0x1p63 ? .max : x <= -0x1p63 ? .min : Int(x)
    }

    /// A count below `limit` made from any number (0 for NaN and infinities).
    private static func count(_ x: Double, below limit: Int) -> Int {
        x.isFinite ? Int(x.magnitude.truncatingRemainder(dividingBy: Double(limit))) : 0
    }
}
