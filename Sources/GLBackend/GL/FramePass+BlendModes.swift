import CSceneCoreGL
import SceneCore

extension FramePass {
    /// Composites `region` of `target` onto the current level by `blendMode`, multiplied by
    /// `opacity`, inside the current clip. Source-over, screen and plus-lighter are exact in
    /// fixed-function blending on premultiplied colour; the other modes read a copy of the
    /// backdrop and write the blended result (`FilterProgram.Variant.blend`).
    mutating func composite(_ target: GroupTarget, opacity: Float, blendMode: BlendMode, region: PixelRegion) {
        switch blendMode {
        case .sourceOver:
            composite(target, opacity: opacity, region: region)
        case .screen:
            // Sc + Dc·(1 − Sc) for colour, Sa + Da·(1 − Sa) for alpha.
            glBlendFuncSeparate(
                GL_ONE.glEnum, GL_ONE_MINUS_SRC_COLOR.glEnum, GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
            composite(target, opacity: opacity, region: region)
            glBlendFunc(GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
        case .plusLighter:
            // min(1, S + D): the fixed-point target clamps the sum.
            glBlendFunc(GL_ONE.glEnum, GL_ONE.glEnum)
            composite(target, opacity: opacity, region: region)
            glBlendFunc(GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
        case .multiply, .overlay, .darken, .lighten, .difference:
            compositeThroughShader(target, opacity: opacity, blendMode: blendMode, region: region)
        }
    }

    /// Composites `target` by a blend mode that needs the backdrop's colour: the backdrop is
    /// copied, and the blend program writes the result over it. Without a program or a target
    /// for the copy, the group is composited source-over (the reason is logged).
    private mutating func compositeThroughShader(
        _ target: GroupTarget, opacity: Float, blendMode: BlendMode, region: PixelRegion
    ) {
        guard let mode = FilterProgram.shaderMode(blendMode),
            let program = renderer.filterPrograms.program(for: .blend),
            let backdrop = copyOfCurrentTarget(region)
        else {
            composite(target, opacity: opacity, region: region)
            return
        }
        program.use(width: width, height: height, opacity: opacity)
        glUniform1i(program.mode, mode)
        bindNearest(target, unit: 0)
        bindNearest(backdrop, unit: 1)
        glDisable(GL_BLEND.glEnum)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        withScissor(region) { $0.drawInstances(first: $0.instanceCount, count: 1) }
        glEnable(GL_BLEND.glEnum)
        renderer.groupTargets.release(backdrop)
    }
}
