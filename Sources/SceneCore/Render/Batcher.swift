/// Collects quads and commands in painter's order and merges consecutive quads that can
/// share one instanced draw: untextured quads join any batch, textured quads join a batch
/// with no texture yet or with the same image and sampling, and shaped quads (rings, rounded
/// or clipped shapes) are kept apart from plain ones, which draw with a cheaper shader.
struct Batcher {
    private var instances: [QuadInstance] = []
    private var commands: [DisplayCommand] = []
    private var open: DrawBatch?

    init(reservingCapacity capacity: Int = 0) {
        instances.reserveCapacity(capacity)
    }

    /// Adds a quad to the current batch, or starts a new batch when it cannot join.
    mutating func add(_ quad: QuadInstance, image: CGImage?, sampling: TextureSampling) {
        if var batch = open, batch.isShaped == quad.isShaped, Batcher.canJoin(batch, image: image, sampling: sampling) {
            if batch.image == nil, let image {
                batch.image = image
                batch.sampling = sampling
            }
            batch.count += 1
            open = batch
        } else {
            closeBatch()
            open = DrawBatch(
                first: instances.count, count: 1, image: image, sampling: sampling, isShaped: quad.isShaped)
        }
        instances.append(quad)
    }

    /// Starts a clip to `shape`'s rounded rectangle; returns the shape's instance index.
    @discardableResult
    mutating func pushClip(_ shape: QuadInstance) -> Int {
        closeBatch()
        instances.append(shape)
        commands.append(.pushClip(instance: instances.count - 1))
        return instances.count - 1
    }

    /// Ends the clip started by `pushClip` that returned `index`.
    mutating func popClip(_ index: Int) {
        closeBatch()
        commands.append(.popClip(instance: index))
    }

    mutating func beginGroup() {
        closeBatch()
        commands.append(.beginGroup)
    }

    mutating func endGroup(opacity: Float) {
        closeBatch()
        commands.append(.endGroup(opacity: opacity))
    }

    mutating func beginMask() {
        closeBatch()
        commands.append(.beginMask)
    }

    mutating func endMask(opacity: Float) {
        closeBatch()
        commands.append(.endMask(opacity: opacity))
    }

    /// Adds a quad that only commands refer to by its index (a shadow's clip shape); no batch draws it.
    mutating func addReferencedInstance(_ quad: QuadInstance) -> Int {
        closeBatch()
        instances.append(quad)
        return instances.count - 1
    }

    mutating func beginShadow(_ shadow: ContentShadow) {
        closeBatch()
        commands.append(.beginShadow(shadow))
    }

    mutating func endShadow(bounds: SIMD4<Float>) {
        closeBatch()
        commands.append(.endShadow(bounds: bounds))
    }

    mutating func drawShadow(_ shadow: PathShadow) {
        closeBatch()
        commands.append(.drawShadow(shadow))
    }

    /// The finished display list.
    package mutating func finish(width: Int, height: Int, clearColor: SIMD4<Float>) -> DisplayList {
        closeBatch()
        return DisplayList(
            width: width, height: height, clearColor: clearColor, instances: instances, commands: commands)
    }

    private mutating func closeBatch() {
        if let batch = open { commands.append(.draw(batch)) }
        open = nil
    }

    private static func canJoin(_ batch: DrawBatch, image: CGImage?, sampling: TextureSampling) -> Bool {
        guard let image else { return true }
        guard let current = batch.image else { return true }
        return current === image && batch.sampling == sampling
    }
}
