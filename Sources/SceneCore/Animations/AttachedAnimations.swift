/// The animations added to a layer, on the app side, in the order they were added: each one's
/// record (the copy added, its key, what its delegate heard) and its typed form for the render
/// side.
///
/// The typed forms are kept in a list of their own, not one in each record: a commit sends that
/// list as it is, and the layer's committed animations, the render side and the clock of
/// unrendered animations all share its storage.
struct AttachedAnimations {
    private(set) var records = AnimationRecords()
    /// The typed form of each of `records`, in the same order.
    private(set) var compiled: [RenderAnimation] = []

    var isEmpty: Bool { records.isEmpty }

    /// The index of the animation added under `key`.
    func firstIndex(key: String) -> Int? { records.firstIndex { $0.key == key } }

    mutating func append(_ record: AnimationRecord, compiled animation: RenderAnimation) {
        records.append(record)
        compiled.append(animation)
    }

    /// Removes the animation at `index`, returning its record.
    mutating func remove(at index: Int) -> AnimationRecord {
        compiled.remove(at: index)
        return records.remove(at: index)
    }

    /// Removes every animation, returning their records.
    mutating func removeAll() -> [AnimationRecord] {
        defer { (records, compiled) = (AnimationRecords(), []) }
        return Array(records)
    }

    /// Removes the animation of `record`, if it is attached.
    mutating func remove(_ record: AnimationRecord) {
        guard let index = records.firstIndex(where: { $0 === record }) else { return }
        _ = remove(at: index)
    }

    /// Gives the animations still waiting for a begin time (added with `beginTime` 0) the
    /// layer time `layerTime`, in their typed form and in the copy that was added.
    mutating func stampBeginTimes(_ layerTime: Double) {
        for index in records.indices where records[index].needsBeginTime {
            records[index].needsBeginTime = false
            records[index].animation.beginTime = layerTime
            compiled[index].timing.beginTime = layerTime
        }
    }
}
