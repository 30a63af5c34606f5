import Dispatch
import Synchronization

/// The render side's rasterised shapes, kept from frame to frame by what they draw
/// (`ShapeRaster.Key`): a still shape is rasterised once, an animated one again only when a
/// value it is drawn from changes, and layers showing equal shapes (each with a path of its
/// own, as a list of identical icons or spinners in step makes) share one raster and one
/// place in the atlas. A raster is kept while some layer last drew it.
///
/// Small rasters (at most `atlasSlotSide` pixels a side) are packed into shared textures, the
/// atlas's pages (`pageSide` pixels square, at most `maximumPages`), so that many shapes draw in
/// one call: a raster goes into a slot of a page as a `TextureUpdate`, and a shape that one
/// layer alone showed, drawn anew at the same size, takes over its slot and writes only the
/// pixels that changed. Slots are not freed one by one; when the pages are full, the atlas is
/// emptied at the next frame and the shapes drawn after that take new slots. Larger rasters
/// are textures of their own, updated in place where they changed.
///
/// Owned by a renderer's render tree and used by its frame pipeline and frame builder on the
/// render thread. Before a frame is built, the shapes drawn in the frame before that have
/// changed since are rasterised side by side on the render thread and helper threads
/// (`prepareFrame`), each different shape once, so that animated shapes do not all wait for
/// one core; the frame builder then finds them kept. The lock makes that, and sharing the
/// tree's copies (a transition's old rendering), safe.
final class ShapeRasterCache: Sendable {
    /// The side of an atlas page, in pixels.
    static let pageSide = 1024
    /// The most pages the atlas keeps (16 MiB of pixels).
    static let maximumPages = 4
    /// The largest raster side packed into the atlas; larger rasters are textures of their own.
    static let atlasSlotSide = 128

    /// How a shape is drawn: an image (an atlas page, or the raster's own), the part of it that
    /// holds the shape in unit texture coordinates, and where the shape lies in the layer.
    struct Drawable {
        let image: CGImage
        /// minX, minY, maxX, maxY of the shape's pixels in `image`, in 0...1.
        let uv: SIMD4<Float>
        let rect: CGRect
    }

    /// A raster and the layers showing it: a reference, so that a layer's entry names its shape
    /// without copying it or looking it up. Its `var`s change only under the cache's lock.
    private final class Shape: @unchecked Sendable {
        let key: ShapeRaster.Key
        /// Nil when the shape draws nothing.
        let raster: ShapeRaster?
        /// Where the raster is in the atlas; nil when it is not there (yet).
        var slot: TextureAtlas.Slot?
        /// How many layers last drew this shape.
        var layers = 0

        init(key: ShapeRaster.Key, raster: ShapeRaster?, slot: TextureAtlas.Slot?) {
            (self.key, self.raster, self.slot) = (key, raster, slot)
        }
    }

    /// The shape a layer last drew.
    private struct Shown {
        let shape: Shape
        /// The frame (`State.frame`) that drew it.
        var drawnInFrame: UInt64
    }

    private struct State {
        var shapes: [ShapeRaster.Key: Shape] = [:]
        var shown: [LayerID: Shown] = [:]
        var atlas = TextureAtlas(pageSide: ShapeRasterCache.pageSide, maximumPages: ShapeRasterCache.maximumPages)
        var rasterizations = 0
        var replacedImages = false
        /// Counts the frames `prepareFrame` began.
        var frame: UInt64 = 0

        /// Records that layer `id` shows the kept `shape` in this frame; a shape no layer shows
        /// any more is forgotten.
        mutating func show(_ shape: Shape, on id: LayerID) {
            let old = shown.updateValue(Shown(shape: shape, drawnInFrame: frame), forKey: id)?.shape
            guard old !== shape else { return }
            shape.layers += 1
            if let old { release(old) }
        }

        /// One layer fewer shows `shape`; at none, it is forgotten (and a raster drawn from its
        /// own image leaves a texture out of use).
        mutating func release(_ shape: Shape) {
            shape.layers -= 1
            guard shape.layers <= 0 else { return }
            if shapes[shape.key] === shape { shapes[shape.key] = nil }
            if shape.raster != nil, shape.slot == nil { replacedImages = true }
        }
    }

    private let state = Mutex(State())

    /// How to draw layer `id`'s shape as `key` describes it: from the kept raster of an equal
    /// shape when there is one, else from a new one. Nil when the shape draws nothing.
    func drawable(of id: LayerID, _ key: ShapeRaster.Key) -> Drawable? {
        state.withLock { state -> Drawable?? in
            guard let shape = state.shapes[key] else { return nil }
            state.show(shape, on: id)
            return .some(Self.drawable(of: shape, in: &state))
        } ?? redraw(id, key).flatMap { shape in state.withLock { Self.drawable(of: shape, in: &$0) } }
    }

    /// Begins a frame: empties a full atlas, then rasterises anew, side by side, the shapes the
    /// last frame drew whose values have changed since (at the scale they were drawn at), as
    /// `properties` gives the layers' shown values: each shape not kept once.
    func prepareFrame(_ properties: (LayerID) -> LayerProperties?) {
        let changed = state.withLock { state -> [(LayerID, ShapeRaster.Key)] in
            state.frame += 1
            if state.atlas.emptyIfFull() {
                state.replacedImages = true
                for shape in state.shapes.values { shape.slot = nil }
            }
            var first: [ShapeRaster.Key: LayerID] = [:]
            for (id, shown) in state.shown where shown.drawnInFrame == state.frame - 1 {
                guard let p = properties(id), p.drawsShape else { continue }
                let key = ShapeRaster.Key(p, scale: shown.shape.key.scale)
                if key != shown.shape.key, state.shapes[key] == nil, first[key] == nil { first[key] = id }
            }
            return first.map { ($0.value, $0.key) }
        }
        guard changed.count > 1 else { return }
        DispatchQueue.concurrentPerform(iterations: changed.count) { i in
            let (id, key) = changed[i]
            redraw(id, key)
        }
    }

    /// The pixels to write into atlas pages before the frame is drawn, taken once.
    func takeTextureUpdates() -> [TextureUpdate] {
        state.withLock { $0.atlas.takeUpdates() }
    }

    /// Rasterises layer `id`'s shape from `key` and keeps it, shown by the layer in this frame.
    /// When the layer alone showed its last shape, the new raster follows that one
    /// (`ShapeRaster.following`): in the same slot of the atlas when it has the same size,
    /// writing only the pixels that changed. A shape another thread kept meanwhile is taken as
    /// it is.
    @discardableResult
    private func redraw(_ id: LayerID, _ key: ShapeRaster.Key) -> Shape? {
        let (last, alone) = state.withLock { state in
            let last = state.shown[id]?.shape
            return (last, last?.layers == 1)
        }
        let previous = last?.raster
        let raster = key.drawsSomething ? ShapeRaster.rasterize(key, after: previous) : nil
        let kept = alone ? raster?.following(previous) : raster
        return state.withLock { state in
            if let shape = state.shapes[key] {
                state.show(shape, on: id)
                return shape
            }
            var slot: TextureAtlas.Slot?
            // The last shape's slot is taken over only if no other layer took up that shape.
            if let last, last.layers == 1, state.shown[id]?.shape === last, let oldSlot = last.slot, let kept,
                let oldRaster = last.raster, oldSlot.width == kept.image.width, oldSlot.height == kept.image.height
            {
                if kept.image !== oldRaster.image {
                    state.atlas.write(kept.image, into: oldSlot, region: kept.image.updatedRegion)
                }
                // The layer's last shape goes with its slot: no texture falls out of use.
                if state.shapes[last.key] === last { state.shapes[last.key] = nil }
                state.shown[id] = nil
                slot = oldSlot
            }
            let shape = Shape(key: key, raster: kept, slot: slot)
            state.shapes[key] = shape
            state.show(shape, on: id)
            if raster != nil { state.rasterizations += 1 }
            return shape
        }
    }

    /// How `shape` is drawn: nil when it draws nothing; from its slot, given one now if it has
    /// none and is small enough and the atlas has room; else from its raster's own image.
    private static func drawable(of shape: Shape, in state: inout State) -> Drawable? {
        guard let raster = shape.raster else { return nil }
        let own = Drawable(image: raster.image, uv: SIMD4(0, 0, 1, 1), rect: raster.rect)
        let (width, height) = (raster.image.width, raster.image.height)
        guard width <= atlasSlotSide, height <= atlasSlotSide else { return own }
        if shape.slot == nil {
            guard let slot = state.atlas.place(width: width, height: height) else { return own }
            shape.slot = slot
            state.atlas.write(raster.image, into: slot)
        }
        guard let slot = shape.slot else { return own }
        return Drawable(image: state.atlas.image(of: slot), uv: state.atlas.uv(of: slot), rect: raster.rect)
    }

    /// Forgets the rasters of layers that are gone, where no other layer shows them.
    func remove(_ ids: [LayerID]) {
        state.withLock { state in
            for id in ids {
                if let shown = state.shown.removeValue(forKey: id) { state.release(shown.shape) }
            }
        }
    }

    /// The ids of the images the kept rasters are drawn from: the atlas's pages, and the
    /// rasters outside it with the images they update.
    var imageIDs: Set<UInt64> {
        state.withLock { state in
            var ids = Set(state.atlas.imageIDs)
            for shape in state.shapes.values where shape.slot == nil {
                guard let image = shape.raster?.image else { continue }
                ids.insert(image.imageID)
                if let base = image.updatedRegion?.base { ids.insert(base) }
            }
            return ids
        }
    }

    /// Whether a raster was replaced or forgotten, or the atlas emptied, since the last call, so
    /// that textures may go.
    func takeReplacedImages() -> Bool {
        state.withLock { state in
            defer { state.replacedImages = false }
            return state.replacedImages
        }
    }

    /// How many shapes are kept (for tests).
    package var keptShapes: Int { state.withLock { $0.shapes.count } }

    /// How many shapes have been rasterised (for tests and statistics).
    package var rasterizations: Int { state.withLock { $0.rasterizations } }
}
