import Foundation

/// The `CAEmitterCell` values animations drive through an emitter's key paths
/// (`emitterCells.fire.birthRate`): the numbers and the colour Apple documents as animatable,
/// read and written in the cell values the render side simulates. `contents` and
/// `contentsRect`, also documented as animatable, are not driven (the particles keep the
/// committed image).
enum EmitterCellKey: String, CaseIterable, Sendable {
    case birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange
    case velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed

    /// The key's value in `cell`.
    func read(_ cell: EmitterCellValues) -> AnimatableValue {
        switch self {
        case .color: .color(RGBA(r: cell.color.x, g: cell.color.y, b: cell.color.z, a: cell.color.w))
        case .redRange, .greenRange, .blueRange, .alphaRange: .number(Double(cell.colorRange[component]))
        case .redSpeed, .greenSpeed, .blueSpeed, .alphaSpeed: .number(Double(cell.colorSpeed[component]))
        case .xAcceleration, .yAcceleration, .zAcceleration: .number(cell.acceleration[component])
        default: .number(cell[keyPath: number])
        }
    }

    /// `cell` with the key set to `value` (unchanged for a value of another kind or a
    /// non-finite one).
    func write(_ value: AnimatableValue, to cell: inout EmitterCellValues) {
        guard value.isFinite else { return }
        switch (self, value) {
        case (.color, .color(let c)): cell.color = SIMD4(c.r, c.g, c.b, c.a)
        case (.color, _): return
        case (_, .number(let v)):
            switch self {
            case .redRange, .greenRange, .blueRange, .alphaRange: cell.colorRange[component] = Float(v)
            case .redSpeed, .greenSpeed, .blueSpeed, .alphaSpeed: cell.colorSpeed[component] = Float(v)
            case .xAcceleration, .yAcceleration, .zAcceleration: cell.acceleration[component] = v
            default: cell[keyPath: number] = v
            }
        default: return
        }
    }

    /// The vector component a colour or acceleration key names.
    private var component: Int {
        switch self {
        case .redRange, .redSpeed, .xAcceleration: 0
        case .greenRange, .greenSpeed, .yAcceleration: 1
        case .blueRange, .blueSpeed, .zAcceleration: 2
        default: 3
        }
    }

    /// Where a plain number key is stored.
    private var number: WritableKeyPath<EmitterCellValues, Double> {
        switch self {
        case .birthRate: \.birthRate
        case .lifetime: \.lifetime
        case .lifetimeRange: \.lifetimeRange
        case .emissionLatitude: \.latitude
        case .emissionLongitude: \.longitude
        case .emissionRange: \.emissionRange
        case .velocity: \.velocity
        case .velocityRange: \.velocityRange
        case .scale: \.scale
        case .scaleRange: \.scaleRange
        case .scaleSpeed: \.scaleSpeed
        case .spin: \.spin
        default: \.spinRange
        }
    }
}

extension AnimationField {
    /// The field of an emitter's cells that `name` (`fire.birthRate`,
    /// `fire.emitterCells.spark.velocity`) names in `list`: nil when no cell has the names or the
    /// key is not animatable.
    static func emitterCell(_ name: String, in list: EmitterCellList) -> AnimationField? {
        var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let key = EmitterCellKey(rawValue: parts.removeLast()) else { return nil }
        var names = [parts.removeFirst()]
        while parts.count >= 2, parts[0] == "emitterCells" {
            names.append(parts[1])
            parts.removeFirst(2)
        }
        guard parts.isEmpty, list.cellPath(names) != nil else { return nil }
        return .emitterCell(names: names, key: key)
    }
}
