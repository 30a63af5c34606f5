import CSceneCoreGL
import SceneCore

/// The group targets layers that cast a shadow from their drawing are drawn into when their
/// shadow is not cached: pooled like `GroupTargetPool`'s, but each remembers the area its last
/// layer drew, so that the next one clears only that (a small layer's shadow in a large window
/// does not pay for clearing the whole window). Needs a current context.
final class ShadowTargets {
    private var free: [(target: GroupTarget, drawn: PixelRegion?)] = []

    /// A target of the frame's size, cleared (colour and stencil) and bound for drawing; nil
    /// when the GL cannot make one. Free targets of another size are deleted.
    func acquire(width: Int, height: Int) -> GroupTarget? {
        free.removeAll { entry in
            let stale = entry.target.width != width || entry.target.height != height
            if stale { entry.target.delete() }
            return stale
        }
        let target: GroupTarget
        var drawn: PixelRegion?
        if let entry = free.popLast() {
            (target, drawn) = entry
        } else {
            do {
                target = try GroupTarget(width: width, height: height)
            } catch {
                Diagnostics.errorOnce(
                    "GLRenderer.shadowTarget",
                    "GLRenderer: no offscreen target for a \(width)x\(height) shadow: \(error)")
                return nil
            }
        }
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, target.framebuffer)
        glClearColor(0, 0, 0, 0)
        glClearStencil(0)
        if let drawn {
            guard !drawn.isEmpty else { return target }
            glEnable(GL_SCISSOR_TEST.glEnum)
            glScissor(GLint(drawn.x), GLint(drawn.y), GLsizei(drawn.width), GLsizei(drawn.height))
        } else {
            // A new target is cleared whole, whatever the frame's scissor.
            glDisable(GL_SCISSOR_TEST.glEnum)
        }
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        glDisable(GL_SCISSOR_TEST.glEnum)
        return target
    }

    /// Returns a target for reuse; `drawn` holds everything drawn into it since it was acquired.
    func release(_ target: GroupTarget, drawn: PixelRegion) {
        free.append((target, drawn))
    }
}
