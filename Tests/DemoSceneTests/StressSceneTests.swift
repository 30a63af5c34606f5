import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The stress scene under each driver: render-thread animations, implicit animations, app ticks.
@Suite struct StressSceneTests {
    func options(_ animation: AnimationDriver, layers: Int = 20) -> SceneOptions {
        SceneOptions(size: CGSize(width: 1280, height: 720), layers: layers, radius: 8, animation: animation)
    }

    /// The angle of `transform` about z in [0, 2π).
    func angle(_ transform: CATransform3D) -> CGFloat {
        let a = zRotation(transform)
        return a < 0 ? a + 2 * .pi : a
    }

    @Test func explicitGivesEachQuadOneEndlessTurnAndNoTick() throws {
        let root = StressScene.make(options(.explicit))
        #expect(StressScene.tick(options(.explicit)) == nil)
        let quads = root.sublayers ?? []
        #expect(quads.count == 20 && quads.allSatisfy { $0.cornerRadius == 8 })
        for (i, quad) in quads.enumerated() {
            #expect(quad.animationKeys() == [StressScene.animationKey])
            let spin = try #require(quad.animation(forKey: StressScene.animationKey) as? CABasicAnimation)
            #expect(spin.keyPath == "transform.rotation.z" && spin.byValue as? Double == 2 * .pi)
            #expect(spin.fromValue == nil && spin.toValue == nil)
            #expect(spin.repeatCount == .infinity && spin.duration == StressScene.period(i))
        }
        #expect(
            Set(quads.map { $0.animation(forKey: StressScene.animationKey)!.duration }) == [2, 2.5, 3, 3.5, 4, 4.5, 5])
    }

    @Test func theGradientEffectFillsEachQuadWithASwappingGradientDrawnInOneCall() throws {
        var gradientOptions = options(.explicit, layers: 50)
        gradientOptions.effect = .gradient
        let root = StressScene.make(gradientOptions)
        for quad in root.sublayers ?? [] {
            #expect(quad.backgroundColor == nil)
            let gradient = try #require(quad.sublayers?.first as? CAGradientLayer)
            #expect(gradient.frame == quad.bounds && gradient.cornerRadius == 8)
            let swap = try #require(gradient.animation(forKey: "swap") as? CABasicAnimation)
            #expect(swap.keyPath == "colors" && swap.autoreverses && swap.repeatCount == .infinity)
            #expect((swap.toValue as? [CGColor]) == (gradient.colors as? [CGColor])?.reversed())
        }
        let renderer = try OffscreenRenderer(width: 1280, height: 720)
        _ = try renderer.render(root)
        // The black root is the clear colour; every quad's gradient is a shaped quad of one batch.
        #expect(renderer.statistics.drawCalls == 1)
    }

    @Test func theBlurEffectBlursEachQuadAndTheGlassEffectFrostsFourPanelsOverThem() throws {
        var blurred = options(.explicit)
        blurred.effect = .blur
        let quads = StressScene.make(blurred).sublayers ?? []
        #expect(quads.count == 20)
        #expect(quads.allSatisfy { ($0.filters?.first as? CAFilter)?.value(forKey: "inputRadius") as? Double == 4 })
        var glass = options(.explicit)
        glass.effect = .glass
        let layers = StressScene.make(glass).sublayers ?? []
        let panels = layers.filter { $0.backgroundFilters?.isEmpty == false }
        #expect(layers.count == 24 && panels.count == 4 && Array(layers.suffix(4)) == panels)
        #expect(panels[3].frame == CGRect(x: 650, y: 370, width: 610, height: 330))
        let renderer = try OffscreenRenderer(width: 1280, height: 720)
        _ = try renderer.render(StressScene.make(glass))
        #expect(renderer.statistics.filterPasses >= 4)
    }

    @Test func explicitTurnsStartFromEachQuadsOwnAngle() throws {
        let clock = ManualClock(StressScene.make(options(.explicit)), at: 50)
        clock.seek(to: 50.5)
        for (i, quad) in (clock.layer.sublayers ?? []).enumerated() {
            let expected = (StressScene.startAngle(i) + CGFloat(0.5 / StressScene.period(i)) * 2 * .pi)
                .truncatingRemainder(dividingBy: 2 * .pi)
            #expect(isClose(angle(try #require(quad.presentation()).transform), expected, tolerance: 1e-9), "quad \(i)")
            #expect(isClose(angle(quad.transform), StressScene.startAngle(i), tolerance: 1e-12))
        }
    }

    @Test func implicitAimsTheModelTwoAndAHalfSecondsAheadEveryHalfSecondAndAnimatesThere() throws {
        let root = StressScene.make(options(.implicit))
        let tick = try #require(StressScene.tick(options(.implicit)))
        #expect(tick.interval == 0.5)
        #expect((root.sublayers ?? []).allSatisfy { $0.animationKeys() == nil })
        CATransaction.flush()
        tick.change(root, 0.01)
        let quad = try #require(root.sublayers?[3])
        // Step 1 aims at 0.5 + 2.5 = 3 s ahead at one turn per 20 s: 3π/10.
        #expect(isClose(angle(quad.transform), StressScene.startAngle(3) + 3 * .pi / 10, tolerance: 1e-12))
        let move = try #require(quad.animation(forKey: "transform") as? CABasicAnimation)
        #expect(move.duration == 2.5 && move.timingFunction == CAMediaTimingFunction(name: .linear))
        // A second call within the same half second changes nothing.
        tick.change(root, 0.4)
        #expect(isClose(angle(quad.transform), StressScene.startAngle(3) + 3 * .pi / 10, tolerance: 1e-12))
        // Step 2 aims at 3.5 s: 7π/20.
        tick.change(root, 0.55)
        #expect(isClose(angle(quad.transform), StressScene.startAngle(3) + 7 * .pi / 20, tolerance: 1e-12))
    }

    @Test func appTicksSetEveryTransformWithoutAnimations() throws {
        let root = StressScene.make(options(.app))
        let tick = try #require(StressScene.tick(options(.app)))
        #expect(tick.interval == nil)
        CATransaction.flush()
        tick.change(root, 1)
        for (i, quad) in (root.sublayers ?? []).enumerated() {
            let expected = (StressScene.startAngle(i) + .pi / 2).truncatingRemainder(dividingBy: 2 * .pi)
            #expect(isClose(angle(quad.transform), expected, tolerance: 1e-9))
            #expect(quad.animationKeys() == nil)
        }
    }

    @Test func rRasterizesTheTurningQuadsWhichAreThenDrawnFromTheirBitmaps() throws {
        let root = StressScene.make(options(.explicit))
        #expect(StressScene.key(root, "x") == nil)
        #expect(StressScene.key(root, "r") == "stress: quads rasterized (r)")
        #expect((root.sublayers ?? []).allSatisfy { $0.shouldRasterize })
        let renderer = try OffscreenRenderer(width: 1280, height: 720)
        let now = CACurrentMediaTime()
        _ = try renderer.render(root, at: now)
        #expect(renderer.statistics.rasterCacheMisses == 20)
        // Turning only places each quad: the next frame draws all twenty from their bitmaps.
        _ = try renderer.render(root, at: now + 0.1)
        #expect(renderer.statistics.rasterCacheHits == 20 && renderer.statistics.rasterCacheMisses == 0)
        #expect(StressScene.key(root, "r") == "stress: quads drawn directly (r)")
        _ = try renderer.render(root, at: now + 0.2)
        #expect(renderer.statistics.rasterCacheHits == 0 && renderer.statistics.rasterCacheBytes == 0)
    }
}
