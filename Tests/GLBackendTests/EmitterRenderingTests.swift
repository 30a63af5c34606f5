import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CAEmitterLayer` through the headless renderer: particles placed by exact kinematics, the
/// same picture for the same seed and time (whichever frames were drawn before), another seed
/// another picture, and additive compositing.
@Suite struct EmitterRenderingTests {
    /// A 2x2 opaque image of one colour.
    static func dot(_ rgba: [UInt8]) -> CGImage {
        CGImage(rgbaPixels: Array([[UInt8]](repeating: rgba, count: 4).joined()), width: 2, height: 2)!
    }

    /// A clock at 0 on a `root` holding an emitter configured by `configure`, committed then.
    static func scene(root: CALayer = whiteRoot(), _ configure: (CAEmitterLayer) -> Void) -> ManualClock {
        ManualClock(root, at: 0) { root in
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            configure(emitter)
            root.addSublayer(emitter)
        }
    }

    static func sparks(seed: UInt32) -> ManualClock {
        scene { emitter in
            let cell = CAEmitterCell()
            cell.contents = dot([0, 0, 255, 255])
            cell.birthRate = 40
            cell.lifetime = 2
            cell.lifetimeRange = 1
            cell.velocity = 30
            cell.velocityRange = 15
            cell.emissionRange = .pi * 2
            cell.scale = 2
            cell.scaleRange = 1
            emitter.emitterPosition = CGPoint(x: 50, y: 50)
            emitter.seed = seed
            emitter.emitterCells = [cell]
        }
    }

    @Test func particlesAreWhereTheirKinematicsPutThem() throws {
        let clock = Self.scene { emitter in
            let cell = CAEmitterCell()
            cell.contents = Self.dot([255, 0, 0, 255])
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 20
            emitter.emitterPosition = CGPoint(x: 10, y: 50)
            emitter.emitterCells = [cell]
        }
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        clock.seek(to: 2.5)
        let image = try renderer.render(clock.layer)
        // Born at 0, 1 and 2 s: 50, 30 and 10 points along from x = 10, each 2 points square.
        for x in [20, 40, 60] {
            expectPixel(image, x - 1, 49, (255, 0, 0, 255))
            expectPixel(image, x, 50, (255, 0, 0, 255))
            expectPixel(image, x + 1, 50, (255, 255, 255, 255))
            expectPixel(image, x, 51, (255, 255, 255, 255))
        }
        expectPixel(image, 30, 50, (255, 255, 255, 255))
        #expect(renderer.isAnimating, "live particles keep frames coming")
    }

    @Test func theSameSeedAndTimeDrawTheSamePictureAndAnotherSeedAnother() throws {
        let clock = Self.sparks(seed: 1)
        let stepped = try OffscreenRenderer(width: 100, height: 100)
        for t in [0.25, 0.5, 1.125] {
            clock.seek(to: t)
            _ = try stepped.render(clock.layer)
        }
        clock.seek(to: 1.7)
        let first = try stepped.render(clock.layer)
        // A renderer attached only now draws the same picture.
        let late = try OffscreenRenderer(width: 100, height: 100)
        #expect(try late.render(clock.layer) == first)
        try first.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "emitter-seed1.png"))

        let other = Self.sparks(seed: 2)
        other.seek(to: 1.7)
        let otherImage = try OffscreenRenderer(width: 100, height: 100).render(other.layer)
        #expect(otherImage != first)
        var blue = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let pixel = first.pixel(x: x, y: y)
                if pixel.r < 128 && pixel.b > 128 { blue += 1 }
            }
        }
        #expect(blue > 100, "the sparks are drawn")
    }

    /// Frames at chosen media times with no commit between them (as a window's render thread
    /// draws while the app is idle): a kept bitmap of the emitter's shadow or mask must not
    /// freeze its particles.
    @Test(arguments: ["shadow", "mask"])
    func anEmitterInAKeptEffectMovesWithoutCommits(effect: String) throws {
        let root = whiteRoot()
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 50, y: 50)
        let cell = CAEmitterCell()
        cell.contents = Self.dot([0, 0, 255, 255])
        cell.birthRate = 40
        cell.lifetime = 3
        cell.velocity = 30
        cell.emissionRange = .pi * 2
        emitter.emitterCells = [cell]
        if effect == "shadow" {
            emitter.shadowOpacity = 1
            emitter.shadowRadius = 0
            emitter.shadowOffset = CGSize(width: 3, height: 3)
        } else {
            let mask = CALayer()
            mask.frame = emitter.bounds
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            emitter.mask = mask
        }
        root.addSublayer(emitter)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let t0 = CACurrentMediaTime()
        let first = try renderer.render(root, at: t0 + 1)
        for step in 1..<6 { _ = try renderer.render(root, at: t0 + 1 + Double(step) / 20) }
        let moved = try renderer.render(root, at: t0 + 1.5)
        #expect(moved != first)
        #expect(try OffscreenRenderer(width: 100, height: 100).render(root, at: t0 + 1.5) == moved)
    }

    @Test func additiveParticlesAddTheirColours() throws {
        func render(_ mode: CAEmitterLayerRenderMode) throws -> RenderedImage {
            let clock = Self.scene(
                root: solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(gray: 0, alpha: 1))
            ) {
                emitter in
                let cell = CAEmitterCell()
                cell.contents = Self.dot([255, 255, 255, 255])
                cell.color = CGColor(red: 0.4, green: 0, blue: 0, alpha: 1)
                cell.birthRate = 1
                cell.lifetime = 10
                emitter.emitterPosition = CGPoint(x: 10, y: 10)
                emitter.renderMode = mode
                emitter.emitterCells = [cell]
            }
            clock.seek(to: 1.5)
            return try OffscreenRenderer(width: 20, height: 20).render(clock.layer)
        }
        // Two particles (born at 0 and 1 s) on one spot.
        expectPixel(try render(.unordered), 10, 10, (102, 0, 0, 255))
        expectPixel(try render(.additive), 10, 10, (204, 0, 0, 255))
        expectPixel(try render(.additive), 5, 5, (0, 0, 0, 255))
    }

    /// An emitter whose still red dots (four a second) are emitted from `emitterPosition`
    /// animated by a render-side animation from (10, 20) to (90, 20) over the first second; the
    /// model position is (10, 50). The animation stays attached after it ends (not removed on
    /// completion), so that a renderer attached later knows it too.
    static func movingEmitter() -> (ManualClock, CAEmitterLayer) {
        let clock = Self.scene { emitter in
            let cell = CAEmitterCell()
            cell.name = "dot"
            cell.contents = Self.dot([255, 0, 0, 255])
            cell.birthRate = 4
            cell.lifetime = 10
            emitter.emitterPosition = CGPoint(x: 10, y: 50)
            emitter.emitterCells = [cell]
        }
        let emitter = clock.layer.sublayers![0] as! CAEmitterLayer
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 10, y: 20)
        move.toValue = CGPoint(x: 90, y: 20)
        move.duration = 1
        move.isRemovedOnCompletion = false
        emitter.add(move, forKey: "move")
        CATransaction.flush()
        return (clock, emitter)
    }

    @Test func eachParticleIsBornWhereTheAnimatedEmitterWas() throws {
        let (clock, _) = Self.movingEmitter()
        let stepped = try OffscreenRenderer(width: 100, height: 100)
        for t in [0.3, 0.9, 1.2] {
            clock.seek(to: t)
            _ = try stepped.render(clock.layer)
        }
        clock.seek(to: 1.6)
        let image = try stepped.render(clock.layer)
        try image.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "emitter-animated-position.png"))
        // Born at 0, 0.25, 0.5 and 0.75 s while the emitter moved: x = 10, 30, 50, 70 at y = 20.
        for x in [10, 30, 50, 70] {
            expectPixel(image, x - 1, 19, (255, 0, 0, 255))
            expectPixel(image, x, 20, (255, 0, 0, 255))
            expectPixel(image, x + 1, 20, (255, 255, 255, 255))
        }
        expectPixel(image, 20, 20, (255, 255, 255, 255))
        // Born at 1.25 and 1.5 s, after the animation: at the model position.
        expectPixel(image, 10, 50, (255, 0, 0, 255))
        expectPixel(image, 30, 50, (255, 255, 255, 255))
        // A renderer attached only now draws the same picture.
        #expect(try OffscreenRenderer(width: 100, height: 100).render(clock.layer) == image)
    }

    @Test func aCellValueSetByKeyPathIsCommittedAndDrawn() throws {
        let (clock, emitter) = Self.movingEmitter()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        clock.seek(to: 1.6)
        _ = try renderer.render(clock.layer)
        emitter.setValue(40, forKeyPath: "emitterCells.dot.velocity")
        CATransaction.flush()
        clock.seek(to: 2.6)
        let image = try renderer.render(clock.layer)
        // A new emission from 1.6 s: born at 1.75, 2 and 2.25 s, moving right at 40 points a second.
        for x in [44, 34, 24] {
            expectPixel(image, x, 50, (255, 0, 0, 255))
            expectPixel(image, x + 1, 50, (255, 255, 255, 255))
        }
        #expect(emitter.value(forKeyPath: "emitterCells.dot.velocity") as? CGFloat == 40)
    }
}
