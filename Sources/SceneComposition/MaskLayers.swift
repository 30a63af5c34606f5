import Foundation

/// A Lottie layer's masks as Core Animation masks: the layer's content goes into a holder whose
/// `mask` shows what the added masks cover (each a filled `CAShapeLayer` at the mask's
/// opacity; an inverted one fills everything but its path, even-odd within a rectangle far
/// larger than the composition), and each intersecting mask wraps that holder in one more,
/// masked by it alone, so that the content shows only where every level lets it through.
struct MaskLayers {
    let animator: CompositionAnimator
    let warnings: LoadWarnings
    /// The area an inverted mask's path is cut out of, in the layer's space.
    let everywhere: CGRect

    /// Builds the masks of `layer` inside `container`; returns the layer the content goes in.
    func contentHolder(for layer: LayerModel, in container: CALayer) -> CALayer {
        var levels: [[MaskModel]] = []
        for mask in layer.masks {
            switch mask.mode {
            case .add where levels.count <= 1:
                if levels.isEmpty { levels.append([]) }
                levels[0].append(mask)
            case .add:
                warnings.unsupported("masks added after intersecting ones", in: layer.name)
            case .intersect:
                levels.append([mask])
            }
        }
        var holder = container
        for level in levels where !level.isEmpty {
            let masked = TransformLayers.pointLayer(name: "\(layer.name) masked")
            masked.mask = maskLayer(level, name: layer.name)
            holder.addSublayer(masked)
            holder = masked
        }
        return holder
    }

    private func maskLayer(_ masks: [MaskModel], name: String) -> CALayer {
        let mask = TransformLayers.pointLayer(name: "\(name) mask")
        for model in masks {
            let shape = CAShapeLayer()
            shape.name = "\(name) mask path"
            shape.anchorPoint = .zero
            shape.bounds = .zero
            shape.position = .zero
            shape.fillColor = CGColor(gray: 0, alpha: 1)
            shape.fillRule = model.inverted ? .evenOdd : .nonZero
            let path = model.path.map { shape -> CGPath in
                let path = CGMutablePath()
                if model.inverted { path.addRect(everywhere) }
                shape.append(to: path, transform: .identity)
                return path
            }
            animator.apply(path, to: shape, keyPath: "path") { $0 }
            animator.apply(model.opacity, to: shape, keyPath: "opacity") {
                Float(min(max($0 / 100, 0), 1))
            }
            mask.addSublayer(shape)
        }
        return mask
    }
}
