import Dispatch
import Synchronization

/// The render side's rasterised shapes, one per `CAShapeLayer`, kept from frame to frame: a
/// still shape is rasterised once, and an animated one again only when a value it is drawn from
/// changes (`ShapeRaster.Key`).
///
/// Small rasters (at most `atlasSlotSide` pixels a side) are packed into shared textures, the
/// atlas's pages (`pageSide` pixels square, at most `maximumPages`), so that many shapes draw in
/// one call: a raster goes into a slot of a page as a `TextureUpdate`, and a shape drawn anew at
/// the same size writes only the pixels that changed into its slot. Slots are not freed one by
/// one; when the pages are full, the atlas is emptied at the next frame and the shapes drawn
/// after that take new slots. Larger rasters are textures of their own, updated in place where
/// they changed.
///
/// Owned by a renderer's render tree and used by its frame pipeline and frame builder on the
/// render thread. Before a frame is built, the shapes drawn in the frame before that have
/// changed since are rasterised side by side on the render thread and helper threads
/// (`prepareFrame`), so that animated shapes do not all wait for one core; the frame builder then
/// finds them kept. The lock makes that, and sharing the tree's copies (a transition's old
/// rendering), safe.
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

    private struct Entry {
        let key: ShapeRaster.Key
        /// Nil when the shape draws nothing.
        let raster: ShapeRaster?
        /// Where the raster is in the atlas; nil when it is not there (yet).
        var slot: TextureAtlas.Slot?
        /// The frame (`State.frame`) that last drew the shape.
        var drawnInFrame: UInt64
    }

    private struct State {
        var entries: [LayerID: Entry] = [:]
        var atlas = TextureAtlas(pageSide: ShapeRasterCache.pageSide, maximumPages: ShapeRasterCache.maximumPages)
        var rasterizations = 0
        var replacedImages = false
        /// Counts the frames `prepareFrame` began.
        var frame: UInt64 = 0
    }

    private let state = Mutex(State())

    /// How to draw layer `id`'s shape as `key` describes it: from the kept raster when its key
    /// is `key`, else from a new one, which replaces it. Nil when the shape draws nothing.
    func drawable(of id: LayerID, _ key: ShapeRaster.Key) -> Drawable? {
        let kept = state.withLock { state -> Drawable?? in
            guard let entry = state.entries[id], entry.key == key else { return nil }
            state.entries[id]?.drawnInFrame = state.frame
            return .some(entry.raster.map { Self.drawable(of: id, $0, in: &state) })
        }
        if let kept { return kept }
        return redraw(id, key).map { raster in state.withLock { Self.drawable(of: id, raster, in: &$0) } }
    }

    /// Begins a frame: empties a full atlas, then rasterises anew, side by side, the shapes the
    /// last frame drew whose values have changed since (at the scale they were drawn at), as
    /// `properties` gives the layers' shown values.
    func prepareFrame(_ properties: (LayerID) -> LayerProperties?) {
        let changed = state.withLock { state -> [(LayerID, ShapeRaster.Key)] in
            state.frame += 1
            if state.atlas.emptyIfFull() {
                state.replacedImages = true
                for id in state.entries.keys { state.entries[id]?.slot = nil }
            }
            return state.entries.compactMap { id, entry in
                guard entry.drawnInFrame == state.frame - 1, let p = properties(id), p.drawsShape else { return nil }
                let key = ShapeRaster.Key(p, scale: entry.key.scale)
                return key == entry.key ? nil : (id, key)
            }
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

    /// Rasterises layer `id`'s shape from `key` and keeps it, drawn in this frame, as an update
    /// of the raster it replaces (`ShapeRaster.following`), in the same slot of the atlas when it
    /// has the same size, writing only the pixels that changed.
    @discardableResult
    private func redraw(_ id: LayerID, _ key: ShapeRaster.Key) -> ShapeRaster? {
        let previous = state.withLock { $0.entries[id] }
        let raster = key.drawsSomething ? ShapeRaster.rasterize(key, after: previous?.raster) : nil
        let kept = raster?.following(previous?.raster)
        state.withLock { state in
            var slot = previous?.slot
            if let slot, let kept, let old = previous?.raster, slot.width == kept.image.width,
                slot.height == kept.image.height
            {
                if kept.image !== old.image {
                    state.atlas.write(kept.image, into: slot, region: kept.image.updatedRegion)
                }
            } else {
                slot = nil
            }
            if slot == nil, let old = previous?.raster, old.image !== kept?.image { state.replacedImages = true }
            state.entries[id] = Entry(key: key, raster: kept, slot: slot, drawnInFrame: state.frame)
            if raster != nil { state.rasterizations += 1 }
        }
        return kept
    }

    /// How layer `id`'s kept `raster` is drawn: from its slot, given one now if it has none and
    /// is small enough and the atlas has room; else from its own image.
    private static func drawable(of id: LayerID, _ raster: ShapeRaster, in state: inout State) -> Drawable {
        let own = Drawable(image: raster.image, uv: SIMD4(0, 0, 1, 1), rect: raster.rect)
        let (width, height) = (raster.image.width, raster.image.height)
        guard width <= atlasSlotSide, height <= atlasSlotSide else { return own }
        if state.entries[id]?.slot == nil {
            guard let slot = state.atlas.place(width: width, height: height) else { return own }
            state.entries[id]?.slot = slot
            state.atlas.write(raster.image, into: slot)
        }
        guard let slot = state.entries[id]?.slot else { return own }
        return Drawable(image: state.atlas.image(of: slot), uv: state.atlas.uv(of: slot), rect: raster.rect)
    }

    /// Forgets the rasters of layers that are gone.
    func remove(_ ids: [LayerID]) {
        state.withLock { state in
            for id in ids where state.entries.removeValue(forKey: id)?.raster != nil { state.replacedImages = true }
        }
    }

    /// The ids of the images the kept rasters are drawn from: the atlas's pages, and the
    /// rasters outside it with the images they update.
    var imageIDs: Set<UInt64> {
        state.withLock { state in
            var ids = Set(state.atlas.imageIDs)
            for entry in state.entries.values where entry.slot == nil {
                guard let image = entry.raster?.image else { continue }
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

    /// How many shapes have been rasterised (for tests and statistics).
    package var rasterizations: Int { state.withLock { $0.rasterizations } }
}
