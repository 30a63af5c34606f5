import CSceneCoreGL
import SceneCore
import SceneCoreShaders

/// One variant of the layer shader pair from `Shaders/`, with its uniform locations.
/// Needs a current context.
struct LayerProgram: VariantProgram {
    /// Which parts of `layer.frag.glsl` a variant compiles in. The variants a renderer asks for
    /// are named here: a batch's (`batch(shaped:textured:gradient:shapeCoverage:)`), the clip
    /// mask's and the two composites'; `allCases` lists them all.
    struct Variant: Hashable, CaseIterable {
        /// Coverage from the instance's rounded shape or ring (else the quad's rect is filled).
        var shaped = false
        /// With `shaped`: how much of the coverage code the batch's shapes need
        /// (`QuadInstance.shapeCoverage`); the less, the less code the variant runs.
        var shapeCoverage = ShapeCoverage.general
        /// Samples the bound texture for instances that ask for it.
        var textured = false
        /// Writes only the stencil where the shape covers a pixel at least halfway.
        var clipMask = false
        /// Multiplies the output by the alpha of the mask texture on unit 1 (masked groups).
        var masked = false
        /// Takes the colour from the texture's pixel under the fragment (a group's target,
        /// the same size as the frame's) instead of the instance's colour: shape clips.
        var screenTextured = false
        /// Draws the gradients of gradient quads from the frame's gradient texture, bound on unit 0:
        /// `GRADIENT` 1 for axial gradients of two stops, 2 for any gradient, 3 for interpolated ones.
        var gradient = GradientShading.none
        /// Converts the Y′CbCr planes of a video frame to RGB (`VIDEO` 1 for I420's three planes
        /// on units 0, 2 and 3, 2 for NV12's two on units 0 and 2) as the texture it samples.
        var video: VideoFrame.Format?

        var defines: String {
            "#define SHAPED \(shaped ? 1 : 0)\n#define TEXTURED \(textured ? 1 : 0)\n#define CLIP_MASK \(clipMask ? 1 : 0)\n"
                + "#define MASKED \(masked ? 1 : 0)\n#define SCREEN_TEXTURED \(screenTextured ? 1 : 0)\n"
                + "#define GRADIENT \(Self.gradientDefine[gradient] ?? 0)\n"
                + "#define GRADIENT_ROW \(GradientTexels.rowLength)\n"
                + "#define SIMPLE_SHAPES \(shapeCoverage < .general ? 1 : 0)\n"
                + "#define AFFINE_FILLS \(shapeCoverage <= .affineFill ? 1 : 0)\n"
                + "#define UNIFORM_FILLS \(shapeCoverage == .uniformAffineFill ? 1 : 0)\n"
                + "#define VIDEO \(video == nil ? 0 : video == .i420 ? 1 : 2)\n"
        }

        /// The shader's `GRADIENT` for each shading.
        static let gradientDefine: [GradientShading: Int] = [.none: 0, .axialTwoStops: 1, .any: 2, .interpolated: 3]

        /// Writes a clip's shape into the stencil (`pushClip`, `popClip`).
        static let clipMask = Variant(shaped: true, clipMask: true)
        /// Composites a masked group: its texture times the mask texture's alpha.
        static let maskComposite = Variant(textured: true, masked: true)
        /// Composites a shape clip's target inside the clip shape, by its anti-aliased coverage.
        static let shapeClipComposite = Variant(shaped: true, screenTextured: true)

        /// The variant that draws a batch: a gradient batch's by its gradient, another's by its
        /// texture and, either shaped, by its `shapeCoverage`.
        static func batch(
            shaped: Bool, textured: Bool, gradient: GradientShading = .none, shapeCoverage: ShapeCoverage = .general
        ) -> Variant {
            let coverage = shaped ? shapeCoverage : .general
            if gradient != .none { return Variant(shaped: shaped, shapeCoverage: coverage, gradient: gradient) }
            return Variant(shaped: shaped, shapeCoverage: coverage, textured: textured)
        }

        /// The variant that draws a batch of a video frame in `format` (shaped: with the coverage
        /// code its shapes need).
        static func video(shaped: Bool, format: VideoFrame.Format, shapeCoverage: ShapeCoverage = .general) -> Variant {
            Variant(shaped: shaped, shapeCoverage: shaped ? shapeCoverage : .general, textured: true, video: format)
        }

        /// Every variant a renderer may ask for: each batch's, the video batches', then the clip
        /// mask's and the composites'.
        static let allCases: [Variant] = {
            var variants: [Variant] = []
            for shaped in [false, true] {
                for textured in [false, true] {
                    for gradient in GradientShading.allCases {
                        for coverage in ShapeCoverage.allCases {
                            let variant = batch(
                                shaped: shaped, textured: textured, gradient: gradient, shapeCoverage: coverage)
                            if !variants.contains(variant) { variants.append(variant) }
                        }
                    }
                }
            }
            for format in [VideoFrame.Format.i420, .nv12] {
                variants.append(video(shaped: false, format: format))
                for coverage in ShapeCoverage.allCases {
                    variants.append(video(shaped: true, format: format, shapeCoverage: coverage))
                }
            }
            return variants + [clipMask, maskComposite, shapeClipComposite]
        }()
    }

    let program: ShaderProgram
    let viewportSize: GLint
    let opacity: GLint
    /// `u_videoMatrix`, of the video variants (-1 in others).
    let videoMatrix: GLint

    /// Compiles and links the variant, and points `u_texture` at texture unit 0, `u_mask` (in
    /// the masked variant) at unit 1, and a video variant's chroma planes at units 2 and 3.
    init(_ variant: Variant) throws(GLError) {
        program = try ShaderProgram(
            vertexSource: try Self.source(named: "layer.vert", defines: variant.defines),
            fragmentSource: try Self.source(named: "layer.frag", defines: variant.defines))
        viewportSize = program.uniformLocation("u_viewportSize")
        opacity = program.uniformLocation("u_opacity")
        videoMatrix = variant.video == nil ? -1 : program.uniformLocation("u_videoMatrix")
        glUseProgram(program.id)
        glUniform1i(program.uniformLocation("u_texture"), 0)
        if variant.masked { glUniform1i(program.uniformLocation("u_mask"), 1) }
        if variant.video != nil {
            glUniform1i(program.uniformLocation("u_videoChroma"), 2)
            if variant.video == .i420 { glUniform1i(program.uniformLocation("u_videoChromaV"), 3) }
        }
        glUniform1f(opacity, 1)
    }

    /// The shader source with `defines` inserted after its `#version` line and each line
    /// `#include "name"` replaced by the shader file `name` (GLSL has no includes of its own).
    static func source(named name: String, defines: String) throws(GLError) -> String {
        let text = try included(name)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { (line) throws(GLError) -> String in
                guard line.hasPrefix(includePrefix), line.hasSuffix("\""), line.count > includePrefix.count else {
                    return String(line)
                }
                return try included(String(line.dropFirst(includePrefix.count).dropLast()))
            }
            .joined(separator: "\n")
        guard let endOfVersion = text.firstIndex(of: "\n") else { return text + "\n" + defines }
        return String(text[...endOfVersion]) + defines + String(text[text.index(after: endOfVersion)...])
    }

    private static let includePrefix = "#include \""

    /// The text of the shader file `name`.
    private static func included(_ name: String) throws(GLError) -> String {
        do {
            return try ShaderLibrary.source(named: name)
        } catch {
            throw .shaderSourceMissing(name)
        }
    }
}
