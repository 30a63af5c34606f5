/// Ids of committed layers that were deallocated (on any thread), waiting for the next
/// commit to tell the renderers to drop them and their textures.
final class ReleasedLayers: Sendable {
    package static let shared = ReleasedLayers()
    private let ids = Locked<[LayerID]>([])

    func add(_ id: LayerID) { ids.withLock { $0.append(id) } }

    var hasPending: Bool { ids.withLock { !$0.isEmpty } }

    /// Takes every pending id.
    func drain() -> [LayerID] {
        ids.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
