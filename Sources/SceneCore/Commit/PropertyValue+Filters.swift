import Foundation

extension RenderFilterList: LayerValue {
    var propertyValue: PropertyValue { .filters(self) }
    init?(propertyValue: PropertyValue) {
        guard case .filters(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { filters.isEmpty }
    var isFiniteValue: Bool { isFinite }
    /// The list as `CAFilter`s with their inputs, as `value(forKey:)` and animations hand it out.
    var defaultObject: Any { objects }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .filters(offset: offset)
    }

    /// The list as `CAFilter`s with their types, names, states and inputs.
    var objects: [Any] {
        filters.map { filter in
            let object = CAFilter(type: filter.typeName)
            object.name = filter.name
            object.isEnabled = filter.isEnabled
            if let key = filter.numberInputKey { object.setValue(filter.amount, forKey: key) }
            if filter.kind == .colorMatrix { object.setValue(filter.matrix, forKey: "inputColorMatrix") }
            return object
        }
    }
}

extension RenderFilter {
    /// Core Animation's name of the filter's type.
    var typeName: CAFilter.FilterType {
        switch kind {
        case .gaussianBlur: .gaussianBlur
        case .colorMatrix: .colorMatrix
        case .saturation: .colorSaturate
        case .brightness: .colorBrightness
        }
    }
}

extension BlendMode: LayerValue {
    var propertyValue: PropertyValue { .name(rawValue) }
    init?(propertyValue: PropertyValue) {
        guard case .name(let v) = propertyValue, let mode = BlendMode(rawValue: v) else { return nil }
        self = mode
    }
    var isZeroValue: Bool { self == .sourceOver }
    /// The mode as Core Animation's filter type name (`"multiplyBlendMode"`, ...).
    var defaultObject: Any { filterName }

    /// Core Animation's filter type name for the mode.
    var filterName: String {
        switch self {
        case .sourceOver: CAFilter.FilterType.sourceOver.rawValue
        case .multiply: CAFilter.FilterType.multiplyBlendMode.rawValue
        case .screen: CAFilter.FilterType.screenBlendMode.rawValue
        case .overlay: CAFilter.FilterType.overlayBlendMode.rawValue
        case .darken: CAFilter.FilterType.darkenBlendMode.rawValue
        case .lighten: CAFilter.FilterType.lightenBlendMode.rawValue
        case .difference: CAFilter.FilterType.differenceBlendMode.rawValue
        case .plusLighter: CAFilter.FilterType.plusL.rawValue
        }
    }
}
