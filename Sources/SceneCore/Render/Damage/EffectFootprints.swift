import Foundation

/// Where a display list's effects lie in the window, for `FrameDamage`: the pixels each
/// top-level effect (an offscreen group, mask or shape clip, a shadow, a backdrop filter, a
/// rasterized layer's bitmap) draws or reads, and which instances are drawn inside one.
///
/// An effect's pixels depend on more than its own quads (a blur spreads them, a backdrop filter
/// reads what lies below, a shadow is cast away from its layer), and the renderer draws effects
/// through targets of their own. So a frame is limited to its damage only when nothing inside
/// an effect changed and the damage lies clear of every effect: the effects then draw exactly
/// what they drew, outside the damage, and a frame drawn only there leaves them out
/// (`FrameDamage.culled`).
struct EffectFootprints {
    /// The window pixels each top-level effect draws or reads (GL's orientation).
    private(set) var areas: [PixelBox] = []
    /// For each instance, whether it is drawn inside an effect (or is the shape of one).
    private(set) var isInsideEffect: [Bool]

    /// An open effect and what was drawn in it so far.
    private struct Open {
        let command: Int
        let shadow: ContentShadow?
        var content = PixelBox.empty
    }

    /// The footprints of `list`'s effects; nil when it has an effect whose pixels may change
    /// while its list stays the same (a `CAOpenGLLayer`'s picture).
    init?(_ list: DisplayList) {
        let size = SIMD2(Float(list.width), Float(list.height))
        isInsideEffect = Array(repeating: false, count: list.instances.count)
        var open: [Open] = []
        // Inside a rasterized layer's bitmap, everything is in the bitmap's pixels, not the window's.
        var rasterDepth = 0
        func box(_ index: Int) -> PixelBox {
            guard list.instances.indices.contains(index) else { return .unbounded }
            return PixelBox(covering: list.instances[index], in: size)
        }
        /// Marks instances as drawn inside an effect and adds their boxes to the innermost one.
        func drawn(_ indices: Range<Int>, asEffect: Bool = false) {
            for index in indices where isInsideEffect.indices.contains(index) {
                if !open.isEmpty || rasterDepth > 0 || asEffect { isInsideEffect[index] = true }
            }
            guard rasterDepth == 0 else { return }
            var drawnBox = PixelBox.empty
            for index in indices { drawnBox = drawnBox.union(box(index)) }
            if asEffect {
                place(drawnBox)
            } else if !open.isEmpty {
                open[open.count - 1].content = open[open.count - 1].content.union(drawnBox)
            }
        }
        /// Adds an effect's area to the effect around it, or to the top-level areas.
        func place(_ area: PixelBox) {
            if open.isEmpty {
                areas.append(area)
            } else {
                open[open.count - 1].content = open[open.count - 1].content.union(area)
            }
        }
        /// Closes the innermost open effect, its area being what it drew and `area`.
        func close(adding area: PixelBox = .empty, grownBy spread: Float = 0) {
            guard let closed = open.popLast() else { return }
            var footprint = closed.content.union(area)
            if let region = list.groupRegions[closed.command] { footprint = footprint.union(PixelBox(region)) }
            place(footprint.grown(by: spread))
        }
        for (index, command) in list.commands.enumerated() {
            if rasterDepth > 0 {
                switch command {
                case .beginRaster: rasterDepth += 1
                case .endRaster: rasterDepth -= 1
                case .draw(let batch), .drawRaster(_, let batch), .drawGLContent(_, let batch),
                    .drawVideo(_, let batch):
                    drawn(batch.first..<(batch.first + batch.count))
                case .pushClip(let instance), .popClip(let instance), .beginShapeClip(let instance),
                    .endShapeClip(let instance):
                    drawn(instance..<(instance + 1))
                default: break
                }
                continue
            }
            switch command {
            case .draw(let batch), .drawVideo(_, let batch): drawn(batch.first..<(batch.first + batch.count))
            case .pushClip(let instance), .popClip(let instance):
                if !open.isEmpty { drawn(instance..<(instance + 1)) }
            case .beginGroup: open.append(Open(command: index, shadow: nil))
            case .beginShapeClip(let instance):
                open.append(Open(command: index, shadow: nil))
                drawn(instance..<(instance + 1))
            case .beginMask: break
            case .endGroup, .endMask: close()
            case .endShapeClip(let instance): close(adding: box(instance))
            case .endEffectGroup(_, let effects, let region):
                close(adding: PixelBox(region), grownBy: Float(effects.spread(width: list.width, height: list.height)))
            case .filterBackdrop(let passes, let region):
                place(
                    PixelBox(region).grown(
                        by: Float(FilterPass.spread(of: passes, width: list.width, height: list.height))))
            case .beginShadow(let shadow): open.append(Open(command: index, shadow: shadow))
            case .endShadow(let bounds):
                guard let shadow = open.last?.shadow else {
                    close()
                    continue
                }
                // `bounds` and the offset are window pixels with y down; boxes have y up.
                let drawing = PixelBox(
                    low: SIMD2(bounds.x, size.y - bounds.y - bounds.w),
                    high: SIMD2(bounds.x + bounds.z, size.y - bounds.y))
                let cast = drawing.offset(by: SIMD2(shadow.offset.x, -shadow.offset.y))
                    .grown(by: PixelBox.shadowReach(sigma: shadow.sigma))
                if let clip = shadow.clip { drawn(clip..<(clip + 1)) }
                close(adding: drawing.union(cast))
            case .drawShadow(let shadow):
                if let clip = shadow.clip { drawn(clip..<(clip + 1), asEffect: true) }
                place(Self.area(of: shadow, in: size))
            case .beginRaster: rasterDepth += 1
            case .endRaster: break
            case .drawRaster(_, let batch): drawn(batch.first..<(batch.first + batch.count), asEffect: true)
            case .drawGLContent: return nil
            }
        }
        // Effects left open are drawn up to the end of the frame.
        while !open.isEmpty { close() }
    }

    /// Whether `damage` reaches some effect.
    func isReached(by damage: PixelBox) -> Bool {
        areas.contains { $0.intersects(damage) }
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
