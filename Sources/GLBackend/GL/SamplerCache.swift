import CSceneCoreGL
import SceneCore

/// One GL sampler object per `TextureSampling`, created on first use. Needs a current context.
///
/// Edges clamp, so quads never sample texels wrapped around from the opposite side.
/// Minification `.trilinear` filters between mipmap levels; the texture cache builds the
/// levels when such a sampler is about to be used.
final class SamplerCache {
    private var samplers: [TextureSampling: GLuint] = [:]

    /// The sampler for `sampling`, created on first use.
    func sampler(for sampling: TextureSampling) -> GLuint {
        if let sampler = samplers[sampling] { return sampler }
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER.glEnum, Self.minificationFilter(sampling.minification))
        glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER.glEnum, Self.magnificationFilter(sampling.magnification))
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S.glEnum, GL_CLAMP_TO_EDGE)
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T.glEnum, GL_CLAMP_TO_EDGE)
        // minificationFilterBias: added to the level of detail the mipmap levels are chosen by.
        glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS.glEnum, sampling.bias)
        samplers[sampling] = sampler
        return sampler
    }

    /// Whether textures sampled with `sampling` need mipmaps.
    static func needsMipmaps(_ sampling: TextureSampling) -> Bool {
        sampling.minification == .trilinear
    }

    private static func minificationFilter(_ filter: CALayerContentsFilter) -> GLint {
        switch filter {
        case .nearest: GL_NEAREST
        case .trilinear: GL_LINEAR_MIPMAP_LINEAR
        default: GL_LINEAR
        }
    }

    /// Mipmaps only matter when minifying, so trilinear magnifies linearly.
    private static func magnificationFilter(_ filter: CALayerContentsFilter) -> GLint {
        filter == .nearest ? GL_NEAREST : GL_LINEAR
    }
}
