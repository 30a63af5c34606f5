/// Collects quads and commands in painter's order and merges consecutive quads that can
/// share one instanced draw: untextured quads join any batch, textured quads join a batch
/// with no texture yet or with the same image and sampling, gradient quads join a batch with no
/// texture and no gradients of another `GradientShading` (which then reads the frame's gradient
/// texture), and shaped quads (rings, rounded
/// or clipped shapes) are kept apart from plain ones, which draw with a cheaper shader.
///
/// Given the target's size, it also works out the pixels each group, masked group and shape
/// clip can touch (`DisplayList.groupRegions`), from the quads drawn inside it.
struct Batcher {
    /// A group (or a layer casting a shadow from its drawing) being recorded: the index of its
    /// opening command and the boxes grown so far.
    private struct OpenGroup {
        let command: Int
        /// The shadow cast from what the group draws (`beginShadow`).
        var shadow: ContentShadow?
        var content = PixelBox.empty
        /// What its mask draws, once `beginMask` has come.
        var mask: PixelBox?
        /// The shape of a shape clip.
        var shape: PixelBox?
    }

    private var instances: [QuadInstance] = []
    private var commands: [DisplayCommand] = []
    private var open: DrawBatch?
    /// Whether the open batch holds the inside of a split fill (`QuadInstance.splitInterior(in:)`).
    private var openHoldsInterior = false
    /// The size of the target being drawn: the frame's, or a rasterized layer's bitmap's.
    private var targetSize: SIMD2<Float>?
    private var openGroups: [OpenGroup] = []
    /// For each open `beginRaster`, the groups open outside the bitmap and the size drawn into.
    private var outsideRasters: [(openGroups: [OpenGroup], targetSize: SIMD2<Float>?)] = []
    private var groupRegions: [Int: PixelRegion] = [:]
    private var gradientTexels: [SIMD4<Float>] = []

    /// A batcher for a target of `targetSize` pixels; without a size, no group regions are worked out.
    init(reservingCapacity capacity: Int = 0, targetSize: SIMD2<Float>? = nil) {
        instances.reserveCapacity(capacity)
        self.targetSize = targetSize
    }

    /// The number of quads added so far.
    var instanceCount: Int { instances.count }
    /// The number of commands closed so far (the open batch is not among them).
    var commandCount: Int { commands.count }

    /// Whether every command closed since the first `count` is a draw.
    func closedOnlyDraws(since count: Int) -> Bool {
        commands[count...].allSatisfy { if case .draw = $0 { true } else { false } }
    }

    /// Whether `quad` can be drawn: every number finite in single precision. One that is not is
    /// left out (a clip shape is replaced by `QuadInstance.empty`, which clips everything away),
    /// with an error logged once: whatever the app sets, the GPU is never handed NaN.
    private static func admits(_ quad: QuadInstance) -> Bool {
        guard !quad.isFinite else { return true }
        Diagnostics.errorOnce(
            "render.nonFiniteQuad",
            "render: a layer whose geometry overflows single precision (its transform, bounds or position past ±3.4e38 once its ancestors' transforms apply) is not drawn"
        )
        return false
    }

    /// Adds a quad to the current batch, or starts a new batch when it cannot join. A large
    /// rounded fill goes in as its inside and the strips around it
    /// (`QuadInstance.splitInterior(in:)`).
    mutating func add(_ quad: QuadInstance, image: CGImage?, sampling: TextureSampling) {
        guard Self.admits(quad) else { return }
        if image == nil, let targetSize, let split = quad.splitInterior(in: targetSize) {
            for strip in split.strips { add(strip, image: nil, sampling: sampling) }
            add(split.interior, image: nil, sampling: sampling)
            return
        }
        if let targetSize, !openGroups.isEmpty { grow(PixelBox(covering: quad, in: targetSize)) }
        let gradient = image == nil ? quad.gradientShading : .none
        // The inside of a split fill is drawn by the plain shader, over many pixels: its batch
        // neither has nor takes an image or a gradient.
        let staysPlain = quad.parameters.isInterior || openHoldsInterior
        let plain = image == nil && gradient == .none && open?.image == nil && open?.gradient == GradientShading.none
        // The open batch is changed where it is: a copy would retain and release its image.
        if open?.accepts(quad, image: image, sampling: sampling, gradient: gradient) == true, !staysPlain || plain {
            open?.join(quad, image: image, sampling: sampling, gradient: gradient)
            openHoldsInterior = staysPlain
        } else {
            closeBatch()
            open = DrawBatch(
                first: instances.count, count: 1, image: image, sampling: sampling, isShaped: quad.isShaped,
                gradient: gradient, shapeCoverage: quad.isShaped ? quad.shapeCoverage : .uniformAffineFill)
            openHoldsInterior = quad.parameters.isInterior
        }
        instances.append(quad)
    }

    /// Adds a gradient quad drawing the gradient `block` (see `GradientTexels`).
    mutating func addGradient(_ quad: QuadInstance, block: [SIMD4<Float>]) {
        var quad = quad
        let first = addGradientTexels(block)
        quad.uv = SIMD4(first, 0, first, 0)
        quad.parameters.paint =
            !GradientTexels.isAxialTwoStop(block)
            ? .gradient
            : !quad.isShaped && GradientTexels.staysBetweenStops(block, over: quad.rect)
                ? .interpolatedGradient : .axialTwoStopGradient
        add(quad, image: nil, sampling: .init())
    }

    /// Appends gradient texels to the frame's; returns the index of the first.
    mutating func addGradientTexels(_ texels: [SIMD4<Float>]) -> Float {
        let first = Float(gradientTexels.count)
        gradientTexels += texels
        return first
    }

    /// Starts a clip to `shape`'s rounded rectangle; returns the shape's instance index.
    @discardableResult
    mutating func pushClip(_ shape: QuadInstance) -> Int {
        closeBatch()
        instances.append(Self.admits(shape) ? shape : .empty)
        commands.append(.pushClip(instance: instances.count - 1))
        return instances.count - 1
    }

    /// Ends the clip started by `pushClip` that returned `index`.
    mutating func popClip(_ index: Int) {
        closeBatch()
        commands.append(.popClip(instance: index))
    }

    /// Starts drawing what the anti-aliased `shape` clips; returns the shape's instance index.
    mutating func beginShapeClip(_ shape: QuadInstance) -> Int {
        let shape = Self.admits(shape) ? shape : .empty
        closeBatch()
        instances.append(shape)
        commands.append(.beginShapeClip(instance: instances.count - 1))
        openGroups.append(
            OpenGroup(command: commands.count - 1, shape: targetSize.map { PixelBox(covering: shape, in: $0) }))
        return instances.count - 1
    }

    /// Ends the shape clip started by `beginShapeClip` that returned `index`.
    mutating func endShapeClip(_ index: Int) {
        closeBatch()
        commands.append(.endShapeClip(instance: index))
        closeGroup()
    }

    mutating func beginGroup() {
        closeBatch()
        commands.append(.beginGroup)
        openGroups.append(OpenGroup(command: commands.count - 1))
    }

    mutating func endGroup(opacity: Float) {
        closeBatch()
        commands.append(.endGroup(opacity: opacity))
        closeGroup()
    }

    mutating func beginMask() {
        closeBatch()
        commands.append(.beginMask)
        if !openGroups.isEmpty { openGroups[openGroups.count - 1].mask = .empty }
    }

    mutating func endMask(opacity: Float) {
        closeBatch()
        commands.append(.endMask(opacity: opacity))
        closeGroup()
    }

    /// Ends the innermost group with `effects`, which are applied where the group drew.
    mutating func endEffectGroup(opacity: Float, effects: GroupEffects) {
        closeBatch()
        let index = commands.count
        commands.append(.endEffectGroup(opacity: opacity, effects: effects, region: PixelRegion.everything))
        // Blurs read and write around what was drawn: the group is cleared that far and its
        // parent grows by it.
        let spread = targetSize.map { Float(effects.spread(width: Int($0.x), height: Int($0.y))) } ?? 0
        if let drawn = closeGroup(spread: spread) {
            commands[index] = .endEffectGroup(opacity: opacity, effects: effects, region: drawn)
        }
    }

    /// Filters what was drawn so far inside the current clip and the shape `shape` (background
    /// filters); nothing when the shape cannot be drawn.
    mutating func filterBackdrop(_ passes: [FilterPass], inside shape: QuadInstance) {
        guard Self.admits(shape) else { return }
        closeBatch()
        instances.append(shape)
        let region = targetSize.map { PixelBox(covering: shape, in: $0).region(in: $0) } ?? PixelRegion.everything
        commands.append(.filterBackdrop(passes, shape: instances.count - 1, region: region))
    }

    /// Starts the commands that draw a rasterized layer's bitmap. Groups inside it are
    /// regions of the bitmap, and what is drawn into it does not grow the groups outside.
    mutating func beginRaster(_ request: RasterRequest) {
        closeBatch()
        commands.append(.beginRaster(request))
        outsideRasters.append((openGroups, targetSize))
        openGroups = []
        if targetSize != nil { targetSize = SIMD2(Float(request.width), Float(request.height)) }
    }

    mutating func endRaster() {
        closeBatch()
        commands.append(.endRaster)
        if let outside = outsideRasters.popLast() { (openGroups, targetSize) = outside }
    }

    /// Adds `quad` as a batch of its own, for a command that draws it with a texture the renderer
    /// keeps (a rasterized layer's bitmap, an OpenGL layer's picture, a video frame); nil when the
    /// quad cannot be drawn.
    private mutating func soleQuadBatch(_ quad: QuadInstance, sampling: TextureSampling) -> DrawBatch? {
        guard Self.admits(quad) else { return nil }
        closeBatch()
        if let targetSize, !openGroups.isEmpty { grow(PixelBox(covering: quad, in: targetSize)) }
        instances.append(quad)
        return DrawBatch(
            first: instances.count - 1, count: 1, image: nil, sampling: sampling, isShaped: quad.isShaped,
            shapeCoverage: quad.isShaped ? quad.shapeCoverage : .uniformAffineFill)
    }

    /// Draws `layer`'s cached bitmap with `quad` (a batch of its own).
    mutating func drawRaster(of layer: LayerID, quad: QuadInstance, sampling: TextureSampling) {
        guard let batch = soleQuadBatch(quad, sampling: sampling) else { return }
        commands.append(.drawRaster(layer: layer, batch: batch))
    }

    /// Draws a `CAOpenGLLayer`'s picture with `quad` (a batch of its own).
    mutating func drawGLContent(_ request: GLContentRequest, quad: QuadInstance, sampling: TextureSampling) {
        guard let batch = soleQuadBatch(quad, sampling: sampling) else { return }
        commands.append(.drawGLContent(request, batch: batch))
    }

    /// Draws a video layer's frame with `quad` (a batch of its own).
    mutating func drawVideo(_ video: VideoDraw, quad: QuadInstance, sampling: TextureSampling) {
        guard let batch = soleQuadBatch(quad, sampling: sampling) else { return }
        commands.append(.drawVideo(video, batch: batch))
    }

    /// Adds a quad that only commands refer to by its index (a shadow's clip shape); no batch draws it.
    mutating func addReferencedInstance(_ quad: QuadInstance) -> Int {
        closeBatch()
        instances.append(Self.admits(quad) ? quad : .empty)
        return instances.count - 1
    }

    mutating func beginShadow(_ shadow: ContentShadow) {
        closeBatch()
        commands.append(.beginShadow(shadow))
        openGroups.append(OpenGroup(command: commands.count - 1, shadow: shadow))
    }

    /// Ends the layer started by the innermost `beginShadow` with the window area its drawing
    /// covers, and grows the group around it by that and by its shadow.
    mutating func endShadow() {
        closeBatch()
        guard let group = openGroups.popLast(), let shadow = group.shadow, let targetSize else {
            commands.append(.endShadow(bounds: SIMD4(repeating: .infinity)))
            return
        }
        commands.append(.endShadow(bounds: group.content.windowRect(in: targetSize)))
        // The offset is in window pixels with y down; boxes have y up.
        let cast = group.content.offset(by: SIMD2(shadow.offset.x, -shadow.offset.y))
            .grown(by: PixelBox.shadowReach(sigma: shadow.sigma))
        grow(group.content.union(cast))
    }

    /// Draws a `shadowPath` shadow, unless it lies wholly off the target: the renderer would
    /// rasterise and blur the path for nothing (64 large pages with shadows, mostly off screen,
    /// took 38–49 s and 2.1 GB for their first frame).
    mutating func drawShadow(_ shadow: PathShadow) {
        var box: PixelBox?
        if let targetSize {
            let bounds = shadow.path.boundingBoxOfPath
            let covered = PixelBox(
                rect: SIMD4(Float(bounds.minX), Float(bounds.minY), Float(bounds.width), Float(bounds.height)),
                transform: shadow.transform, in: targetSize
            ).grown(by: PixelBox.shadowReach(sigma: shadow.key.sigma))
            guard covered.intersects(PixelBox(low: .zero, high: targetSize)) else { return }
            box = covered
        }
        closeBatch()
        commands.append(.drawShadow(shadow))
        if let box, !openGroups.isEmpty { grow(box) }
    }

    /// The finished display list.
    package mutating func finish(width: Int, height: Int, clearColor: SIMD4<Float>) -> DisplayList {
        closeBatch()
        // A list may be kept for many frames (patched in place while its layers only move): it
        // keeps no room its growth left unused (up to half of it after a doubling).
        if instances.capacity - instances.count > instances.count / 8 {
            var exact: [QuadInstance] = []
            exact.reserveCapacity(instances.count)
            exact.append(contentsOf: instances)
            instances = exact
        }
        return DisplayList(
            width: width, height: height, clearColor: clearColor, instances: instances, commands: commands,
            groupRegions: groupRegions, gradientTexels: gradientTexels)
    }

    /// Grows the innermost open group's box (its mask's, once the mask is being drawn) by `box`.
    private mutating func grow(_ box: PixelBox) {
        guard !openGroups.isEmpty else { return }
        let last = openGroups.count - 1
        if let mask = openGroups[last].mask {
            openGroups[last].mask = mask.union(box)
        } else {
            openGroups[last].content = openGroups[last].content.union(box)
        }
    }

    /// Records the region of the innermost open group — what it drew, within its mask and its
    /// shape, grown by `spread` pixels — and grows its parent by it.
    /// - Returns: the region of what it drew, not grown; nil without a target size.
    @discardableResult
    private mutating func closeGroup(spread: Float = 0) -> PixelRegion? {
        guard let group = openGroups.popLast(), let targetSize else { return nil }
        var box = group.content
        if let mask = group.mask { box = box.intersection(mask) }
        if let shape = group.shape { box = box.intersection(shape) }
        let spreadBox = spread > 0 ? box.grown(by: spread) : box
        groupRegions[group.command] = spreadBox.region(in: targetSize)
        grow(spreadBox)
        return box.region(in: targetSize)
    }

    private mutating func closeBatch() {
        if let batch = open { commands.append(.draw(batch)) }
        open = nil
        openHoldsInterior = false
    }

}

extension DrawBatch {
    /// Whether `quad`, drawing `image` (or `gradient`) with `sampling`, can join the batch: the
    /// same shading of its shape, and an image, sampling and gradient that one draw can take.
    fileprivate func accepts(
        _ quad: QuadInstance, image: CGImage?, sampling: TextureSampling, gradient: GradientShading
    ) -> Bool {
        guard isShaped == quad.isShaped else { return false }
        if gradient != .none {
            // Interpolated gradients and axial ones of two stops share the latter's shader.
            let twoStops = max(self.gradient, gradient) <= .axialTwoStops
            return self.image == nil && (self.gradient == .none || self.gradient == gradient || twoStops)
        }
        guard let image else { return true }
        guard let current = self.image else { return self.gradient == .none }
        return current === image && self.sampling == sampling
    }

    /// Adds `quad`, which it `accepts`, to the batch: the batch takes its image, gradient and
    /// the coverage its shape needs.
    fileprivate mutating func join(
        _ quad: QuadInstance, image: CGImage?, sampling: TextureSampling, gradient: GradientShading
    ) {
        if self.image == nil, let image {
            self.image = image
            self.sampling = sampling
        }
        self.gradient = max(self.gradient, gradient)
        if quad.isShaped { shapeCoverage = max(shapeCoverage, quad.shapeCoverage) }
        count += 1
    }
}
