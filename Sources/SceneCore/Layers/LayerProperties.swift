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

    /// A box for the values (its header). They are reached only through the pointer to the
    /// header, which stays where it is while the box lives: that makes no formal access (copies
    /// on other threads reading the same box do not race), and no accessor yields a copy of all
    /// of them (in an unoptimised build, a read coroutine's copy was freed before the caller had
    /// read from it).
    private final class Storage: ManagedBuffer<Values, UInt8> {
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
        get { storage.pointer.pointee }
        _modify {
            makeStorageUnique()
            yield &storage.pointer.pointee
        }
    }

    /// Gives this copy a box of its own when others share it.
    private mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage.holding(storage.pointer.pointee) }
    }

    static func == (lhs: LayerProperties, rhs: LayerProperties) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.pointer.pointee == rhs.storage.pointer.pointee
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
        get { storage.pointer.pointee.bounds }
        _modify { yield &values.bounds }
    }
    var position: CGPoint {
        get { storage.pointer.pointee.position }
        _modify { yield &values.position }
    }
    var zPosition: CGFloat {
        get { storage.pointer.pointee.zPosition }
        _modify { yield &values.zPosition }
    }
    var anchorPoint: CGPoint {
        get { storage.pointer.pointee.anchorPoint }
        _modify { yield &values.anchorPoint }
    }
    var anchorPointZ: CGFloat {
        get { storage.pointer.pointee.anchorPointZ }
        _modify { yield &values.anchorPointZ }
    }
    package var transform: CATransform3D {
        get { storage.pointer.pointee.transform }
        _modify { yield &values.transform }
    }
    var sublayerTransform: CATransform3D {
        get { storage.pointer.pointee.sublayerTransform }
        _modify { yield &values.sublayerTransform }
    }
    var isHidden: Bool {
        get { storage.pointer.pointee.isHidden }
        _modify { yield &values.isHidden }
    }
    var isDoubleSided: Bool {
        get { storage.pointer.pointee.isDoubleSided }
        _modify { yield &values.isDoubleSided }
    }
    var isGeometryFlipped: Bool {
        get { storage.pointer.pointee.isGeometryFlipped }
        _modify { yield &values.isGeometryFlipped }
    }
    var masksToBounds: Bool {
        get { storage.pointer.pointee.masksToBounds }
        _modify { yield &values.masksToBounds }
    }
    // Appearance
    var opacity: Float {
        get { storage.pointer.pointee.opacity }
        _modify { yield &values.opacity }
    }
    var allowsGroupOpacity: Bool {
        get { storage.pointer.pointee.allowsGroupOpacity }
        _modify { yield &values.allowsGroupOpacity }
    }
    var allowsEdgeAntialiasing: Bool {
        get { storage.pointer.pointee.allowsEdgeAntialiasing }
        _modify { yield &values.allowsEdgeAntialiasing }
    }
    var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { storage.pointer.pointee.edgeAntialiasingMask }
        _modify { yield &values.edgeAntialiasingMask }
    }
    var backgroundColor: CGColor? {
        get { storage.pointer.pointee.backgroundColor }
        _modify { yield &values.backgroundColor }
    }
    var cornerRadius: CGFloat {
        get { storage.pointer.pointee.cornerRadius }
        _modify { yield &values.cornerRadius }
    }
    var maskedCorners: CACornerMask {
        get { storage.pointer.pointee.maskedCorners }
        _modify { yield &values.maskedCorners }
    }
    var cornerCurve: CALayerCornerCurve {
        get { storage.pointer.pointee.cornerCurve }
        _modify { yield &values.cornerCurve }
    }
    var borderWidth: CGFloat {
        get { storage.pointer.pointee.borderWidth }
        _modify { yield &values.borderWidth }
    }
    var borderColor: CGColor? {
        get { storage.pointer.pointee.borderColor }
        _modify { yield &values.borderColor }
    }
    var shadowColor: CGColor? {
        get { storage.pointer.pointee.shadowColor }
        _modify { yield &values.shadowColor }
    }
    var shadowOpacity: Float {
        get { storage.pointer.pointee.shadowOpacity }
        _modify { yield &values.shadowOpacity }
    }
    var shadowOffset: CGSize {
        get { storage.pointer.pointee.shadowOffset }
        _modify { yield &values.shadowOffset }
    }
    var shadowRadius: CGFloat {
        get { storage.pointer.pointee.shadowRadius }
        _modify { yield &values.shadowRadius }
    }
    var shadowPath: CGPath? {
        get { storage.pointer.pointee.shadowPath }
        _modify { yield &values.shadowPath }
    }
    var shouldRasterize: Bool {
        get { storage.pointer.pointee.shouldRasterize }
        _modify { yield &values.shouldRasterize }
    }
    var rasterizationScale: CGFloat {
        get { storage.pointer.pointee.rasterizationScale }
        _modify { yield &values.rasterizationScale }
    }
    // Filters
    var filters: RenderFilterList {
        get { storage.pointer.pointee.filters }
        _modify { yield &values.filters }
    }
    var backgroundFilters: RenderFilterList {
        get { storage.pointer.pointee.backgroundFilters }
        _modify { yield &values.backgroundFilters }
    }
    var compositingFilter: BlendMode {
        get { storage.pointer.pointee.compositingFilter }
        _modify { yield &values.compositingFilter }
    }
    // Contents
    var contents: CGImage? {
        get { storage.pointer.pointee.contents }
        _modify { yield &values.contents }
    }
    var contentsRect: CGRect {
        get { storage.pointer.pointee.contentsRect }
        _modify { yield &values.contentsRect }
    }
    var contentsCenter: CGRect {
        get { storage.pointer.pointee.contentsCenter }
        _modify { yield &values.contentsCenter }
    }
    var contentsGravity: CALayerContentsGravity {
        get { storage.pointer.pointee.contentsGravity }
        _modify { yield &values.contentsGravity }
    }
    var contentsScale: CGFloat {
        get { storage.pointer.pointee.contentsScale }
        _modify { yield &values.contentsScale }
    }
    var contentsFormat: CALayerContentsFormat {
        get { storage.pointer.pointee.contentsFormat }
        _modify { yield &values.contentsFormat }
    }
    var minificationFilter: CALayerContentsFilter {
        get { storage.pointer.pointee.minificationFilter }
        _modify { yield &values.minificationFilter }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { storage.pointer.pointee.magnificationFilter }
        _modify { yield &values.magnificationFilter }
    }
    var minificationFilterBias: Float {
        get { storage.pointer.pointee.minificationFilterBias }
        _modify { yield &values.minificationFilterBias }
    }
    var isOpaque: Bool {
        get { storage.pointer.pointee.isOpaque }
        _modify { yield &values.isOpaque }
    }
    // Timing
    var timing: MediaTimingValues {
        get { storage.pointer.pointee.timing }
        _modify { yield &values.timing }
    }
    // Emitter (`CAEmitterLayer`)
    var emitterCells: EmitterCellList {
        get { storage.pointer.pointee.emitterCells }
        _modify { yield &values.emitterCells }
    }
    var emitterPosition: CGPoint {
        get { storage.pointer.pointee.emitterPosition }
        _modify { yield &values.emitterPosition }
    }
    var emitterZPosition: CGFloat {
        get { storage.pointer.pointee.emitterZPosition }
        _modify { yield &values.emitterZPosition }
    }
    var emitterSize: CGSize {
        get { storage.pointer.pointee.emitterSize }
        _modify { yield &values.emitterSize }
    }
    var emitterDepth: CGFloat {
        get { storage.pointer.pointee.emitterDepth }
        _modify { yield &values.emitterDepth }
    }
    var emitterShape: CAEmitterLayerEmitterShape {
        get { storage.pointer.pointee.emitterShape }
        _modify { yield &values.emitterShape }
    }
    var emitterMode: CAEmitterLayerEmitterMode {
        get { storage.pointer.pointee.emitterMode }
        _modify { yield &values.emitterMode }
    }
    var renderMode: CAEmitterLayerRenderMode {
        get { storage.pointer.pointee.renderMode }
        _modify { yield &values.renderMode }
    }
    var emitterBirthRate: Float {
        get { storage.pointer.pointee.emitterBirthRate }
        _modify { yield &values.emitterBirthRate }
    }
    var emitterLifetime: Float {
        get { storage.pointer.pointee.emitterLifetime }
        _modify { yield &values.emitterLifetime }
    }
    var emitterVelocity: Float {
        get { storage.pointer.pointee.emitterVelocity }
        _modify { yield &values.emitterVelocity }
    }
    var emitterScale: Float {
        get { storage.pointer.pointee.emitterScale }
        _modify { yield &values.emitterScale }
    }
    var emitterSpin: Float {
        get { storage.pointer.pointee.emitterSpin }
        _modify { yield &values.emitterSpin }
    }
    var emitterSeed: UInt32 {
        get { storage.pointer.pointee.emitterSeed }
        _modify { yield &values.emitterSeed }
    }
    var animatedColors: AnimatedColors {
        get { storage.pointer.pointee.animatedColors }
        _modify { yield &values.animatedColors }
    }
    var isTransformLayer: Bool {
        get { storage.pointer.pointee.isTransformLayer }
        _modify { yield &values.isTransformLayer }
    }
    // Replicator (`CAReplicatorLayer`)
    var instanceCount: Int {
        get { storage.pointer.pointee.instanceCount }
        _modify { yield &values.instanceCount }
    }
    var instanceTransform: CATransform3D {
        get { storage.pointer.pointee.instanceTransform }
        _modify { yield &values.instanceTransform }
    }
    var instanceDelay: Double {
        get { storage.pointer.pointee.instanceDelay }
        _modify { yield &values.instanceDelay }
    }
    var instanceColor: CGColor? {
        get { storage.pointer.pointee.instanceColor }
        _modify { yield &values.instanceColor }
    }
    var instanceRedOffset: Float {
        get { storage.pointer.pointee.instanceRedOffset }
        _modify { yield &values.instanceRedOffset }
    }
    var instanceGreenOffset: Float {
        get { storage.pointer.pointee.instanceGreenOffset }
        _modify { yield &values.instanceGreenOffset }
    }
    var instanceBlueOffset: Float {
        get { storage.pointer.pointee.instanceBlueOffset }
        _modify { yield &values.instanceBlueOffset }
    }
    var instanceAlphaOffset: Float {
        get { storage.pointer.pointee.instanceAlphaOffset }
        _modify { yield &values.instanceAlphaOffset }
    }
    var preservesDepth: Bool {
        get { storage.pointer.pointee.preservesDepth }
        _modify { yield &values.preservesDepth }
    }
    var isReplicatorLayer: Bool {
        get { storage.pointer.pointee.isReplicatorLayer }
        _modify { yield &values.isReplicatorLayer }
    }
    // Gradient (`CAGradientLayer`)
    var gradientColors: GradientColorList {
        get { storage.pointer.pointee.gradientColors }
        _modify { yield &values.gradientColors }
    }
    var gradientLocations: NumberList {
        get { storage.pointer.pointee.gradientLocations }
        _modify { yield &values.gradientLocations }
    }
    var startPoint: CGPoint {
        get { storage.pointer.pointee.startPoint }
        _modify { yield &values.startPoint }
    }
    var endPoint: CGPoint {
        get { storage.pointer.pointee.endPoint }
        _modify { yield &values.endPoint }
    }
    var gradientType: CAGradientLayerType {
        get { storage.pointer.pointee.gradientType }
        _modify { yield &values.gradientType }
    }
    var isGradientLayer: Bool {
        get { storage.pointer.pointee.isGradientLayer }
        _modify { yield &values.isGradientLayer }
    }
    // Shape (`CAShapeLayer`)
    var shapePath: CGPath? {
        get { storage.pointer.pointee.shapePath }
        _modify { yield &values.shapePath }
    }
    var fillColor: CGColor? {
        get { storage.pointer.pointee.fillColor }
        _modify { yield &values.fillColor }
    }
    var fillRule: CAShapeLayerFillRule {
        get { storage.pointer.pointee.fillRule }
        _modify { yield &values.fillRule }
    }
    var strokeColor: CGColor? {
        get { storage.pointer.pointee.strokeColor }
        _modify { yield &values.strokeColor }
    }
    var lineWidth: CGFloat {
        get { storage.pointer.pointee.lineWidth }
        _modify { yield &values.lineWidth }
    }
    var miterLimit: CGFloat {
        get { storage.pointer.pointee.miterLimit }
        _modify { yield &values.miterLimit }
    }
    var lineCap: CAShapeLayerLineCap {
        get { storage.pointer.pointee.lineCap }
        _modify { yield &values.lineCap }
    }
    var lineJoin: CAShapeLayerLineJoin {
        get { storage.pointer.pointee.lineJoin }
        _modify { yield &values.lineJoin }
    }
    var lineDashPhase: CGFloat {
        get { storage.pointer.pointee.lineDashPhase }
        _modify { yield &values.lineDashPhase }
    }
    var lineDashPattern: NumberList {
        get { storage.pointer.pointee.lineDashPattern }
        _modify { yield &values.lineDashPattern }
    }
    var strokeStart: CGFloat {
        get { storage.pointer.pointee.strokeStart }
        _modify { yield &values.strokeStart }
    }
    var strokeEnd: CGFloat {
        get { storage.pointer.pointee.strokeEnd }
        _modify { yield &values.strokeEnd }
    }
    var isShapeLayer: Bool {
        get { storage.pointer.pointee.isShapeLayer }
        _modify { yield &values.isShapeLayer }
    }
    // Text (`CATextLayer`)
    var foregroundColor: CGColor? {
        get { storage.pointer.pointee.foregroundColor }
        _modify { yield &values.foregroundColor }
    }
    var glyphs: GlyphRuns? {
        get { storage.pointer.pointee.glyphs }
        _modify { yield &values.glyphs }
    }
    // OpenGL (`CAOpenGLLayer`)
    var isAsynchronous: Bool {
        get { storage.pointer.pointee.isAsynchronous }
        _modify { yield &values.isAsynchronous }
    }
    var glContent: GLContent? {
        get { storage.pointer.pointee.glContent }
        _modify { yield &values.glContent }
    }
    var tileStore: TileStore? {
        get { storage.pointer.pointee.tileStore }
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
