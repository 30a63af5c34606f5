import CSceneCoreGL
import SceneCore

/// The bitmaps of rasterized layers (`shouldRasterize`), kept from frame to frame: one offscreen
/// target per layer, reused while the layer's request (content version, scale and bitmap size)
/// stays the same.
/// Needs a current context.
///
/// A bitmap not drawn in a frame is deleted at its end (its layer is gone, hidden, no longer
/// rasterized, or off the drawn tree). The bitmaps together are bounded by `budgetBytes`: past
/// it, the largest are deleted at the end of the frame (their layers are drawn again into a
/// fresh bitmap, a cache miss, each frame) and the overflow is logged once.
final class RasterCache {
    /// One layer's bitmap.
    struct Entry {
        var target: GroupTarget
        /// What the bitmap holds.
        var request: RasterRequest
        /// Whether the mipmap levels were built from the bitmap as it is now.
        var hasMipmaps = false
        /// Whether the bitmap was drawn or used in the current frame.
        var isUsed = true
        /// Colour, stencil and mipmap storage, approximately.
        var bytes: Int { target.width * target.height * (hasMipmaps ? 8 + 4 : 8) }
    }

    /// 256 MiB: about thirty 1920x1080 bitmaps.
    static let defaultBudgetBytes = 256 << 20

    private var entries: [LayerID: Entry] = [:]
    let budgetBytes: Int

    init(budgetBytes: Int = RasterCache.defaultBudgetBytes) {
        self.budgetBytes = budgetBytes
    }

    /// Bytes held by the bitmaps.
    var bytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    /// Whether the bitmap `request` asks for is held (the request's version, scale and size);
    /// marks it used.
    func holds(_ request: RasterRequest) -> Bool {
        guard entries[request.layer]?.request == request else { return false }
        entries[request.layer]?.isUsed = true
        return true
    }

    /// A target to draw the bitmap `request` asks for into (the layer's previous one when it
    /// has the size), recorded as that version; nil, with an error logged, when none can be made.
    func target(for request: RasterRequest) -> GroupTarget? {
        if var entry = entries[request.layer], entry.target.width == request.width,
            entry.target.height == request.height
        {
            entry.request = request
            entry.hasMipmaps = false
            entry.isUsed = true
            entries[request.layer] = entry
            return entry.target
        }
        entries.removeValue(forKey: request.layer)?.target.delete()
        do {
            let target = try GroupTarget(width: request.width, height: request.height)
            entries[request.layer] = Entry(target: target, request: request)
            return target
        } catch {
            Diagnostics.errorOnce(
                "GLRenderer.rasterTarget",
                "GLRenderer: no offscreen target for a \(request.width)x\(request.height) rasterized layer: \(error)")
            return nil
        }
    }

    /// The bitmap of `layer`, marked used; nil when none is held.
    func use(_ layer: LayerID) -> Entry? {
        guard entries[layer] != nil else { return nil }
        entries[layer]?.isUsed = true
        return entries[layer]
    }

    /// Records that the mipmap levels of `layer`'s bitmap were built.
    func noteMipmaps(of layer: LayerID) {
        entries[layer]?.hasMipmaps = true
    }

    /// Deletes the bitmaps not used in the frame that ends, then the largest while over budget.
    func endFrame() {
        for (layer, entry) in entries where !entry.isUsed {
            entry.target.delete()
            entries.removeValue(forKey: layer)
        }
        var total = bytes
        if total > budgetBytes {
            Diagnostics.errorOnce(
                "render.rasterBudget",
                "GLRenderer: rasterized layers need \(total) bytes of bitmaps, over the cache's \(budgetBytes); the largest are drawn again each frame"
            )
            for (layer, entry) in entries.sorted(by: { $0.value.bytes > $1.value.bytes }) where total > budgetBytes {
                total -= entry.bytes
                entry.target.delete()
                entries.removeValue(forKey: layer)
            }
        }
        for layer in entries.keys { entries[layer]?.isUsed = false }
    }
}
