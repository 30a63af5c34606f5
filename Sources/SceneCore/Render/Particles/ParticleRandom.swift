/// The random numbers of one particle: SplitMix64 seeded from the emitter's `seed`, the cell and
/// the particle's birth index (and its parent's key), so that a particle's spreads depend on
/// nothing else — not on the frame rate, nor on which frames were drawn.
struct ParticleRandom {
    private var state: UInt64

    /// The generator of the particle with `key` (see `key(_:_:)`).
    init(key: UInt64) { state = key }

    /// A key mixing `parts` (seed, cell index, birth index, parent key).
    static func key(_ parts: UInt64...) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        for part in parts { h = mix(h ^ mix(part &+ 0x9E37_79B9_7F4A_7C15)) }
        return h
    }

    /// The next number in 0..<1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Double(ParticleRandom.mix(state) >> 11) * 0x1p-53
    }

    /// The next number in -1..<1.
    mutating func signed() -> Double { unit() * 2 - 1 }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
