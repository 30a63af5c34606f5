/// The render side's copy of the layer trees, keyed by layer id, built only from commits.
///
/// It is owned by one renderer (on its render thread) and changed only by `apply(_:)`,
/// which applies one whole commit at a time, in order.
public struct RenderTree: Sendable {
    public private(set) var layers: [LayerID: RenderLayer] = [:]
    /// The sequence number of the last commit applied.
    public private(set) var lastAppliedSequence: UInt64 = 0
    /// Whether the last commit applied changed which images the tree shows (contents set,
    /// layers replaced whole or released): only then can textures have fallen out of use.
    public private(set) var lastCommitChangedContents = false

    public init() {}

    public subscript(id: LayerID) -> RenderLayer? { layers[id] }

    /// Applies every field of `commit`, then drops the layers it releases.
    public mutating func apply(_ commit: LayerTreeCommit) {
        // A whole-tree commit carries three updates per layer; growing once avoids rehashing.
        layers.reserveCapacity(layers.count + commit.updates.count / 3)
        lastCommitChangedContents = !commit.released.isEmpty
        for update in commit.updates {
            switch update.field {
            case .contents, .all:
                lastCommitChangedContents = true
                layers[update.layer, default: RenderLayer()].properties.apply(update.field)
            case .sublayers(let children):
                setSublayers(children, of: update.layer)
            case .mask(let mask):
                layers[update.layer, default: RenderLayer()].mask = mask
            default:
                layers[update.layer, default: RenderLayer()].properties.apply(update.field)
            }
        }
        for id in commit.released { layers.removeValue(forKey: id) }
        lastAppliedSequence = max(lastAppliedSequence, commit.sequence)
    }

    /// The ids of every image some layer in the tree shows (for texture lifetime).
    public var liveImageIDs: Set<UInt64> {
        Set(layers.values.compactMap { $0.properties.contents?.imageID })
    }

    private mutating func setSublayers(_ children: [LayerID], of parent: LayerID) {
        for old in layers[parent]?.sublayers ?? [] where layers[old]?.superlayer == parent {
            layers[old]?.superlayer = nil
        }
        layers[parent, default: RenderLayer()].sublayers = children
        for child in children { layers[child, default: RenderLayer()].superlayer = parent }
    }
}
