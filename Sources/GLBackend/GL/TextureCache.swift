import CSceneCoreGL
import SceneCore

/// GL textures for `CGImage`s, keyed by `CGImage.imageID`: an image is uploaded the first time
/// it is drawn and reused until `purge(keeping:)` drops it (no layer shows it any more), or until
/// the textures together pass `budgetBytes` and it is among the least recently drawn: past the
/// budget, `endFrame()` deletes textures no draw of the frame used, oldest use first, and an
/// evicted image is uploaded again when it is next drawn. Textures that frames write into
/// (atlas pages) are never evicted. Needs a current context.
///
/// Images larger than `maxTextureSize` are downscaled on the CPU to fit (with a diagnostics
/// warning), never refused: texture coordinates are normalised, so a smaller texture covers
/// the same quad.
final class TextureCache {
    private struct Entry {
        let texture: GLuint
        var hasMipmaps: Bool
        /// Texel bytes of level 0 (RGBA8).
        let bytes: Int
        /// The last frame a draw used the texture (`TextureCache.frame`).
        var lastUsedFrame: UInt64
        /// Whether frames write into the texture (`write(_:statistics:)`): its pixels may
        /// exist only on the GPU, so it is never evicted.
        var isWritten = false
    }

    /// The default of `budgetBytes`: 512 MiB of texels.
    static let defaultBudgetBytes = 512 << 20

    /// The largest texture side this cache uploads.
    let maxTextureSize: Int
    /// The texel bytes past which `endFrame()` evicts textures the frame did not use.
    let budgetBytes: Int
    private var entries: [UInt64: Entry] = [:]
    /// The frame being drawn, counted by `endFrame()`.
    private var frame: UInt64 = 0

    /// How many textures the cache holds.
    var textureCount: Int { entries.count }
    /// Texel bytes of the held textures' level 0 (mipmaps not counted).
    private(set) var textureBytes = 0

    /// Creates an empty cache.
    /// - Parameters:
    ///   - limit: caps the maximum texture size below the context's `GL_MAX_TEXTURE_SIZE`
    ///     (tests use it to exercise downscaling cheaply).
    ///   - budgetBytes: the texel bytes past which textures the frame did not use are evicted.
    package init(maxTextureSize limit: Int? = nil, budgetBytes: Int = TextureCache.defaultBudgetBytes) {
        let contextLimit = GLQuery.integer(GL_MAX_TEXTURE_SIZE)
        maxTextureSize = max(1, min(limit ?? contextLimit, contextLimit))
        self.budgetBytes = budgetBytes
    }

    /// Binds the texture of `image` to `GL_TEXTURE_2D` on the active unit, uploading it first
    /// if it is new, and building its mipmaps if `mipmapped` and not built yet.
    func bind(_ image: CGImage, mipmapped: Bool, statistics: inout FrameStatistics) {
        if var entry = entries[image.imageID] {
            glBindTexture(GL_TEXTURE_2D.glEnum, entry.texture)
            if mipmapped, !entry.hasMipmaps {
                glGenerateMipmap(GL_TEXTURE_2D.glEnum)
                entry.hasMipmaps = true
            }
            entry.lastUsedFrame = frame
            entries[image.imageID] = entry
            return
        }
        if let region = image.updatedRegion, let base = entries[region.base], updateInPlace(base, with: image, region) {
            // A partial redraw of an image we hold: only the changed pixels travel.
            entries[region.base] = nil
            entries[image.imageID] = Entry(
                texture: base.texture, hasMipmaps: false, bytes: base.bytes, lastUsedFrame: frame,
                isWritten: base.isWritten)
            statistics.uploadedBytes += region.width * region.height * 4
            statistics.textureUploads += 1
            if mipmapped {
                glGenerateMipmap(GL_TEXTURE_2D.glEnum)
                entries[image.imageID]?.hasMipmaps = true
            }
            return
        }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        let bytes = upload(image)
        statistics.uploadedBytes += bytes
        statistics.textureUploads += 1
        if mipmapped { glGenerateMipmap(GL_TEXTURE_2D.glEnum) }
        entries[image.imageID] = Entry(texture: texture, hasMipmaps: mipmapped, bytes: bytes, lastUsedFrame: frame)
        textureBytes += bytes
    }

    /// Writes `update`'s pixels into its texture, uploading the texture's image first if it is new.
    func write(_ update: TextureUpdate, statistics: inout FrameStatistics) {
        bind(update.texture, mipmapped: false, statistics: &statistics)
        entries[update.texture.imageID]?.isWritten = true
        guard update.width > 0, update.height > 0, update.x >= 0, update.y >= 0,
            update.x + update.width <= update.texture.width, update.y + update.height <= update.texture.height,
            update.pixels.count == update.width * update.height * 4
        else { return }
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
        update.pixels.withUnsafeBytes { bytes in
            glTexSubImage2D(
                GL_TEXTURE_2D.glEnum, 0, GLint(update.x), GLint(update.y), GLsizei(update.width),
                GLsizei(update.height), GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, bytes.baseAddress)
        }
        statistics.uploadedBytes += update.pixels.count
        statistics.textureUploads += 1
    }

    /// Deletes every texture whose image is not in `liveImageIDs`.
    func purge(keeping liveImageIDs: Set<UInt64>) {
        delete(entries.keys.filter { !liveImageIDs.contains($0) })
    }

    /// Ends the frame: while the textures pass the budget, deletes those no draw of the frame
    /// used (never one frames write into), least recently used first.
    /// - Returns: how many textures were deleted.
    func endFrame() -> Int {
        defer { frame += 1 }
        guard textureBytes > budgetBytes else { return 0 }
        let unused = entries.filter { $0.value.lastUsedFrame < frame && !$0.value.isWritten }
            .sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }
        var evicted: [UInt64] = []
        var remaining = textureBytes
        for (id, entry) in unused where remaining > budgetBytes {
            evicted.append(id)
            remaining -= entry.bytes
        }
        delete(evicted)
        if textureBytes > budgetBytes {
            Diagnostics.errorOnce(
                "texture budget",
                "GLRenderer: the textures one frame draws take \(textureBytes) bytes, over the budget of \(budgetBytes); kept"
            )
        }
        return evicted.count
    }

    private func delete(_ ids: [UInt64]) {
        guard !ids.isEmpty else { return }
        var textures = ids.compactMap { entries[$0]?.texture }
        glDeleteTextures(GLsizei(textures.count), &textures)
        for id in ids { textureBytes -= entries.removeValue(forKey: id)?.bytes ?? 0 }
    }

    /// Binds `base`'s texture and replaces `region` of it with `image`'s pixels; false (nothing
    /// done) when the image was downscaled on upload, so the texture does not match it pixel for pixel.
    private func updateInPlace(_ base: Entry, with image: CGImage, _ region: UpdatedRegion) -> Bool {
        guard image.width <= maxTextureSize, image.height <= maxTextureSize,
            region.x >= 0, region.y >= 0, region.x + region.width <= image.width,
            region.y + region.height <= image.height
        else { return false }
        glBindTexture(GL_TEXTURE_2D.glEnum, base.texture)
        guard region.width > 0, region.height > 0 else { return true }
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, GLint(image.width))
        image.pixels.withUnsafeBytes { bytes in
            let start = bytes.baseAddress! + (region.y * image.width + region.x) * 4
            glTexSubImage2D(
                GL_TEXTURE_2D.glEnum, 0, GLint(region.x), GLint(region.y), GLsizei(region.width),
                GLsizei(region.height), GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, start)
        }
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, 0)
        return true
    }

    /// Uploads `image` (downscaled to fit if needed) into the bound texture's level 0.
    /// - Returns: the number of bytes uploaded.
    private func upload(_ image: CGImage) -> Int {
        var (width, height, pixels) = (image.width, image.height, image.pixels)
        let fitting = ImageDownscaler.fittingSize(width: width, height: height, limit: maxTextureSize)
        if fitting != (width, height) {
            Diagnostics.warningOnce(
                "TextureCache.downscaled",
                "TextureCache: image \(width)x\(height) exceeds the maximum texture size \(maxTextureSize); "
                    + "downscaled to \(fitting.width)x\(fitting.height)")
            pixels = ImageDownscaler.downscale(
                pixels, width: width, height: height, toWidth: fitting.width, height: fitting.height)
            (width, height) = fitting
        }
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, 0)
        pixels.withUnsafeBytes {
            glTexImage2D(
                GL_TEXTURE_2D.glEnum, 0, GL_RGBA8.glInt, GLsizei(width), GLsizei(height), 0,
                GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, $0.baseAddress)
        }
        return pixels.count
    }
}
