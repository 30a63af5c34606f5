import CSceneCoreGL
import Foundation
import SceneCore

/// `CAOpenGLLayer`s: before a frame's own drawing, each layer whose picture the frame needs
/// (see `GLContentRequest`) draws into its framebuffer in `GLContentCache`; the frame's
/// `drawGLContent` commands then composite the pictures like contents.
extension GLRenderer {
    /// Lets the layers of `list`'s `drawGLContent` commands draw, each once, where their
    /// requests need it, then binds `drawFramebuffer` and `readFramebuffer` again.
    /// - Returns: how many layers drew.
    func drawGLContent(of list: DisplayList, drawFramebuffer: GLuint, readFramebuffer: GLuint) -> Int {
        var asked = Set<LayerID>()
        var drawn = 0
        for command in list.commands {
            guard case .drawGLContent(let request, _) = command, asked.insert(request.layer).inserted,
                glContentCache.needsDrawing(request)
            else { continue }
            if draw(request) { drawn += 1 }
        }
        if !asked.isEmpty {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, drawFramebuffer)
            glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, readFramebuffer)
        }
        return drawn
    }

    /// Asks the layer of `request` whether it can draw, and lets it draw; true when it drew.
    private func draw(_ request: GLContentRequest) -> Bool {
        guard request.source.isAlive, request.width >= 1, request.height >= 1,
            request.width <= maxViewportSize.width, request.height <= maxViewportSize.height,
            let (target, isNew) = glContentCache.target(for: request)
        else { return false }
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, target.framebuffer)
        glViewport(0, 0, GLsizei(request.width), GLsizei(request.height))
        let context = CAOpenGLContext(
            contextIdentifier: contextIdentifier, framebuffer: target.framebuffer, width: request.width,
            height: request.height,
            scale: request.scale)
        let drew =
            request.source.canDraw(in: context, layerTime: request.layerTime, displayTime: request.displayTime)
            && request.source.draw(in: context, layerTime: request.layerTime, displayTime: request.displayTime)
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, target.framebuffer)
        ForeignGLState.restore(after: "a CAOpenGLLayer's drawing")
        if drew {
            glContentCache.keep(target, for: request)
        } else if isNew {
            target.delete()
        }
        return drew
    }
}
