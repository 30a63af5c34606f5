/// The part of the target a frame changes, worked out by comparing its display list with the
/// last frame's: a renderer whose target still holds the last frame draws only there (scissored)
/// and presents only there.
///
/// Anything that moved, animated, changed or went shows as an instance whose values differ from
/// the last frame's at the same index, or a batch whose texture changed (a new image, pixels
/// written into an atlas page, the gradients' texels, a video layer's next frame): the damage is
/// the boxes of window pixels those instances covered before and cover now (`PixelBox`, two
/// pixels wider than the quads for their anti-aliasing), gathered into a few rectangles
/// (`DamageBoxes`).
///
/// Offscreen groups, masks, shape clips, filters, shadows and rasterized layers draw pixels that
/// depend on more than their quads (`EffectFootprints`): an effect in which anything changed
/// damages everything it drew and draws (a rasterized layer's bitmap, everywhere the bitmap is
/// drawn). A frame drawn only within its damage draws the effects the damage reaches whole,
/// offscreen, and composites them only there, and leaves the others out: they drew the same
/// pixels outside the damage. An effect that reads what lies below it (a backdrop filter) cannot
/// be drawn so, and a frame whose damage reaches one is drawn whole; so is a frame with OpenGL
/// content, or whose structure (sizes, clear colour, the effects' commands, the batches)
/// changed.
package enum FrameDamage {
    /// The target pixels that `current` draws differently from `previous`, as a few rectangles
    /// (`DamageBoxes`); nil when the whole target must be drawn (no previous frame, a frame
    /// damage is not worked out for, or damage that costs as much as the whole target). An
    /// empty region means the frame draws exactly what the last one did. (A patched frame's
    /// damage is worked out as it is patched, `FramePatch`.)
    package static func region(from previous: DisplayList?, to current: DisplayList) -> DamageRegion? {
        guard let previous, previous.width == current.width, previous.height == current.height,
            previous.clearColor == current.clearColor, previous.instances.count == current.instances.count,
            previous.commands.count == current.commands.count
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
        /// The commands of effects that differ from the last frame's.
        var changedCommands: [Int] = []
        for (index, (before, now)) in zip(previous.commands, current.commands).enumerated() {
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
                // An effect's command: one that changed damages its effect (found below).
                hasEffects = true
                if before != now { changedCommands.append(index) }
            }
        }
        var effects: (before: EffectFootprints, now: EffectFootprints)?
        if hasEffects {
            // The same effects, drawn by the same commands, or the frame is drawn whole.
            guard let before = EffectFootprints(previous), let now = EffectFootprints(current),
                before.effects.map(\.commands) == now.effects.map(\.commands)
            else { return nil }
            effects = (before, now)
        }
        var changedEffects = Set<Int>()
        /// Notes that effect `effect` changed; false when `effect` is no effect (-1).
        func changeEffect(_ effect: Int) -> Bool {
            guard effect >= 0 else { return false }
            changedEffects.insert(effect)
            return true
        }
        if let effects {
            let effectOfCommand = effects.now.effectOfCommand(count: current.commands.count)
            for index in changedCommands {
                guard changeEffect(effectOfCommand[index]) else { return nil }
            }
            for (command, region) in current.groupRegions where previous.groupRegions[command] != region {
                guard changeEffect(effectOfCommand[command]) else { return nil }
            }
            for command in previous.groupRegions.keys where current.groupRegions[command] == nil {
                guard changeEffect(effectOfCommand[command]) else { return nil }
            }
        }
        /// The effect instance `index` is drawn in; -1 for none.
        func effect(of index: Int) -> Int { effects.map { Int($0.now.effectOfInstance[index]) } ?? -1 }
        for index in retextured.joined() where !changeEffect(effect(of: index)) {
            damageInstance(index)
        }
        var changed = 0
        for index in current.instances.indices where previous.instances[index] != current.instances[index] {
            guard !changeEffect(effect(of: index)) else { continue }
            damageInstance(index)
            // A frame where everything moves stops here: it is drawn whole.
            changed += 1
            if changed % 64 == 0, damage.coversHalfTheTarget { return nil }
        }
        if let effects {
            for effect in changedEffects.sorted() {
                // What is drawn into a rasterized layer's bitmap shows where the bitmap is drawn.
                let drawing =
                    effects.now.effects[effect].bitmap.map { layer in
                        effects.now.effects.indices.filter { effects.now.effects[$0].drawsBitmap == layer }
                    } ?? [effect]
                guard !drawing.isEmpty else { return nil }
                for shown in drawing {
                    damage.add(effects.before.effects[shown].area)
                    damage.add(effects.now.effects[shown].area)
                }
            }
            // The effects the damage reaches are drawn again under it, whole, offscreen; one
            // that reads what lies below it would read the last frame's pixels around the damage.
            for effect in effects.now.effects where effect.readsBackdrop {
                if damage.boxes.contains(where: effect.area.intersects) { return nil }
            }
        }
        return damage.region()
    }

    /// `list` as a frame drawn only within `region` draws it. `list` must be a frame damage was
    /// worked out for. When the region reaches some effects, they are kept, whole (drawn
    /// offscreen as in a whole frame and composited within the region), the effects it does not
    /// reach are left out, and so are the other instances' vertices: they are kept (clipped by
    /// the scissor), since the kept effects' commands name instances by index. When it reaches
    /// none, every effect is left out and only the instances that reach the region are kept (in
    /// order, batches renumbered, clip instances kept): what lies wholly outside its rectangles
    /// would cost vertex work and instance upload for no pixel. A frame with OpenGL content is
    /// returned as it is.
    package static func culled(_ list: DisplayList, to region: DamageRegion) -> DisplayList {
        let areas = region.rects.map(PixelBox.init)
        if list.commands.contains(where: \.opensEffect), let footprints = EffectFootprints(list),
            footprints.effects.contains(where: { $0.bitmap == nil && areas.contains(where: $0.area.intersects) })
        {
            return keepingEffects(of: list, footprints) { effect in
                effect.bitmap != nil || areas.contains(where: effect.area.intersects)
            }
        }
        let size = SIMD2(Float(list.width), Float(list.height))
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

    /// `list` with the effects `keeps` refuses left out: every other command, and every
    /// instance, as they are.
    private static func keepingEffects(
        of list: DisplayList, _ footprints: EffectFootprints, keeping keeps: (EffectFootprints.Effect) -> Bool
    ) -> DisplayList {
        let owner = footprints.effectOfCommand(count: list.commands.count)
        let kept = footprints.effects.map(keeps)
        var culled = list
        culled.commands = []
        culled.groupRegions = [:]
        for (index, command) in list.commands.enumerated() where owner[index] < 0 || kept[owner[index]] {
            if let region = list.groupRegions[index] { culled.groupRegions[culled.commands.count] = region }
            culled.commands.append(command)
        }
        return culled
    }
}

extension DisplayCommand {
    /// Whether the command starts an effect (`EffectFootprints`) or is one.
    fileprivate var opensEffect: Bool {
        switch self {
        case .draw, .drawVideo, .pushClip, .popClip: false
        default: true
        }
    }
}
