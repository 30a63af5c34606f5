import Foundation

/// Every committed value of one layer: what presentation copies, full-sync commits and the
/// render side each hold of a layer.
///
/// The values are stored once (`Values`) and shared by copies until one of them changes, when
/// that copy takes a copy of its own (copy on write). Copying a `LayerProperties` is therefore
/// one reference, not about 1.5 KB of values with a retain for every reference among them:
/// the render side's frame walk, its evaluation of animations, commits and presentation copies
/// all copy layers' values, and most copies are never changed.
///
/// `@unchecked Sendable`: the box is changed only when one `LayerProperties` holds it
/// (`values`, `withMutableValueBytes`), like the buffer of a Swift array, and its values are
/// `Sendable`.
struct LayerProperties: @unchecked Sendable, Equatable {
    /// The values, shared between copies; changed only through `values` when not shared.
    private var storage: Storage

    /// A box for the values (its header). They are reached through a pointer to the header,
    /// which stays where it is while the box lives, and which makes no formal access to them:
    /// copies on other threads reading the same box at their byte offsets do not race.
    private final class Storage: ManagedBuffer<Values, UInt8> {
        var values: Values {
            _read { yield pointer.pointee }
            _modify { yield &pointer.pointee }
        }

        /// Where the values lie.
        var pointer: UnsafeMutablePointer<Values> { withUnsafeMutablePointerToHeader { $0 } }

        static func holding(_ values: Values) -> Storage {
            unsafeDowncast(Storage.create(minimumCapacity: 0) { _ in values }, to: Storage.self)
        }
    }

    /// The box of the default values, shared by every `LayerProperties()` until it changes.
    private nonisolated(unsafe) static let defaults = Storage.holding(Values())

    init() { storage = LayerProperties.defaults }

    /// The values, read in place; changed in place once this copy holds them alone.
    var values: Values {
        _read { yield storage.values }
        _modify {
            makeStorageUnique()
            yield &storage.values
        }
    }

    /// Gives this copy a box of its own when others share it.
    private mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage.holding(storage.values) }
    }

    static func == (lhs: LayerProperties, rhs: LayerProperties) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    /// Calls `body` with the bytes of the values, in place (`AnimationSlot` and commits read
    /// values at their byte offsets in `Values`).
    func withValueBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withExtendedLifetime(storage) {
            body(UnsafeRawBufferPointer(start: storage.pointer, count: MemoryLayout<Values>.size))
        }
    }

    /// Calls `body` with the bytes of the values to change them in place, once this copy holds
    /// them alone.
    mutating func withMutableValueBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        makeStorageUnique()
        return withExtendedLifetime(storage) {
            body(UnsafeMutableRawBufferPointer(start: storage.pointer, count: MemoryLayout<Values>.size))
        }
    }

    // Geometry
    var bounds: CGRect {
        get { storage.values.bounds }
        _modify { yield &values.bounds }
    }
    var position: CGPoint {
        get { storage.values.position }
        _modify { yield &values.position }
    }
    var zPosition: CGFloat {
        get { storage.values.zPosition }
        _modify { yield &values.zPosition }
    }
    var anchorPoint: CGPoint {
        get { storage.values.anchorPoint }
        _modify { yield &values.anchorPoint }
    }
    var anchorPointZ: CGFloat {
        get { storage.values.anchorPointZ }
        _modify { yield &values.anchorPointZ }
    }
    package var transform: CATransform3D {
        get { storage.values.transform }
        _modify { yield &values.transform }
    }
    var sublayerTransform: CATransform3D {
        get { storage.values.sublayerTransform }
        _modify { yield &values.sublayerTransform }
    }
    var isHidden: Bool {
        get { storage.values.isHidden }
        _modify { yield &values.isHidden }
    }
    var isDoubleSided: Bool {
        get { storage.values.isDoubleSided }
        _modify { yield &values.isDoubleSided }
    }
    var isGeometryFlipped: Bool {
        get { storage.values.isGeometryFlipped }
        _modify { yield &values.isGeometryFlipped }
    }
    var masksToBounds: Bool {
        get { storage.values.masksToBounds }
        _modify { yield &values.masksToBounds }
    }
    // Appearance
    var opacity: Float {
        get { storage.values.opacity }
        _modify { yield &values.opacity }
    }
    var allowsGroupOpacity: Bool {
        get { storage.values.allowsGroupOpacity }
        _modify { yield &values.allowsGroupOpacity }
    }
    var allowsEdgeAntialiasing: Bool {
        get { storage.values.allowsEdgeAntialiasing }
        _modify { yield &values.allowsEdgeAntialiasing }
    }
    var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { storage.values.edgeAntialiasingMask }
        _modify { yield &values.edgeAntialiasingMask }
    }
    var backgroundColor: CGColor? {
        get { storage.values.backgroundColor }
        _modify { yield &values.backgroundColor }
    }
    var cornerRadius: CGFloat {
        get { storage.values.cornerRadius }
        _modify { yield &values.cornerRadius }
    }
    var maskedCorners: CACornerMask {
        get { storage.values.maskedCorners }
        _modify { yield &values.maskedCorners }
    }
    var cornerCurve: CALayerCornerCurve {
        get { storage.values.cornerCurve }
        _modify { yield &values.cornerCurve }
    }
    var borderWidth: CGFloat {
        get { storage.values.borderWidth }
        _modify { yield &values.borderWidth }
    }
    var borderColor: CGColor? {
        get { storage.values.borderColor }
        _modify { yield &values.borderColor }
    }
    var shadowColor: CGColor? {
        get { storage.values.shadowColor }
        _modify { yield &values.shadowColor }
    }
    var shadowOpacity: Float {
        get { storage.values.shadowOpacity }
        _modify { yield &values.shadowOpacity }
    }
    var shadowOffset: CGSize {
        get { storage.values.shadowOffset }
        _modify { yield &values.shadowOffset }
    }
    var shadowRadius: CGFloat {
        get { storage.values.shadowRadius }
        _modify { yield &values.shadowRadius }
    }
    var shadowPath: CGPath? {
        get { storage.values.shadowPath }
        _modify { yield &values.shadowPath }
    }
    var shouldRasterize: Bool {
        get { storage.values.shouldRasterize }
        _modify { yield &values.shouldRasterize }
    }
    var rasterizationScale: CGFloat {
        get { storage.values.rasterizationScale }
        _modify { yield &values.rasterizationScale }
    }
    // Filters
    var filters: RenderFilterList {
        get { storage.values.filters }
        _modify { yield &values.filters }
    }
    var backgroundFilters: RenderFilterList {
        get { storage.values.backgroundFilters }
        _modify { yield &values.backgroundFilters }
    }
    var compositingFilter: BlendMode {
        get { storage.values.compositingFilter }
        _modify { yield &values.compositingFilter }
    }
    // Contents
    var contents: CGImage? {
        get { storage.values.contents }
        _modify { yield &values.contents }
    }
    var contentsRect: CGRect {
        get { storage.values.contentsRect }
        _modify { yield &values.contentsRect }
    }
    var contentsCenter: CGRect {
        get { storage.values.contentsCenter }
        _modify { yield &values.contentsCenter }
    }
    var contentsGravity: CALayerContentsGravity {
        get { storage.values.contentsGravity }
        _modify { yield &values.contentsGravity }
    }
    var contentsScale: CGFloat {
        get { storage.values.contentsScale }
        _modify { yield &values.contentsScale }
    }
    var contentsFormat: CALayerContentsFormat {
        get { storage.values.contentsFormat }
        _modify { yield &values.contentsFormat }
    }
    var minificationFilter: CALayerContentsFilter {
        get { storage.values.minificationFilter }
        _modify { yield &values.minificationFilter }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { storage.values.magnificationFilter }
        _modify { yield &values.magnificationFilter }
    }
    var minificationFilterBias: Float {
        get { storage.values.minificationFilterBias }
        _modify { yield &values.minificationFilterBias }
    }
    var isOpaque: Bool {
        get { storage.values.isOpaque }
        _modify { yield &values.isOpaque }
    }
    // Timing
    var timing: MediaTimingValues {
        get { storage.values.timing }
        _modify { yield &values.timing }
    }
    // Emitter (`CAEmitterLayer`)
    var emitterCells: EmitterCellList {
        get { storage.values.emitterCells }
        _modify { yield &values.emitterCells }
    }
    var emitterPosition: CGPoint {
        get { storage.values.emitterPosition }
        _modify { yield &values.emitterPosition }
    }
    var emitterZPosition: CGFloat {
        get { storage.values.emitterZPosition }
        _modify { yield &values.emitterZPosition }
    }
    var emitterSize: CGSize {
        get { storage.values.emitterSize }
        _modify { yield &values.emitterSize }
    }
    var emitterDepth: CGFloat {
        get { storage.values.emitterDepth }
        _modify { yield &values.emitterDepth }
    }
    var emitterShape: CAEmitterLayerEmitterShape {
        get { storage.values.emitterShape }
        _modify { yield &values.emitterShape }
    }
    var emitterMode: CAEmitterLayerEmitterMode {
        get { storage.values.emitterMode }
        _modify { yield &values.emitterMode }
    }
    var renderMode: CAEmitterLayerRenderMode {
        get { storage.values.renderMode }
        _modify { yield &values.renderMode }
    }
    var emitterBirthRate: Float {
        get { storage.values.emitterBirthRate }
        _modify { yield &values.emitterBirthRate }
    }
    var emitterLifetime: Float {
        get { storage.values.emitterLifetime }
        _modify { yield &values.emitterLifetime }
    }
    var emitterVelocity: Float {
        get { storage.values.emitterVelocity }
        _modify { yield &values.emitterVelocity }
    }
    var emitterScale: Float {
        get { storage.values.emitterScale }
        _modify { yield &values.emitterScale }
    }
    var emitterSpin: Float {
        get { storage.values.emitterSpin }
        _modify { yield &values.emitterSpin }
    }
    var emitterSeed: UInt32 {
        get { storage.values.emitterSeed }
        _modify { yield &values.emitterSeed }
    }
    var animatedColors: AnimatedColors {
        get { storage.values.animatedColors }
        _modify { yield &values.animatedColors }
    }
    var isTransformLayer: Bool {
        get { storage.values.isTransformLayer }
        _modify { yield &values.isTransformLayer }
    }
    // Replicator (`CAReplicatorLayer`)
    var instanceCount: Int {
        get { storage.values.instanceCount }
        _modify { yield &values.instanceCount }
    }
    var instanceTransform: CATransform3D {
        get { storage.values.instanceTransform }
        _modify { yield &values.instanceTransform }
    }
    var instanceDelay: Double {
        get { storage.values.instanceDelay }
        _modify { yield &values.instanceDelay }
    }
    var instanceColor: CGColor? {
        get { storage.values.instanceColor }
        _modify { yield &values.instanceColor }
    }
    var instanceRedOffset: Float {
        get { storage.values.instanceRedOffset }
        _modify { yield &values.instanceRedOffset }
    }
    var instanceGreenOffset: Float {
        get { storage.values.instanceGreenOffset }
        _modify { yield &values.instanceGreenOffset }
    }
    var instanceBlueOffset: Float {
        get { storage.values.instanceBlueOffset }
        _modify { yield &values.instanceBlueOffset }
    }
    var instanceAlphaOffset: Float {
        get { storage.values.instanceAlphaOffset }
        _modify { yield &values.instanceAlphaOffset }
    }
    var preservesDepth: Bool {
        get { storage.values.preservesDepth }
        _modify { yield &values.preservesDepth }
    }
    var isReplicatorLayer: Bool {
        get { storage.values.isReplicatorLayer }
        _modify { yield &values.isReplicatorLayer }
    }
    // Gradient (`CAGradientLayer`)
    var gradientColors: GradientColorList {
        get { storage.values.gradientColors }
        _modify { yield &values.gradientColors }
    }
    var gradientLocations: NumberList {
        get { storage.values.gradientLocations }
        _modify { yield &values.gradientLocations }
    }
    var startPoint: CGPoint {
        get { storage.values.startPoint }
        _modify { yield &values.startPoint }
    }
    var endPoint: CGPoint {
        get { storage.values.endPoint }
        _modify { yield &values.endPoint }
    }
    var gradientType: CAGradientLayerType {
        get { storage.values.gradientType }
        _modify { yield &values.gradientType }
    }
    var isGradientLayer: Bool {
        get { storage.values.isGradientLayer }
        _modify { yield &values.isGradientLayer }
    }
    // Shape (`CAShapeLayer`)
    var shapePath: CGPath? {
        get { storage.values.shapePath }
        _modify { yield &values.shapePath }
    }
    var fillColor: CGColor? {
        get { storage.values.fillColor }
        _modify { yield &values.fillColor }
    }
    var fillRule: CAShapeLayerFillRule {
        get { storage.values.fillRule }
        _modify { yield &values.fillRule }
    }
    var strokeColor: CGColor? {
        get { storage.values.strokeColor }
        _modify { yield &values.strokeColor }
    }
    var lineWidth: CGFloat {
        get { storage.values.lineWidth }
        _modify { yield &values.lineWidth }
    }
    var miterLimit: CGFloat {
        get { storage.values.miterLimit }
        _modify { yield &values.miterLimit }
    }
    var lineCap: CAShapeLayerLineCap {
        get { storage.values.lineCap }
        _modify { yield &values.lineCap }
    }
    var lineJoin: CAShapeLayerLineJoin {
        get { storage.values.lineJoin }
        _modify { yield &values.lineJoin }
    }
    var lineDashPhase: CGFloat {
        get { storage.values.lineDashPhase }
        _modify { yield &values.lineDashPhase }
    }
    var lineDashPattern: NumberList {
        get { storage.values.lineDashPattern }
        _modify { yield &values.lineDashPattern }
    }
    var strokeStart: CGFloat {
        get { storage.values.strokeStart }
        _modify { yield &values.strokeStart }
    }
    var strokeEnd: CGFloat {
        get { storage.values.strokeEnd }
        _modify { yield &values.strokeEnd }
    }
    var isShapeLayer: Bool {
        get { storage.values.isShapeLayer }
        _modify { yield &values.isShapeLayer }
    }
    // Text (`CATextLayer`)
    var foregroundColor: CGColor? {
        get { storage.values.foregroundColor }
        _modify { yield &values.foregroundColor }
    }
    var glyphs: GlyphRuns? {
        get { storage.values.glyphs }
        _modify { yield &values.glyphs }
    }
    // OpenGL (`CAOpenGLLayer`)
    var isAsynchronous: Bool {
        get { storage.values.isAsynchronous }
        _modify { yield &values.isAsynchronous }
    }
    var glContent: GLContent? {
        get { storage.values.glContent }
        _modify { yield &values.glContent }
    }
    var tileStore: TileStore? {
        get { storage.values.tileStore }
        _modify { yield &values.tileStore }
    }

    /// The background colour shown: an animated value, else `backgroundColor`.
    var shownBackgroundColor: RGBA? { animatedColors.background ?? backgroundColor?.value }
    /// The border colour shown: an animated value, else `borderColor`.
    var shownBorderColor: RGBA? { animatedColors.border ?? borderColor?.value }
    /// A shape layer's fill colour shown: an animated value, else `fillColor`.
    var shownFillColor: RGBA? { animatedColors.fill ?? fillColor?.value }
    /// A shape layer's stroke colour shown: an animated value, else `strokeColor`.
    var shownStrokeColor: RGBA? { animatedColors.stroke ?? strokeColor?.value }
    /// A text layer's text colour shown: an animated value, else `foregroundColor`.
    var shownForegroundColor: RGBA? { animatedColors.foreground ?? foregroundColor?.value }

    /// Turns animated colour values into the `CGColor` properties (for presentation copies).
    mutating func resolveAnimatedColors() {
        if let c = animatedColors.background { backgroundColor = CGColor(c) }
        if let c = animatedColors.border { borderColor = CGColor(c) }
        if let c = animatedColors.shadow { shadowColor = CGColor(c) }
        if let c = animatedColors.instance { instanceColor = CGColor(c) }
        if let c = animatedColors.fill { fillColor = CGColor(c) }
        if let c = animatedColors.stroke { strokeColor = CGColor(c) }
        if let c = animatedColors.foreground { foregroundColor = CGColor(c) }
        animatedColors = AnimatedColors()
        if let shown = gradientColors.animated { gradientColors = GradientColorList(shown.map(CGColor.init)) }
    }

    /// The anchor point in the layer's own (bounds) coordinate space, with anchorPointZ.
    var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height, anchorPointZ)
    }
}

/// Animated colour values of a layer, straight-alpha sRGB; nil where no animation sets one.
struct AnimatedColors: Sendable, Equatable {
    var background: RGBA?
    var border: RGBA?
    var shadow: RGBA?
    var instance: RGBA?
    var fill: RGBA?
    var stroke: RGBA?
    var foreground: RGBA?
}
