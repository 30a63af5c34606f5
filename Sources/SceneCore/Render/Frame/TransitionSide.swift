import Foundation

/// The two renderings a running `CATransition` draws: the layer's subtree as it was before
/// the transition's commit, and as it is now.
enum TransitionSide {
    case old, new

    /// Back to front: the side that moves over the other is drawn last (the old rendering
    /// for reveal, the new one otherwise).
    static func drawingOrder(_ type: CATransitionType) -> [TransitionSide] {
        type == .reveal ? [.new, .old] : [.old, .new]
    }

    /// Where this side is drawn, as an offset in the layer's own coordinates, and with what
    /// opacity, at the transition's progress:
    /// - fade: the old rendering fades out as the new one fades in;
    /// - moveIn: the new rendering slides in over the old, which stays;
    /// - push: the new rendering slides in and pushes the old one out;
    /// - reveal: the old rendering slides out, uncovering the new one.
    /// "From right" means the new content enters from the right edge (y grows downwards, so
    /// "from top" enters from the visual top).
    func placement(_ frame: TransitionFrame, size: CGSize) -> (offset: CGSize, opacity: Float) {
        let p = frame.progress
        let direction: CGSize =
            switch frame.spec.subtype {
            case .fromRight: CGSize(width: size.width, height: 0)
            case .fromTop: CGSize(width: 0, height: -size.height)
            case .fromBottom: CGSize(width: 0, height: size.height)
            default: CGSize(width: -size.width, height: 0)
            }
        func scaled(_ f: Double) -> CGSize { CGSize(width: direction.width * f, height: direction.height * f) }
        switch (frame.spec.type, self) {
        case (.moveIn, .new), (.push, .new): return (scaled(1 - p), 1)
        case (.push, .old), (.reveal, .old): return (scaled(-p), 1)
        case (.moveIn, .old), (.reveal, .new): return (.zero, 1)
        case (_, .old): return (.zero, Float(1 - p))
        case (_, .new): return (.zero, Float(p))
        }
    }
}
