import Foundation

/// A parsed Lottie composition: what the layer builder turns into layers. Frames are in the
/// composition's time; a precomposition's layers are in the precomposition's own time.
struct CompositionModel {
    var width: Double
    var height: Double
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var layers: [LayerModel]
    /// The precompositions by asset identifier.
    var precompositions: [String: [LayerModel]]
    /// The decoded images by asset identifier.
    var images: [String: ImageAsset]
    var markers: [CACompositionMarker]
}

/// An image asset, decoded, with the size the composition draws it at.
struct ImageAsset {
    var image: CGImage
    var width: Double
    var height: Double
}

/// One Lottie layer.
struct LayerModel {
    /// What the layer draws.
    enum Content {
        /// A precomposition's layers (by asset identifier), clipped to `width` x `height`.
        case precomposition(id: String, width: Double, height: Double)
        case solid(color: CGColor, width: Double, height: Double)
        case image(id: String)
        case shapes([ShapeItem])
        /// Text documents, drawn with the fonts they name.
        case text(TextModel)
        /// A null layer, or one whose kind is not played: its transform still parents others.
        case none
    }

    var name: String
    /// `ind`, which other layers name as their parent.
    var index: Int?
    var parent: Int?
    var content: Content
    /// The first frame the layer shows (`ip`) and the frame it stops showing at (`op`).
    var inPoint: Double
    var outPoint: Double
    /// Where a precomposition's own time starts (`st`) and how much slower it runs (`sr`).
    var startTime: Double
    var stretch: Double
    /// A precomposition's time, in seconds, at each frame of the layer (`tm`), when remapped.
    var timeRemap: Animated<Double>?
    var transform: TransformModel
    /// The layer's masks, in order (`masksProperties`), those that are played.
    var masks: [MaskModel] = []
    /// Whether the layer is the track matte of the layer after it (`td`): not drawn itself.
    var isMatteSource = false
    /// How the matte layer before it decides where the layer shows (`tt`); nil without one.
    var matte: TrackMatte?
}

/// One Lottie mask: a path in the layer's space that adds to the visible area or intersects
/// it, at an opacity, perhaps inverted (the area outside the path).
struct MaskModel {
    /// How the mask combines with those before it: added to them (`a`), or intersected (`i`).
    /// A subtracting mask (`s`) that comes first is an inverted added one.
    enum Mode { case add, intersect }

    var mode: Mode
    var path: Animated<BezierShape>
    var opacity: Animated<Double>
    var inverted: Bool
}

/// A layer's or a shape group's transform, in Lottie's terms: the content is moved so that
/// `anchor` is at the origin, scaled (percent), skewed (`skew` degrees along the axis `skewAxis`
/// degrees from x), rotated (degrees, clockwise), moved to `position`, and drawn at `opacity`
/// (percent).
struct TransformModel {
    /// A position given as one point, or as separate x and y properties.
    enum Position {
        case point(Animated<[Double]>)
        case split(x: Animated<Double>, y: Animated<Double>)

        /// The position before the first keyframe.
        var initial: CGPoint {
            switch self {
            case .point(let point): CGPoint(x: point.initial[0], y: point.initial[1])
            case .split(let x, let y): CGPoint(x: x.initial, y: y.initial)
            }
        }

        /// Whether the position changes over time.
        var isAnimated: Bool {
            switch self {
            case .point(let point): point.isAnimated
            case .split(let x, let y): x.isAnimated || y.isAnimated
            }
        }
    }

    var anchor: Animated<[Double]> = .fixed([0, 0])
    var position: Position = .point(.fixed([0, 0]))
    var scale: Animated<[Double]> = .fixed([100, 100])
    var rotation: Animated<Double> = .fixed(0)
    var opacity: Animated<Double> = .fixed(100)
    var skew: Animated<Double> = .fixed(0)
    var skewAxis: Animated<Double> = .fixed(0)
    /// Whether the rotation adds the direction the position moves in (a layer's auto-orient).
    var autoOrients = false

    /// Whether the transform changes over time (opacity aside).
    var isAnimated: Bool {
        anchor.isAnimated || position.isAnimated || scale.isAnimated || rotation.isAnimated || skewIsAnimated
    }

    /// Whether the transform skews at any frame.
    var skews: Bool { skew.isAnimated || skew.initial != 0 }

    /// Whether the skew changes over time.
    var skewIsAnimated: Bool { skews && (skew.isAnimated || skewAxis.isAnimated) }

    /// The most a skew slants, in degrees either way (After Effects' limit): the matrix of a
    /// right angle's skew would be infinite.
    static let maximumSkew = 85.0

    /// The skew of `skew` degrees along the axis `axis` degrees from x, as Lottie players apply
    /// it: the axis turned onto x, the shear, and the axis turned back. A positive skew slants
    /// the axis's far side (downward, with the axis on x) towards the axis's negative direction.
    static func skewAffine(skew: Double, axis: Double) -> CGAffineTransform {
        let slant = min(max(skew.isFinite ? skew : 0, -maximumSkew), maximumSkew) * .pi / 180
        let turn = (axis.isFinite ? axis : 0) * .pi / 180
        return CGAffineTransform(rotationAngle: turn)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: -tan(slant), d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: -turn))
    }

    /// The transform before the first keyframe, as an affine transform from content to parent.
    var initialAffine: CGAffineTransform {
        let anchor = self.anchor.initial
        let scale = self.scale.initial
        let position = self.position.initial
        return CGAffineTransform(translationX: -anchor[0], y: -anchor[1])
            .concatenating(CGAffineTransform(scaleX: scale[0] / 100, y: scale[1] / 100))
            .concatenating(Self.skewAffine(skew: skew.initial, axis: skewAxis.initial))
            .concatenating(CGAffineTransform(rotationAngle: rotation.initial * .pi / 180))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }
}
