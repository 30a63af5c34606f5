import Foundation

/// Where a display list's effects lie in the window, for `FrameDamage`: each top-level effect
/// (an offscreen group, mask or shape clip, a shadow, a backdrop filter, a rasterized layer's
/// bitmap), the commands that draw it and the pixels it draws or reads, and which effect each
/// instance is drawn in.
///
/// An effect's pixels depend on more than its own quads (a blur spreads them, a backdrop filter
/// reads what lies below, a shadow is cast away from its layer), and the renderer draws effects
/// through targets of their own. So an effect in which anything changed damages all it draws,
/// in the last frame and in this one; and a frame drawn only within its damage draws the
/// effects that reach the damage whole, offscreen, and composites them within the damage
/// (`FrameDamage.culled`). An effect that reads what lies below it cannot be drawn so: what it
/// reads outside the damage would be the last frame's, with itself drawn in.
struct EffectFootprints {
    /// A top-level effect.
    struct Effect: Equatable {
        /// The commands from the one that opens it to the one that closes it.
        var commands: ClosedRange<Int>
        /// The window pixels it draws or reads (GL's orientation); empty for a rasterized
        /// layer's bitmap, which is drawn in the bitmap's pixels (its `drawRaster` is an effect
        /// of its own).
        var area: PixelBox
        /// Whether it reads what lies below it in the target (a backdrop filter).
        var readsBackdrop = false
        /// For the commands that draw a rasterized layer's bitmap, the layer.
        var bitmap: LayerID?
        /// For a `drawRaster`, the layer whose bitmap it draws.
        var drawsBitmap: LayerID?
    }

    private(set) var effects: [Effect] = []
    /// For each instance, the index in `effects` of the effect it is drawn in (or is the shape
    /// of); -1 for an instance drawn outside any.
    private(set) var effectOfInstance: [Int32]

    /// An open effect and what was drawn in it so far.
    private struct Open {
        let command: Int
        let shadow: ContentShadow?
        var content = PixelBox.empty
        var readsBackdrop = false
    }

    /// The footprints of `list`'s effects; nil when it has an effect whose pixels may change
    /// while its list stays the same (a `CAOpenGLLayer`'s picture).
    init?(_ list: DisplayList) {
        let size = SIMD2(Float(list.width), Float(list.height))
        effectOfInstance = Array(repeating: -1, count: list.instances.count)
        var open: [Open] = []
        // Inside a rasterized layer's bitmap, everything is in the bitmap's pixels, not the window's.
        var rasterDepth = 0
        var raster = (start: 0, layer: LayerID?.none)
        func box(_ index: Int) -> PixelBox {
            guard list.instances.indices.contains(index) else { return .unbounded }
            return PixelBox(covering: list.instances[index], in: size)
        }
        /// Marks instances as drawn inside the effect being gathered (which becomes the next
        /// top-level one) and adds their boxes to the innermost open effect, or, `asEffect`,
        /// places them as an effect of their own.
        func drawn(_ indices: Range<Int>, at command: Int, asEffect: Bool = false) {
            for index in indices where effectOfInstance.indices.contains(index) {
                if !open.isEmpty || rasterDepth > 0 || asEffect { effectOfInstance[index] = Int32(effects.count) }
            }
            guard rasterDepth == 0, asEffect || !open.isEmpty else { return }
            var drawnBox = PixelBox.empty
            for index in indices { drawnBox = drawnBox.union(box(index)) }
            if asEffect {
                place(drawnBox, from: command, to: command)
            } else if !open.isEmpty {
                open[open.count - 1].content = open[open.count - 1].content.union(drawnBox)
            }
        }
        /// Adds an effect's area to the effect around it, or makes it a top-level effect.
        func place(_ area: PixelBox, from first: Int, to last: Int, readsBackdrop: Bool = false) {
            if open.isEmpty {
                effects.append(Effect(commands: first...last, area: area, readsBackdrop: readsBackdrop))
            } else {
                open[open.count - 1].content = open[open.count - 1].content.union(area)
                open[open.count - 1].readsBackdrop = open[open.count - 1].readsBackdrop || readsBackdrop
            }
        }
        /// Closes the innermost open effect at `command`, its area being what it drew and `area`.
        func close(at command: Int, adding area: PixelBox = .empty, grownBy spread: Float = 0) {
            guard let closed = open.popLast() else { return }
            var footprint = closed.content.union(area)
            if let region = list.groupRegions[closed.command] { footprint = footprint.union(PixelBox(region)) }
            place(
                footprint.grown(by: spread), from: closed.command, to: command, readsBackdrop: closed.readsBackdrop)
        }
        for (index, command) in list.commands.enumerated() {
            if rasterDepth > 0 {
                switch command {
                case .beginRaster: rasterDepth += 1
                case .endRaster:
                    rasterDepth -= 1
                    if rasterDepth == 0 && open.isEmpty {
                        effects.append(Effect(commands: raster.start...index, area: .empty, bitmap: raster.layer))
                    }
                case .draw(let batch), .drawRaster(_, let batch), .drawGLContent(_, let batch),
                    .drawVideo(_, let batch):
                    drawn(batch.first..<(batch.first + batch.count), at: index)
                case .pushClip(let instance), .popClip(let instance), .beginShapeClip(let instance),
                    .endShapeClip(let instance):
                    drawn(instance..<(instance + 1), at: index)
                default: break
                }
                continue
            }
            switch command {
            case .draw(let batch), .drawVideo(_, let batch):
                drawn(batch.first..<(batch.first + batch.count), at: index)
            case .pushClip(let instance), .popClip(let instance):
                if !open.isEmpty { drawn(instance..<(instance + 1), at: index) }
            case .beginGroup: open.append(Open(command: index, shadow: nil))
            case .beginShapeClip(let instance):
                open.append(Open(command: index, shadow: nil))
                drawn(instance..<(instance + 1), at: index)
            case .beginMask: break
            case .endGroup, .endMask: close(at: index)
            case .endShapeClip(let instance): close(at: index, adding: box(instance))
            case .endEffectGroup(_, let effects, let region):
                close(
                    at: index, adding: PixelBox(region),
                    grownBy: Float(effects.spread(width: list.width, height: list.height)))
            case .filterBackdrop(let passes, _, let region):
                let spread = Float(FilterPass.spread(of: passes, width: list.width, height: list.height))
                place(PixelBox(region).grown(by: spread), from: index, to: index, readsBackdrop: true)
            case .beginShadow(let shadow): open.append(Open(command: index, shadow: shadow))
            case .endShadow(let bounds):
                guard let shadow = open.last?.shadow else {
                    close(at: index)
                    continue
                }
                // `bounds` and the offset are window pixels with y down; boxes have y up.
                let drawing = PixelBox(
                    low: SIMD2(bounds.x, size.y - bounds.y - bounds.w),
                    high: SIMD2(bounds.x + bounds.z, size.y - bounds.y))
                let cast = drawing.offset(by: SIMD2(shadow.offset.x, -shadow.offset.y))
                    .grown(by: PixelBox.shadowReach(sigma: shadow.sigma))
                if let clip = shadow.clip { drawn(clip..<(clip + 1), at: index) }
                close(at: index, adding: drawing.union(cast))
            case .drawShadow(let shadow):
                if let clip = shadow.clip, effectOfInstance.indices.contains(clip) {
                    effectOfInstance[clip] = Int32(effects.count)
                }
                place(Self.area(of: shadow, in: size), from: index, to: index)
            case .beginRaster(let request):
                rasterDepth += 1
                raster = (index, request.layer)
            case .endRaster: break
            case .drawRaster(let layer, let batch):
                drawn(batch.first..<(batch.first + batch.count), at: index, asEffect: true)
                if open.isEmpty { effects[effects.count - 1].drawsBitmap = layer }
            case .drawGLContent: return nil
            }
        }
        // Effects left open are drawn up to the end of the frame.
        while !open.isEmpty { close(at: list.commands.count - 1) }
    }

    /// Whether `damage` reaches some effect.
    func isReached(by damage: PixelBox) -> Bool {
        effects.contains { $0.area.intersects(damage) }
    }

    /// The window pixels a `shadowPath` shadow covers: the path's box grown by the blur's
    /// margin, as `ShadowPathMask` rasterises it (more coarsely for a huge path), under the
    /// shadow's transform.
    private static func area(of shadow: PathShadow, in size: SIMD2<Float>) -> PixelBox {
        let bounds = shadow.path.boundingBoxOfPath
        guard !bounds.isNull, bounds.isFiniteValue, shadow.key.sigma.isFinite else { return .unbounded }
        let margin = Int(clampingPixels: (3 * max(shadow.key.sigma, 0)).rounded(.up)) + 2
        let scale = ShadowPathMask.scale(for: bounds, requested: CGFloat(shadow.key.scale), margin: margin)
        // A pixel more than the margin: the raster's size is rounded up.
        let reach = CGFloat(margin + 1) / scale
        let rect = bounds.insetBy(dx: -reach, dy: -reach)
        return PixelBox(
            rect: SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height)),
            transform: shadow.transform, in: size)
    }
}

extension EffectFootprints {
    /// For each of a list's `count` commands, the index in `effects` of the effect it belongs
    /// to; -1 for a command outside every effect.
    func effectOfCommand(count: Int) -> [Int] {
        var owner = Array(repeating: -1, count: count)
        for (index, effect) in effects.enumerated() {
            for command in effect.commands where owner.indices.contains(command) { owner[command] = index }
        }
        return owner
    }
}
