import Foundation

/// A layer whose sublayers share one 3D space instead of being flattened into its plane, as
/// Core Animation's `CATransformLayer`.
///
/// A plain layer flattens its sublayers into its own plane: whatever their `transform` and
/// `zPosition`, they are drawn as one picture on the layer, in `zPosition` order. A transform
/// layer does not: its sublayers keep their 3D positions, so six faces turned and pushed out
/// from a transform layer's centre make a cube that can be turned by animating the transform
/// layer's `transform` (or its superlayer's `sublayerTransform`). The layers shown in one such
/// 3D space are the transform layer's sublayers and, through nested transform layers, theirs;
/// each of them that is not a transform layer is a plane, drawn with its own subtree flattened
/// into it as usual. The planes are drawn back to front by their depth after every transform
/// (see "Depth order" below); a plane whose `isDoubleSided` is false is not drawn while its
/// back faces the viewer. The whole 3D space is in turn flattened into the transform layer's
/// superlayer when that is a plain layer, so a perspective `sublayerTransform` (`m34 = -1/d`)
/// on that superlayer, or on the transform layer itself, shows the structure in perspective.
///
/// Only the sublayers render: the transform layer draws no background, contents or border,
/// and its `mask`, `masksToBounds`, `filters` and shadows are ignored. Its `opacity` is not
/// applied to the structure as one group but multiplied into each sublayer's, and `isHidden`
/// hides them all.
///
/// Hit-testing passes through to the sublayers: `hitTest(_:)` un-projects the point through
/// each plane's 3D transform onto that plane and returns the deepest layer hit in the
/// front-most plane at that point; planes culled by `isDoubleSided` are not hit. Point
/// conversions (`convert(_:from:)`, `convert(_:to:)`) carry points through the same
/// unflattened transforms.
///
/// Depth order: each plane is placed by the depth of its centre in the 3D space (after every
/// transform and perspective), and then, among up to 64 planes, a plane lying wholly behind
/// another's plane is drawn before it even when its centre is nearer (the far face of a
/// cube seen from the side of the perspective axis). Planes that pierce each other cannot be
/// drawn correctly this way: each is drawn whole, in centre order, as on a painter's canvas.
open class CATransformLayer: CALayer {
    override class var kind: LayerKind { .transform }

    /// A transform layer with no sublayers.
    public override init() {
        super.init()
    }

    /// Unarchives a transform layer archived by `encode(with:)`, with its sublayers.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A shadow copy of `layer`, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }
}
