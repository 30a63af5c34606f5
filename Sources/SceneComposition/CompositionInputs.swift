/// The inputs of a built composition, recorded by the builders as they make the layers, and
/// found by key path.
final class CompositionInputs {
    private(set) var all: [CompositionInput] = []

    /// Records that `keyPath` of `layer` carries the property at `path`.
    func record(
        _ path: [String], aliases: [[String]] = [], layer: CALayer, kind: CompositionInput.Kind, keyPath: String,
        replacing replaced: [String], heldByAnimation: Bool = false, afterSet: ((CALayer) -> Void)? = nil
    ) {
        all.append(
            CompositionInput(
                path: path, aliases: aliases, layer: layer, kind: kind, keyPath: keyPath, replacedKeyPaths: replaced,
                heldByAnimation: heldByAnimation, afterSet: afterSet))
    }

    /// Records a transform's properties under `path` (a layer's or group's) then "Transform"
    /// (a layer's also without "Transform"): position, rotation and opacity (when it has one)
    /// on `outer`, scale and anchor point on `inner` (see `TransformLayers`). The rotation is
    /// held by an animation, over the keyframes of a scale that carry the first rotation.
    func recordTransform(_ path: [String], outer: CALayer, inner: CALayer, withOpacity: Bool, isLayer: Bool) {
        let properties: [(String, CALayer, CompositionInput.Kind, String, [String])] =
            [
                ("Position", outer, .point, "position", ["position", "position.x", "position.y"]),
                ("Rotation", outer, .number(scale: 1), "transform.rotation.z", ["transform.rotation.z"]),
                ("Scale", inner, .number(scale: 1), "transform.scale", ["transform"]),
                ("Anchor Point", inner, .anchor, "bounds", ["bounds"]),
            ] + (withOpacity ? [("Opacity", outer, .opacity(scale: 1), "opacity", ["opacity"])] : [])
        for (name, layer, kind, keyPath, replaced) in properties {
            record(
                path + ["Transform", name], aliases: isLayer ? [path + [name]] : [], layer: layer, kind: kind,
                keyPath: keyPath, replacing: replaced, heldByAnimation: name == "Rotation")
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
