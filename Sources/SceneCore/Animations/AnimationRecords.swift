/// The records of the animations added to a layer (`AttachedAnimations`), in the order they were
/// added. Most animated layers run one animation: a single record is kept without an array
/// (48 bytes a layer fewer), more in an array.
struct AnimationRecords: RandomAccessCollection {
    private enum Storage {
        case one(AnimationRecord)
        /// None, or more than one.
        case list([AnimationRecord])
    }

    private var storage = Storage.list([])

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .one: 1
        case .list(let records): records.count
        }
    }

    subscript(index: Int) -> AnimationRecord {
        switch storage {
        case .one(let record):
            precondition(index == 0, "AnimationRecords: index \(index) out of range")
            return record
        case .list(let records): return records[index]
        }
    }

    mutating func append(_ record: AnimationRecord) {
        switch storage {
        case .one(let first): storage = .list([first, record])
        case .list(let records) where records.isEmpty: storage = .one(record)
        case .list(var records):
            // Moved out first, so that the array is not shared while it grows.
            storage = .list([])
            records.append(record)
            storage = .list(records)
        }
    }

    @discardableResult
    mutating func remove(at index: Int) -> AnimationRecord {
        switch storage {
        case .one(let record):
            precondition(index == 0, "AnimationRecords: index \(index) out of range")
            storage = .list([])
            return record
        case .list(var records):
            storage = .list([])
            let removed = records.remove(at: index)
            storage = records.count == 1 ? .one(records[0]) : .list(records)
            return removed
        }
    }
}
