import CSceneCoreGL
import SceneCore

/// The texture gradient quads read their gradients from: a frame's `DisplayList.gradientTexels`
/// laid out `GradientTexels.rowLength` RGBA float texels to a row. Uploaded when a frame's
/// texels differ from the last frame's (a still scene uploads nothing), only as far as the texels
/// reach (a few gradients upload a few hundred bytes), grown by doubling its
/// rows when they do not fit. Texels beyond `GL_MAX_TEXTURE_SIZE` rows are not uploaded
/// (logged once): the gradients they hold read zeros and draw nothing. Needs a current
/// context; the texture lives as long as it.
final class GradientTexture {
    private var texture: GLuint = 0
    private var rows = 0
    private var uploaded: [SIMD4<Float>] = []
    private let maximumRows = GLQuery.integer(GL_MAX_TEXTURE_SIZE)

    /// Makes the texture hold `texels`; returns the bytes uploaded (0 when they were there).
    func upload(_ texels: [SIMD4<Float>]) -> Int {
        guard !texels.isEmpty, texels != uploaded else { return 0 }
        let width = GradientTexels.rowLength
        var needed = (texels.count + width - 1) / width
        if needed > maximumRows {
            Diagnostics.errorOnce(
                "GLRenderer.gradientTexels",
                "GLRenderer: the frame's gradients need \(needed) texture rows, more than \(maximumRows); the last are not drawn"
            )
            needed = maximumRows
        }
        if texture == 0 || needed > rows {
            if texture == 0 { glGenTextures(1, &texture) }
            rows = min(max(needed, rows * 2, 1), maximumRows)
            glBindTexture(GL_TEXTURE_2D.glEnum, texture)
            glTexImage2D(
                GL_TEXTURE_2D.glEnum, 0, GL_RGBA32F, GLsizei(width), GLsizei(rows), 0, GL_RGBA.glEnum,
                GL_FLOAT.glEnum, nil)
            glTexParameteri(GL_TEXTURE_2D.glEnum, GL_TEXTURE_MIN_FILTER.glEnum, GL_NEAREST)
            glTexParameteri(GL_TEXTURE_2D.glEnum, GL_TEXTURE_MAG_FILTER.glEnum, GL_NEAREST)
        } else {
            glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        }
        // Whole rows, then the part of the last row the texels reach.
        let shown = texels.prefix(needed * width)
        let wholeRows = shown.count / width
        let rest = shown.count - wholeRows * width
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 4)
        shown.withUnsafeBytes { bytes in
            if wholeRows > 0 {
                glTexSubImage2D(
                    GL_TEXTURE_2D.glEnum, 0, 0, 0, GLsizei(width), GLsizei(wholeRows), GL_RGBA.glEnum,
                    GL_FLOAT.glEnum, bytes.baseAddress)
            }
            if rest > 0 {
                glTexSubImage2D(
                    GL_TEXTURE_2D.glEnum, 0, 0, GLint(wholeRows), GLsizei(rest), 1, GL_RGBA.glEnum, GL_FLOAT.glEnum,
                    bytes.baseAddress! + wholeRows * width * MemoryLayout<SIMD4<Float>>.stride)
            }
        }
        uploaded = texels
        return shown.count * MemoryLayout<SIMD4<Float>>.stride
    }

    /// Binds the texture to `GL_TEXTURE_2D` on the active unit, with no sampler object (texels
    /// are fetched, not filtered).
    func bind() {
        glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        glBindSampler(0, 0)
    }
}
