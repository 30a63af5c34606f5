import CSceneCoreGL
import SceneCore

/// Rasterized layers: `beginRaster` ... `endRaster` draws a layer's bitmap into the renderer's
/// `RasterCache`, or, when the cache holds that version of it, is skipped whole; `drawRaster`
/// composites the bitmap.
extension FramePass {
    /// Skips the commands up to the matching `endRaster` when the cache holds the bitmap (a
    /// hit); otherwise redirects drawing into the layer's bitmap, cleared (a miss). Inside a
    /// level whose drawing is thrown away, or when no bitmap target can be made, the bitmap's
    /// commands are thrown away too.
    mutating func beginRaster(_ request: RasterRequest) {
        if !current.discardsDrawing, renderer.rasterCache.holds(request) {
            statistics.rasterCacheHits += 1
            skippedRasterDepth = 1
            return
        }
        guard !current.discardsDrawing, request.width >= 1, request.height >= 1,
            request.width <= renderer.maxViewportSize.width, request.height <= renderer.maxViewportSize.height,
            let target = renderer.rasterCache.target(for: request)
        else {
            levels.append(
                TargetLevel(
                    framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth, isRaster: true,
                    discardsDrawing: true))
            return
        }
        statistics.rasterCacheMisses += 1
        bindDrawTarget(target.framebuffer)
        setViewport(width: request.width, height: request.height)
        glClearColor(0, 0, 0, 0)
        glClearStencil(0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        levels.append(TargetLevel(framebuffer: target.framebuffer, group: target, baseDepth: 0, isRaster: true))
    }

    /// Ends the bitmap started by the matching `beginRaster`: drawing goes back to the target before it.
    mutating func endRaster() {
        guard levels.count > 1, current.isRaster else {
            reject("endRaster without a matching beginRaster")
            return
        }
        closeOpenClips(before: "endRaster")
        let level = levels.removeLast()
        guard level.group != nil else { return }
        bindDrawTarget(current.framebuffer)
        let size = targetSize
        setViewport(width: size.width, height: size.height)
    }

    /// Passes over a command of a bitmap the cache holds, counting nested bitmaps to find the end.
    mutating func skipCachedRaster(_ command: DisplayCommand) {
        switch command {
        case .beginRaster: skippedRasterDepth += 1
        case .endRaster: skippedRasterDepth -= 1
        default: break
        }
    }

    /// Draws the batch's quads textured with `layer`'s bitmap, building its mipmap levels first
    /// when the sampling needs them and the bitmap changed since they were built.
    mutating func drawRaster(of layer: LayerID, _ batch: DrawBatch) {
        guard isValidRange(first: batch.first, count: batch.count) else {
            reject("drawRaster quad \(batch.first) is outside the list's \(instanceCount) instances")
            return
        }
        guard batch.count > 0, !current.discardsDrawing, let entry = renderer.rasterCache.use(layer) else { return }
        glBindTexture(GL_TEXTURE_2D.glEnum, entry.target.colorTexture)
        if SamplerCache.needsMipmaps(batch.sampling) && !entry.hasMipmaps {
            glGenerateMipmap(GL_TEXTURE_2D.glEnum)
            renderer.rasterCache.noteMipmaps(of: layer)
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

    /// The size of the target being drawn into: the innermost group's, mask's or bitmap's, else the frame's.
    var targetSize: (width: Int, height: Int) {
        for level in levels.reversed() {
            if let target = level.group { return (target.width, target.height) }
        }
        return (frameWidth, frameHeight)
    }

    /// The width of the target being drawn into (`targetSize`): what groups, masks, filters and
    /// shadows inside a rasterized layer's bitmap are sized and placed by.
    var width: Int { targetSize.width }
    /// The height of the target being drawn into (`targetSize`).
    var height: Int { targetSize.height }

    /// Draws into `width` x `height` pixels from now on (the viewport and every layer program's size uniform).
    func setViewport(width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        renderer.programs.setViewportSize(width: width, height: height)
    }
}
