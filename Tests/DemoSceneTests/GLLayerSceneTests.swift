import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The GL layer scene: a cube drawn with raw GL by a `CAOpenGLLayer`, turned 10° and scaled
/// 1.15 inside a rounded stage.
///
/// At 640x400 the stage is 600x344 at (20, 36), corner radius 28; the GL layer fills it before
/// its transform, about the same centre, window (320, 208). Times are those of a manual clock:
/// the layer's time, by which the cube turns.
@Suite struct GLLayerSceneTests {
    let size = CGSize(width: 640, height: 400)

    func scene(at t: Double) -> ManualClock {
        let clock = ManualClock(GLLayerScene.make(size), at: t)
        clock.seek(to: t)
        return clock
    }

    /// A face's colour shaded by Lambert's law for its outward `normal` (turned), as the
    /// scene's shader computes it, in 8-bit channels.
    func shaded(_ color: SIMD3<Float>, normal: SIMD3<Float>) -> Pixel {
        let light = SpinningCubeLayer.lightDirection
        let lambert = max((normal * light).sum() / (light * light).sum().squareRoot(), 0)
        let shade = SpinningCubeLayer.ambient + (1 - SpinningCubeLayer.ambient) * lambert
        let c = color * shade
        func channel(_ v: Float) -> UInt8 { UInt8((v * 255).rounded()) }
        return (channel(c.x), channel(c.y), channel(c.z), 255)
    }

    @Test func theSceneHoldsAnAsynchronousGLLayerTurnedInARoundedStage() throws {
        let root = GLLayerScene.make(size)
        let stage = try #require(root.descendant(named: "gl-stage"))
        #expect(stage.masksToBounds && stage.cornerRadius == 28)
        let model = try #require(root.descendant(named: "gl-model") as? SpinningCubeLayer)
        #expect(model.isAsynchronous)
        #expect(model.bounds.size == stage.bounds.size)
        #expect(
            isClose(model.transform, CATransform3DScale(CATransform3DMakeRotation(.pi / 18, 0, 0, 1), 1.15, 1.15, 1)))
        #expect((root.sublayers?.first as? CATextLayer)?.string as? String != nil, "captioned")
    }

    @Test func theCubesFrontFaceIsShadedAndTurnsWithTheLayersTime() throws {
        // At time 0 the front (+z) face, tilted 0.5 rad about x, lies under the centre; a quarter
        // turn later (π/2 ÷ 1.1 s) the −x face has come round to the front.
        let tilt = SpinningCubeLayer.tilt
        let front = SIMD3<Float>(0, -sin(tilt), cos(tilt))
        let faces = Dictionary(uniqueKeysWithValues: SpinningCubeLayer.faces.map { ("\($0.normal)", $0.color) })
        let renderer = try OffscreenRenderer(width: 640, height: 400)
        let first = try renderer.render(scene(at: 0).layer)
        expectPixel(
            first, 320, 208, shaded(try #require(faces["\(SIMD3<Float>(0, 0, 1))"]), normal: front), tolerance: 2)
        #expect(renderer.statistics.glContentDraws == 1)
        #expect(renderer.isAnimating, "the asynchronous layer keeps frames coming")
        let quarterTurn = Double.pi / 2 / Double(SpinningCubeLayer.turnRate)
        let later = try renderer.render(scene(at: quarterTurn).layer)
        expectPixel(
            later, 320, 208, shaded(try #require(faces["\(SIMD3<Float>(-1, 0, 0))"]), normal: front), tolerance: 2)
    }

    @Test func theTurnedLayerIsClippedByTheRoundedStage() throws {
        let image = try render(scene(at: 0).layer)
        let c = SpinningCubeLayer.clearColor
        func channel(_ v: Float) -> UInt8 { UInt8((v * 255).rounded()) }
        // Left of the cube: the layer's clear colour.
        expectPixel(image, 80, 208, (channel(c.x), channel(c.y), channel(c.z), 255), tolerance: 1)
        // Near the stage's top-right corner, above the turned layer's top edge: the stage.
        expectPixel(image, 600, 45, opaque(Palette.ink), tolerance: 1)
        // Outside the stage's rounded corner: the root's background.
        expectPixel(image, 22, 38, opaque(Palette.background), tolerance: 1)
        expectPixel(image, 10, 208, opaque(Palette.background), tolerance: 1)
    }
}
