import CGL
import SceneCore

/// GL textures for `CGImage`s, keyed by `CGImage.imageID`: an image is uploaded the first time
/// it is drawn and reused until `purge(keeping:)` drops it. Needs a current context.
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
    }

    /// The largest texture side this cache uploads.
    let maxTextureSize: Int
    private var entries: [UInt64: Entry] = [:]

    /// How many textures the cache holds.
    var textureCount: Int { entries.count }
    /// Texel bytes of the held textures' level 0 (mipmaps not counted).
    var textureBytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    /// Creates an empty cache.
    /// - Parameter limit: caps the maximum texture size below the context's
    ///   `GL_MAX_TEXTURE_SIZE` (tests use it to exercise downscaling cheaply).
    package init(maxTextureSize limit: Int? = nil) {
        let contextLimit = GLQuery.integer(GL_MAX_TEXTURE_SIZE)
        maxTextureSize = max(1, min(limit ?? contextLimit, contextLimit))
    }

    /// Binds the texture of `image` to `GL_TEXTURE_2D` on the active unit, uploading it first
    /// if it is new, and building its mipmaps if `mipmapped` and not built yet.
    func bind(_ image: CGImage, mipmapped: Bool, statistics: inout FrameStatistics) {
        if var entry = entries[image.imageID] {
            glBindTexture(GL_TEXTURE_2D.glEnum, entry.texture)
            if mipmapped, !entry.hasMipmaps {
                glGenerateMipmap(GL_TEXTURE_2D.glEnum)
                entry.hasMipmaps = true
                entries[image.imageID] = entry
            }
            return
        }
        if let region = image.updatedRegion, let base = entries[region.base], updateInPlace(base, with: image, region) {
            // A partial redraw of an image we hold: only the changed pixels travel.
            entries[region.base] = nil
            entries[image.imageID] = Entry(texture: base.texture, hasMipmaps: false, bytes: base.bytes)
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
        entries[image.imageID] = Entry(texture: texture, hasMipmaps: mipmapped, bytes: bytes)
    }

    /// Writes `update`'s pixels into its texture, uploading the texture's image first if it is new.
    func write(_ update: TextureUpdate, statistics: inout FrameStatistics) {
        bind(update.texture, mipmapped: false, statistics: &statistics)
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
        let dead = entries.filter { !liveImageIDs.contains($0.key) }
        guard !dead.isEmpty else { return }
        var textures = dead.values.map(\.texture)
        glDeleteTextures(GLsizei(textures.count), &textures)
        for id in dead.keys { entries[id] = nil }
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
            Diagnostics.warning(
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
