/// The inputs of a built composition, recorded by the builders as they make the layers, and
/// found by key path.
final class CompositionInputs {
    private(set) var all: [CompositionInput] = []

    /// Records that `keyPath` of `layer` carries the property at `path`.
    func record(
        _ path: [String], aliases: [[String]] = [], layer: CALayer, kind: CompositionInput.Kind, keyPath: String,
        replacing replaced: [String], afterSet: ((CALayer) -> Void)? = nil
    ) {
        all.append(
            CompositionInput(
                path: path, aliases: aliases, layer: layer, kind: kind, keyPath: keyPath, replacedKeyPaths: replaced,
                afterSet: afterSet))
    }

    /// Records a transform's position and opacity (when it has one) on `layer`, under `path`
    /// (a layer's or group's) then "Transform"; a layer's also without "Transform".
    func recordTransform(_ path: [String], layer: CALayer, withOpacity: Bool, isLayer: Bool) {
        let properties: [(String, CompositionInput.Kind, String, [String])] =
            [("Position", .point, "position", ["position", "position.x", "position.y"])]
            + (withOpacity ? [("Opacity", .opacity(scale: 1), "opacity", ["opacity"])] : [])
        for (name, kind, keyPath, replaced) in properties {
            record(
                path + ["Transform", name], aliases: isLayer ? [path + [name]] : [], layer: layer, kind: kind,
                keyPath: keyPath, replacing: replaced)
        }
    }

    /// The inputs `keyPath` matches (with wildcards), in the order recorded.
    func matching(_ keyPath: String) -> [CompositionInput] {
        let pattern = InputKeyPath(keyPath)
        return all.filter { input in
            pattern.matches(input.path) || input.aliases.contains(where: pattern.matches)
        }
    }
}
