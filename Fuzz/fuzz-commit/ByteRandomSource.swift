import SceneCoreFuzzSupport

/// A "random" number generator that hands out the fuzzer's bytes, eight at a time, then numbers
/// from a `SplitMix64` seeded with the input's length: libFuzzer's mutations of the bytes become
/// mutations of the choices a program is made of. (Zeros after the end would not do: the standard
/// library's bounded `random(in:)` rejects some values and draws again, forever on constant input.)
struct ByteRandomSource: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var offset = 0
    private var rest: SplitMix64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = Array(bytes)
        rest = SplitMix64(seed: UInt64(bytes.count))
    }

    mutating func next() -> UInt64 {
        guard offset + 8 <= bytes.count else { return rest.next() }
        defer { offset += 8 }
        return bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
