import Foundation

extension CALayer {
    /// The implementation of `add(_:forKey:)`.
    func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard !isPresentation else {
            Diagnostics.error("CALayer.add(_:forKey:): presentation layers cannot run animations")
            return
        }
        if let fault = anim.groupNestingFault() {
            Diagnostics.error(
                "CALayer.add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")) on \(self): \(fault); the animation is not added"
            )
            return
        }
        let copy = anim.copyForAdding()
        prepareForAdding(copy)
        let serial = AnimationRecord.nextSerial()
        let compiled: RenderAnimation
        switch AnimationCompiler.compile(copy, for: self, serial: serial) {
        case .success(let result): compiled = result
        case .failure(let error):
            Diagnostics.error(
                "CALayer.add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")) on \(self): \(error); the animation is not added"
            )
            return
        }
        if let key, let index = attachedAnimations.firstIndex(key: key) {
            attachedAnimations.remove(at: index).stop(finished: false)
        }
        let record = AnimationRecord(key: key, animation: copy, compiled: compiled, layer: self)
        attachedAnimations.append(record, compiled: compiled)
        AnimationEventCenter.shared.register(record)
        TransactionStack.current.animationAdded(record)
        recordChange(.animations)
    }

    func attachedAnimation(forKey key: String) -> CAAnimation? {
        LayerLock.withLock { attachedAnimations.firstIndex(key: key).map { attachedAnimations.records[$0].animation } }
    }

    func attachedAnimationKeys() -> [String]? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let keys = attachedAnimations.records.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    func detachAnimation(forKey key: String) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let index = attachedAnimations.firstIndex(key: key) else { return }
        attachedAnimations.remove(at: index).stop(finished: false)
        recordChange(.animations)
    }

    func detachAllAnimations() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard !attachedAnimations.isEmpty else { return }
        for record in attachedAnimations.removeAll() { record.stop(finished: false) }
        recordChange(.animations)
    }

    // MARK: - Internals

    /// Fills in what the transaction supplies, and for an action's basic animation with no
    /// values, the value on screen as the from-value (the implicit-animation case).
    private func prepareForAdding(_ animation: CAAnimation) {
        if animation.duration <= 0 || !animation.duration.isFinite {
            animation.duration = CATransaction.animationDuration()
        }
        if let function = CATransaction.animationTimingFunction() { animation.timingFunction = function }
        if let basic = animation as? CABasicAnimation, actionInProgress != nil,
            basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil, let keyPath = basic.keyPath
        {
            basic.fromValue = presentationValue(forKeyPath: keyPath)
        }
    }

    /// Removes a finished animation the render side has already dropped (no commit needed).
    func dropFinished(_ record: AnimationRecord) {
        attachedAnimations.remove(record)
        committedAnimations.removeAll { $0.serial == record.serial }
    }

    /// The animations to commit, with begin times of 0 stamped as the layer's time at `now`.
    func animationsForCommit(at now: Double) -> [RenderAnimation] {
        if attachedAnimations.records.contains(where: \.needsBeginTime) {
            attachedAnimations.stampBeginTimes(convertTime(now, from: nil))
        }
        // The list committed last is sent again when it is still the same, so that every tree
        // that keeps it (the clock of unrendered animations, a renderer attached later) shares it.
        if !committedAnimations.elementsEqual(attachedAnimations.compiled) {
            committedAnimations = attachedAnimations.compiled
        }
        return committedAnimations
    }

    /// The committed values with the committed animations applied at absolute time `time`;
    /// animated custom keys are written to `custom`.
    func presentedState(at time: Double, custom: inout [String: Any]) -> LayerProperties {
        guard let committed = committedState else { return state }
        let layerTime = committedLocalTime(at: time)
        guard !committedAnimations.isEmpty, layerTime.isFinite else { return committed }
        var presented = committed
        var customValues: [String: AnimatableValue]? = [:]
        for key in Self.customKeys(in: committedAnimations) {
            customValues?[key] = AnimatableValue(custom[key] ?? type(of: self).defaultValue(forKey: key))
        }
        var outputs = AnimationOutputs()
        var cache = TransformCache()
        AnimationEvaluator.apply(
            committedAnimations, layerTime: layerTime, model: committed,
            presented: &presented, custom: &customValues, outputs: &outputs, cache: &cache)
        for (key, value) in customValues ?? [:] { custom[key] = value.objectValue }
        presented.resolveAnimatedColors()
        return presented
    }

    /// The layer's local time at absolute time `t`, through the committed timing of its
    /// committed ancestors (what the render side uses).
    ///
    /// The ancestors are gathered first and applied from the root down, without recursion.
    func committedLocalTime(at t: Double) -> Double {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(current)
            layer = current.committedSuperlayer
        }
        var time = t
        for current in chain.reversed() {
            let timing = (current.committedState ?? current.state).timing
            time = (time - timing.beginTime) * Double(timing.speed) + timing.timeOffset
        }
        return time
    }

    private static func customKeys(in animations: [RenderAnimation]) -> [String] {
        animations.flatMap { animation -> [String] in
            switch animation.kind {
            case .property(let spec):
                if case .custom(let key) = spec.target.property { return [key] } else { return [] }
            case .group(let children): return customKeys(in: children)
            case .transition: return []
            }
        }
    }
}
