import Foundation

/// Redraws a layer while animations of the keys its drawing depends on run.
///
/// The render side draws gradients, shapes and text from the glyph atlas itself, but not what
/// a layer draws on the app thread, so a layer whose drawing depends on an animated value (a
/// subclass's custom key, a text layer's `fontSize`, or the `foregroundColor` of text drawn into
/// a backing store) is redrawn on the app thread: at each display the layer draws the values its
/// animations give now, and while any of those animations still changes (or waits to begin) a
/// `CADisplayLink` on the app's run loop marks the layer for display every frame, so each
/// frame's commit carries the next drawing.
final class AnimatedRedraw {
    /// The keys whose animations change the drawing: custom keys, or built-in properties.
    var keys: Set<String>
    private var link: CADisplayLink?

    init(keys: Set<String>) { self.keys = keys }

    deinit { link?.invalidate() }

    /// The animated values of `keys` to draw now on `layer` (keys that do not animate are left
    /// out): its animations applied at the current time, an animation not yet committed
    /// counting as beginning now.
    /// Starts or stops the per-frame redraw as those animations run or end.
    func values(for layer: CALayer) -> [String: Any] {
        guard !layer.attachedAnimations.isEmpty, !layer.isPresentation else {
            stop()
            return [:]
        }
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        let attached = layer.attachedAnimations
        let animations = zip(attached.records, attached.compiled).map { record, compiled -> RenderAnimation in
            var compiled = compiled
            if record.needsBeginTime { compiled.timing.beginTime = now }
            return compiled
        }.filter { drives($0) }
        guard !animations.isEmpty else {
            stop()
            return [:]
        }
        var custom: [String: AnimatableValue]? = [:]
        for key in keys where AnimatableProperty(key: key) == nil {
            if let value = AnimatableValue(layer.value(forKey: key)) { custom?[key] = value }
        }
        var presented = layer.state
        var outputs = AnimationOutputs()
        var cache = TransformCache()
        AnimationEvaluator.apply(
            animations, layerTime: now, model: layer.state, presented: &presented, custom: &custom,
            outputs: &outputs, cache: &cache)
        if outputs.isChanging || outputs.nextBegin != nil { start(for: layer) } else { stop() }
        var values = (custom ?? [:]).mapValues(\.objectValue)
        for key in keys {
            if let property = AnimatableProperty(key: key) { values[key] = property.read(presented).objectValue }
        }
        return values
    }

    /// Whether `animation` (or a child of a group) animates one of `keys`.
    func drives(_ animation: RenderAnimation) -> Bool {
        switch animation.kind {
        case .property(let spec):
            switch spec.target.property {
            case .custom(let key): return keys.contains(key)
            case .layer(let id, _): return keys.contains(id.declared.key)
            }
        case .group(let children): return children.contains(where: drives)
        case .transition: return false
        }
    }

    /// Whether `animation` (a `CAPropertyAnimation` or a group holding one) animates one of `keys`.
    func drives(_ animation: CAAnimation) -> Bool {
        if let property = animation as? CAPropertyAnimation { return property.keyPath.map(keys.contains) ?? false }
        if let group = animation as? CAAnimationGroup { return (group.animations ?? []).contains(where: drives) }
        return false
    }

    private func start(for layer: CALayer) {
        guard link == nil else { return }
        let link = CADisplayLink { [weak layer] link in
            guard let layer else { return link.invalidate() }
            layer.setNeedsDisplay()
        }
        link.add(to: .current, forMode: .common)
        self.link = link
    }

    private func stop() {
        link?.invalidate()
        link = nil
    }

    /// Whether the per-frame redraw is running.
    var isRedrawing: Bool { link != nil }
}
