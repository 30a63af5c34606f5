import CSceneCoreGL
import SceneCore

/// The pictures of `CAOpenGLLayer`s, kept from frame to frame: one framebuffer per layer
/// (RGBA8 colour texture, 24-bit depth and 8-bit stencil), with the version of the layer's
/// drawing it holds. Needs a current context.
///
/// A picture not asked for in a frame is deleted at its end (its layer is gone, hidden, or off
/// the drawn tree): a layer shown again draws again.
final class GLContentCache {
    /// One layer's picture.
    struct Entry {
        var target: GroupTarget
        /// The version drawn into the target.
        var version: UInt64
        /// Whether the mipmap levels were built from the picture as it is now.
        var hasMipmaps = false
        /// Whether a command of the current frame asked for it.
        var isUsed = true
    }

    private var entries: [LayerID: Entry] = [:]

    /// How many pictures are held.
    var count: Int { entries.count }

    /// Whether the layer of `request` must be asked to draw: no picture of it is held at the
    /// request's size, the picture is of an older version, or the layer draws at every frame.
    /// Marks the layer's picture used.
    func needsDrawing(_ request: GLContentRequest) -> Bool {
        guard var entry = entries[request.layer] else { return true }
        entry.isUsed = true
        entries[request.layer] = entry
        return request.isAsynchronous || entry.version != request.version || entry.target.width != request.width
            || entry.target.height != request.height
    }

    /// The framebuffer the layer of `request` draws into: its picture's when that has the
    /// request's size, else a new transparent one (`isNew`), which replaces the old picture
    /// only once the layer has drawn into it (`keep(_:for:)`). Nil, with an error logged, when
    /// none can be made.
    func target(for request: GLContentRequest) -> (target: GroupTarget, isNew: Bool)? {
        if let entry = entries[request.layer], entry.target.width == request.width,
            entry.target.height == request.height
        {
            return (entry.target, false)
        }
        do {
            let target = try GroupTarget(width: request.width, height: request.height)
            glBindFramebuffer(GL_FRAMEBUFFER.glEnum, target.framebuffer)
            glClearColor(0, 0, 0, 0)
            glClearDepth(1)
            glClearStencil(0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
            return (target, true)
        } catch {
            Diagnostics.errorOnce(
                "GLRenderer.glContentTarget",
                "GLRenderer: no framebuffer for a \(request.width)x\(request.height) CAOpenGLLayer: \(error)")
            return nil
        }
    }

    /// Records that the layer of `request` drew into `target`: it becomes the layer's picture
    /// (deleting a picture of another size) at the request's version.
    func keep(_ target: GroupTarget, for request: GLContentRequest) {
        if let old = entries[request.layer]?.target, old.framebuffer != target.framebuffer { old.delete() }
        entries[request.layer] = Entry(target: target, version: request.version)
    }

    /// The picture of `layer`, marked used; nil when none is held.
    func use(_ layer: LayerID) -> Entry? {
        guard entries[layer] != nil else { return nil }
        entries[layer]?.isUsed = true
        return entries[layer]
    }

    /// Records that the mipmap levels of `layer`'s picture were built.
    func noteMipmaps(of layer: LayerID) {
        entries[layer]?.hasMipmaps = true
    }

    /// Deletes the pictures not asked for in the frame that ends.
    func endFrame() {
        for (layer, entry) in entries where !entry.isUsed {
            entry.target.delete()
            entries.removeValue(forKey: layer)
        }
        for layer in entries.keys { entries[layer]?.isUsed = false }
    }
}
