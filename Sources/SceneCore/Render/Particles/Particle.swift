/// One live particle at a frame's time, in its emitter layer's bounds space.
struct Particle: Sendable, Equatable {
    /// The index of its cell in `EmitterConfiguration.cells`.
    var cell: Int
    /// When it was born, in the emitter layer's time.
    var birth: Double
    var position: SIMD3<Double>
    /// The image's scale (the cell's and the layer's, grown by `scaleSpeed`), at least 0.
    var scale: Double
    /// How far it has turned, in radians.
    var angle: Double
    /// Straight-alpha colour, each component within 0...1.
    var color: SIMD4<Float>
}
