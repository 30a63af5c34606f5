import Synchronization

/// The render side's rasterised shapes, one per `CAShapeLayer`, kept from frame to frame: a
/// still shape is rasterised once, and an animated one again only when a value it is drawn from
/// changes (`ShapeRaster.Key`).
///
/// Owned by a renderer's render tree and used by its frame builder on the render thread; the
/// lock only makes sharing the tree's copies (a transition's old rendering) safe.
final class ShapeRasterCache: Sendable {
    private struct Entry {
        let key: ShapeRaster.Key
        /// Nil when the shape draws nothing.
        let raster: ShapeRaster?
    }

    private struct State {
        var entries: [LayerID: Entry] = [:]
        var rasterizations = 0
        var replacedImages = false
    }

    private let state = Mutex(State())

    /// The raster of layer `id`'s shape as `key` describes it: the kept one when its key is
    /// `key`, else a new one, which replaces it. Nil when the shape draws nothing.
    func raster(of id: LayerID, _ key: ShapeRaster.Key) -> ShapeRaster? {
        if let entry = state.withLock({ $0.entries[id] }), entry.key == key { return entry.raster }
        let raster = key.drawsSomething ? ShapeRaster.rasterize(key) : nil
        state.withLock {
            if $0.entries[id]?.raster != nil { $0.replacedImages = true }
            $0.entries[id] = Entry(key: key, raster: raster)
            if raster != nil { $0.rasterizations += 1 }
        }
        return raster
    }

    /// Forgets the rasters of layers that are gone.
    func remove(_ ids: [LayerID]) {
        state.withLock { state in
            for id in ids where state.entries.removeValue(forKey: id)?.raster != nil { state.replacedImages = true }
        }
    }

    /// The ids of the images of the rasters kept.
    var imageIDs: Set<UInt64> {
        state.withLock { Set($0.entries.values.compactMap { $0.raster?.image.imageID }) }
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
