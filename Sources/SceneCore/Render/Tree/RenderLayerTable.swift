/// The render tree's layers, each in a slot of one contiguous array, found by id through a slot map.
///
/// A dictionary of layers hands out copies: reading one field of a layer through it copied the
/// whole layer (about 1.5 KB, with a retain and a release for every reference among its values),
/// which was most of the frame builder's time. Slots let the per-frame walk read layers where
/// they lie (`withSlots`), and keep a layer's place while others come and go: a released
/// layer's slot is reused by the next new one.
struct RenderLayerTable: Sendable {
    /// The layers by slot; a free slot holds an empty layer.
    private var storage: ContiguousArray<RenderLayer> = []
    private var slots: [LayerID: Int] = [:]
    /// The id in each slot; nil for a free slot.
    private var owners: ContiguousArray<LayerID?> = []
    private var freeSlots: [Int] = []

    /// The number of layers.
    var count: Int { slots.count }

    /// The number of slots, free ones included: every slot is below it.
    var slotCount: Int { storage.count }

    /// The slot of the layer `id`, or nil when the table has no such layer.
    func slot(of id: LayerID) -> Int? { slots[id] }

    /// The id of the layer in `slot`; nil for a free slot.
    func id(inSlot slot: Int) -> LayerID? { slot < owners.count ? owners[slot] : nil }

    /// The layer in `slot`, read or changed in place.
    subscript(slot slot: Int) -> RenderLayer {
        get { storage[slot] }
        _modify { yield &storage[slot] }
    }

    /// The layer `id` (a copy), or nil; setting nil removes it.
    subscript(id: LayerID) -> RenderLayer? {
        get { slots[id].map { storage[$0] } }
        set {
            if let newValue { self[id, default: newValue] = newValue } else { removeValue(forKey: id) }
        }
    }

    /// The layer `id`, added as `defaultValue` first when the table has none, changed in place.
    subscript(id: LayerID, default defaultValue: @autoclosure () -> RenderLayer) -> RenderLayer {
        get { slots[id].map { storage[$0] } ?? defaultValue() }
        _modify {
            let slot = slots[id] ?? insert(id, defaultValue())
            yield &storage[slot]
        }
    }

    /// Adds the layer `id` in a free slot, or a new one.
    private mutating func insert(_ id: LayerID, _ layer: RenderLayer) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            storage[slot] = layer
            owners[slot] = id
        } else {
            slot = storage.count
            storage.append(layer)
            owners.append(id)
        }
        slots[id] = slot
        return slot
    }

    /// Removes the layer `id`, freeing its slot for the next new layer.
    mutating func removeValue(forKey id: LayerID) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        storage[slot] = RenderLayer()
        owners[slot] = nil
        freeSlots.append(slot)
    }

    /// Makes room for up to `newLayers` layers more, so that a commit adding many grows the table
    /// once, to the size it needs. Room is made only when the table is short of it, and then at
    /// least half as much again as it has, so that commits adding a few layers each still grow
    /// it geometrically.
    mutating func reserveCapacity(adding newLayers: Int) {
        let needed = storage.count + max(0, newLayers - freeSlots.count)
        guard needed > storage.capacity else { return }
        let capacity = max(needed, storage.capacity + storage.capacity / 2)
        slots.reserveCapacity(capacity)
        storage.reserveCapacity(capacity)
        owners.reserveCapacity(capacity)
    }

    /// The layers, in slot order.
    var values: some Sequence<RenderLayer> {
        zip(storage, owners).lazy.filter { $0.1 != nil }.map(\.0)
    }

    /// Calls `body` with the layers by slot, in place: reading a layer through the buffer copies
    /// only the fields read. The buffer is valid only inside `body`, and the table must not
    /// change meanwhile.
    func withSlots<Result>(_ body: (UnsafeBufferPointer<RenderLayer>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer(body)
    }
}
