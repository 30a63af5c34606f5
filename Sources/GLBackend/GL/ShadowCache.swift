import SceneCore

/// The blurred alpha of each shadowed layer's shadow, kept from frame to frame while the
/// shadow's `ShadowKey` stays equal, so that a still shadow costs one textured quad a frame.
/// One entry per layer; the entries of layers that a frame did not draw are evicted at its end.
/// Needs a current context.
final class ShadowCache {
    /// One layer's blurred shadow alpha and where it is drawn.
    struct Entry {
        let key: ShadowKey
        let blurred: GaussianBlur.Result
        /// The quad the alpha covers: window pixels (y down) for a content shadow, the layer's
        /// space for a `shadowPath` shadow.
        let rect: SIMD4<Float>
        /// Texture coordinates at the quad's (minX, minY) and (maxX, maxY) corners.
        let uv: SIMD4<Float>
        /// For a content shadow whose blurred area was cut to what can reach the frame with its
        /// offset: that offset and the frame's width and height, which the entry is only good for.
        let cutFor: SIMD4<Float>?
    }

    private var entries: [LayerID: Entry] = [:]
    private var drawn: Set<LayerID> = []

    /// How many layers' shadows are kept.
    var count: Int { entries.count }

    /// The entry of `layer` when it was made for `key` (and, when cut to the frame, for
    /// `frame`: the offset and the frame's size); records that the layer's shadow is drawn this
    /// frame either way.
    func entry(for layer: LayerID, key: ShadowKey, frame: SIMD4<Float>? = nil) -> Entry? {
        drawn.insert(layer)
        guard let entry = entries[layer], entry.key == key else { return nil }
        if let cut = entry.cutFor, cut != frame { return nil }
        return entry
    }

    /// Keeps `entry` as `layer`'s, handing the texture of the one it replaces back to `blur`.
    func store(_ entry: Entry, for layer: LayerID, returningTexturesTo blur: GaussianBlur) {
        if let old = entries.updateValue(entry, forKey: layer) { blur.recycle(old.blurred) }
        drawn.insert(layer)
    }

    /// Ends a frame: evicts the entries of layers whose shadow it did not draw.
    func evictUndrawn(returningTexturesTo blur: GaussianBlur) {
        if entries.count > drawn.count || entries.keys.contains(where: { !drawn.contains($0) }) {
            for (layer, entry) in entries where !drawn.contains(layer) {
                blur.recycle(entry.blurred)
                entries[layer] = nil
            }
        }
        drawn.removeAll(keepingCapacity: true)
    }
}
