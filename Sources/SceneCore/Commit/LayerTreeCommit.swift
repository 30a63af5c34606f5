/// A change to one layer in a commit: its id and one field.
struct LayerUpdate: Sendable, Equatable {
    let layer: LayerID
    let field: LayerField
    init(layer: LayerID, field: LayerField) { (self.layer, self.field) = (layer, field) }
}

/// One whole commit: everything the app thread changed in one outermost transaction, as an
/// immutable value. It is the only thing that crosses from the app thread to a renderer,
/// and renderers apply commits whole and in order.
package struct LayerTreeCommit: Sendable {
    /// Increases by one with every commit in the process.
    package let sequence: UInt64
    /// Changed fields, grouped by layer in the order the layers were encoded.
    let updates: [LayerUpdate]
    /// Layers that no longer exist on the app side; the render side drops them and their textures.
    let released: [LayerID]
    /// When the commit was made, in `CACurrentMediaTime()` seconds.
    let timestamp: Double
    /// The seconds the committing thread spent on it: layout, display and encoding (0 for a
    /// snapshot made when a renderer attaches).
    package internal(set) var appSeconds = 0.0
    /// The sequence number of the first commit this one stands for: its own, or for commits
    /// coalesced into one (`coalesced(_:)`), the first of them.
    package internal(set) var firstSequence: UInt64

    init(sequence: UInt64, updates: [LayerUpdate], released: [LayerID], timestamp: Double) {
        self.sequence = sequence
        self.updates = updates
        self.released = released
        self.timestamp = timestamp
        firstSequence = sequence
    }

    /// The ids of the layers this commit changes, each once, in encoding order.
    var changedLayers: [LayerID] {
        var seen = Set<LayerID>()
        return updates.compactMap { seen.insert($0.layer).inserted ? $0.layer : nil }
    }

    /// The fields this commit carries for one layer.
    func fields(of layer: LayerID) -> [LayerField] {
        updates.filter { $0.layer == layer }.map(\.field)
    }
}
