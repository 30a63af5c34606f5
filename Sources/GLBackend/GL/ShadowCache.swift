import SceneCore

/// The blurred alpha of each shadowed layer's shadow, kept from frame to frame while the
/// shadow's `ShadowKey` stays equal, so that a still shadow costs one textured quad a frame.
/// A content shadow has one entry per layer; a `shadowPath` shadow one per shape (its path, blur
/// and scale), shared by every layer that casts it, so that a thousand cards of one shape blur
/// their shadow once. The entries no layer drew in a frame are evicted at its end.
/// The entries hold at most `budgetBytes` of textures together: a shadow made past that is drawn
/// and not kept (made again each frame), with an error logged once. Needs a current context.
final class ShadowCache {
    /// 256 MiB of blurred shadows.
    static let defaultBudgetBytes = 256 << 20

    /// The most bytes the kept textures hold together.
    let budgetBytes: Int
    /// The bytes the kept textures hold.
    private(set) var bytes = 0

    init(budgetBytes: Int = ShadowCache.defaultBudgetBytes) {
        self.budgetBytes = budgetBytes
    }

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

    /// Whose an entry is: a layer's (its content shadow) or a shape's (a `shadowPath` shadow).
    enum Owner: Hashable {
        case layer(LayerID)
        case shape(ShapeKey)
    }

    /// A `shadowPath` shadow's key as a dictionary key: equal keys blur to the same alpha.
    struct ShapeKey: Hashable {
        let key: ShadowKey

        static func == (a: ShapeKey, b: ShapeKey) -> Bool { a.key == b.key }

        /// Hashes the blur, the scale, the path's length and its control points' box (comparing
        /// whole paths is left to `==`).
        func hash(into hasher: inout Hasher) {
            hasher.combine(key.sigma)
            hasher.combine(key.scale)
            hasher.combine(key.path?.elements.count ?? 0)
            let box = key.path?.boundingBox ?? .null
            for value in [box.minX, box.minY, box.width, box.height] { hasher.combine(value) }
        }
    }

    private var entries: [Owner: Entry] = [:]
    private var drawn: Set<Owner> = []

    /// How many shadows are kept.
    var count: Int { entries.count }

    /// The entry of `owner` when it was made for `key` (and, when cut to the frame, for
    /// `frame`: the offset and the frame's size); records that the shadow is drawn this frame
    /// either way.
    func entry(for owner: Owner, key: ShadowKey, frame: SIMD4<Float>? = nil) -> Entry? {
        drawn.insert(owner)
        guard let entry = entries[owner], entry.key == key else { return nil }
        if let cut = entry.cutFor, cut != frame { return nil }
        return entry
    }

    /// Keeps `entry` as `owner`'s, handing the texture of the one it replaces back to `blur`;
    /// false, keeping nothing, when that would pass the budget (the caller gives the entry's
    /// texture back once drawn).
    @discardableResult
    func store(_ entry: Entry, for owner: Owner, returningTexturesTo blur: GaussianBlur) -> Bool {
        drawn.insert(owner)
        if let old = entries.removeValue(forKey: owner) { release(old, to: blur) }
        let size = Self.bytes(of: entry)
        guard bytes + size <= budgetBytes else {
            Diagnostics.errorOnce(
                "GLRenderer.shadowCacheBudget",
                "GLRenderer: shadows need more than the shadow cache's \(budgetBytes) bytes; those past it are made again each frame"
            )
            return false
        }
        entries[owner] = entry
        bytes += size
        return true
    }

    private func release(_ entry: Entry, to blur: GaussianBlur) {
        bytes -= Self.bytes(of: entry)
        blur.recycle(entry.blurred)
    }

    private static func bytes(of entry: Entry) -> Int { entry.blurred.texture.width * entry.blurred.texture.height * 4 }

    /// Ends a frame: evicts the entries of the shadows it did not draw.
    func evictUndrawn(returningTexturesTo blur: GaussianBlur) {
        if entries.count > drawn.count || entries.keys.contains(where: { !drawn.contains($0) }) {
            for (owner, entry) in entries where !drawn.contains(owner) {
                release(entry, to: blur)
                entries[owner] = nil
            }
        }
        drawn.removeAll(keepingCapacity: true)
    }
}
