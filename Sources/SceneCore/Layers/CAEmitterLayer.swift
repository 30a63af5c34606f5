import Foundation

/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A single point at `emitterPosition` (the default).
    public static let point = Self(rawValue: "point")
    /// A line `emitterSize.width` long along x, centred on `emitterPosition`.
    public static let line = Self(rawValue: "line")
    /// A rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth` centred on `emitterPosition` and `emitterZPosition`.
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width / 2` centred on `emitterPosition`.
    public static let circle = Self(rawValue: "circle")
    /// A sphere of radius `emitterSize.width / 2` centred on `emitterPosition` and `emitterZPosition`.
    public static let sphere = Self(rawValue: "sphere")
}

/// Where on the emitter shape particles are born (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At the shape's points: a line's two ends, a rectangle's or box's corners, a circle's or
    /// sphere's centre.
    public static let points = Self(rawValue: "points")
    /// On the shape's outline: a rectangle's edges, a circle's circumference, a sphere's surface.
    public static let outline = Self(rawValue: "outline")
    /// On the shape's surface: inside a rectangle or circle, on a box's faces or a sphere's surface.
    public static let surface = Self(rawValue: "surface")
    /// Anywhere within the shape (the default).
    public static let volume = Self(rawValue: "volume")
}

/// The order and compositing of particles (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cell by cell, in the order of `emitterCells`, older particles under newer (the default).
    public static let unordered = Self(rawValue: "unordered")
    /// Oldest particles drawn first (under the newer ones), across cells.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// Oldest particles drawn last (over the newer ones), across cells.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Particles sorted by depth, the farthest (lowest z) first.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Colours added to what lies beneath (as `unordered`, composited additively).
    public static let additive = Self(rawValue: "additive")
}

/// A particle system as a layer, as Core Animation's `CAEmitterLayer`: particles born from a
/// shape at the rates its cells give, moving, fading and turning until they die.
///
/// Each of `emitterCells` emits particles from the emitter shape (`emitterShape`,
/// `emitterMode`, `emitterPosition`, `emitterSize`, ...), in the layer's bounds space, drawn
/// above its background and contents and beneath its sublayers and border. The layer's
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply every cell's.
///
/// Particles live on the render side: they are simulated and drawn there from the committed
/// values, so they keep moving while the app's thread is busy. They are a pure function of the
/// layer's local time: emission starts at the layer time of the commit that gives the layer its
/// emitter values, and each later commit that changes them starts a new emission with the new
/// values at its layer time, while the particles already born live on unchanged. The random
/// spreads come from `seed`: the same seed, values and time give the same particles, whatever
/// the frame rate. Changes take effect from the next commit.
///
/// Unlike Apple's, which documents no limit, at most 100,000 live particles of one emitter
/// layer and 250,000 over all the emitter layers of a frame are drawn, the newest births first
/// (a cut is logged once), and only what can still be drawn is kept: a frame's work is bounded
/// by the particles it shows, however long the emitter has run or however often its values
/// change.
///
/// As Apple documents, `emitterPosition`, `emitterZPosition`, `emitterSize`, `emitterDepth`,
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` are animatable, and so are the cells'
/// numbers and colours through key paths (`emitterCells.fire.birthRate`); the first three
/// animate implicitly when set (the programming guide's table of animatable properties), the
/// others only by explicit animations. Animations run on the render side: each particle takes the
/// values of the moment it is born, and an animated rate gives the births of its integral (see
/// `EmitterTrack`).
open class CAEmitterLayer: CALayer {
    override class var kind: LayerKind { .emitter }

    /// The cell objects handed out by `emitterCells` (the very objects it was set to).
    private var cellObjects: [CAEmitterCell]?

    /// An emitter with no cells.
    public override init() { super.init() }

    /// Unarchives a layer archived by `encode(with:)`.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A copy of `layer`'s emitter values (for presentation copies).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let emitter = layer as? CAEmitterLayer { cellObjects = LayerLock.withLock { emitter.cellObjects } }
    }

    /// The cells that emit particles: the very cell objects given, as in Core Animation. Their
    /// values are taken when the array is set: change a cell's values through a key path
    /// (`emitterCells.fire.birthRate`), or set the array again. Default nil.
    open var emitterCells: [CAEmitterCell]? {
        get { LayerLock.withLock { cellObjects } }
        set {
            LayerLock.withLock { cellObjects = newValue }
            commitCells(newValue ?? [])
        }
    }

    /// Commits the values of `cells` (the layer's cell objects) as the layer's cells.
    func commitCells(_ cells: [CAEmitterCell]) {
        var budget = EmitterCellValues.maximumCount
        let values = cells.map { $0.snapshot(budget: &budget) }
        setState(\.emitterCells, EmitterCellList(values), .emitterCells)
    }

    /// The centre of the emitter shape in the layer's bounds space. Default (0, 0).
    open var emitterPosition: CGPoint {
        get { LayerLock.withLock { state.emitterPosition } }
        set { setState(\.emitterPosition, newValue, .emitterPosition) }
    }
    /// The z of the centre of the emitter shape. Default 0.
    open var emitterZPosition: CGFloat {
        get { LayerLock.withLock { state.emitterZPosition } }
        set { setState(\.emitterZPosition, newValue, .emitterZPosition) }
    }
    /// The size of the emitter shape. Default zero.
    open var emitterSize: CGSize {
        get { LayerLock.withLock { state.emitterSize } }
        set { setState(\.emitterSize, newValue, .emitterSize) }
    }
    /// The depth of a `cuboid` emitter shape. Default 0.
    open var emitterDepth: CGFloat {
        get { LayerLock.withLock { state.emitterDepth } }
        set { setState(\.emitterDepth, newValue, .emitterDepth) }
    }
    /// The emitter shape. Default `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { LayerLock.withLock { state.emitterShape } }
        set { setState(\.emitterShape, newValue, .emitterShape) }
    }
    /// Where on the shape particles are born. Default `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { LayerLock.withLock { state.emitterMode } }
        set { setState(\.emitterMode, newValue, .emitterMode) }
    }
    /// The order and compositing of the particles. Default `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { LayerLock.withLock { state.renderMode } }
        set { setState(\.renderMode, newValue, .renderMode) }
    }
    /// Multiplies every cell's `birthRate`. Default 1.
    open var birthRate: Float {
        get { LayerLock.withLock { state.emitterBirthRate } }
        set { setState(\.emitterBirthRate, newValue, .emitterBirthRate) }
    }
    /// Multiplies every cell's `lifetime`. Default 1.
    open var lifetime: Float {
        get { LayerLock.withLock { state.emitterLifetime } }
        set { setState(\.emitterLifetime, newValue, .emitterLifetime) }
    }
    /// Multiplies every cell's `velocity`. Default 1.
    open var velocity: Float {
        get { LayerLock.withLock { state.emitterVelocity } }
        set { setState(\.emitterVelocity, newValue, .emitterVelocity) }
    }
    /// Multiplies every cell's `scale`. Default 1.
    open var scale: Float {
        get { LayerLock.withLock { state.emitterScale } }
        set { setState(\.emitterScale, newValue, .emitterScale) }
    }
    /// Multiplies every cell's `spin`. Default 1.
    open var spin: Float {
        get { LayerLock.withLock { state.emitterSpin } }
        set { setState(\.emitterSpin, newValue, .emitterSpin) }
    }
    /// The seed of the particles' random spreads. Default 0.
    open var seed: UInt32 {
        get { LayerLock.withLock { state.emitterSeed } }
        set { setState(\.emitterSeed, newValue, .emitterSeed) }
    }
    /// Whether particles keep their z (drawn in the layer's 3D space, `backToFront` sorting by
    /// it) instead of being flattened into the layer's plane. Default false.
    open var preservesDepth: Bool {
        get { LayerLock.withLock { state.preservesDepth } }
        set { setState(\.preservesDepth, newValue, .preservesDepth) }
    }
}

extension CALayer {
    /// `changes` with the emitter's cells added when they hold a change of an emitter value, whose
    /// emission start is then stamped as the layer's time at the commit's time `now`.
    func stampingEmission(_ changes: LayerChanges, at now: Double) -> LayerChanges {
        guard self is CAEmitterLayer, !changes.isDisjoint(with: CALayer.emitterChanges) else { return changes }
        let start = convertTime(now, from: nil)
        state.emitterCells.start = start.isFinite ? start : 0
        return changes.union(LayerChanges(.emitterCells))
    }

    private static let emitterChanges = PropertyID.allCases.filter { $0.owner == .emitter }.reduce(LayerChanges()) {
        $0.union(LayerChanges($1))
    }
}

extension UInt32: LayerValue {
    var propertyValue: PropertyValue { .number(Double(self)) }
    init?(propertyValue: PropertyValue) {
        guard case .number(let v) = propertyValue, let exact = UInt32(exactly: v) else { return nil }
        self = exact
    }
    var isZeroValue: Bool { self == 0 }
}

extension CAEmitterLayerEmitterShape: LayerName {}
extension CAEmitterLayerEmitterMode: LayerName {}
extension CAEmitterLayerRenderMode: LayerName {}
