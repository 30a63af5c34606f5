import Foundation

/// For layers with sublayers, the rectangle in the layer's bounds space that the layer and
/// everything under it can draw in, kept while the layer's `extentVersion` stays the same
/// (nothing under it changed, its own placement and changes that only paint aside), so that culling
/// (`FrameBuilder+Culling`) can skip a subtree off screen without walking it.
///
/// Owned by a render tree and used by its frame builder on the render thread; the lock makes
/// sharing the tree's copies (a transition's old rendering) safe.
final class SubtreeExtentCache: Sendable {
    /// A kept extent: nil when the subtree's drawing cannot be bounded. For a layer with many
    /// sublayers (`FrameBuilder.sublayersKeptApart`), each sublayer's extent in the layer's
    /// bounds space too, in the order of its sublayers, so that culling can pass over those
    /// off screen without opening them.
    struct Entry {
        let version: UInt64
        let extent: CGRect?
        var sublayerExtents: [CGRect]? = nil
    }

    private let entries = Locked([LayerID: Entry]())

    /// The extent kept for `id` at `version`; nil when none is kept for that version.
    func entry(for id: LayerID, version: UInt64) -> Entry? {
        entries.withLock { entries in entries[id].flatMap { $0.version == version ? $0 : nil } }
    }

    /// Keeps `extent` for `id` at `version`, with its sublayers' extents when given.
    func keep(_ extent: CGRect?, sublayerExtents: [CGRect]? = nil, for id: LayerID, version: UInt64) {
        entries.withLock { $0[id] = Entry(version: version, extent: extent, sublayerExtents: sublayerExtents) }
    }

    /// Forgets the released layers.
    func remove(_ ids: [LayerID]) {
        entries.withLock { entries in for id in ids { entries.removeValue(forKey: id) } }
    }

    /// How many extents are kept.
    var count: Int { entries.withLock { $0.count } }
}
