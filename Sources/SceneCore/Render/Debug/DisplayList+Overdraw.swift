extension DisplayList {
    /// The picture of how many times each pixel is written (`DebugOverlays.overdraw`): on
    /// opaque black (one write where the clear colour is not transparent), every quad the frame draws to the screen (inside its clips, in its shape)
    /// adds `DebugOverlays.overdrawStep`. Offscreen passes are drawn flat: their quads count
    /// where they land, masks and the content of rasterized bitmaps (drawn by the bitmap's
    /// quads) do not.
    package func overdrawPicture() -> DisplayList {
        // A clear colour that is not transparent (the root's background) is the first write.
        let step = DebugOverlays.overdrawStep
        let background = clearColor.w > 0 ? SIMD4(step.x, step.y, step.z, 1) : SIMD4(0, 0, 0, 1)
        var list = DisplayList(
            width: width, height: height, clearColor: background, instances: [], commands: [], gradientTexels: [])
        var clipInstances: [Int: Int] = [:]
        var rasterDepth = 0
        var maskDepth = 0
        var groups: [Bool] = []  // Per open group: whether its mask is being drawn.
        for command in commands {
            switch command {
            case .beginRaster: rasterDepth += 1
            case .endRaster: rasterDepth -= 1
            case .beginGroup: groups.append(false)
            case .beginMask:
                if let last = groups.indices.last, !groups[last] {
                    groups[last] = true
                    maskDepth += 1
                }
            case .endGroup, .endMask, .endEffectGroup:
                if groups.popLast() == true { maskDepth -= 1 }
            case .pushClip(let index):
                guard rasterDepth == 0, maskDepth == 0 else { continue }
                clipInstances[index] = list.instances.count
                list.instances.append(instances[index])
                list.commands.append(.pushClip(instance: list.instances.count - 1))
            case .popClip(let index):
                guard rasterDepth == 0, maskDepth == 0, let copied = clipInstances.removeValue(forKey: index) else {
                    continue
                }
                list.commands.append(.popClip(instance: copied))
            default:
                guard rasterDepth == 0, maskDepth == 0, let drawn = Self.drawnBatch(of: command) else { continue }
                let batch = drawn.batch
                list.appendBatch(
                    instances[batch.first..<batch.first + batch.count].map {
                        Self.tint(of: $0, color: DebugOverlays.overdrawStep)
                    })
            }
        }
        return list
    }
}
