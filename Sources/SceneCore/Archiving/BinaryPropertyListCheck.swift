import Foundation

/// Checks that bytes are a binary property list of the shape a keyed archive has, before
/// Foundation reads them: swift-corelibs-foundation's `NSKeyedUnarchiver(forReadingFrom:)`
/// crashes on some corrupt property lists (bridging a set whose elements cannot be hashed, found
/// by corrupting one byte of a real archive), and its parsers recurse once per level of nesting.
///
/// Accepted: the `bplist00` format `NSKeyedArchiver` writes, with every offset and reference in
/// range, every object of a kind a keyed archive uses (no sets), dictionary keys that are
/// strings, no container inside itself, and containers nested at most `maximumNesting` deep.
struct BinaryPropertyListCheck {
    /// The deepest nesting of arrays and dictionaries accepted: 32 (a keyed archive nests 3 deep:
    /// the top dictionary, `$objects`, an object, an array of references in it).
    static let maximumNesting = 32

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    private let topObject: Int

    /// A reason the bytes are refused.
    struct Refusal: Error {
        let reason: String
    }

    /// Throws a `Refusal` unless `data` is an acceptable binary property list.
    static func check(_ data: Data) throws(Refusal) {
        try BinaryPropertyListCheck(Array(data)).walk()
    }

    private init(_ bytes: [UInt8]) throws(Refusal) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Refusal(reason: "the data is not a binary property list")
        }
        self.bytes = bytes
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Refusal(reason: "the property list's trailer is corrupt")
        }
        let count = Self.integer(bytes, at: trailer + 8, size: 8)
        let table = Self.integer(bytes, at: trailer + 24, size: 8)
        // Every number is bounded by the length before it is multiplied.
        guard let count, let table, count > 0, count <= bytes.count, table >= 8, table <= trailer,
            count * offsetSize <= trailer - table
        else { throw Refusal(reason: "the property list's offset table is out of range") }
        objectCount = count
        offsetTable = table
        guard let top = Self.integer(bytes, at: trailer + 16, size: 8), top < count else {
            throw Refusal(reason: "the property list's top object is out of range")
        }
        topObject = top
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`; nil past the end or when it
    /// does not fit an `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count - offset else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// The offset of object `number`, checked to lie before the offset table.
    private func offset(of number: Int) throws(Refusal) -> Int {
        guard let offset = Self.integer(bytes, at: offsetTable + number * offsetSize, size: offsetSize),
            offset >= 8, offset < offsetTable
        else { throw Refusal(reason: "object \(number)'s offset is out of range") }
        return offset
    }

    /// The objects container `number` holds (keys, then values, for a dictionary), after
    /// checking that everything else it is made of lies within the data; empty for the rest.
    private func children(of number: Int) throws(Refusal) -> (references: [Int], keyCount: Int) {
        let start = try offset(of: number)
        let marker = bytes[start]
        let kind = marker >> 4
        var info = Int(marker & 0x0F)
        var contents = start + 1
        if [0x4, 0x5, 0x6, 0xA, 0xD].contains(kind), info == 0x0F {
            // The count follows as an integer object.
            guard contents < offsetTable, bytes[contents] >> 4 == 0x1, bytes[contents] & 0x0F <= 3,
                let count = Self.integer(bytes, at: contents + 1, size: 1 << Int(bytes[contents] & 0x0F))
            else { throw Refusal(reason: "object \(number)'s length is corrupt") }
            contents += 1 + 1 << Int(bytes[contents] & 0x0F)
            info = count
        }
        let length: Int
        switch kind {
        case 0x0:
            guard [0x00, 0x08, 0x09, 0x0F].contains(info) else { throw Refusal(reason: "object \(number) is unknown") }
            length = 0
        case 0x1 where info <= 3: length = 1 << info
        case 0x2 where info == 2 || info == 3: length = 1 << info
        case 0x3 where info == 3: length = 8
        case 0x4, 0x5: length = info
        case 0x6: length = info <= Int.max / 2 ? info * 2 : Int.max
        case 0x8: length = info + 1
        case 0xA: length = info <= Int.max / referenceSize ? info * referenceSize : Int.max
        case 0xD: length = info <= Int.max / (2 * referenceSize) ? info * 2 * referenceSize : Int.max
        default: throw Refusal(reason: "object \(number) is of a kind keyed archives do not hold (\(marker))")
        }
        guard length <= offsetTable - contents else { throw Refusal(reason: "object \(number) runs past the data") }
        guard kind == 0xA || kind == 0xD else { return ([], 0) }
        let count = length / referenceSize
        var references: [Int] = []
        references.reserveCapacity(count)
        for index in 0..<count {
            guard let reference = Self.integer(bytes, at: contents + index * referenceSize, size: referenceSize),
                reference < objectCount
            else { throw Refusal(reason: "object \(number) refers to an object out of range") }
            references.append(reference)
        }
        return (references, kind == 0xD ? count / 2 : 0)
    }

    /// Whether object `number` is a string.
    private func isString(_ number: Int) throws(Refusal) -> Bool {
        let kind = bytes[try offset(of: number)] >> 4
        return kind == 0x5 || kind == 0x6
    }

    /// Walks every object reachable from the top one, without recursion.
    private func walk() throws(Refusal) {
        var checked = Set<Int>()
        var onPath = Set<Int>()
        var path: [(number: Int, references: [Int], next: Int)] = []
        func enter(_ number: Int) throws(Refusal) {
            let (references, keyCount) = try children(of: number)
            for key in references.prefix(keyCount) where !(try isString(key)) {
                throw Refusal(reason: "a dictionary key of object \(number) is not a string")
            }
            guard path.count < Self.maximumNesting else {
                throw Refusal(reason: "the property list nests deeper than \(Self.maximumNesting)")
            }
            onPath.insert(number)
            path.append((number, references, 0))
        }
        try enter(topObject)
        while let top = path.last {
            if top.next < top.references.count {
                path[path.count - 1].next += 1
                let child = top.references[top.next]
                if onPath.contains(child) { throw Refusal(reason: "object \(child) contains itself") }
                if !checked.contains(child) { try enter(child) }
            } else {
                path.removeLast()
                onPath.remove(top.number)
                checked.insert(top.number)
            }
        }
    }
}
