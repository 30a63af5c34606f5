/// Settings of a `GLRenderer` that tests and constrained setups may change.
struct GLRendererOptions: Sendable {
    /// Caps the texture size below the context's `GL_MAX_TEXTURE_SIZE`; nil keeps the
    /// context's limit.
    var maxTextureSize: Int?
    /// Whether batches may use `glDrawArraysInstancedBaseInstance` when the context has
    /// OpenGL 4.2; when false (or on older contexts), the attribute offsets are re-pointed
    /// before each batch instead.
    var allowsBaseInstance = true
    /// How deeply groups may nest offscreen; deeper groups draw straight into their parent,
    /// without their opacity (each offscreen level holds a full-size colour and stencil buffer).
    var maxGroupDepth = 16
    /// The bytes the bitmaps of rasterized layers may hold together (`RasterCache`).
    var rasterCacheBudget = RasterCache.defaultBudgetBytes
    /// The texel bytes of images' textures past which those a frame did not draw are evicted
    /// (`TextureCache`).
    var textureBudget = TextureCache.defaultBudgetBytes
    /// The bytes the blurred shadows kept from frame to frame may hold together (`ShadowCache`).
    var shadowCacheBudget = ShadowCache.defaultBudgetBytes

    /// The defaults: the context's texture limit, base instances where available, 16 groups,
    /// 256 MiB of rasterized layers' bitmaps, 512 MiB of images' textures, 256 MiB of shadows.
    package init(
        maxTextureSize: Int? = nil, allowsBaseInstance: Bool = true, maxGroupDepth: Int = 16,
        rasterCacheBudget: Int = RasterCache.defaultBudgetBytes, textureBudget: Int = TextureCache.defaultBudgetBytes,
        shadowCacheBudget: Int = ShadowCache.defaultBudgetBytes
    ) {
        self.shadowCacheBudget = shadowCacheBudget
        self.maxTextureSize = maxTextureSize
        self.allowsBaseInstance = allowsBaseInstance
        self.maxGroupDepth = maxGroupDepth
        self.rasterCacheBudget = rasterCacheBudget
        self.textureBudget = textureBudget
    }
}
