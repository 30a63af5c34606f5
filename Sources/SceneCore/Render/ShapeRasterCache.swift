import Dispatch
import Synchronization

/// The render side's rasterised shapes, one per `CAShapeLayer`, kept from frame to frame: a
/// still shape is rasterised once, and an animated one again only when a value it is drawn from
/// changes (`ShapeRaster.Key`).
///
/// Owned by a renderer's render tree and used by its frame pipeline and frame builder on the
/// render thread. Before a frame is built, the shapes drawn in the frame before that have
/// changed since are rasterised side by side on the render thread and helper threads
/// (`prepareFrame`), so that animated shapes do not all wait for one core; the frame builder then
/// finds them kept. The lock makes that, and sharing the tree's copies (a transition's old
/// rendering), safe.
final class ShapeRasterCache: Sendable {
    private struct Entry {
        let key: ShapeRaster.Key
        /// Nil when the shape draws nothing.
        let raster: ShapeRaster?
        /// The frame (`State.frame`) that last drew the shape.
        var drawnInFrame: UInt64
    }

    private struct State {
        var entries: [LayerID: Entry] = [:]
        var rasterizations = 0
        var replacedImages = false
        /// Counts the frames `prepareFrame` began.
        var frame: UInt64 = 0
    }

    private let state = Mutex(State())

    /// The raster of layer `id`'s shape as `key` describes it: the kept one when its key is
    /// `key`, else a new one, which replaces it. Nil when the shape draws nothing.
    func raster(of id: LayerID, _ key: ShapeRaster.Key) -> ShapeRaster? {
        let kept = state.withLock { state -> Entry? in
            guard let entry = state.entries[id], entry.key == key else { return nil }
            state.entries[id]?.drawnInFrame = state.frame
            return entry
        }
        if let kept { return kept.raster }
        return redraw(id, key)
    }

    /// Begins a frame: rasterises anew, side by side, the shapes the last frame drew whose values
    /// have changed since (at the scale they were drawn at), as `properties` gives the layers'
    /// shown values.
    func prepareFrame(_ properties: (LayerID) -> LayerProperties?) {
        let changed = state.withLock { state -> [(LayerID, ShapeRaster.Key)] in
            state.frame += 1
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

    /// Rasterises layer `id`'s shape from `key` and keeps it, drawn in this frame, as an update
    /// of the raster it replaces (`ShapeRaster.following`).
    @discardableResult
    private func redraw(_ id: LayerID, _ key: ShapeRaster.Key) -> ShapeRaster? {
        let previous = state.withLock { $0.entries[id]?.raster }
        let raster = key.drawsSomething ? ShapeRaster.rasterize(key, after: previous) : nil
        let kept = raster?.following(previous)
        state.withLock {
            if let previous, previous.image !== kept?.image { $0.replacedImages = true }
            $0.entries[id] = Entry(key: key, raster: kept, drawnInFrame: $0.frame)
            if raster != nil { $0.rasterizations += 1 }
        }
        return kept
    }

    /// Forgets the rasters of layers that are gone.
    func remove(_ ids: [LayerID]) {
        state.withLock { state in
            for id in ids where state.entries.removeValue(forKey: id)?.raster != nil { state.replacedImages = true }
        }
    }

    /// The ids of the images of the rasters kept, and of the images they update.
    var imageIDs: Set<UInt64> {
        state.withLock { state in
            var ids = Set<UInt64>()
            for entry in state.entries.values {
                guard let image = entry.raster?.image else { continue }
                ids.insert(image.imageID)
                if let base = image.updatedRegion?.base { ids.insert(base) }
            }
            return ids
        }
    }

    /// Whether a raster was replaced or forgotten since the last call, so that its image's texture
    /// may go.
    func takeReplacedImages() -> Bool {
        state.withLock { state in
            defer { state.replacedImages = false }
            return state.replacedImages
        }
    }

    /// How many shapes have been rasterised (for tests and statistics).
    package var rasterizations: Int { state.withLock { $0.rasterizations } }
}
