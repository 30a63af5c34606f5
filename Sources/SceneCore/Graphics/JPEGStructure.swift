import Foundation

/// A walk over a JPEG's marker segments, used to tell truncated data from corrupt data.
enum JPEGStructure {
    /// True when `data` (starting with the SOI marker) runs out before its EOI marker while
    /// every marker segment read so far is well formed. A byte where a marker should be
    /// that is not one, or a segment length below 2, means corruption instead.
    static func isTruncated(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var offset = 2
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else { return false }
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { return true }
            let marker = bytes[offset]
            offset += 1
            switch marker {
            case 0xD9:
                return false
            case 0x01, 0xD0...0xD7:
                continue
            case 0x02...0xBF, 0xD8:
                return false
            default:
                guard offset + 2 <= bytes.count else { return true }
                let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard length >= 2 else { return false }
                offset += length
                if marker == 0xDA { offset = endOfEntropyCodedData(bytes, from: offset) }
            }
        }
        return true
    }

    /// The offset of the first marker after entropy-coded data starting at `start`
    /// (stuffed `FF 00` bytes and restart markers belong to the data), or `bytes.count`.
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF, bytes[i + 1] != 0x00, !(0xD0...0xD7).contains(bytes[i + 1]), bytes[i + 1] != 0xFF {
                return i
            }
            i += 1
        }
        return bytes.count
    }
}
