extension LayerTreeCommit {
    /// `commits` (in order, none applied yet) folded into as few commits as apply to the same
    /// tree: what a renderer that has not drawn for a while needs, rather than every commit
    /// made meanwhile (an idle `OffscreenRenderer` queued 40,000 commits, 135–192 MB, and took
    /// 3–5 s to apply them on its next frame).
    ///
    /// Every field a commit carries is a layer's whole current value (a property, the sublayer
    /// list, the mask, the animation list, ...), so within a run of commits a field supersedes
    /// the same field of the same layer before it, and `.all` supersedes the layer's earlier
    /// property fields. A commit that attaches a transition starts a run of its own: the
    /// render side keeps the tree as it was just before it, for the transition's old side
    /// (a transition is attached by the first of the commits whose lists hold it).
    /// A folded commit carries the last commit's sequence and timestamp, and every released layer.
    package static func coalesced(_ commits: [LayerTreeCommit]) -> [LayerTreeCommit] {
        var runs: [[LayerTreeCommit]] = []
        var transitions = Set<UInt64>()
        for commit in commits {
            let attached = commit.transitionSerials.subtracting(transitions)
            if runs.isEmpty || !attached.isEmpty { runs.append([]) }
            transitions.formUnion(attached)
            runs[runs.count - 1].append(commit)
        }
        return runs.map { $0.count == 1 ? $0[0] : folded($0) }
    }

    /// The serials of the transitions in the commit's animation lists.
    private var transitionSerials: Set<UInt64> {
        var serials = Set<UInt64>()
        for update in updates {
            guard case .animations(let list) = update.field else { continue }
            for animation in list.items {
                if case .transition = animation.kind { serials.insert(animation.serial) }
            }
        }
        return serials
    }

    /// One commit applying what the run of `commits` applies, in order.
    private static func folded(_ commits: [LayerTreeCommit]) -> LayerTreeCommit {
        var kept: [LayerUpdate?] = []
        var latest: [FieldKey: Int] = [:]
        var propertyFields: [LayerID: [Int]] = [:]
        for update in commits.lazy.flatMap(\.updates) {
            let key = FieldKey(update)
            if case .all = update.field {
                for index in propertyFields[update.layer] ?? [] { kept[index] = nil }
                propertyFields[update.layer] = []
            } else if let earlier = latest[key] {
                kept[earlier] = nil
            }
            latest[key] = kept.count
            if key.isProperty { propertyFields[update.layer, default: []].append(kept.count) }
            kept.append(update)
        }
        let last = commits[commits.count - 1]
        var commit = LayerTreeCommit(
            sequence: last.sequence, updates: kept.compactMap { $0 }, released: commits.flatMap(\.released),
            timestamp: last.timestamp)
        commit.firstSequence = commits[0].firstSequence
        commit.appSeconds = commits.reduce(0) { $0 + $1.appSeconds }
        return commit
    }

    /// Which field of which layer an update sets.
    private struct FieldKey: Hashable {
        enum Field: Hashable { case property(PropertyID), sublayers, mask, animations, glContent, glyphs, video, all }
        let layer: LayerID
        let field: Field

        init(_ update: LayerUpdate) {
            layer = update.layer
            field =
                switch update.field {
                case .property(_, let id): .property(id)
                case .sublayers: .sublayers
                case .mask: .mask
                case .animations: .animations
                case .glContent: .glContent
                case .glyphs: .glyphs
                case .video: .video
                case .all: .all
                }
        }

        /// Whether `.all` sets the field too (the layer's properties, its GL content, glyphs and video).
        var isProperty: Bool {
            switch field {
            case .property, .glContent, .glyphs, .video, .all: true
            case .sublayers, .mask, .animations: false
            }
        }
    }
}
