import CSceneCoreGL
import SceneCore

/// The textures video layers' frames are uploaded into: per layer, two sets of plane textures
/// (Y, then U and V, or UV interleaved) used in turn, so that a new frame is written into the set
/// the frame on screen is not read from. A set's textures are made once for a picture size and
/// format and written in place for each frame after; a frame already held is not uploaded again.
/// Needs a current context.
final class VideoTextures {
    /// The textures of one uploaded frame.
    private struct PlaneSet {
        var textures: [GLuint] = []
        var format: VideoFrame.Format?
        var width = 0
        var height = 0
        var frameID: UInt64 = 0
    }

    private struct Entry {
        var sets = [PlaneSet(), PlaneSet()]
        /// The set the last frame went into.
        var current = 0
        var isUsed = true
    }

    private var entries: [LayerID: Entry] = [:]

    /// How many textures are held.
    var textureCount: Int { entries.values.reduce(0) { $0 + $1.sets.reduce(0) { $0 + $1.textures.count } } }

    /// Binds `frame`'s planes for layer `layer`: Y on texture unit 0, U (or UV) on unit 2, V on
    /// unit 3, uploading them first unless one of the layer's sets holds the frame; leaves unit 0
    /// active.
    func bind(_ frame: VideoFrame, for layer: LayerID, statistics: inout FrameStatistics) {
        var entry = entries[layer] ?? Entry()
        entry.isUsed = true
        if entry.sets[entry.current].frameID != frame.id {
            let other = 1 - entry.current
            if entry.sets[other].frameID == frame.id {
                entry.current = other
            } else {
                upload(frame, into: &entry.sets[other], statistics: &statistics)
                entry.current = other
            }
        }
        for (unit, texture) in zip([0, 2, 3], entry.sets[entry.current].textures) {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        }
        glActiveTexture(GL_TEXTURE0.glEnum)
        entries[layer] = entry
    }

    /// Deletes the textures of the layers no draw of the frame that ends asked for.
    func endFrame() {
        for (layer, entry) in entries where !entry.isUsed {
            delete(entry)
            entries.removeValue(forKey: layer)
        }
        for layer in entries.keys { entries[layer]?.isUsed = false }
    }

    /// Deletes every texture.
    func deleteAll() {
        for entry in entries.values { delete(entry) }
        entries = [:]
    }

    private func delete(_ entry: Entry) {
        var textures = entry.sets.flatMap(\.textures)
        if !textures.isEmpty { glDeleteTextures(GLsizei(textures.count), &textures) }
    }

    /// Writes `frame`'s planes into `set`, making its textures anew when the size or format changed.
    private func upload(_ frame: VideoFrame, into set: inout PlaneSet, statistics: inout FrameStatistics) {
        let remake = set.format != frame.format || set.width != frame.width || set.height != frame.height
        if remake {
            var old = set.textures
            if !old.isEmpty { glDeleteTextures(GLsizei(old.count), &old) }
            set.textures = [GLuint](repeating: 0, count: frame.planes.count)
            glGenTextures(GLsizei(frame.planes.count), &set.textures)
            (set.format, set.width, set.height) = (frame.format, frame.width, frame.height)
        }
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
        for (index, plane) in frame.planes.enumerated() {
            // NV12's second plane holds two samples (U, V) per texel.
            let twoSamples = frame.format == .nv12 && index == 1
            let bytesPerSample = twoSamples ? 2 : 1
            let (internalFormat, format) = twoSamples ? (GL_RG8, GL_RG) : (GL_R8, GL_RED)
            glBindTexture(GL_TEXTURE_2D.glEnum, set.textures[index])
            glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, GLint(plane.bytesPerRow / bytesPerSample))
            if remake {
                glTexImage2D(
                    GL_TEXTURE_2D.glEnum, 0, internalFormat.glInt, GLsizei(plane.width), GLsizei(plane.height), 0,
                    format.glEnum, GL_UNSIGNED_BYTE.glEnum, plane.base)
            } else {
                glTexSubImage2D(
                    GL_TEXTURE_2D.glEnum, 0, 0, 0, GLsizei(plane.width), GLsizei(plane.height), format.glEnum,
                    GL_UNSIGNED_BYTE.glEnum, plane.base)
            }
            statistics.uploadedBytes += plane.width * plane.height * bytesPerSample
        }
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, 0)
        statistics.textureUploads += 1
        set.frameID = frame.id
    }
}
