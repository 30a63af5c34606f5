/// The decomposition of the last transform seen, kept per animated layer on the render side:
/// a `transform.rotation.z` (or other `transform.*`) animation reads and writes one part of
/// a transform every frame, and the layer's model transform rarely changes, so decomposing
/// it once instead of every frame saves most of the work.
struct TransformCache: Sendable {
    private var transform: CATransform3D?
    private var parts = TransformDecomposition(.identity)

    init() {}

    /// The decomposition of `t`, reused when `t` is the transform decomposed last.
    mutating func parts(of t: CATransform3D) -> TransformDecomposition {
        if transform != t {
            transform = t
            parts = TransformDecomposition(t)
        }
        return parts
    }
}
