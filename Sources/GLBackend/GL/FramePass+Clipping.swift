import CSceneCoreGL
import SceneCore

extension FramePass {
    /// The deepest clip nesting an 8-bit stencil buffer can count.
    static let maxClipDepth = 255

    /// Intersects the clip with instance `instance`'s shape: increments the stencil where the
    /// shape covers at least half a pixel inside the current clip.
    mutating func pushClip(_ instance: Int) {
        guard isValidRange(first: instance, count: 1) else {
            reject("pushClip of instance \(instance) is outside the list's \(instanceCount) instances")
            current.clips.append(nil)
            return
        }
        // A mask that is thrown away draws nothing, into the stencil neither.
        guard !current.discardsDrawing else {
            current.clips.append(nil)
            return
        }
        guard current.stencilDepth < Self.maxClipDepth else {
            reject("pushClip of instance \(instance) nests clips deeper than \(Self.maxClipDepth)")
            current.clips.append(nil)
            return
        }
        drawClipShape(instance, testing: current.stencilDepth, passOperation: GL_INCR)
        current.clips.append(instance)
        statistics.clipPushes += 1
    }

    /// Undoes the innermost open `pushClip` of the current target.
    mutating func popClip(_ instance: Int) {
        guard let pushed = current.clips.popLast() else {
            reject("popClip of instance \(instance) without a matching pushClip")
            return
        }
        // A refused push was already reported; its pop only keeps the pairs aligned.
        guard let pushed else { return }
        if pushed != instance {
            Diagnostics.errorOnce(
                "GLRenderer.popClipMismatch",
                "GLRenderer: popClip of instance \(instance) closes pushClip of instance \(pushed); undoing that push")
        }
        undoClip(pushed)
    }

    /// Decrements the stencil back where `instance` incremented it: the pixels now at the
    /// current depth plus one.
    mutating func undoClip(_ instance: Int) {
        drawClipShape(instance, testing: current.stencilDepth + 1, passOperation: GL_DECR)
    }

    /// Draws the shape of `instance` into the stencil only (colour writes off; the shader
    /// discards pixels the shape covers less than halfway). Without its program, nothing is
    /// written: what the clip holds is not drawn.
    private mutating func drawClipShape(_ instance: Int, testing depth: Int, passOperation: Int32) {
        guard let program = renderer.programs.program(for: .clipMask) else { return }
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glUseProgram(program.program.id)
        setStencil(testing: depth, passOperation: passOperation)
        drawInstances(first: instance, count: 1)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
    }
}
