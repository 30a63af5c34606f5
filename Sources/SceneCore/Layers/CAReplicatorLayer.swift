import Foundation

/// A layer that draws its sublayers several times, each copy (an instance) moved, tinted and
/// delayed a step further than the one before, as Core Animation's `CAReplicatorLayer`.
///
/// The layer's own background, contents and border are drawn once. Its sublayers, with
/// everything under them, are drawn `instanceCount` times, in instance order (instance 0 is
/// the sublayers as they are, drawn first). Instance `i`:
/// - is placed by `instanceTransform` applied `i` times, about the centre of the layer's
///   bounds, in the space the sublayers are positioned in (before the layer's
///   `sublayerTransform`);
/// - has its drawing's colours multiplied by `instanceColor` plus `i` times the four colour
///   offsets, each component clamped to 0...1;
/// - runs the animations of its sublayer tree `i × instanceDelay` seconds later: it shows
///   what instance 0 showed `i × instanceDelay` seconds earlier.
///
/// Instances are not clipped to the layer's bounds unless `masksToBounds` is set. Without
/// `preservesDepth` the instances are flattened into the layer's plane, like any layer's
/// sublayers; with it they keep their 3D places (as the sublayers of a `CATransformLayer`) and
/// are flattened into the superlayer, so a perspective `sublayerTransform` there shows a ring
/// of instances turned about the y axis in perspective, drawn back to front.
///
/// The render side walks the sublayer tree once a frame whatever `instanceCount` is, and draws
/// every instance from that walk (`FrameBuilder+Replicator.swift`); with an `instanceDelay` and
/// animations in the sublayer tree it evaluates those animations once per instance.
///
/// Every property but `preservesDepth` is animatable, implicitly and explicitly.
open class CAReplicatorLayer: CALayer {
    override class var kind: LayerKind { .replicator }

    /// A replicator layer drawing its sublayers once (`instanceCount` 1).
    public override init() {
        super.init()
    }

    /// Unarchives a replicator layer archived by `encode(with:)`, with its instance properties.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A shadow copy of `layer`, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// How many times the sublayers are drawn. Default 1; 0 or less draws none of them (the
    /// layer's own background, contents and border still show). Animatable: an animated value
    /// is rounded down.
    open var instanceCount: Int {
        get { LayerLock.withLock { state.instanceCount } }
        set { setState(\.instanceCount, newValue, .instanceCount) }
    }

    /// The transform that takes instance `k − 1` to instance `k`, applied about the centre of
    /// the layer's bounds. Default identity. Animatable.
    open var instanceTransform: CATransform3D {
        get { LayerLock.withLock { state.instanceTransform } }
        set { setState(\.instanceTransform, newValue, .instanceTransform) }
    }

    /// How many seconds later each instance runs its sublayers' animations than the one
    /// before. Default 0. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { LayerLock.withLock { state.instanceDelay } }
        set { setState(\.instanceDelay, newValue, .instanceDelay) }
    }

    /// The colour instance 0's drawing is multiplied by. Default opaque white (no change); nil
    /// counts as opaque white. The object set is the object returned. Animatable.
    open var instanceColor: CGColor? {
        get { LayerLock.withLock { state.instanceColor } }
        set { setState(\.instanceColor, newValue, .instanceColor) }
    }

    /// Added to the red component of the instance colour for each instance after the first.
    /// Default 0. Animatable.
    open var instanceRedOffset: Float {
        get { LayerLock.withLock { state.instanceRedOffset } }
        set { setState(\.instanceRedOffset, newValue, .instanceRedOffset) }
    }

    /// Added to the green component of the instance colour for each instance after the first.
    /// Default 0. Animatable.
    open var instanceGreenOffset: Float {
        get { LayerLock.withLock { state.instanceGreenOffset } }
        set { setState(\.instanceGreenOffset, newValue, .instanceGreenOffset) }
    }

    /// Added to the blue component of the instance colour for each instance after the first.
    /// Default 0. Animatable.
    open var instanceBlueOffset: Float {
        get { LayerLock.withLock { state.instanceBlueOffset } }
        set { setState(\.instanceBlueOffset, newValue, .instanceBlueOffset) }
    }

    /// Added to the alpha component of the instance colour for each instance after the first.
    /// Default 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { LayerLock.withLock { state.instanceAlphaOffset } }
        set { setState(\.instanceAlphaOffset, newValue, .instanceAlphaOffset) }
    }

    /// Whether the instances keep their 3D places, as the sublayers of a `CATransformLayer`,
    /// instead of being flattened into the layer's plane. Default false.
    open var preservesDepth: Bool {
        get { replicatedPreservesDepth }
        set { replicatedPreservesDepth = newValue }
    }
}

/// `preservesDepth`, which `CAReplicatorLayer` and `CAEmitterLayer` both have, reachable on every
/// layer so that key-value coding's table (`LayerKey`) can name it.
extension CALayer {
    var replicatedPreservesDepth: Bool {
        get { LayerLock.withLock { state.preservesDepth } }
        set { setState(\.preservesDepth, newValue, .preservesDepth) }
    }
}
