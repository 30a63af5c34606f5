import Foundation

/// Drawing a `CAReplicatorLayer`'s sublayers once per instance, from one walk of their tree.
///
/// The sublayers are walked once, recorded into a display list of their own in the space the
/// replicator's sublayers are positioned in (no window, no clip space). That recording is then
/// copied into the frame once per instance: every quad's transform is multiplied by the
/// instance's map from that space to clip space (`instanceTransform` applied `i` times about
/// the replicator's centre, then the replicator's sublayer and window maps) and its colour by
/// the instance colour, and the recording's clips, groups and masks are opened and closed
/// around each copy. Consecutive copies join the same instanced draws, so 10,000 instances of a
/// one-quad sublayer are one draw call and one walk.
///
/// With an `instanceDelay` and animations running in the sublayer tree, instances show
/// different values: each instance's animations are evaluated at the frame's time less
/// `i × instanceDelay`, and its sublayers walked and recorded again, so that case costs one
/// small walk and evaluation per instance. Every copy and walk counts against the frame's work
/// budget (FrameBuilder+WorkBudget): instances past it are not drawn.
///
/// While recording, nothing is drawn from a kept bitmap (`shouldRasterize`, kept masks and
/// shadows are drawn directly), and culling of layers that face away is judged in the
/// recording's space. Shadows and background filters of replicated layers are not drawn
/// (logged once); their layers are.
extension FrameBuilder {
    /// At most this many quads are copied for one replicator in one frame; instances beyond are
    /// not drawn (logged once), so that a huge `instanceCount` costs a bounded frame.
    static let maximumReplicatedQuads = 200_000

    /// Draws the sublayers `children` of the replicator `id` (which maps to the window by
    /// `toWindow` and places its sublayers by `childSpace`) once per instance.
    mutating func drawInstances(
        of id: LayerID, children: [LayerID], toWindow: CATransform3D, childSpace: CATransform3D, alpha: Float,
        depth: Int
    ) {
        guard let p = tree[id]?.propertiesExceptPlacement, p.instanceCount > 0 else { return }
        let placement = InstancePlacement(p, childSpace: childSpace, toWindow: toWindow, toClip: toClip)
        let colors = InstanceColors(p)
        let delayed = p.instanceDelay != 0 && p.instanceDelay.isFinite ? animatedLayers(under: id) : []
        if delayed.isEmpty {
            let recorded = record(children, alpha: alpha, depth: depth)
            let count = instancesDrawn(p.instanceCount, quads: recorded.instances.count)
            let work = recorded.replayWork
            let transforms = placement.transforms(count)
            for i in placement.order(transforms, recorded: recorded) {
                guard spend(work) else { break }
                guard let transform = transforms[i] else { continue }
                replay(recorded, transform: transform, color: colors.color(i))
            }
            return
        }
        // Instances that differ in animated values: evaluated, walked and drawn one by one.
        let savedProperties = delayed.compactMap { tree[$0]?.properties }
        let time = tree.animationTime.map { tree.localTime(of: id, at: $0).time } ?? 0
        var recordings: [DisplayList] = []
        var quads = 0
        for i in 0..<min(p.instanceCount, FrameBuilder.maximumReplicatedQuads) {
            guard spend(FrameBuilder.delayedInstanceWork) else { break }
            showAnimations(of: delayed, under: id, at: time - Double(i) * p.instanceDelay)
            // The walk reads the layers with the delayed values just set.
            recordings.append(withCurrentSlots { $0.record(children, alpha: alpha, depth: depth) })
            quads += recordings[i].instances.count
            if quads > FrameBuilder.maximumReplicatedQuads { break }
        }
        // The walk goes on reading the layers as they were before (the same values).
        for (layer, properties) in zip(delayed, savedProperties) { tree.layers[layer]?.properties = properties }
        guard let first = recordings.first else { return }
        let transforms = placement.transforms(recordings.count)
        for i in placement.order(transforms, recorded: first) {
            guard spend(recordings[i].replayWork) else { break }
            guard let transform = transforms[i] else { continue }
            replay(recordings[i], transform: transform, color: colors.color(i))
        }
    }

    /// How many of `count` instances of a recording of `quads` quads are drawn.
    private func instancesDrawn(_ count: Int, quads: Int) -> Int {
        let limit = FrameBuilder.maximumReplicatedQuads / max(quads, 1)
        guard count > limit else { return count }
        Diagnostics.errorOnce(
            "render.replicatorCount",
            "render: a CAReplicatorLayer's instances would draw more than \(FrameBuilder.maximumReplicatedQuads)"
                + " quads; only the first \(limit) instances are drawn")
        return limit
    }

    /// Walks the sublayers once, recording their drawing in the replicator's sublayer space.
    private mutating func record(_ children: [LayerID], alpha: Float, depth: Int) -> DisplayList {
        let frameBatcher = batcher
        let frameToClip = toClip
        let wasRecording = recordsInstances
        batcher = Batcher()
        toClip = .identity
        recordsInstances = true
        for child in children {
            visit(child, parentToWindow: nil, sublayerSpace: .identity, inheritedOpacity: alpha, depth: depth + 1)
        }
        var recorded = batcher.finish(width: 0, height: 0, clearColor: .zero)
        batcher = frameBatcher
        // The recording's gradients join the frame's gradient texture once, whatever the count of copies.
        let base = batcher.addGradientTexels(recorded.gradientTexels)
        for i in recorded.instances.indices where recorded.instances[i].isGradient {
            recorded.instances[i].uv += SIMD4(base, 0, base, 0)
        }
        toClip = frameToClip
        recordsInstances = wasRecording
        return recorded
    }

    /// Draws one instance of `recorded`: its quads mapped by `transform` and tinted by `color`
    /// (premultiplied), its clips, groups and masks opened and closed around them.
    private mutating func replay(_ recorded: DisplayList, transform: SIMD16<Float>, color: SIMD4<Float>?) {
        var clips: [Int: Int] = [:]
        let map = RowMap(transform)
        func placed(_ index: Int) -> QuadInstance {
            var quad = recorded.instances[index]
            quad.transformX = map.apply(quad.transformX)
            quad.transformY = map.apply(quad.transformY)
            quad.transformOrigin = map.apply(quad.transformOrigin)
            if let color { quad.color *= color }
            return quad
        }
        for command in recorded.commands {
            switch command {
            case .draw(let batch):
                for index in batch.first..<(batch.first + batch.count) {
                    batcher.add(placed(index), image: batch.image, sampling: batch.sampling)
                }
            case .pushClip(let index): clips[index] = batcher.pushClip(placed(index))
            case .popClip(let index): if let clip = clips[index] { batcher.popClip(clip) }
            case .beginShapeClip(let index): clips[index] = batcher.beginShapeClip(placed(index))
            case .endShapeClip(let index): if let clip = clips[index] { batcher.endShapeClip(clip) }
            case .beginGroup: batcher.beginGroup()
            case .endGroup(let opacity): batcher.endGroup(opacity: opacity)
            case .beginMask: batcher.beginMask()
            case .endMask(let opacity): batcher.endMask(opacity: opacity)
            case .endEffectGroup(let opacity, let effects, _):
                batcher.endEffectGroup(opacity: opacity, effects: effects)
            case .beginShadow, .endShadow, .drawShadow:
                Diagnostics.errorOnce(
                    "render.replicatorShadow",
                    "render: shadows of a CAReplicatorLayer's sublayers are not drawn; the layers are")
            case .filterBackdrop:
                Diagnostics.errorOnce(
                    "render.replicatorBackdrop",
                    "render: backgroundFilters of a CAReplicatorLayer's sublayers are not applied")
            case .drawGLContent(let request, let batch):
                for index in batch.first..<(batch.first + batch.count) {
                    batcher.drawGLContent(request, quad: placed(index), sampling: batch.sampling)
                }
            case .drawVideo(let video, let batch):
                for index in batch.first..<(batch.first + batch.count) {
                    batcher.drawVideo(video, quad: placed(index), sampling: batch.sampling)
                }
            case .beginRaster, .endRaster, .drawRaster:
                // Recording draws every layer directly (`recordsInstances`); nothing to copy.
                break
            }
        }
    }

    /// The layers under `id` (sublayers and masks, at any depth) that have animations attached.
    private func animatedLayers(under id: LayerID) -> [LayerID] {
        tree.animatedLayers.filter { animated in
            var current = tree[animated]?.superlayer
            for _ in 0..<FrameBuilder.maximumDepth {
                guard let layer = current else { return false }
                if layer == id { return true }
                current = tree[layer]?.superlayer
            }
            return false
        }
    }

    /// Shows the values the animations of `layers` have when the replicator `replicator`'s
    /// local time is `time`.
    private mutating func showAnimations(of layers: [LayerID], under replicator: LayerID, at time: Double) {
        for id in layers {
            guard let layer = tree[id] else { continue }
            let layerTime = localTime(of: id, under: replicator, at: time, depth: 0)
            guard layerTime.isFinite else { continue }
            var shown = layer.model
            var custom: [String: AnimatableValue]?
            var outputs = AnimationOutputs()
            var cache = TransformCache()
            AnimationEvaluator.apply(
                layer.animations, layerTime: layerTime, model: layer.model, presented: &shown, custom: &custom,
                outputs: &outputs, cache: &cache)
            tree.layers[id]?.properties = shown
        }
    }

    /// The local time of `id`, a layer under `replicator`, when the replicator's is `time`.
    private func localTime(of id: LayerID, under replicator: LayerID, at time: Double, depth: Int) -> Double {
        guard id != replicator, let layer = tree[id], let parent = layer.superlayer, depth < FrameBuilder.maximumDepth
        else { return time }
        let parentTime = localTime(of: parent, under: replicator, at: time, depth: depth + 1)
        let timing = layer.model.timing
        return (parentTime - timing.beginTime) * Double(timing.speed) + timing.timeOffset
    }
}

extension LayerProperties {
    /// How many times the layer's sublayers are drawn: `instanceCount` (at least 0) for a
    /// replicator, else once.
    var sublayerCopies: Int { kind == .replicator ? max(min(instanceCount, 1 << 40), 0) : 1 }
}

/// A 4x4 matrix (row order) that rows of a quad's transform are multiplied by, its entries
/// held as scalars: a replicator applies one to every quad of every instance.
private struct RowMap {
    typealias Row = (Float, Float, Float, Float)
    let m: (Row, Row, Row, Row)

    init(_ b: SIMD16<Float>) {
        m = (
            (b[0], b[1], b[2], b[3]), (b[4], b[5], b[6], b[7]), (b[8], b[9], b[10], b[11]), (b[12], b[13], b[14], b[15])
        )
    }

    /// The row-vector product `r · M`.
    @inline(__always)
    func apply(_ r: SIMD4<Float>) -> SIMD4<Float> {
        let (x, y, z, w) = (r.x, r.y, r.z, r.w)
        let (a, b, c, d) = m
        return SIMD4(
            x * a.0 + y * b.0 + z * c.0 + w * d.0, x * a.1 + y * b.1 + z * c.1 + w * d.1,
            x * a.2 + y * b.2 + z * c.2 + w * d.2, x * a.3 + y * b.3 + z * c.3 + w * d.3)
    }
}

/// Where each instance of a replicator's sublayers goes: instance `i`'s map from the
/// replicator's sublayer space to clip space.
private struct InstancePlacement {
    /// `instanceTransform` about the replicator's centre.
    let step: CATransform3D
    /// From the sublayer space, after the instance's transform, to clip space.
    let toClip: CATransform3D
    let preservesDepth: Bool

    init(_ p: LayerProperties, childSpace: CATransform3D, toWindow: CATransform3D, toClip clip: CATransform3D) {
        let t = p.instanceTransform.isFinite ? p.instanceTransform : .identity
        if !p.instanceTransform.isFinite {
            Diagnostics.errorOnce(
                "render.instanceTransform", "render: a non-finite instanceTransform is drawn as the identity")
        }
        let center = (x: p.bounds.midX, y: p.bounds.midY)
        step = CATransform3DMakeTranslation(-center.x, -center.y, 0).concatenating(t)
            .concatenating(CATransform3DMakeTranslation(center.x, center.y, 0))
        preservesDepth = p.preservesDepth
        // Flattened into the replicator's plane, unless the instances keep their depth (then
        // they are flattened with the replicator into its superlayer, by `toWindow`).
        let space = preservesDepth ? childSpace : childSpace.concatenating(ClipSpace.flatten)
        toClip = space.concatenating(toWindow).concatenating(clip)
    }

    /// The maps of instances 0..<`count` from the sublayer space to clip space, each worked out
    /// from the one before (`step` applied once more). An instance whose map does not fit single
    /// precision (an `instanceTransform` that grows with each instance soon overflows) is nil:
    /// it cannot be placed, and is not drawn.
    func transforms(_ count: Int) -> [SIMD16<Float>?] {
        var result: [SIMD16<Float>?] = []
        result.reserveCapacity(count)
        var power = CATransform3D.identity
        for _ in 0..<count {
            let m = power.concatenating(toClip).float16
            result.append(m.sum().isFinite ? m : nil)
            power = power.concatenating(step)
        }
        return result
    }

    /// The order to draw the instances placed by `transforms` in: instance order, or, keeping
    /// depth, farthest first by the depth (`w` after perspective) of the recording's first
    /// quad's centre (instances that cannot be placed last).
    func order(_ transforms: [SIMD16<Float>?], recorded: DisplayList) -> [Int] {
        let count = transforms.count
        guard preservesDepth, count > 1, let quad = recorded.instances.first else { return Array(0..<count) }
        let r = quad.rect
        let m = quad.transform
        let center = SIMD4<Float>(r.x + r.z / 2, r.y + r.w / 2, 0, 1)
        let inSpace = center.x * m.lowHalf.lowHalf + center.y * m.lowHalf.highHalf + m.highHalf.highHalf
        let depths = transforms.map { t -> Float in
            guard let t else { return -.infinity }
            let w = inSpace.x * t[3] + inSpace.y * t[7] + inSpace.z * t[11] + inSpace.w * t[15]
            return w.isNaN ? -.infinity : w
        }
        return (0..<count).sorted { depths[$0] != depths[$1] ? depths[$0] > depths[$1] : $0 < $1 }
    }
}

/// The colour each instance's drawing is multiplied by.
private struct InstanceColors {
    let base: RGBA
    let offset: SIMD4<Float>
    /// Every instance's multiplier, worked out once, when the offsets are all zero.
    private var uniform: SIMD4<Float>??

    init(_ p: LayerProperties) {
        base = p.shownInstanceColor ?? RGBA(r: 1, g: 1, b: 1, a: 1)
        let offsets = [p.instanceRedOffset, p.instanceGreenOffset, p.instanceBlueOffset, p.instanceAlphaOffset]
        // A non-finite offset is ignored (what it adds could not be clamped to a colour).
        let finite = offsets.map { $0.isFinite ? $0 : 0 }
        offset = SIMD4(finite[0], finite[1], finite[2], finite[3])
        if offset == .zero { uniform = .some(multiplier(0)) }
    }

    /// Instance `i`'s premultiplied multiplier; nil for opaque white (no change).
    func color(_ i: Int) -> SIMD4<Float>? { uniform ?? multiplier(i) }

    private func multiplier(_ i: Int) -> SIMD4<Float>? {
        let straight = SIMD4(base.r, base.g, base.b, base.a) + Float(i) * offset
        let c = straight.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        guard c != SIMD4(repeating: 1) else { return nil }
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }
}
