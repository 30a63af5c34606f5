import Foundation
import GLBackend
import SceneCore
import Testing

// The samples of "Layer classes" (SceneCore.docc).

/// A tiled layer's drawing: `draw(in:)` runs on background threads, once per tile in view.
final class CheckerboardLayer: CATiledLayer {
    override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath  // the tile being drawn, in the layer's space
        let checker = Int(tile.minX / 256) + Int(tile.minY / 256)  // column + row
        ctx.setFillColor(gray: checker.isMultiple(of: 2) ? 0.9 : 0.6, alpha: 1)
        ctx.fill(tile)
    }
}

@Suite struct LayerClassSamples {
    @Test func replicatesASublayer() throws {
        let dots = CAReplicatorLayer()
        dots.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        dots.instanceCount = 5
        dots.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)  // each copy 40 points right
        dots.instanceDelay = 0.1  // each copy's animations 0.1 s later
        dots.instanceAlphaOffset = -0.15  // and fainter

        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        dots.addSublayer(dot)

        let image = try OffscreenRenderer(width: 200, height: 40).render(dots)
        #expect(image.pixel(x: 20, y: 20).a == 255)
        #expect(image.pixel(x: 180, y: 20).a > 0, "the fifth copy")
        #expect(image.pixel(x: 180, y: 20).a < 255)
    }

    @Test func keepsSublayersIn3D() throws {
        let stage = CALayer()
        stage.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500  // the eye 500 points in front of the stage
        stage.sublayerTransform = perspective

        let cube = CATransformLayer()  // its sublayers share one 3D space, sorted by depth
        cube.frame = stage.bounds
        for angle in [0, CGFloat.pi / 2, CGFloat.pi, 3 * CGFloat.pi / 2] {
            let face = CALayer()
            face.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            face.backgroundColor = CGColor(red: 1, green: angle / 5, blue: 0.2, alpha: 1)
            face.isDoubleSided = false  // its back is not drawn
            var transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            transform = CATransform3DTranslate(transform, 0, 0, 50)
            face.transform = transform
            cube.addSublayer(face)
        }
        cube.transform = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        stage.addSublayer(cube)

        let image = try OffscreenRenderer(width: 200, height: 200).render(stage)
        #expect(image.pixel(x: 100, y: 100).a == 255)
    }

    @Test func emitsParticles() throws {
        let white = [UInt8](repeating: 255, count: 8 * 8 * 4)
        let flakeImage = try #require(CGImage(rgbaPixels: white, width: 8, height: 8))

        let snow = CAEmitterLayer()
        snow.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        snow.emitterPosition = CGPoint(x: 160, y: 0)
        snow.emitterShape = .line
        snow.emitterSize = CGSize(width: 320, height: 1)
        snow.seed = 7  // the same seed, the same particles: a pure function of the layer's time

        let flake = CAEmitterCell()
        flake.contents = flakeImage
        flake.birthRate = 40  // a second
        flake.lifetime = 8
        flake.velocity = 60
        flake.emissionLongitude = .pi / 2  // downwards
        flake.emissionRange = .pi / 8
        snow.emitterCells = [flake]

        let start = CACurrentMediaTime()
        let renderer = try OffscreenRenderer(width: 320, height: 240)
        _ = try renderer.render(snow, at: start)
        let later = try renderer.render(snow, at: start + 2)
        #expect((0..<320).contains { x in (0..<240).contains { y in later.pixel(x: x, y: y).a > 0 } })
    }

    @Test func scrollsAndTiles() throws {
        let list = CAScrollLayer()
        list.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 320, height: 4_000)
        list.addSublayer(content)
        list.scroll(to: CGPoint(x: 0, y: 800))  // moves bounds.origin: content 800 points up

        let map = CheckerboardLayer()
        map.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
        map.tileSize = CGSize(width: 256, height: 256)  // in pixels
        map.levelsOfDetail = 4  // drawn at 1, 1/2, 1/4 and 1/8 of full size when zoomed out

        #expect(list.bounds.origin.y == 800)
        #expect(map.tileSize.width == 256)
    }
}
