import Foundation

/// A `CAEmitterCell`'s values as they travel to the render side: an immutable value tree
/// (the cell and its sub-cells), taken when the layer's `emitterCells` is set.
struct EmitterCellValues: Sendable, Equatable {
    /// Sub-cells nested deeper than this do not emit (a cell array can hold itself).
    static let maximumDepth = 8
    /// The most cells one layer's list describes, sub-cells included.
    static let maximumCount = 10_000

    /// The name key paths find the cell by.
    var name: String?
    var isEnabled = true
    var birthRate = 0.0
    var lifetime = 0.0
    var lifetimeRange = 0.0
    var latitude = 0.0
    var longitude = 0.0
    var emissionRange = 0.0
    var velocity = 0.0
    var velocityRange = 0.0
    var acceleration = SIMD3<Double>.zero
    var scale = 1.0
    var scaleRange = 0.0
    var scaleSpeed = 0.0
    var spin = 0.0
    var spinRange = 0.0
    /// Straight-alpha colour, and the spreads and speeds of its components.
    var color = SIMD4<Float>(1, 1, 1, 1)
    var colorRange = SIMD4<Float>.zero
    var colorSpeed = SIMD4<Float>.zero
    var contents: CGImage?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var sampling = TextureSampling()
    var timing = MediaTimingValues()
    var cells: [EmitterCellValues] = []

    /// Whether every number is finite (a cell with a non-finite value does not emit).
    var isFinite: Bool {
        let numbers = [
            birthRate, lifetime, lifetimeRange, latitude, longitude, emissionRange, velocity, velocityRange,
            scale, scaleRange, scaleSpeed, spin, spinRange, Double(contentsScale), timing.beginTime,
            Double(timing.speed), timing.timeOffset,
        ]
        let vectors = [color, colorRange, colorSpeed].allSatisfy { v in (0..<4).allSatisfy { v[$0].isFinite } }
        return numbers.allSatisfy(\.isFinite) && (0..<3).allSatisfy { acceleration[$0].isFinite } && vectors
            && contentsRect.isFiniteValue && !timing.duration.isNaN
    }
}

/// A `CAEmitterLayer`'s cells, as the `emitterCells` property commits them.
struct EmitterCellList: LayerValue {
    var cells: [EmitterCellValues] = []
    /// When the emitter's current values took effect, in the layer's time: stamped by the commit
    /// that carries a change of them (`CALayer.stampingEmission`), so that every renderer, even
    /// one attached later, starts the emission at the same time.
    var start = 0.0

    var propertyValue: PropertyValue { .emitterCells(self) }
    init?(propertyValue: PropertyValue) {
        guard case .emitterCells(let v) = propertyValue else { return nil }
        self = v
    }
    init(_ cells: [EmitterCellValues] = []) { self.cells = cells }
    /// Lists are equal when their cells are: the start is not a value the app sets.
    static func == (a: EmitterCellList, b: EmitterCellList) -> Bool { a.cells == b.cells }
    var isZeroValue: Bool { cells.isEmpty }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .emitterCells(offset: offset)
    }

    /// The cell that `names` lead to: the first top-level cell named `names[0]`, then its first
    /// sub-cell named `names[1]`, and so on; nil when one is missing.
    func cellPath(_ names: [String]) -> [Int]? {
        var indices: [Int] = []
        var level = cells
        for name in names {
            guard let index = level.firstIndex(where: { $0.name == name }) else { return nil }
            indices.append(index)
            level = level[index].cells
        }
        return indices.isEmpty ? nil : indices
    }

    /// Applies `change` to the cell at `path` (indices from `cellPath(_:)`).
    mutating func modifyCell(at path: [Int], _ change: (inout EmitterCellValues) -> Void) {
        func visit(_ cells: inout [EmitterCellValues], _ rest: ArraySlice<Int>) {
            guard let index = rest.first, cells.indices.contains(index) else { return }
            if rest.count == 1 { change(&cells[index]) } else { visit(&cells[index].cells, rest.dropFirst()) }
        }
        visit(&cells, path[...])
    }

    /// The cell at `path` (indices from `cellPath(_:)`); nil when there is none.
    func cell(at path: [Int]) -> EmitterCellValues? {
        var level = cells
        var found: EmitterCellValues?
        for index in path {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].cells
        }
        return found
    }
}
