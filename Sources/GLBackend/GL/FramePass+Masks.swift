import CSceneCoreGL
import SceneCore

extension FramePass {
    /// Ends the content of the innermost open group and redirects drawing into a fresh
    /// transparent target for its mask. When the group got no target of its own (drawn into
    /// its parent), or no target can be made for the mask, the mask's drawing is thrown away
    /// and the group stays unmasked.
    mutating func beginMask() {
        guard levels.count > 1, !current.isMask, current.shapeClip == nil, !current.isRaster else {
            reject("beginMask without an open beginGroup")
            return
        }
        closeOpenClips(before: "beginMask")
        let size = targetSize
        guard current.group != nil, let target = renderer.groupTargets.acquire(width: size.width, height: size.height)
        else {
            levels.append(
                TargetLevel(
                    framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth, isMask: true,
                    discardsDrawing: true))
            return
        }
        bindDrawTarget(target.framebuffer)
        let region = current.region
        clearTarget(region)
        levels.append(
            TargetLevel(framebuffer: target.framebuffer, group: target, baseDepth: 0, isMask: true, region: region))
    }

    /// Composites the group whose mask is open onto its parent, multiplied by the mask's alpha
    /// and `opacity`, inside the clip that was current at the group's `beginGroup`.
    mutating func endMask(opacity: Float) {
        guard current.isMask else {
            reject("endMask without a matching beginMask")
            return
        }
        closeOpenClips(before: "endMask")
        let mask = levels.removeLast()
        let content = levels.removeLast()
        guard let target = content.group else { return }
        bindDrawTarget(current.framebuffer)
        composite(target, mask: mask.group, opacity: Self.sanitized(opacity), region: content.region)
        renderer.groupTargets.release(target)
        statistics.groups += 1
        if let maskTarget = mask.group {
            renderer.groupTargets.release(maskTarget)
            statistics.maskedGroups += 1
        }
    }
}
