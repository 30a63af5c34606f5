import Foundation

/// Every committed value of one layer: what presentation copies, full-sync commits and the
/// render side each hold of a layer.
///
/// The values are stored once (`Values`, with the values few layers set in a box of their own,
/// `ExtraValues`) and shared by copies until one of them changes, when that copy takes a copy of
/// its own (copy on write, `SharedValues`). Copying a `LayerProperties` is therefore one
/// reference, not hundreds of bytes of values with a retain for every reference among them: the
/// render side's frame walk, its evaluation of animations, commits and presentation copies all
/// copy layers' values, and most copies are never changed.
struct LayerProperties: Sendable, Equatable {
    /// The values, shared between copies; changed only through `values` when not shared.
    private var storage: SharedValues<Values>

    /// The box of the default values, shared by every `LayerProperties()` until it changes.
    private static let defaults = SharedValues(Values())

    init() { storage = LayerProperties.defaults }

    /// The values, read in place; changed in place once this copy holds them alone.
    var values: Values {
        get { storage.pointer.pointee }
        _modify { yield &storage.value }
    }

    /// Whether `other` holds these values in the same storage (one copy of the values, not two).
    func isSharingValues(with other: LayerProperties) -> Bool { storage.isSharing(with: other.storage) }

    /// Where the extra values lie, for reading.
    private var extraValues: UnsafePointer<ExtraValues> { storage.pointer.pointee.extras.pointer }

    // Addresses: where a stored value lies, as a byte offset into `Values`, or into
    // `ExtraValues` with `extraAddressBit` set. `AnimationSlot`, commits and the steady pass read
    // and write values at their addresses, with plain loads and stores.

    /// The bit that marks an address in `ExtraValues`.
    private static let extraAddressBit = 0x8000

    /// The address of the stored value at `keyPath`; nil for a computed one.
    static func address<Value>(of keyPath: KeyPath<Values, Value>) -> Int? {
        MemoryLayout<Values>.offset(of: keyPath)
    }

    /// The address of the stored extra value at `keyPath`; nil for a computed one.
    static func address<Value>(ofExtra keyPath: KeyPath<ExtraValues, Value>) -> Int? {
        MemoryLayout<ExtraValues>.offset(of: keyPath).map { $0 | extraAddressBit }
    }

    /// Calls `body` with a pointer to the value at `address`, in place.
    @inline(__always)
    func withBytes<Result>(at address: Int, _ body: (UnsafeRawPointer) -> Result) -> Result {
        withExtendedLifetime(storage) {
            guard address & Self.extraAddressBit != 0 else {
                return body(UnsafeRawPointer(storage.pointer) + address)
            }
            return body(UnsafeRawPointer(extraValues) + (address & ~Self.extraAddressBit))
        }
    }

    /// Calls `body` with a pointer to the value at `address` to change it in place, once this
    /// copy holds it alone (an extra value copies only the box of extra values it lies in).
    @inline(__always)
    mutating func withMutableBytes<Result>(at address: Int, _ body: (UnsafeMutableRawPointer) -> Result) -> Result {
        let values = storage.uniquePointer()
        return withExtendedLifetime(storage) {
            guard address & Self.extraAddressBit != 0 else { return body(UnsafeMutableRawPointer(values) + address) }
            let extras = values.pointee.extras.uniquePointer()
            return body(UnsafeMutableRawPointer(extras) + (address & ~Self.extraAddressBit))
        }
    }

    /// The value of type `Value` at `address`.
    @inline(__always)
    func load<Value>(_: Value.Type, at address: Int) -> Value {
        withBytes(at: address) { $0.load(as: Value.self) }
    }

    /// Stores `value` at `address`.
    @inline(__always)
    mutating func store<Value>(_ value: Value, at address: Int) {
        withMutableBytes(at: address) {
            // Assigning through a typed pointer releases the old value and retains the new one.
            $0.assumingMemoryBound(to: Value.self).pointee = value
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
        get { extraValues.pointee.anchorPointZ }
        _modify { yield &values.extras.value.anchorPointZ }
    }
    package var transform: CATransform3D {
        get { storage.pointer.pointee.transform }
        _modify { yield &values.transform }
    }
    var sublayerTransform: CATransform3D {
        get { extraValues.pointee.sublayerTransform }
        _modify { yield &values.extras.value.sublayerTransform }
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
        get { extraValues.pointee.maskedCorners }
        _modify { yield &values.extras.value.maskedCorners }
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
        get { extraValues.pointee.shadowColor }
        _modify { yield &values.extras.value.shadowColor }
    }
    var shadowOpacity: Float {
        get { extraValues.pointee.shadowOpacity }
        _modify { yield &values.extras.value.shadowOpacity }
    }
    var shadowOffset: CGSize {
        get { extraValues.pointee.shadowOffset }
        _modify { yield &values.extras.value.shadowOffset }
    }
    var shadowRadius: CGFloat {
        get { extraValues.pointee.shadowRadius }
        _modify { yield &values.extras.value.shadowRadius }
    }
    var shadowPath: CGPath? {
        get { extraValues.pointee.shadowPath }
        _modify { yield &values.extras.value.shadowPath }
    }
    var shouldRasterize: Bool {
        get { extraValues.pointee.shouldRasterize }
        _modify { yield &values.extras.value.shouldRasterize }
    }
    var rasterizationScale: CGFloat {
        get { extraValues.pointee.rasterizationScale }
        _modify { yield &values.extras.value.rasterizationScale }
    }
    // Filters
    var filters: RenderFilterList {
        get { extraValues.pointee.filters }
        _modify { yield &values.extras.value.filters }
    }
    var backgroundFilters: RenderFilterList {
        get { extraValues.pointee.backgroundFilters }
        _modify { yield &values.extras.value.backgroundFilters }
    }
    var compositingFilter: BlendMode {
        get { extraValues.pointee.compositingFilter }
        _modify { yield &values.extras.value.compositingFilter }
    }
    // Contents
    var contents: CGImage? {
        get { storage.pointer.pointee.contents }
        _modify { yield &values.contents }
    }
    var contentsRect: CGRect {
        get { extraValues.pointee.contentsRect }
        _modify { yield &values.extras.value.contentsRect }
    }
    var contentsCenter: CGRect {
        get { extraValues.pointee.contentsCenter }
        _modify { yield &values.extras.value.contentsCenter }
    }
    var contentsGravity: CALayerContentsGravity {
        get { extraValues.pointee.contentsGravity }
        _modify { yield &values.extras.value.contentsGravity }
    }
    var contentsScale: CGFloat {
        get { extraValues.pointee.contentsScale }
        _modify { yield &values.extras.value.contentsScale }
    }
    var contentsFormat: CALayerContentsFormat {
        get { extraValues.pointee.contentsFormat }
        _modify { yield &values.extras.value.contentsFormat }
    }
    var minificationFilter: CALayerContentsFilter {
        get { extraValues.pointee.minificationFilter }
        _modify { yield &values.extras.value.minificationFilter }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { extraValues.pointee.magnificationFilter }
        _modify { yield &values.extras.value.magnificationFilter }
    }
    var minificationFilterBias: Float {
        get { extraValues.pointee.minificationFilterBias }
        _modify { yield &values.extras.value.minificationFilterBias }
    }
    var kind: LayerKind {
        get { storage.pointer.pointee.kind }
        _modify { yield &values.kind }
    }
    var isOpaque: Bool {
        get { storage.pointer.pointee.isOpaque }
        _modify { yield &values.isOpaque }
    }
    // Timing
    var timing: MediaTimingValues {
        get { extraValues.pointee.timing }
        _modify { yield &values.extras.value.timing }
    }
    // Emitter (`CAEmitterLayer`)
    var emitterCells: EmitterCellList {
        get { extraValues.pointee.emitterCells }
        _modify { yield &values.extras.value.emitterCells }
    }
    var emitterPosition: CGPoint {
        get { extraValues.pointee.emitterPosition }
        _modify { yield &values.extras.value.emitterPosition }
    }
    var emitterZPosition: CGFloat {
        get { extraValues.pointee.emitterZPosition }
        _modify { yield &values.extras.value.emitterZPosition }
    }
    var emitterSize: CGSize {
        get { extraValues.pointee.emitterSize }
        _modify { yield &values.extras.value.emitterSize }
    }
    var emitterDepth: CGFloat {
        get { extraValues.pointee.emitterDepth }
        _modify { yield &values.extras.value.emitterDepth }
    }
    var emitterShape: CAEmitterLayerEmitterShape {
        get { extraValues.pointee.emitterShape }
        _modify { yield &values.extras.value.emitterShape }
    }
    var emitterMode: CAEmitterLayerEmitterMode {
        get { extraValues.pointee.emitterMode }
        _modify { yield &values.extras.value.emitterMode }
    }
    var renderMode: CAEmitterLayerRenderMode {
        get { extraValues.pointee.renderMode }
        _modify { yield &values.extras.value.renderMode }
    }
    var emitterBirthRate: Float {
        get { extraValues.pointee.emitterBirthRate }
        _modify { yield &values.extras.value.emitterBirthRate }
    }
    var emitterLifetime: Float {
        get { extraValues.pointee.emitterLifetime }
        _modify { yield &values.extras.value.emitterLifetime }
    }
    var emitterVelocity: Float {
        get { extraValues.pointee.emitterVelocity }
        _modify { yield &values.extras.value.emitterVelocity }
    }
    var emitterScale: Float {
        get { extraValues.pointee.emitterScale }
        _modify { yield &values.extras.value.emitterScale }
    }
    var emitterSpin: Float {
        get { extraValues.pointee.emitterSpin }
        _modify { yield &values.extras.value.emitterSpin }
    }
    var emitterSeed: UInt32 {
        get { extraValues.pointee.emitterSeed }
        _modify { yield &values.extras.value.emitterSeed }
    }
    // Replicator (`CAReplicatorLayer`)
    var instanceCount: Int {
        get { extraValues.pointee.instanceCount }
        _modify { yield &values.extras.value.instanceCount }
    }
    var instanceTransform: CATransform3D {
        get { extraValues.pointee.instanceTransform }
        _modify { yield &values.extras.value.instanceTransform }
    }
    var instanceDelay: Double {
        get { extraValues.pointee.instanceDelay }
        _modify { yield &values.extras.value.instanceDelay }
    }
    var instanceColor: CGColor? {
        get { extraValues.pointee.instanceColor }
        _modify { yield &values.extras.value.instanceColor }
    }
    var instanceRedOffset: Float {
        get { extraValues.pointee.instanceRedOffset }
        _modify { yield &values.extras.value.instanceRedOffset }
    }
    var instanceGreenOffset: Float {
        get { extraValues.pointee.instanceGreenOffset }
        _modify { yield &values.extras.value.instanceGreenOffset }
    }
    var instanceBlueOffset: Float {
        get { extraValues.pointee.instanceBlueOffset }
        _modify { yield &values.extras.value.instanceBlueOffset }
    }
    var instanceAlphaOffset: Float {
        get { extraValues.pointee.instanceAlphaOffset }
        _modify { yield &values.extras.value.instanceAlphaOffset }
    }
    var preservesDepth: Bool {
        get { extraValues.pointee.preservesDepth }
        _modify { yield &values.extras.value.preservesDepth }
    }
    // Gradient (`CAGradientLayer`)
    var gradientColors: GradientColorList {
        get { extraValues.pointee.gradientColors }
        _modify { yield &values.extras.value.gradientColors }
    }
    var gradientLocations: NumberList {
        get { extraValues.pointee.gradientLocations }
        _modify { yield &values.extras.value.gradientLocations }
    }
    var startPoint: CGPoint {
        get { extraValues.pointee.startPoint }
        _modify { yield &values.extras.value.startPoint }
    }
    var endPoint: CGPoint {
        get { extraValues.pointee.endPoint }
        _modify { yield &values.extras.value.endPoint }
    }
    var gradientType: CAGradientLayerType {
        get { extraValues.pointee.gradientType }
        _modify { yield &values.extras.value.gradientType }
    }
    // Shape (`CAShapeLayer`)
    var shapePath: CGPath? {
        get { extraValues.pointee.shapePath }
        _modify { yield &values.extras.value.shapePath }
    }
    var fillColor: CGColor? {
        get { extraValues.pointee.fillColor }
        _modify { yield &values.extras.value.fillColor }
    }
    var fillRule: CAShapeLayerFillRule {
        get { extraValues.pointee.fillRule }
        _modify { yield &values.extras.value.fillRule }
    }
    var strokeColor: CGColor? {
        get { extraValues.pointee.strokeColor }
        _modify { yield &values.extras.value.strokeColor }
    }
    var lineWidth: CGFloat {
        get { extraValues.pointee.lineWidth }
        _modify { yield &values.extras.value.lineWidth }
    }
    var miterLimit: CGFloat {
        get { extraValues.pointee.miterLimit }
        _modify { yield &values.extras.value.miterLimit }
    }
    var lineCap: CAShapeLayerLineCap {
        get { extraValues.pointee.lineCap }
        _modify { yield &values.extras.value.lineCap }
    }
    var lineJoin: CAShapeLayerLineJoin {
        get { extraValues.pointee.lineJoin }
        _modify { yield &values.extras.value.lineJoin }
    }
    var lineDashPhase: CGFloat {
        get { extraValues.pointee.lineDashPhase }
        _modify { yield &values.extras.value.lineDashPhase }
    }
    var lineDashPattern: NumberList {
        get { extraValues.pointee.lineDashPattern }
        _modify { yield &values.extras.value.lineDashPattern }
    }
    var strokeStart: CGFloat {
        get { extraValues.pointee.strokeStart }
        _modify { yield &values.extras.value.strokeStart }
    }
    var strokeEnd: CGFloat {
        get { extraValues.pointee.strokeEnd }
        _modify { yield &values.extras.value.strokeEnd }
    }
    // Text (`CATextLayer`)
    var foregroundColor: CGColor? {
        get { extraValues.pointee.foregroundColor }
        _modify { yield &values.extras.value.foregroundColor }
    }
    var glyphs: ShapedText? {
        get { extraValues.pointee.glyphs }
        _modify { yield &values.extras.value.glyphs }
    }
    // OpenGL (`CAOpenGLLayer`)
    var isAsynchronous: Bool {
        get { extraValues.pointee.isAsynchronous }
        _modify { yield &values.extras.value.isAsynchronous }
    }
    var glContent: GLContent? {
        get { extraValues.pointee.glContent }
        _modify { yield &values.extras.value.glContent }
    }
    var videoContent: VideoContent? {
        get { extraValues.pointee.videoContent }
        _modify { yield &values.extras.value.videoContent }
    }
    var tileStore: TileStore? {
        get { extraValues.pointee.tileStore }
        _modify { yield &values.extras.value.tileStore }
    }

    // Animated colours (see `Values.animatedBackgroundColor`)
    var animatedBackgroundColor: RGBA? {
        get { storage.pointer.pointee.animatedBackgroundColor }
        _modify { yield &values.animatedBackgroundColor }
    }
    var animatedBorderColor: RGBA? {
        get { extraValues.pointee.animatedBorderColor }
        _modify { yield &values.extras.value.animatedBorderColor }
    }
    var animatedShadowColor: RGBA? {
        get { extraValues.pointee.animatedShadowColor }
        _modify { yield &values.extras.value.animatedShadowColor }
    }
    var animatedInstanceColor: RGBA? {
        get { extraValues.pointee.animatedInstanceColor }
        _modify { yield &values.extras.value.animatedInstanceColor }
    }
    var animatedFillColor: RGBA? {
        get { extraValues.pointee.animatedFillColor }
        _modify { yield &values.extras.value.animatedFillColor }
    }
    var animatedStrokeColor: RGBA? {
        get { extraValues.pointee.animatedStrokeColor }
        _modify { yield &values.extras.value.animatedStrokeColor }
    }
    var animatedForegroundColor: RGBA? {
        get { extraValues.pointee.animatedForegroundColor }
        _modify { yield &values.extras.value.animatedForegroundColor }
    }

    /// The background colour shown: an animated value, else `backgroundColor`.
    var shownBackgroundColor: RGBA? { animatedBackgroundColor ?? backgroundColor?.value }
    /// The border colour shown: an animated value, else `borderColor`.
    var shownBorderColor: RGBA? { animatedBorderColor ?? borderColor?.value }
    /// The shadow colour shown: an animated value, else `shadowColor`.
    var shownShadowColor: RGBA? { animatedShadowColor ?? shadowColor?.value }
    /// A replicator's instance colour shown: an animated value, else `instanceColor`.
    var shownInstanceColor: RGBA? { animatedInstanceColor ?? instanceColor?.value }
    /// A shape layer's fill colour shown: an animated value, else `fillColor`.
    var shownFillColor: RGBA? { animatedFillColor ?? fillColor?.value }
    /// A shape layer's stroke colour shown: an animated value, else `strokeColor`.
    var shownStrokeColor: RGBA? { animatedStrokeColor ?? strokeColor?.value }
    /// A text layer's text colour shown: an animated value, else `foregroundColor`.
    var shownForegroundColor: RGBA? { animatedForegroundColor ?? foregroundColor?.value }

    /// Turns animated colour values into the `CGColor` properties (for presentation copies).
    mutating func resolveAnimatedColors() {
        if let c = animatedBackgroundColor { (backgroundColor, animatedBackgroundColor) = (CGColor(c), nil) }
        if let c = animatedBorderColor { (borderColor, animatedBorderColor) = (CGColor(c), nil) }
        if let c = animatedShadowColor { (shadowColor, animatedShadowColor) = (CGColor(c), nil) }
        if let c = animatedInstanceColor { (instanceColor, animatedInstanceColor) = (CGColor(c), nil) }
        if let c = animatedFillColor { (fillColor, animatedFillColor) = (CGColor(c), nil) }
        if let c = animatedStrokeColor { (strokeColor, animatedStrokeColor) = (CGColor(c), nil) }
        if let c = animatedForegroundColor { (foregroundColor, animatedForegroundColor) = (CGColor(c), nil) }
        if let shown = gradientColors.animated { gradientColors = GradientColorList(shown.map(CGColor.init)) }
    }

    /// The anchor point in the layer's own (bounds) coordinate space, with anchorPointZ.
    var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height, anchorPointZ)
    }
}
