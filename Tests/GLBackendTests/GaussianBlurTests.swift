import CSceneCoreGL
import Foundation
import Testing

@testable import GLBackend
@testable import SceneCore

/// `GaussianBlur` on its own: a straight edge blurred by σ must follow the error-function
/// profile ½·erfc(d / (σ√2)) at distance d from the edge, at full resolution and through the
/// downsampled levels.
@Suite struct GaussianBlurTests {
    /// Blurs a `size` x `size` texture whose columns left of `edge` are opaque white by `sigma`
    /// pixels, draws the result back at full size, and returns the alpha (0...255) of the middle row.
    func blurredEdge(size: Int, edge: Int, sigma: Float) throws -> [Int] {
        let context = try HeadlessGLContext()
        return try context.withCurrent {
            let blur = GaussianBlur()
            let source = try ColorTarget(width: size, height: size)
            let row = (0..<size).flatMap { $0 < edge ? [UInt8](repeating: 255, count: 4) : [0, 0, 0, 0] }
            let pixels = [[UInt8]](repeating: row, count: size).flatMap { $0 }
            glBindTexture(GL_TEXTURE_2D.glEnum, source.texture)
            glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
            glTexSubImage2D(
                GL_TEXTURE_2D.glEnum, 0, 0, 0, GLsizei(size), GLsizei(size), GL_RGBA.glEnum,
                GL_UNSIGNED_BYTE.glEnum, pixels)
            let output = try ColorTarget(width: size, height: size)
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, output.framebuffer)
            glViewport(0, 0, GLsizei(size), GLsizei(size))
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            let region = PixelRegion(x: 0, y: 0, width: size, height: size)
            let result = try #require(blur.blur(source.texture, size: (size, size), region: region, sigma: sigma))
            #expect(result.scale == GaussianBlur.plan(sigma: sigma).scale)
            glEnable(GL_BLEND.glEnum)
            glBlendFunc(GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
            let s = 2 / Float(size)
            let toClip = SIMD16<Float>(s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1, 0, -1, -1, 0, 1)
            let covered = result.covered
            blur.draw(
                result, transform: toClip,
                rect: SIMD4(Float(covered.x), Float(covered.y), Float(covered.width), Float(covered.height)),
                uv: SIMD4(0, 0, 1, 1), tint: SIMD4(repeating: 1), paint: .alpha)
            var read = [UInt8](repeating: 0, count: size * 4)
            glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, output.framebuffer)
            glPixelStorei(GL_PACK_ALIGNMENT.glEnum, 1)
            glReadPixels(0, GLint(size / 2), GLsizei(size), 1, GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, &read)
            blur.recycle(result)
            source.delete()
            output.delete()
            return (0..<size).map { Int(read[4 * $0 + 3]) }
        }
    }

    /// The largest difference, in 0...255, between `alpha` and the error-function profile of
    /// an edge at `edge` blurred by `sigma`, over the pixels within 4σ of the edge.
    func largestError(_ alpha: [Int], edge: Int, sigma: Float) -> Int {
        let reach = Int((4 * sigma).rounded(.up))
        return (edge - reach..<edge + reach).map { x in
            let d = (Double(x) + 0.5 - Double(edge)) / (Double(sigma) * 2.0.squareRoot())
            return abs(alpha[x] - Int((127.5 * erfc(d)).rounded()))
        }.max() ?? 0
    }

    @Test func aSmallSigmaFollowsTheErrorFunctionAtFullResolution() throws {
        #expect(GaussianBlur.plan(sigma: 1.5).halvings == 0)
        let alpha = try blurredEdge(size: 64, edge: 32, sigma: 1.5)
        #expect(largestError(alpha, edge: 32, sigma: 1.5) <= 2)
        // Pixel centres half a pixel inside the edge, ½·erfc(−0.5 / (1.5√2)) = 0.631, and 1.5 px
        // outside, ½·erfc(1.5 / (1.5√2)) = 0.159.
        #expect(abs(alpha[31] - 161) <= 2)
        #expect(abs(alpha[33] - 40) <= 2)
    }

    /// Above 2 pixels, blurs run at half, a quarter, ... of the resolution (as Core Animation's
    /// and Qt's FastBlur do): within 8 of 255 (3 %) of the exact Gaussian.
    @Test func largerSigmasFollowTheErrorFunctionThroughDownsampledLevels() throws {
        for (sigma, halvings) in [(Float(3), 1), (6, 2), (12, 3), (40, 5)] {
            #expect(GaussianBlur.plan(sigma: sigma).halvings == halvings)
            let alpha = try blurredEdge(size: 512, edge: 256, sigma: sigma)
            #expect(largestError(alpha, edge: 256, sigma: sigma) <= 8, "sigma \(sigma)")
        }
    }

    @Test func theLevelSigmaLeavesOutWhatDownsamplingBlurs() {
        let plan = GaussianBlur.plan(sigma: 5)
        #expect(plan.halvings == 2 && plan.scale == 4)
        // (25 − 15/12 − 16/6)^½ / 4
        #expect(abs(plan.levelSigma - 1.14791) < 1e-4)
        #expect(plan.taps == 4)
        #expect(GaussianBlur.plan(sigma: 0) == GaussianBlur.Plan(halvings: 0, levelSigma: 0, taps: 0))
        #expect(GaussianBlur.plan(sigma: GaussianBlur.largestSigma).levelSigma <= GaussianBlur.largestLevelSigma)
    }

    @Test func unusableSigmasAreClamped() {
        #expect(GaussianBlur.sanitized(.nan) == 0)
        #expect(GaussianBlur.sanitized(-3) == 0)
        #expect(GaussianBlur.sanitized(.infinity) == GaussianBlur.largestSigma)
        #expect(GaussianBlur.sanitized(1e9) == GaussianBlur.largestSigma)
        #expect(GaussianBlur.sanitized(7.5) == 7.5)
    }

    @Test func noBlurCopiesTheRegion() throws {
        let alpha = try blurredEdge(size: 16, edge: 8, sigma: 0)
        #expect(alpha == [Int](repeating: 255, count: 8) + [Int](repeating: 0, count: 8))
    }
}
