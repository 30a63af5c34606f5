import Foundation

/// The layers that carry one Lottie transform (a layer's, a parent's or a shape group's).
///
/// Lottie draws content at `position + rotation · scale · (point − anchor)`. The outer layer,
/// anchored at its origin, takes the position, the rotation and the opacity; the inner one (the
/// same layer unless both rotation and scale animate) takes the scale, and its bounds origin is
/// the anchor, so its content and sublayers are drawn with the anchor at the outer layer's
/// position. When rotation and scale both animate they are on two layers, so that neither
/// animation has to recover the other's part from a matrix that a zero scale makes singular. A
/// skew, applied between the scale and the rotation, is a layer of its own between the two; one
/// that animates is sampled at every frame (`CompositionAnimator.maximumSampledFrames` at most), since its matrix is
/// no interpolation of its keyframes' matrices.
struct TransformLayers {
    let outer: CALayer
    let inner: CALayer

    /// Builds the layers of `transform`, its animations recorded by `animator` in composition
    /// frames; opacity only when `withOpacity` (a parent's opacity is not its
    /// children's in Lottie). Its position and opacity are recorded in `inputs` under `path`, the
    /// key path of the layer or group (`isLayer`) the transform belongs to.
    init(
        _ transform: TransformModel, name: String, withOpacity: Bool,
        animator: CompositionAnimator, inputs: CompositionInputs, path: [String], isLayer: Bool
    ) {
        var transform = transform
        if transform.autoOrients && transform.position.isAnimated {
            transform.rotation = MotionPath(position: transform.position).orientedRotation(transform.rotation)
        }
        outer = Self.pointLayer(name: name)
        let split = transform.skews || (transform.rotation.isAnimated && transform.scale.isAnimated)
        inner = split ? Self.pointLayer(name: name) : outer
        if transform.skews {
            let skew = Self.pointLayer(name: name)
            Self.applySkew(of: transform, to: skew, animator: animator)
            outer.addSublayer(skew)
            skew.addSublayer(inner)
        } else if split {
            outer.addSublayer(inner)
        }

        switch transform.position {
        case .point(let position):
            animator.applyPoint(position, to: outer, keyPath: "position") { $0 }
        case .split(let x, let y):
            outer.position = .zero
            animator.apply(x, to: outer, keyPath: "position.x") { CGFloat($0) }
            animator.apply(y, to: outer, keyPath: "position.y") { CGFloat($0) }
        }
        let radians: (Double) -> Any = { CGFloat($0 * .pi / 180) }
        let scaleMatrix: ([Double]) -> CATransform3D = { CATransform3DMakeScale($0[0] / 100, $0[1] / 100, 1) }
        if split {
            animator.apply(transform.rotation, to: outer, keyPath: "transform.rotation.z", convert: radians)
            animator.apply(transform.scale, to: inner, keyPath: "transform", convert: scaleMatrix)
        } else {
            // Scale first, then the rotation (row vectors: the left factor applies first).
            let rotation = CATransform3DMakeRotation(transform.rotation.initial * .pi / 180, 0, 0, 1)
            animator.apply(transform.scale, to: outer, keyPath: "transform") {
                CATransform3DConcat(scaleMatrix($0), rotation)
            }
            if transform.rotation.isAnimated {
                animator.apply(
                    transform.rotation, to: outer, keyPath: "transform.rotation.z", convert: radians)
            }
        }
        animator.apply(transform.anchor, to: inner, keyPath: "bounds") {
            CGRect(x: $0[0], y: $0[1], width: 0, height: 0)
        }
        if withOpacity {
            animator.apply(transform.opacity, to: outer, keyPath: "opacity") {
                Float(min(max($0 / 100, 0), 1))
            }
        }
        inputs.recordTransform(path, outer: outer, inner: inner, withOpacity: withOpacity, isLayer: isLayer)
    }

    /// Sets `layer`'s transform to `transform`'s skew, or records its sampled animation.
    private static func applySkew(of transform: TransformModel, to layer: CALayer, animator: CompositionAnimator) {
        let frames = transform.skew.frames + transform.skewAxis.frames
        let skew = Animated.sampled(
            from: frames.min() ?? 0, through: frames.max() ?? 0,
            maximumSamples: CompositionAnimator.maximumSampledFrames
        ) { [transform.skew.value(at: $0), transform.skewAxis.value(at: $0)] }
        animator.apply(skew, to: layer, keyPath: "transform") {
            CATransform3DMakeAffineTransform(TransformModel.skewAffine(skew: $0[0], axis: $0[1]))
        }
    }

    /// A layer of no size anchored at its origin: only its transform and its sublayers count.
    static func pointLayer(name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.anchorPoint = .zero
        layer.bounds = .zero
        return layer
    }
}
