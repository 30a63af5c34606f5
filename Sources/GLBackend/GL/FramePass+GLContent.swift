import CSceneCoreGL
import SceneCore

/// `CAOpenGLLayer`s: `drawGLContent` composites the picture the layer drew (see
/// `GLRenderer.drawGLContent(of:drawFramebuffer:readFramebuffer:)`).
extension FramePass {
    /// Draws the batch's quads textured with the picture of the request's layer, building its
    /// mipmap levels first when the sampling needs them and the picture changed since; nothing
    /// while no picture of the layer is held.
    mutating func drawGLContent(_ request: GLContentRequest, _ batch: DrawBatch) {
        guard isValidRange(first: batch.first, count: batch.count) else {
            reject("drawGLContent quad \(batch.first) is outside the list's \(instanceCount) instances")
            return
        }
        guard batch.count > 0, !current.discardsDrawing, let entry = renderer.glContentCache.use(request.layer)
        else { return }
        glBindTexture(GL_TEXTURE_2D.glEnum, entry.target.colorTexture)
        if SamplerCache.needsMipmaps(batch.sampling) && !entry.hasMipmaps {
            glGenerateMipmap(GL_TEXTURE_2D.glEnum)
            renderer.glContentCache.noteMipmaps(of: request.layer)
        }
        glBindSampler(0, renderer.samplers.sampler(for: batch.sampling))
        guard let program = renderer.programs.program(for: .batch(shaped: batch.isShaped, textured: true)) else {
            return
        }
        glUseProgram(program.program.id)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        drawInstances(first: batch.first, count: batch.count)
        statistics.instances += batch.count
    }
}
