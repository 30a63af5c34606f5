import Foundation

/// Inputs by key path: the properties of a composition's layers, groups and items that a
/// program sets or animates, as `QCCompositionLayer` had input keys.
///
/// A key path is a Lottie key path, as lottie-ios's `AnimationKeypath` reads it: components
/// separated by "." — layer names (precomposition layers, then the layers inside), shape group
/// names, item names ("Fill 1", "Stroke 1"), and last the property's name; "*" matches exactly
/// one component and "**" any number, none included. "**.Fill 1.Color" is the colour of every
/// fill named "Fill 1"; "Button.Label.Text" the text of layer "Label" in precomposition layer
/// "Button". The properties, and the values they take (Core Animation's units, not the file's):
///
/// | key path ends in | of | value |
/// |---|---|---|
/// | `Color` | a fill or stroke | `CGColor` |
/// | `Opacity` | a fill or stroke, a layer's or group's `Transform` | 0 to 1 (the file's 0–100 divided by 100) |
/// | `Stroke Width` | a stroke | points, in the stroke's group's space |
/// | `Position` | a layer's or group's `Transform` | `CGPoint`, in the space of the layer's parent (the composition's for a layer without one) |
/// | `Rotation` | a layer's or group's `Transform` | radians, clockwise (the file's degrees times π/180) |
/// | `Scale` | a layer's or group's `Transform` | a factor, the same for both axes (the file's percent divided by 100) |
/// | `Anchor Point` | a layer's or group's `Transform` | `CGPoint`, in the layer's or group's own space |
/// | `Start`, `End` | a trim of a stroke | 0 to 1 (the file's percent divided by 100), as `strokeStart` and `strokeEnd` |
/// | `Text` | a text layer | `String` |
///
/// A layer's transform is reached with or without "Transform" ("Ball.Transform.Position" and
/// "Ball.Position"), as lottie-ios reaches it; a parent's transform moves its children (its
/// opacity, as in Lottie, does not). A
/// group's transform is an input only when the file animates it (still groups are folded into
/// their paths, and their opacity into the fills' and strokes'). A trim is one where it draws a
/// stroke's path in one window (no offset, never wrapping round the path's end). The progress
/// of an element is a trim's `End`; the composition's is `currentProgress`. Gradients and trims'
/// offsets are not inputs yet. Numbers may be `Double`, `CGFloat`, `Float`,
/// `Int` or `NSNumber`.
///
/// A key path that matches nothing, or a value that no matched property takes, changes nothing
/// and is logged once per key path. Building a new `composition` drops what was set and added.
extension CACompositionLayer {
    /// Every key path the composition offers, sorted, each reaching one or more properties (a
    /// style drawn by several layers, a parent's transform repeated for its children): the
    /// names the file gives its layers, groups and items, then the property; layer transforms
    /// spelled with "Transform". Empty without a composition.
    public var inputKeyPaths: [String] {
        Array(Set(inputs.all.map { $0.path.joined(separator: ".") })).sorted()
    }

    /// Sets every property `keyPath` matches that takes `value`, for good: the composition's
    /// keyframes of those properties are no longer played, and the value shows at every frame,
    /// through `play()`, `pause()`, `currentFrame` and loops, until set again (an animation added
    /// by key path still plays over it).
    /// - Parameters:
    ///   - value: the value, in the units of the properties' table (a `CGColor`, a number, a
    ///     `CGPoint`, a `String`).
    ///   - keyPath: a key path, with wildcards.
    /// - Returns: whether any property was set.
    @discardableResult
    public func setValue(_ value: Any, forInputKeyPath keyPath: String) -> Bool {
        let matched = inputs.matching(keyPath).compactMap { input in input.layerValue(value).map { (input, $0) } }
        guard !matched.isEmpty else { return unmatched(keyPath, "takes \(type(of: value))") }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for (input, layerValue) in matched {
            input.layer.setValue(layerValue, forKeyPath: input.keyPath)
            input.afterSet?(input.layer)
            let index: Int
            if input.heldByAnimation {
                index = trackIndex(of: input.layer)
                // Sorted before an animation added by key path ("=" before letters), so under it.
                tracks[index].inputAnimations["=" + input.keyPath] = Self.holding(layerValue, at: input.keyPath)
            } else if let found = tracks.firstIndex(where: { $0.layer === input.layer }) {
                index = found
            } else {
                continue
            }
            tracks[index].animations.removeAll { input.replacedKeyPaths.contains($0.animation.keyPath ?? "") }
            install(tracks[index])
        }
        return true
    }

    /// The index of the track of `layer`, a new one when it has none.
    private func trackIndex(of layer: CALayer) -> Int {
        if let index = tracks.firstIndex(where: { $0.layer === layer }) { return index }
        tracks.append(CompositionTrack(layer: layer, animations: []))
        return tracks.count - 1
    }

    /// An animation that holds `value` at `keyPath` at every time (filled both ways).
    private static func holding(_ value: Any, at keyPath: String) -> CABasicAnimation {
        let hold = CABasicAnimation(keyPath: keyPath)
        hold.fromValue = value
        hold.toValue = value
        hold.duration = 1
        hold.fillMode = .both
        return hold
    }

    /// The value the first property `keyPath` matches shows now, in the units of the
    /// properties' table: its presentation value once committed (the composition's frame, a
    /// value set, an animation added), otherwise its model value; nil when nothing matches.
    /// - Parameters:
    ///   - keyPath: a key path, with wildcards.
    public func value(forInputKeyPath keyPath: String) -> Any? {
        guard let input = inputs.matching(keyPath).first else {
            _ = unmatched(keyPath, "exists")
            return nil
        }
        let layer = input.layer.presentation() ?? input.layer
        return input.value(ofLayerValue: layer.value(forKeyPath: input.keyPath))
    }

    /// Animates every property `keyPath` matches with a copy of `animation`, a `CABasicAnimation`
    /// (or `CASpringAnimation`) or `CAKeyframeAnimation` whose values are in the units of the
    /// properties' table (its own `keyPath` is ignored): each copy gets the layer's key path and
    /// values and is played by the render side as one of the composition's animations, over the
    /// composition's keyframes and any value set. Its time is the composition's, as the
    /// keyframes of lottie-ios's value providers are: `beginTime` is seconds from the
    /// composition's `inPoint`, it pauses, seeks and loops with the composition, and the range
    /// played clips it. One animation per property: a second replaces the first. Text is not
    /// animated.
    /// - Parameters:
    ///   - animation: the animation.
    ///   - keyPath: a key path, with wildcards.
    /// - Returns: whether it was added to any property.
    @discardableResult
    public func add(_ animation: CAAnimation, forInputKeyPath keyPath: String) -> Bool {
        let matched = inputs.matching(keyPath).compactMap { input in
            Self.converted(animation, for: input).map { (input, $0) }
        }
        guard !matched.isEmpty else { return unmatched(keyPath, "is animated by \(type(of: animation))") }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for (input, converted) in matched {
            let index = trackIndex(of: input.layer)
            tracks[index].inputAnimations[input.keyPath] = converted
            install(tracks[index])
        }
        return true
    }

    /// Removes the animations added by key path from every property `keyPath` matches; the
    /// composition's keyframes, or the value set, show again.
    /// - Parameters:
    ///   - keyPath: a key path, with wildcards.
    public func removeAnimation(forInputKeyPath keyPath: String) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for input in inputs.matching(keyPath) {
            guard let index = tracks.firstIndex(where: { $0.layer === input.layer }),
                tracks[index].inputAnimations.removeValue(forKey: input.keyPath) != nil
            else { continue }
            install(tracks[index])
        }
    }

    /// Logs, once per key path, that no property at `keyPath` `what`; returns false.
    private func unmatched(_ keyPath: String, _ what: String) -> Bool {
        if unmatchedKeyPaths.insert(keyPath).inserted {
            Diagnostics.warning("CACompositionLayer: no property at key path \"\(keyPath)\" \(what)")
        }
        return false
    }

    /// A copy of `animation` for `input`'s layer: its key path, and its values converted; nil
    /// when it is not a basic or keyframe animation or a value is not of the property's kind.
    private static func converted(_ animation: CAAnimation, for input: CompositionInput) -> CAPropertyAnimation? {
        if case .text = input.kind { return nil }
        let convert: (Any?) -> (ok: Bool, value: Any?) = { value in
            guard let value else { return (true, nil) }
            let converted = input.layerValue(value)
            return (converted != nil, converted)
        }
        switch animation {
        case let basic as CABasicAnimation:
            let copy = basic.copy() as! CABasicAnimation
            let values = [basic.fromValue, basic.toValue, basic.byValue].map(convert)
            guard values.allSatisfy(\.ok) else { return nil }
            (copy.fromValue, copy.toValue, copy.byValue) = (values[0].value, values[1].value, values[2].value)
            copy.keyPath = input.keyPath
            return copy
        case let keyframes as CAKeyframeAnimation:
            let copy = keyframes.copy() as! CAKeyframeAnimation
            if keyframes.path != nil {
                // A path gives positions, in the same space as the values.
                guard case .point = input.kind else { return nil }
            }
            if let values = keyframes.values {
                let converted = values.compactMap(input.layerValue)
                guard converted.count == values.count else { return nil }
                copy.values = converted
            }
            copy.keyPath = input.keyPath
            return copy
        default:
            return nil
        }
    }
}
