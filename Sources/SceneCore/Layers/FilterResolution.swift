import Foundation

/// Turns what app code puts in `filters`, `backgroundFilters` and `compositingFilter` (`CAFilter`s
/// or type names) into the values commits carry. Anything SceneCore cannot draw is left out with
/// one logged message per kind of problem, never refused: the rest of the list still applies.
enum FilterResolution {
    /// The filters of `list` that SceneCore draws, with their inputs; `property` names the
    /// layer property in messages.
    static func filters(_ list: [Any]?, property: String) -> RenderFilterList {
        RenderFilterList((list ?? []).compactMap { filter($0, property: property) })
    }

    /// The blend mode `value` names: `.sourceOver` for nil, and, logged, for a value that is not
    /// a known blend mode (a colour filter or blur is not a compositing filter).
    static func blendMode(_ value: Any?) -> BlendMode {
        guard let value else { return .sourceOver }
        let name: String
        switch value {
        case let filter as CAFilter:
            guard filter.isEnabled else { return .sourceOver }
            name = filter.type.rawValue
        case let text as String: name = text
        default:
            Diagnostics.errorOnce(
                "filters.compositingType.\(type(of: value))",
                "CALayer.compositingFilter: a \(type(of: value)) is not a filter; composited source-over")
            return .sourceOver
        }
        guard let mode = BlendMode(filterName: name) else {
            Diagnostics.errorOnce(
                "filters.compositing.\(name)",
                "CALayer.compositingFilter: unknown blend mode \"\(name)\"; composited source-over")
            return .sourceOver
        }
        return mode
    }

    /// The filter `item` describes, or nil (logged once) when SceneCore does not draw it.
    private static func filter(_ item: Any, property: String) -> RenderFilter? {
        let typeName: String
        var name: String
        var isEnabled = true
        var inputs: [String: Any] = [:]
        switch item {
        case let filter as CAFilter:
            (typeName, name, isEnabled, inputs) = (
                filter.type.rawValue, filter.name, filter.isEnabled, filter.inputValues
            )
        case let text as String: (typeName, name) = (text, text)
        default:
            Diagnostics.errorOnce(
                "filters.type.\(type(of: item))", "CALayer.\(property): a \(type(of: item)) is not a filter; ignored")
            return nil
        }
        guard let kind = kind(named: typeName) else {
            Diagnostics.errorOnce(
                "filters.unknown.\(typeName)", "CALayer.\(property): unknown filter type \"\(typeName)\"; ignored")
            return nil
        }
        var filter = RenderFilter(kind: kind, name: name, isEnabled: isEnabled)
        for (key, value) in inputs.sorted(by: { $0.key < $1.key }) {
            apply(value, forKey: key, to: &filter, property: property, typeName: typeName)
        }
        return filter
    }

    /// Stores input `key` in `filter`, or logs once why it is ignored.
    private static func apply(
        _ value: Any, forKey key: String, to filter: inout RenderFilter, property: String, typeName: String
    ) {
        let place = "CALayer.\(property): \(typeName) filter \"\(filter.name)\""
        if key == filter.numberInputKey {
            guard let number = ValueConversion.double(value) else {
                Diagnostics.errorOnce(
                    "filters.input.type.\(typeName).\(key)", "\(place): \(key) is not a number; ignored")
                return
            }
            guard number.isFinite else {
                Diagnostics.errorOnce(
                    "filters.input.nonFinite.\(typeName).\(key)", "\(place): \(key) \(number) is not finite; ignored")
                return
            }
            filter.amount = filter.kind == .gaussianBlur ? max(number, 0) : number
        } else if key == "inputColorMatrix", filter.kind == .colorMatrix {
            guard let matrix = colorMatrix(value) else {
                Diagnostics.errorOnce(
                    "filters.input.matrix", "\(place): inputColorMatrix is not a CAColorMatrix or 20 numbers; ignored")
                return
            }
            guard matrix.entries.allSatisfy(\.isFinite) else {
                Diagnostics.errorOnce(
                    "filters.input.nonFinite.\(typeName).\(key)", "\(place): inputColorMatrix is not finite; ignored")
                return
            }
            filter.matrix = matrix
        } else {
            Diagnostics.errorOnce(
                "filters.input.unknown.\(typeName).\(key)", "\(place) has no input \(key); ignored")
        }
    }

    /// A colour matrix given as a `CAColorMatrix` or as its twenty entries, row by row.
    static func colorMatrix(_ value: Any?) -> CAColorMatrix? {
        if let matrix = value as? CAColorMatrix { return matrix }
        guard let list = value as? [Any], list.count == 20 else { return nil }
        let numbers = list.compactMap(ValueConversion.double).map(Float.init)
        return numbers.count == 20 ? CAColorMatrix(entries: numbers) : nil
    }

    /// The filter kind a type name stands for, under Core Animation's or Core Image's name.
    private static func kind(named name: String) -> RenderFilter.Kind? {
        switch name {
        case "gaussianBlur", "CIGaussianBlur": .gaussianBlur
        case "colorMatrix": .colorMatrix
        case "colorSaturate", "saturation": .saturation
        case "colorBrightness", "brightness": .brightness
        default: nil
        }
    }
}

extension CALayer {
    /// Stores a filter list as set (for the getter) and resolved (for the render side).
    func setFilters(
        _ attribute: WritableKeyPath<LayerAttributes, [Any]?>,
        _ property: WritableKeyPath<LayerProperties, RenderFilterList>,
        _ list: [Any]?, _ id: PropertyID
    ) {
        let copies = list?.map { ($0 as? CAFilter)?.copy() ?? $0 }
        LayerLock.withLock {
            setAttribute(attribute, copies, key: id.declared.key)
            let resolved = FilterResolution.filters(copies, property: id.declared.key)
            let changes = state[keyPath: property] != resolved
            setState(property, resolved, id)
            // Background filters animate only explicitly, so setState runs no action for them;
            // their action (by default a fade transition) runs here.
            if changes, committedState != nil, !id.declared.runsActions { propertyDidChange(id.declared.key) }
        }
    }

    /// A presentation layer's filters: the list shown, with animated inputs (nil when none).
    func shownFilters(
        _ attribute: KeyPath<LayerAttributes, [Any]?>, _ property: KeyPath<LayerProperties, RenderFilterList>
    ) -> [Any]? {
        LayerLock.withLock {
            let shown = state[keyPath: property]
            return shown.filters.isEmpty ? attributes[keyPath: attribute] : shown.objects
        }
    }
}

extension ValueConversion {
    /// A filter list as the `filters` and `backgroundFilters` setters take it: nil, or an array
    /// (its items are checked when it is resolved).
    static func filterList(_ value: Any?) -> [Any]?? {
        value == nil ? .some(nil) : (value as? [Any]).map(Optional.some)
    }

    /// The input named by `field` (`<name>.<input>`) of the filter of that name in `filters`:
    /// the value set, else the input's default; nil when no filter has the name or its type
    /// has no such input.
    static func filterInput(_ field: String, in filters: [Any]) -> Any? {
        guard let (index, input) = filterField(field, in: filters) else { return nil }
        let resolved = FilterResolution.filters([filters[index]], property: "filters").filters.first
        if let filter = filters[index] as? CAFilter, let value = filter.value(forKey: input) { return value }
        guard let resolved else { return nil }
        if input == resolved.numberInputKey { return CGFloat(resolved.amount) }
        return input == "inputColorMatrix" && resolved.kind == .colorMatrix ? resolved.matrix : nil
    }

    /// A copy of `filters` with the input named by `field` (`<name>.<input>`) set to `newValue`
    /// in a copy of the filter of that name; nil when no filter has the name.
    static func settingFilterInput(_ newValue: Any?, _ field: String, in filters: [Any]) -> Any? {
        guard let (index, input) = filterField(field, in: filters) else { return nil }
        let filter: CAFilter
        switch filters[index] {
        case let object as CAFilter: filter = object.copy() as! CAFilter
        case let name as String: filter = CAFilter(type: name)
        default: return nil
        }
        filter.setValue(newValue, forKey: input)
        var updated = filters
        updated[index] = filter
        return updated
    }

    /// The index of the filter named by `field`'s first part, and the rest (the input's key).
    private static func filterField(_ field: String, in filters: [Any]) -> (Int, String)? {
        guard let dot = field.firstIndex(of: ".") else { return nil }
        let name = String(field[..<dot])
        let input = String(field[field.index(after: dot)...])
        let index = filters.firstIndex {
            ($0 as? CAFilter)?.name == name || ($0 as? String) == name
        }
        return index.map { ($0, input) }
    }
}
