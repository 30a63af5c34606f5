import CGL
import SceneCore
import Shaders

/// One variant of the layer shader pair from `Shaders/`, with its uniform locations.
/// Needs a current context.
struct LayerProgram {
    /// Which parts of `layer.frag.glsl` a variant compiles in.
    struct Variant: Hashable {
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
        /// `GRADIENT` 1 for axial gradients of two stops, 2 for any gradient.
        var gradient = GradientShading.none

        var defines: String {
            "#define SHAPED \(shaped ? 1 : 0)\n#define TEXTURED \(textured ? 1 : 0)\n#define CLIP_MASK \(clipMask ? 1 : 0)\n"
                + "#define MASKED \(masked ? 1 : 0)\n#define SCREEN_TEXTURED \(screenTextured ? 1 : 0)\n"
                + "#define GRADIENT \(gradient == .none ? 0 : gradient == .axialTwoStops ? 1 : 2)\n"
                + "#define GRADIENT_ROW \(GradientTexels.rowLength)\n"
                + "#define SIMPLE_SHAPES \(shapeCoverage < .general ? 1 : 0)\n"
                + "#define AFFINE_FILLS \(shapeCoverage <= .affineFill ? 1 : 0)\n"
                + "#define UNIFORM_FILLS \(shapeCoverage == .uniformAffineFill ? 1 : 0)\n"
        }
    }

    let program: ShaderProgram
    let viewportSize: GLint
    let opacity: GLint

    /// Compiles and links the variant, and points `u_texture` at texture unit 0 and `u_mask`
    /// (in the masked variant) at unit 1.
    init(_ variant: Variant) throws(GLError) {
        program = try ShaderProgram(
            vertexSource: try Self.source(named: "layer.vert", defines: variant.defines),
            fragmentSource: try Self.source(named: "layer.frag", defines: variant.defines))
        viewportSize = program.uniformLocation("u_viewportSize")
        opacity = program.uniformLocation("u_opacity")
        glUseProgram(program.id)
        glUniform1i(program.uniformLocation("u_texture"), 0)
        if variant.masked { glUniform1i(program.uniformLocation("u_mask"), 1) }
        glUniform1f(opacity, 1)
    }

    /// The shader source with `defines` inserted after its `#version` line.
    static func source(named name: String, defines: String) throws(GLError) -> String {
        let text: String
        do {
            text = try ShaderLibrary.source(named: name)
        } catch {
            throw .shaderSourceMissing(name)
        }
        guard let endOfVersion = text.firstIndex(of: "\n") else { return text + "\n" + defines }
        return String(text[...endOfVersion]) + defines + String(text[text.index(after: endOfVersion)...])
    }
}

/// Every layer shader variant a frame may use.
struct LayerPrograms {
    let fill: LayerProgram
    let fillTextured: LayerProgram
    let shaped: LayerProgram
    let shapedTextured: LayerProgram
    let simplyShaped: LayerProgram
    let simplyShapedTextured: LayerProgram
    let affineFilled: LayerProgram
    let affineFilledTextured: LayerProgram
    let uniformFilled: LayerProgram
    let uniformFilledTextured: LayerProgram
    let clipMask: LayerProgram
    /// Composites a masked group: its texture times the mask texture's alpha.
    let maskComposite: LayerProgram
    /// Composites a shape clip's target inside the clip shape, by its anti-aliased coverage.
    let shapeClipComposite: LayerProgram
    let fillAxialGradient: LayerProgram
    let shapedAxialGradient: LayerProgram
    let fillGradient: LayerProgram
    let shapedGradient: LayerProgram

    init() throws(GLError) {
        fill = try LayerProgram(.init())
        fillTextured = try LayerProgram(.init(textured: true))
        shaped = try LayerProgram(.init(shaped: true))
        shapedTextured = try LayerProgram(.init(shaped: true, textured: true))
        simplyShaped = try LayerProgram(.init(shaped: true, shapeCoverage: .simple))
        simplyShapedTextured = try LayerProgram(.init(shaped: true, shapeCoverage: .simple, textured: true))
        affineFilled = try LayerProgram(.init(shaped: true, shapeCoverage: .affineFill))
        affineFilledTextured = try LayerProgram(.init(shaped: true, shapeCoverage: .affineFill, textured: true))
        uniformFilled = try LayerProgram(.init(shaped: true, shapeCoverage: .uniformAffineFill))
        uniformFilledTextured = try LayerProgram(
            .init(shaped: true, shapeCoverage: .uniformAffineFill, textured: true))
        clipMask = try LayerProgram(.init(shaped: true, clipMask: true))
        maskComposite = try LayerProgram(.init(textured: true, masked: true))
        shapeClipComposite = try LayerProgram(.init(shaped: true, screenTextured: true))
        fillAxialGradient = try LayerProgram(.init(gradient: .axialTwoStops))
        shapedAxialGradient = try LayerProgram(.init(shaped: true, gradient: .axialTwoStops))
        fillGradient = try LayerProgram(.init(gradient: .any))
        shapedGradient = try LayerProgram(.init(shaped: true, gradient: .any))
    }

    var all: [LayerProgram] {
        [
            fill, fillTextured, shaped, shapedTextured, simplyShaped, simplyShapedTextured, affineFilled,
            affineFilledTextured, uniformFilled, uniformFilledTextured, clipMask, maskComposite, shapeClipComposite,
            fillAxialGradient, shapedAxialGradient, fillGradient, shapedGradient,
        ]
    }

    /// The variant that draws a batch (a shaped batch takes the one for its `shapeCoverage`).
    func forBatch(
        shaped isShaped: Bool, textured: Bool, gradient: GradientShading = .none,
        shapeCoverage: ShapeCoverage = .general
    ) -> LayerProgram {
        switch gradient {
        case .axialTwoStops: return isShaped ? shapedAxialGradient : fillAxialGradient
        case .any: return isShaped ? shapedGradient : fillGradient
        case .none: break
        }
        return switch (isShaped, textured) {
        case (false, false): fill
        case (false, true): fillTextured
        case (true, false):
            switch shapeCoverage {
            case .uniformAffineFill: uniformFilled
            case .affineFill: affineFilled
            case .simple: simplyShaped
            case .general: shaped
            }
        case (true, true):
            switch shapeCoverage {
            case .uniformAffineFill: uniformFilledTextured
            case .affineFill: affineFilledTextured
            case .simple: simplyShapedTextured
            case .general: shapedTextured
            }
        }
    }
}
