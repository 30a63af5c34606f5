import CSceneCoreGL
import SceneCore

/// Video layers: `drawVideo` draws a frame's Y′CbCr planes, converted to RGB in the shader.
extension FramePass {
    /// Draws the batch's quads with the planes of `video.frame` (uploaded into the layer's
    /// textures first unless they hold it), sampled with the batch's sampling; nothing for a
    /// frame larger than a texture can be (logged once).
    mutating func drawVideo(_ video: VideoDraw, _ batch: DrawBatch) {
        guard isValidRange(first: batch.first, count: batch.count) else {
            reject("drawVideo quad \(batch.first) is outside the list's \(instanceCount) instances")
            return
        }
        guard batch.count > 0, !current.discardsDrawing else { return }
        let largest = renderer.textureCache.maxTextureSize
        guard video.frame.width <= largest, video.frame.height <= largest else {
            Diagnostics.errorOnce(
                "GLRenderer.videoSize",
                "GLRenderer: a \(video.frame.width)x\(video.frame.height) video frame exceeds the maximum texture size \(largest); not drawn"
            )
            return
        }
        renderer.videoTextures.bind(video.frame, for: video.layer, statistics: &statistics)
        let sampler = renderer.samplers.sampler(for: batch.sampling)
        for unit: GLuint in [0, 2, 3] { glBindSampler(unit, sampler) }
        guard
            let program = renderer.programs.program(
                for: .video(shaped: batch.isShaped, format: video.frame.format, shapeCoverage: batch.shapeCoverage))
        else { return }
        glUseProgram(program.program.id)
        glUniformMatrix4fv(program.videoMatrix, 1, GLboolean(GL_FALSE), video.frame.rgbMatrix)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        drawInstances(first: batch.first, count: batch.count)
        statistics.instances += batch.count
    }
}
