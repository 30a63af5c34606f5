import CSceneCoreGL

/// The layer programs of one renderer, each variant compiled the first time a frame draws with
/// it (`ProgramCache`), and the size of the target they draw into, which the `u_viewportSize` of
/// every one of them holds (a program compiled later is given it too). Needs the renderer's
/// context current.
final class LayerPrograms: ProgramCache<LayerProgram> {
    private var viewportSize = SIMD2<Float>(1, 1)

    /// Draws into `width` x `height` pixels from now on: every program compiled so far, and
    /// every one compiled later, is given that size.
    func setViewportSize(width: Int, height: Int) {
        viewportSize = SIMD2(Float(width), Float(height))
        for program in programs { setViewportSize(of: program) }
    }

    /// Gives a program just compiled the current viewport size.
    override func prepare(_ program: LayerProgram) { setViewportSize(of: program) }

    private func setViewportSize(of program: LayerProgram) {
        glUseProgram(program.program.id)
        glUniform2f(program.viewportSize, viewportSize.x, viewportSize.y)
    }
}
