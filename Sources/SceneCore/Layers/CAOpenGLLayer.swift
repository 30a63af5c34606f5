import Foundation

/// A layer whose content a subclass draws with OpenGL, as Core Animation's `CAOpenGLLayer`.
///
/// Subclass it and override `draw(in:forLayerTime:displayTime:)`. The renderer calls it on its
/// render thread, with its own OpenGL 3.3 core context current (so textures, buffers and
/// programs the layer makes there are shared with the renderer and live as long as the
/// window or headless renderer), a framebuffer of the layer's size in pixels (`bounds` times
/// `contentsScale`) bound, holding the last picture drawn, and the viewport covering it. What
/// it draws becomes the layer's content: drawn above its background and below its sublayers
/// and border, composited like any layer's content (its transform and its superlayers',
/// `masksToBounds` and rounded corners, masks, opacity, filters). Row 0 of the framebuffer
/// (GL's bottom row) is the layer's bottom edge, `bounds.maxY`, as on macOS.
///
/// When it is drawn:
/// - with `isAsynchronous` false (the default), when the layer is first shown, after each
///   `setNeedsDisplay()` (drawn once, however many frames follow), and when its size in pixels
///   changes;
/// - with `isAsynchronous` true, at every frame: the renderer keeps drawing frames while the
///   layer is in its tree, and asks `canDraw(in:forLayerTime:displayTime:)` each frame first.
///
/// In both cases `canDraw` is asked first; when it answers false nothing is drawn and the
/// layer keeps showing its last picture (nothing, before its first). The renderer restores
/// every piece of GL state it relies on after the layer draws, so the drawing may leave depth
/// testing, blending, programs, vertex arrays, textures or pixel-store settings as it likes;
/// GL errors it raises are logged (once) and cleared. The methods run on the render thread, not
/// the thread that changes the layer: read the layer's values there only under
/// `CATransaction.lock()`, or keep what they need in values of their own.
open class CAOpenGLLayer: CALayer {
    override class var kind: LayerKind { .openGL }

    /// The largest side of the drawing framebuffer in pixels; a layer whose bounds at its
    /// `contentsScale` need more is drawn at a lower scale (logged once) and stretched.
    public static let maximumDrawableSize = 4096

    /// A layer with no drawing of its own until a subclass draws.
    public override init() {
        super.init()
        attachGLContent()
    }

    /// Unarchives a layer archived by `encode(with:)`, with `isAsynchronous`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        attachGLContent()
    }

    /// A shadow copy of `layer`, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
        attachGLContent()
    }

    private func attachGLContent() {
        LayerLock.withLock {
            if state.glContent == nil { state.glContent = GLContent(source: GLContentSource(self)) }
        }
    }

    /// Whether the layer is drawn at every frame (true) or only when it needs display (false,
    /// the default: after `setNeedsDisplay()`, when first shown and when its size changes).
    /// When true, `canDraw(in:forLayerTime:displayTime:)` is asked every frame.
    open var isAsynchronous: Bool {
        get { LayerLock.withLock { state.isAsynchronous } }
        set { setState(\.isAsynchronous, newValue, .isAsynchronous) }
    }

    /// Whether the layer should draw now; asked on the render thread before every drawing, with
    /// the framebuffer already bound. Answering false skips the drawing and keeps the last
    /// picture. The default answers true.
    /// - Parameters:
    ///   - context: the framebuffer that would be drawn into.
    ///   - t: the layer's local time (its timing applied, as animations of the layer see it).
    ///   - ts: the absolute media time (`CACurrentMediaTime()` seconds) at which the frame is shown.
    open func canDraw(in context: CAOpenGLContext, forLayerTime t: CFTimeInterval, displayTime ts: CFTimeInterval)
        -> Bool
    {
        true
    }

    /// Draws the layer's content with OpenGL into `context.framebuffer`, which is bound, with
    /// the viewport set to its size. Called on the render thread. The default draws nothing.
    /// - Parameters:
    ///   - context: the framebuffer to draw into.
    ///   - t: the layer's local time.
    ///   - ts: the absolute media time at which the frame is shown.
    open func draw(in context: CAOpenGLContext, forLayerTime t: CFTimeInterval, displayTime ts: CFTimeInterval) {}

    /// Asks the renderer for one new drawing at its next frame, instead of drawing into a
    /// backing store: called during the commit for a layer marked by `setNeedsDisplay()`.
    open override func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        dirtyRect = nil
        state.glContent?.version &+= 1
        recordChange(.glContent)
    }
}
