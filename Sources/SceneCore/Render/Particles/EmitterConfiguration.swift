import Foundation

/// What one emission of a `CAEmitterLayer` is made from: the layer's emitter values and its
/// cells flattened depth-first (a cell's index is its place in `cells`; `children` lists the
/// indices of each cell's sub-cells).
struct EmitterConfiguration: Sendable, Equatable {
    var cells: [EmitterCellValues] = []
    var children: [[Int]] = []
    /// The indices of the top-level cells.
    var roots: [Int] = []
    var position = SIMD3<Double>.zero
    /// Width, height and depth of the emitter shape.
    var size = SIMD3<Double>.zero
    var shape = CAEmitterLayerEmitterShape.point
    var mode = CAEmitterLayerEmitterMode.volume
    var birthRate = 1.0
    var lifetime = 1.0
    var velocity = 1.0
    var scale = 1.0
    var spin = 1.0
    var seed: UInt32 = 0

    init() {}

    /// The emitter values of `p`. Cells with a non-finite value are left out (logged once).
    init(_ p: LayerProperties) {
        position = SIMD3(Double(p.emitterPosition.x), Double(p.emitterPosition.y), Double(p.emitterZPosition))
        size = SIMD3(Double(p.emitterSize.width), Double(p.emitterSize.height), Double(p.emitterDepth))
        (shape, mode, seed) = (p.emitterShape, p.emitterMode, p.emitterSeed)
        birthRate = Double(p.emitterBirthRate)
        lifetime = Double(p.emitterLifetime)
        velocity = Double(p.emitterVelocity)
        scale = Double(p.emitterScale)
        spin = Double(p.emitterSpin)
        let numbers = [
            position.x, position.y, position.z, size.x, size.y, size.z, birthRate, lifetime, velocity, scale, spin,
        ]
        guard numbers.allSatisfy(\.isFinite) else {
            Diagnostics.errorOnce("emitter.nonFinite", "CAEmitterLayer: a non-finite emitter value; nothing is emitted")
            return
        }
        roots = p.emitterCells.cells.compactMap { add($0) }
    }

    /// Appends `cell` and its sub-cells; nil when it is left out.
    private mutating func add(_ cell: EmitterCellValues) -> Int? {
        guard cell.isFinite else {
            Diagnostics.errorOnce("emitter.nonFiniteCell", "CAEmitterCell: a non-finite value; the cell does not emit")
            return nil
        }
        let index = cells.count
        cells.append(cell)
        children.append([])
        children[index] = cell.cells.compactMap { add($0) }
        return index
    }

    /// The longest a particle of cell `index` lives.
    func maximumLifetime(_ index: Int) -> Double {
        max((cells[index].lifetime + abs(cells[index].lifetimeRange)) * lifetime, 0)
    }

    /// Whether any cell can emit (enabled, with a positive birth rate and lifetime).
    var emits: Bool {
        birthRate > 0 && lifetime > 0 && cells.contains { $0.isEnabled && $0.birthRate > 0 && $0.lifetime > 0 }
    }
}
