/// What the renderer did for the last frame it drew.
public struct FrameStatistics: Sendable, Equatable {
    /// Every instanced draw call issued: batches, clip stencil passes and group composites.
    public var drawCalls = 0
    /// Instances drawn by `.draw` batches.
    public var instances = 0
    /// Images uploaded as new textures.
    public var textureUploads = 0
    /// Images' textures deleted at the end of the frame because the textures together passed
    /// the renderer's texture budget (those the frame did not draw, least recently drawn first).
    public var evictedTextures = 0
    /// Bytes of texel data uploaded by those uploads.
    public var uploadedBytes = 0
    /// Bytes of per-instance vertex data uploaded.
    public var instanceBytes = 0
    /// `pushClip` commands applied to the stencil buffer.
    public var clipPushes = 0
    /// Groups drawn offscreen and composited with their opacity.
    public var groups = 0
    /// Of those groups, the ones composited by the alpha of a mask.
    public var maskedGroups = 0
    /// Of those groups, the sublayers of a layer clipped by `masksToBounds` to a rounded (or
    /// anti-aliased) shape, composited by the shape's coverage.
    public var antialiasedClips = 0
    /// Offscreen passes run for layer filters and background filters (colour matrices, blurs).
    public var filterPasses = 0
    /// Rasterized layers (`shouldRasterize`) drawn from the bitmap cached in an earlier frame.
    public var rasterCacheHits = 0
    /// Rasterized layers whose bitmap was drawn again in this frame (new, changed, or evicted).
    public var rasterCacheMisses = 0
    /// Bytes held by the cached bitmaps of rasterized layers after this frame.
    public var rasterCacheBytes = 0
    /// Shadows drawn (each layer's shadow once).
    public var shadows = 0
    /// Of those shadows, the ones drawn from the blurred alpha kept from an earlier frame (one
    /// textured quad each, no offscreen pass).
    public var shadowCacheHits = 0
    /// Shadows kept for the next frame: one per layer whose shadow this frame drew.
    public var cachedShadows = 0
    /// `CAOpenGLLayer`s that drew their picture for this frame (each at most once).
    public var glContentDraws = 0
    /// The pixels of the damaged region a frame redrew (`FrameDamage`), its rectangles' areas
    /// summed; nil for a frame drawn whole.
    public var damagedPixels: Int? = nil
    /// The rectangles the damaged region was drawn in, each cleared, drawn and presented on its
    /// own (0 for a frame drawn whole or changing nothing).
    public var damageRects = 0
    /// Commands ignored as invalid (each reported through the diagnostics log).
    public var rejectedCommands = 0

    /// Empty statistics.
    public init() {}
}

extension FrameStatistics {
    /// What a frame trace shows of the frame's GL submission (`FrameTrace`).
    var traceArguments: [(name: StaticString, value: Int)] {
        [
            ("draw calls", drawCalls), ("quads", instances), ("texture uploads", textureUploads),
            ("uploaded bytes", uploadedBytes), ("instance bytes", instanceBytes),
        ]
    }
}
