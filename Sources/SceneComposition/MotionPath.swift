import Foundation

/// Where a Lottie position is at any frame, along its spatial tangents (by arc length, eased),
/// and which way it moves: what an auto-orienting layer turns to face.
struct MotionPath {
    let position: TransformModel.Position

    /// The position at `frame`.
    func point(at frame: Double) -> CGPoint {
        switch position {
        case .split(let x, let y):
            return CGPoint(x: x.value(at: frame), y: y.value(at: frame))
        case .point(.fixed(let value)):
            return CGPoint(x: value[0], y: value[1])
        case .point(.keyframes(let keys)):
            guard frame > keys[0].frame else { return CGPoint(x: keys[0].value[0], y: keys[0].value[1]) }
            for index in 0..<(keys.count - 1) where frame < keys[index + 1].frame {
                let (key, next) = (keys[index], keys[index + 1])
                let from = CGPoint(x: key.value[0], y: key.value[1])
                if key.hold { return from }
                let to = CGPoint(x: next.value[0], y: next.value[1])
                let span = next.frame - key.frame
                let eased = BezierEasing(key.easing).value(at: span > 0 ? (frame - key.frame) / span : 1)
                return ArcLengthCurve(from, from + (key.spatialOut ?? .zero), to + (key.spatialIn ?? .zero), to)
                    .point(atFraction: eased)
            }
            let last = keys[keys.count - 1].value
            return CGPoint(x: last[0], y: last[1])
        }
    }

    /// The frames the position's keyframes span (empty when it does not move).
    var frames: [Double] {
        switch position {
        case .point(let point): point.frames
        case .split(let x, let y): (x.frames + y.frames).sorted()
        }
    }

    /// `rotation` plus the direction of motion (degrees, clockwise from the x axis), sampled at
    /// every frame of the motion (linear between): the rotation of an auto-orienting layer. A
    /// layer at rest keeps the direction it last moved in.
    func orientedRotation(_ rotation: Animated<Double>) -> Animated<Double> {
        let frames = self.frames + rotation.frames
        guard let first = frames.min(), let last = frames.max(), last > first else { return rotation }
        var heading = 0.0
        return .sampled(from: first, through: last, maximumSamples: CompositionAnimator.maximumSampledFrames) { frame in
            let ahead = point(at: frame + 0.01)
            let behind = point(at: frame - 0.01)
            if hypot(ahead.x - behind.x, ahead.y - behind.y) > 1e-9 {
                heading = atan2(ahead.y - behind.y, ahead.x - behind.x) * 180 / .pi
            }
            return rotation.value(at: frame) + heading
        }
    }
}
