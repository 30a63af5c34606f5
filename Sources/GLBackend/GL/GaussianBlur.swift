import CSceneCoreGL
import Foundation
import SceneCore

/// A Gaussian blur on the GPU, for shadows and blur filters. Needs a current context.
///
/// `blur(_:size:region:sigma:edges:)` blurs a rectangle of any texture (a group target's
/// colour texture, a cached image) by a standard deviation given in pixels and returns the
/// result in a texture of its own; `draw(_:transform:rect:uv:tint:paint:)` draws such a
/// result into the bound framebuffer with premultiplied source-over blending; `recycle(_:)`
/// hands its texture back for reuse (or a caller keeps it, as the shadow cache does). Each of
/// its programs (`BlurProgram.Variant`) is compiled the first time a blur or draw needs it;
/// one that does not compile is logged once and its blurs or draws are not made.
///
/// The blur is separable (a horizontal pass, then a vertical one, each weighting whole texels
/// by the Gaussian and normalising by the weights' sum) and, for a standard deviation above
/// `largestLevelSigma`, runs on a copy of the region downsampled by 2, 4, ... (averaging 2x2
/// texels per halving; the first blur pass makes the last halving as it reads), with the standard deviation reduced by what the downsampling's box and
/// the bilinear upsampling of the result already blur, so that the result is within a few
/// percent of the exact Gaussian at any size. A standard deviation that is not finite, is
/// negative or exceeds `largestSigma` is clamped (0 or `largestSigma`) with an error logged once.
final class GaussianBlur {
    /// The largest standard deviation blurred, in pixels; larger ones are clamped.
    static let largestSigma: Float = 512
    /// The largest standard deviation a pass blurs by at its own resolution; larger ones are
    /// blurred at a lower resolution, where the taps read a quarter of the texels per halving
    /// (a software rasteriser spends most of a blurred frame on them).
    static let largestLevelSigma: Float = 2
    /// Standard deviations below this (in pixels) are no blur: the region is copied.
    static let smallestSigma: Float = 0.05

    /// How texels outside the source texture are read.
    enum Edges {
        /// As transparent black: a shadow fades out at the texture's edge.
        case transparent
        /// As the nearest edge texel: a background blur keeps its colour up to the edge.
        case clamped
    }

    /// How one blur runs: `halvings` downsampling passes, then the two blur passes by
    /// `levelSigma` texels of the downsampled image, weighting `taps` texels on each side.
    struct Plan: Equatable {
        let halvings: Int
        let levelSigma: Float
        let taps: Int
        /// Source pixels per texel of the result.
        var scale: Int { 1 << halvings }
    }

    /// A blurred region: `texture` covers `covered`, given in the source texture's pixels
    /// (GL's convention, rows from the bottom), `scale` source pixels per texel.
    struct Result {
        let texture: ColorTarget
        let covered: PixelRegion
        let scale: Int
        /// Offscreen passes the blur drew.
        let passes: Int
    }

    /// The blur's programs compiled so far.
    let programs = ProgramCache<BlurProgram>()
    private let vertexArray: GLuint
    private let transparentEdges: GLuint
    private let clampedEdges: GLuint
    private var free: [ColorTarget] = []

    /// Creates the blur's vertex array and sampler objects (its programs are compiled when first used).
    init() {
        var vertexArray: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        self.vertexArray = vertexArray
        transparentEdges = Self.makeSampler(wrap: GL_CLAMP_TO_BORDER)
        clampedEdges = Self.makeSampler(wrap: GL_CLAMP_TO_EDGE)
    }

    /// Where Core Animation's shadows end, in standard deviations: a shadow of radius r is
    /// painted up to 2r past its shape and no further (a Gaussian cut there).
    static let shadowCut: Float = 2

    /// The plan that blurs by `sigma` pixels (already sanitised): texels weighted out to three
    /// standard deviations of each level, or, with `cut`, to no more than `cut` standard
    /// deviations of `sigma` in all (the downsampled levels' own spread counted in).
    static func plan(sigma: Float, cut: Float? = nil) -> Plan {
        guard sigma >= smallestSigma else { return Plan(halvings: 0, levelSigma: 0, taps: 0) }
        var halvings = 0
        while sigma / Float(1 << halvings) > largestLevelSigma { halvings += 1 }
        let f = Float(1 << halvings)
        // Averaging f x f pixels adds a variance of (f² − 1) / 12, and upsampling bilinearly (a
        // tent f pixels wide on each side) f² / 6: the level blurs by what is left.
        let added = halvings == 0 ? 0 : (f * f - 1) / 12 + f * f / 6
        let levelSigma = max(sigma * sigma - added, 0.25 * f * f).squareRoot() / f
        var taps = Int((3 * levelSigma).rounded(.up))
        if let cut {
            // Averaging reaches f − 1 pixels further: the taps take what is left (the tent's
            // tail, reaching f more, carries too little to show).
            taps = min(taps, max(Int(((cut * sigma - (f - 1)) / f).rounded(.up)), 1))
        }
        return Plan(halvings: halvings, levelSigma: levelSigma, taps: taps)
    }

    /// `sigma` clamped to 0...`largestSigma`, with an error logged once when it had to be.
    static func sanitized(_ sigma: Float) -> Float {
        if sigma.isNaN || sigma < 0 {
            Diagnostics.errorOnce("blur.sigma", "blur: a blur of \(sigma) pixels is no blur; drawn unblurred")
            return 0
        }
        if sigma > largestSigma {
            Diagnostics.errorOnce(
                "blur.largeSigma", "blur: a blur of \(sigma) pixels is clamped to \(largestSigma) pixels")
            return largestSigma
        }
        return sigma
    }

    /// Blurs `region` of `texture` (a `size.width` x `size.height` texture; the region may
    /// reach outside it, where `edges` says what is read) by a standard deviation of `sigma`
    /// pixels (cut at `cut` standard deviations, see `plan(sigma:cut:)`). Leaves blending on, the stencil test off, texture unit 0 active and the draw
    /// framebuffer, viewport and vertex array as they were.
    /// - Returns: the blurred region; nil for an empty region, and (with an error logged) when no
    ///   texture can be made or a blur program is unusable.
    func blur(
        _ texture: GLuint, size: (width: Int, height: Int), region: PixelRegion, sigma: Float,
        cut: Float? = nil, edges: Edges = .transparent
    ) -> Result? {
        guard !region.isEmpty, size.width > 0, size.height > 0 else { return nil }
        let plan = Self.plan(sigma: Self.sanitized(sigma), cut: cut)
        let saved = SavedState()
        defer { saved.restore() }
        glBindVertexArray(vertexArray)
        glDisable(GL_BLEND.glEnum)
        glDisable(GL_STENCIL_TEST.glEnum)
        glActiveTexture(GL_TEXTURE0.glEnum)
        glBindSampler(0, edges == .transparent ? transparentEdges : clampedEdges)

        var input = (texture: texture, width: size.width, height: size.height, region: region)
        var owned: ColorTarget?
        var passes = 0
        // Every halving but the last is a pass of its own. The last is made by the first blur
        // pass: it reads the level above at the middle of each 2x2 block of texels, its taps two
        // texels apart, so that each bilinear tap averages a block as a halving pass would (a
        // software rasteriser pays for every switch of target).
        let folded = plan.halvings > 0
        for _ in 0..<max(plan.halvings - 1, 0) {
            let (w, h) = ((input.region.width + 1) / 2, (input.region.height + 1) / 2)
            guard let downsample = programs.program(for: .downsample), let output = acquire(width: w, height: h)
            else { return release(owned) }
            let source = PixelRegion(x: input.region.x, y: input.region.y, width: 2 * w, height: 2 * h)
            run(downsample, from: input.texture, uv: Self.uv(source, input.width, input.height), into: output)
            if let owned { recycle(owned) }
            owned = output
            input = (output.texture, w, h, PixelRegion(x: 0, y: 0, width: w, height: h))
            passes += 1
        }
        let (w, h) =
            folded
            ? ((input.region.width + 1) / 2, (input.region.height + 1) / 2) : (input.region.width, input.region.height)
        let read =
            folded ? PixelRegion(x: input.region.x, y: input.region.y, width: 2 * w, height: 2 * h) : input.region
        guard let pass = programs.program(for: .blur), let across = acquire(width: w, height: h) else {
            return release(owned)
        }
        guard let result = acquire(width: w, height: h) else {
            recycle(across)
            return release(owned)
        }
        glUseProgram(pass.program.id)
        glUniform1f(pass.sigma, max(plan.levelSigma, Self.smallestSigma))
        glUniform1i(pass.taps, GLint(plan.taps))
        glUniform2f(pass.step, (folded ? 2 : 1) / Float(input.width), 0)
        run(pass, from: input.texture, uv: Self.uv(read, input.width, input.height), into: across)
        glUniform2f(pass.step, 0, 1 / Float(h))
        run(pass, from: across.texture, uv: SIMD4(0, 0, 1, 1), into: result)
        recycle(across)
        if let owned { recycle(owned) }
        let covered = PixelRegion(x: region.x, y: region.y, width: w * plan.scale, height: h * plan.scale)
        return Result(texture: result, covered: covered, scale: plan.scale, passes: passes + 2)
    }

    /// What `draw(_:transform:rect:uv:tint:paint:)` draws of a result's texels.
    enum Paint {
        /// The texels times the tint.
        case texels
        /// The texels' alpha times the tint (a shadow's colour).
        case alpha
        /// The texels times the tint, at the pixels whose centre lies inside the clip's shape.
        case texelsInside(ShapeClip)
    }

    /// Draws `result` as the quad `rect` in the space `transform` maps to clip space
    /// (row-vector convention, as `QuadInstance.transform`), sampling `uv` at its (minX, minY)
    /// and (maxX, maxY) corners, as `paint` says, times the premultiplied `tint`. Uses the
    /// bound framebuffer, viewport, blending and stencil state. Draws nothing when the program
    /// is unusable.
    func draw(
        _ result: Result, transform: SIMD16<Float>, rect: SIMD4<Float>, uv: SIMD4<Float>, tint: SIMD4<Float>,
        paint: Paint
    ) {
        let variant: BlurProgram.Variant =
            switch paint {
            case .texels: .draw
            case .alpha: .alphaDraw
            case .texelsInside: .clippedDraw
            }
        guard let program = programs.program(for: variant) else { return }
        var vertexArray: GLint = 0
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING.glEnum, &vertexArray)
        glBindVertexArray(self.vertexArray)
        glUseProgram(program.program.id)
        program.setQuad(transform: transform, rect: rect, uv: uv)
        if case .texelsInside(let clip) = paint { program.setClip(clip) }
        glUniform4f(program.tint, tint.x, tint.y, tint.z, tint.w)
        glActiveTexture(GL_TEXTURE0.glEnum)
        glBindTexture(GL_TEXTURE_2D.glEnum, result.texture.texture)
        glBindSampler(0, transparentEdges)
        glDrawArrays(GL_TRIANGLE_STRIP.glEnum, 0, 4)
        glBindVertexArray(GLuint(vertexArray))
    }

    /// Hands a result's texture back for reuse by later blurs.
    func recycle(_ result: Result) { recycle(result.texture) }

    // MARK: Passes

    /// Draws `texture`'s `uv` rectangle over the whole of `target` with `program`.
    private func run(_ program: BlurProgram, from texture: GLuint, uv: SIMD4<Float>, into target: ColorTarget) {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, target.framebuffer)
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        glUseProgram(program.program.id)
        program.setQuad(transform: Self.identity, rect: SIMD4(-1, -1, 2, 2), uv: uv)
        glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        glDrawArrays(GL_TRIANGLE_STRIP.glEnum, 0, 4)
    }

    /// `rect`'s corners as texture coordinates of a `width` x `height` texture.
    private static func uv(_ rect: PixelRegion, _ width: Int, _ height: Int) -> SIMD4<Float> {
        let (w, h) = (Float(width), Float(height))
        return SIMD4(
            Float(rect.x) / w, Float(rect.y) / h, Float(rect.x + rect.width) / w, Float(rect.y + rect.height) / h)
    }

    private static let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    // MARK: Textures

    /// A texture of the given size, reused when one is free, else newly made; nil (with an
    /// error logged) when the GL cannot make one.
    private func acquire(width: Int, height: Int) -> ColorTarget? {
        if let index = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            return free.remove(at: index)
        }
        do {
            return try ColorTarget(width: width, height: height)
        } catch {
            Diagnostics.errorOnce("blur.texture", "blur: no \(width)x\(height) texture to blur into: \(error)")
            return nil
        }
    }

    /// Keeps a texture for reuse; beyond a few, the oldest are deleted.
    private func recycle(_ texture: ColorTarget) {
        free.append(texture)
        if free.count > Self.keptTextures { free.removeFirst().delete() }
    }

    /// Gives back a partial blur's texture and returns nil.
    private func release(_ owned: ColorTarget?) -> Result? {
        if let owned { recycle(owned) }
        return nil
    }

    /// Textures kept for reuse between blurs.
    private static let keptTextures = 8

    private static func makeSampler(wrap: Int32) -> GLuint {
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER.glEnum, GL_LINEAR)
        glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER.glEnum, GL_LINEAR)
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S.glEnum, wrap)
        glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T.glEnum, wrap)
        return sampler
    }
}

/// The GL state a blur changes and puts back: the draw framebuffer, viewport, vertex array and
/// scissor test (off while the blur draws into its own textures; blending is turned back on,
/// as frames draw with it).
private struct SavedState {
    var framebuffer: GLint = 0
    var viewport: [GLint] = [0, 0, 0, 0]
    var vertexArray: GLint = 0
    let scissors: Bool

    init() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING.glEnum, &framebuffer)
        glGetIntegerv(GL_VIEWPORT.glEnum, &viewport)
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING.glEnum, &vertexArray)
        scissors = glIsEnabled(GL_SCISSOR_TEST.glEnum) != 0
        glDisable(GL_SCISSOR_TEST.glEnum)
    }

    func restore() {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, GLuint(framebuffer))
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        glBindVertexArray(GLuint(vertexArray))
        glEnable(GL_BLEND.glEnum)
        if scissors { glEnable(GL_SCISSOR_TEST.glEnum) }
    }
}
