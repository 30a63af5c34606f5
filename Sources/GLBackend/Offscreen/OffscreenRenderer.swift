import Foundation
import SceneCore
import Synchronization

/// Renders a layer tree without a window or X server, through the same commit pipeline and
/// GL renderer a window uses: the renderer attaches to the tree, receives its commits, keeps
/// its own render tree, and never reads a `CALayer` while drawing.
///
/// Use it for tests, thumbnails and image export. Any number may live in one process.
public final class OffscreenRenderer: @unchecked Sendable {
    /// Target width and height in pixels.
    public let width: Int
    public let height: Int
    /// The premultiplied colour the target is cleared to. Default transparent.
    public var clearColor: SIMD4<Float> = .zero

    private let surface: HeadlessSurface
    private let inbox = CommitQueue()
    // Touched only by `render`, which callers serialise (one render at a time per renderer).
    private var tree = RenderTree()
    private var attachedRoot: LayerID?

    /// Creates a renderer drawing into a `width` x `height` RGBA8 target.
    /// - Throws: `EGLError` when no headless EGL display or context can be made, `GLError`
    ///   for a size the GL implementation cannot render or when the shaders fail to build.
    public init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        surface = try HeadlessSurface(width: width, height: height)
    }

    deinit { CommitDistributor.shared.detach(inbox) }

    /// Commits pending changes (`CATransaction.flush()`), applies every commit the renderer
    /// has received, and draws the tree under `layer` (placed by its own frame in the target).
    /// - Returns: the pixels, straight RGBA8, origin top-left.
    /// - Throws: `EGLError` or `GLError` when the GL context cannot render.
    public func render(_ layer: CALayer) throws -> RenderedImage {
        if attachedRoot != layer.layerID {
            CommitDistributor.shared.attach(inbox, root: layer)
            attachedRoot = layer.layerID
        } else {
            CATransaction.flush()
        }
        var contentsChanged = false
        for commit in inbox.drain() {
            tree.apply(commit)
            contentsChanged = contentsChanged || tree.lastCommitChangedContents
        }
        if contentsChanged { try surface.purgeTextures(keeping: tree.liveImageIDs) }
        let list = FrameBuilder.build(tree, root: layer.layerID, width: width, height: height, clearColor: clearColor)
        return try surface.render(list)
    }

    /// What the last `render(_:)` did: draw calls, texture uploads and more.
    public var statistics: FrameStatistics { surface.statistics }

    /// The largest image side uploaded as is; larger images are downscaled with a warning.
    public var maxTextureSize: Int { surface.maxTextureSize }
}
