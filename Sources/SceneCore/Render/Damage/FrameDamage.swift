/// The part of the target a frame changes, worked out by comparing its display list with the
/// last frame's: a renderer whose target still holds the last frame draws only there (scissored)
/// and presents only there.
///
/// Anything that moved, animated, changed or went shows as an instance whose values differ from
/// the last frame's at the same index, or a batch whose texture changed (a new image, pixels
/// written into an atlas page, the gradients' texels, a video layer's next frame): the damage is the box of window pixels
/// those instances covered before and cover now (`PixelBox`, two pixels wider than the quads for
/// their anti-aliasing).
///
/// Offscreen groups, masks, shape clips, filters, shadows and rasterized layers draw pixels that
/// depend on more than their quads: a frame with them is limited to its damage only when they
/// are the same as in the last frame, nothing inside them changed, and the damage lies clear of
/// all of them (`EffectFootprints`); it is then drawn without them, since they drew the same
/// pixels outside the damage. A frame with OpenGL content, or whose structure (sizes, clear
/// colour, the commands and their batches) changed, is drawn whole.
package enum FrameDamage {
    /// The target pixels that `current` draws differently from `previous`, as a few rectangles
    /// (`DamageBoxes`); nil when the whole target must be drawn (no previous frame, a frame
    /// damage is not worked out for, or damage that costs as much as the whole target). An
    /// empty region means the frame draws exactly what the last one did. (A patched frame's
    /// damage is worked out as it is patched, `FramePatch`.)
    package static func region(from previous: DisplayList?, to current: DisplayList) -> DamageRegion? {
        guard let previous, previous.width == current.width, previous.height == current.height,
            previous.clearColor == current.clearColor, previous.instances.count == current.instances.count,
            previous.commands.count == current.commands.count, previous.groupRegions == current.groupRegions
        else { return nil }
        let size = SIMD2(Float(current.width), Float(current.height))
        var damage = DamageBoxes(width: current.width, height: current.height)
        /// Adds the boxes instance `index` covered before and covers now.
        func damageInstance(_ index: Int) {
            damage.add(PixelBox(covering: previous.instances[index], in: size))
            damage.add(PixelBox(covering: current.instances[index], in: size))
        }
        let updatedTextures = Set(current.textureUpdates.map(\.texture.imageID))
        let gradientsChanged = previous.gradientTexels != current.gradientTexels
        var hasEffects = false
        var retextured: [Range<Int>] = []
        for (before, now) in zip(previous.commands, current.commands) {
            switch (before, now) {
            case (.draw(let a), .draw(let b)):
                guard a.first == b.first, a.count == b.count, a.sampling == b.sampling, a.isShaped == b.isShaped,
                    a.gradient == b.gradient
                else { return nil }
                let texture = b.image?.imageID
                if a.image?.imageID != texture || texture.map(updatedTextures.contains) == true
                    || (gradientsChanged && b.gradient != .none)
                {
                    retextured.append(b.first..<(b.first + b.count))
                }
            case (.drawVideo(let a, let aBatch), .drawVideo(let b, let bBatch)):
                // Another frame of the same layer is a new texture for the same quads.
                guard a.layer == b.layer, aBatch == bBatch else { return nil }
                if a.frame.id != b.frame.id { retextured.append(bBatch.first..<(bBatch.first + bBatch.count)) }
            case (.pushClip(let a), .pushClip(let b)), (.popClip(let a), .popClip(let b)):
                guard a == b else { return nil }
            default:
                // An effect: the same as in the last frame, or the frame is drawn whole.
                guard before == now else { return nil }
                hasEffects = true
            }
        }
        let effects = hasEffects ? EffectFootprints(current) : nil
        if hasEffects && effects == nil { return nil }
        for index in retextured.joined() {
            if effects?.isInsideEffect[index] == true { return nil }
            damageInstance(index)
        }
        var changed = 0
        for index in current.instances.indices where previous.instances[index] != current.instances[index] {
            if effects?.isInsideEffect[index] == true { return nil }
            damageInstance(index)
            // A frame where everything moves stops here: it is drawn whole.
            changed += 1
            if changed % 64 == 0, damage.coversHalfTheTarget { return nil }
        }
        if let effects, damage.boxes.contains(where: effects.isReached) { return nil }
        return damage.region()
    }

    /// `list` with only the instances that reach `region` (in order, batches renumbered, clip
    /// instances kept), for a frame drawn only there: what lies wholly outside its rectangles
    /// would cost vertex work and instance upload for no pixel. `list` must be a frame damage was
    /// worked out for: its effects lie wholly outside `region`, and are left out; a frame with
    /// OpenGL content is returned as it is.
    package static func culled(_ list: DisplayList, to region: DamageRegion) -> DisplayList {
        let size = SIMD2(Float(list.width), Float(list.height))
        let areas = region.rects.map(PixelBox.init)
        var culled = list
        culled.instances = []
        culled.commands = []
        culled.groupRegions = [:]
        var clipInstances: [Int: Int] = [:]
        // Effects (their commands from the one that opens them to the one that closes them) are left out.
        var effectDepth = 0
        func clipInstance(_ index: Int) -> Int {
            if let kept = clipInstances[index] { return kept }
            culled.instances.append(list.instances[index])
            clipInstances[index] = culled.instances.count - 1
            return culled.instances.count - 1
        }
        for command in list.commands {
            switch command {
            case .beginGroup, .beginShapeClip, .beginShadow, .beginRaster:
                effectDepth += 1
                continue
            case .endGroup, .endMask, .endShapeClip, .endEffectGroup, .endShadow, .endRaster:
                effectDepth -= 1
                continue
            case .beginMask, .filterBackdrop, .drawShadow, .drawRaster: continue
            case .drawGLContent: return list
            case .draw, .drawVideo, .pushClip, .popClip: if effectDepth > 0 { continue }
            }
            /// The batch with only its instances that reach the region; nil when none does.
            func culledBatch(_ batch: DrawBatch) -> DrawBatch? {
                let first = culled.instances.count
                for index in batch.first..<(batch.first + batch.count) {
                    let box = PixelBox(covering: list.instances[index], in: size)
                    if areas.contains(where: box.intersects) {
                        culled.instances.append(list.instances[index])
                    }
                }
                guard culled.instances.count > first else { return nil }
                var kept = batch
                (kept.first, kept.count) = (first, culled.instances.count - first)
                return kept
            }
            switch command {
            case .draw(let batch):
                if let kept = culledBatch(batch) { culled.commands.append(.draw(kept)) }
            case .drawVideo(let video, let batch):
                if let kept = culledBatch(batch) { culled.commands.append(.drawVideo(video, batch: kept)) }
            case .pushClip(let index): culled.commands.append(.pushClip(instance: clipInstance(index)))
            case .popClip(let index): culled.commands.append(.popClip(instance: clipInstance(index)))
            default: return list
            }
        }
        return culled
    }
}
