import CSceneCompositionZlib
import Foundation

/// The entries of a `.lottie` file: a zip archive holding `manifest.json`, the animations
/// (`animations/<id>.json`, or `a/<id>.json` in version 2) and their images (`images/` or `i/`).
/// Only what a composition needs is read: the central directory, then each entry asked for,
/// stored or deflated (inflated by zlib), each within `maximumEntrySize`.
struct DotLottieArchive {
    /// The largest entry inflated (64 MiB, the JSON parser's limit).
    static let maximumEntrySize = CompositionParser.maximumDataSize
    /// The most entries read from the central directory.
    static let maximumEntries = 10_000

    private struct Entry {
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    private let bytes: [UInt8]
    private let entries: [String: Entry]

    /// Whether `data` starts as a zip archive does (a local file header).
    static func isArchive(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    /// Reads the archive's central directory; throws `CompositionError.archive` when it has none
    /// or it runs past the data.
    init(_ data: Data) throws {
        guard data.count <= 4 * Self.maximumEntrySize else {
            throw CompositionError.archive("\(data.count) bytes (at most \(4 * Self.maximumEntrySize))")
        }
        let bytes = [UInt8](data)
        self.bytes = bytes
        // The end of central directory record: its signature within the last 64 KiB + 22 bytes.
        var end = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while end >= lowest && !(Self.read32(bytes, end) == 0x0605_4B50) { end -= 1 }
        guard end >= lowest else { throw CompositionError.archive("no end of central directory") }
        let count = Int(Self.read16(bytes, end + 10))
        var offset = Int(Self.read32(bytes, end + 16))
        guard count <= Self.maximumEntries else { throw CompositionError.archive("\(count) entries") }
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, Self.read32(bytes, offset) == 0x0201_4B50 else {
                throw CompositionError.archive("a damaged central directory")
            }
            let nameLength = Int(Self.read16(bytes, offset + 28))
            let extraLength = Int(Self.read16(bytes, offset + 30))
            let commentLength = Int(Self.read16(bytes, offset + 32))
            guard offset + 46 + nameLength <= bytes.count else {
                throw CompositionError.archive("a damaged entry name")
            }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            entries[name] = Entry(
                method: Self.read16(bytes, offset + 10), compressedSize: Int(Self.read32(bytes, offset + 20)),
                size: Int(Self.read32(bytes, offset + 24)), localHeader: Int(Self.read32(bytes, offset + 42)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The animation the manifest names first (or the first animation entry): its JSON.
    func animationData() throws -> Data {
        var candidates: [String] = []
        if let manifest = try? entry("manifest.json"),
            let object = try? JSONSerialization.jsonObject(with: manifest) as? JSONObject,
            let animations = JSON.array(object["animations"])
        {
            for case let animation as JSONObject in animations {
                if let id = JSON.string(animation["id"]) { candidates += ["animations/\(id).json", "a/\(id).json"] }
            }
        }
        candidates += entries.keys.sorted().filter {
            ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json")
        }
        guard let name = candidates.first(where: { entries[$0] != nil }) else {
            throw CompositionError.archive("no animation in the archive")
        }
        return try entry(name)
    }

    /// An image the animation names by `path` (its asset's `u` and `p`), looked for as given and
    /// by file name in the image folders.
    func image(_ path: String) -> Data? {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let file = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        for name in [trimmed, "images/\(file)", "i/\(file)"] where entries[name] != nil {
            return try? entry(name)
        }
        return nil
    }

    /// The bytes of entry `name`, inflated.
    func entry(_ name: String) throws -> Data {
        guard let entry = entries[name] else { throw CompositionError.archive("no entry \(name)") }
        guard entry.size <= Self.maximumEntrySize else {
            throw CompositionError.archive("entry \(name) of \(entry.size) bytes (at most \(Self.maximumEntrySize))")
        }
        let header = entry.localHeader
        guard header >= 0, header + 30 <= bytes.count, Self.read32(bytes, header) == 0x0403_4B50 else {
            throw CompositionError.archive("a damaged local header for \(name)")
        }
        let start = header + 30 + Int(Self.read16(bytes, header + 26)) + Int(Self.read16(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw CompositionError.archive("entry \(name) is cut short")
        }
        let compressed = Data(bytes[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0:
            return compressed
        case 8:
            return try Self.inflate(compressed, size: entry.size, name: name)
        default:
            throw CompositionError.archive("entry \(name) uses compression method \(entry.method)")
        }
    }

    /// Raw deflate data inflated to exactly `size` bytes (the central directory's size).
    private static func inflate(_ compressed: Data, size: Int, name: String) throws -> Data {
        var output = Data(count: size)
        var stream = z_stream()
        let status: Int32 = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                    return Z_MEM_ERROR
                }
                defer { inflateEnd(&stream) }
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return CSceneCompositionZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw CompositionError.archive("entry \(name) does not inflate")
        }
        return output
    }

    private static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(read16(bytes, offset)) | UInt32(read16(bytes, offset + 2)) << 16
    }
}
