import CSceneCoreGL
import Foundation
import SceneCore

/// A `CAOpenGLLayer` that clears its framebuffer to `clear` and fills its top-left quarter (in
/// GL's terms: left half of the columns, upper half of the rows) with `quarter` through the
/// scissor test, recording every call it gets.
///
/// The renderer calls it on the thread that renders; the tests render on their own thread, so
/// its records need no lock.
final class FillGLLayer: CAOpenGLLayer, @unchecked Sendable {
    var clear: SIMD4<Float> = [1, 0, 0, 1]
    var quarter: SIMD4<Float> = [0, 1, 0, 1]
    /// What `canDraw` answers.
    var allowsDrawing = true
    /// The contexts `canDraw` was asked with, in order.
    private(set) var askedContexts: [CAOpenGLContext] = []
    /// The contexts `draw` drew into and the layer and display times, in order.
    private(set) var drawings: [(context: CAOpenGLContext, layerTime: CFTimeInterval, displayTime: CFTimeInterval)] = []
    /// Run after the drawing, to leave GL state behind.
    var afterDrawing: (() -> Void)?

    override func canDraw(
        in context: CAOpenGLContext, forLayerTime t: CFTimeInterval, displayTime ts: CFTimeInterval
    ) -> Bool {
        askedContexts.append(context)
        return allowsDrawing
    }

    override func draw(in context: CAOpenGLContext, forLayerTime t: CFTimeInterval, displayTime ts: CFTimeInterval) {
        drawings.append((context, t, ts))
        glClearColor(clear.x, clear.y, clear.z, clear.w)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(
            0, GLint(context.height / 2), GLsizei(context.width / 2), GLsizei(context.height - context.height / 2))
        glClearColor(quarter.x, quarter.y, quarter.z, quarter.w)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        afterDrawing?()
    }
}
