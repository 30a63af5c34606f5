import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The renderer's texture budget (`TextureCache`): past it, the textures of images no draw of
/// the frame used are deleted at its end, least recently drawn first, and uploaded again when
/// drawn again.
@Suite struct TextureBudgetTests {
    /// A 128 x 128 image (64 KiB of texels) of one colour.
    func image(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> CGImage {
        let pixels = [UInt8]((0..<(128 * 128)).flatMap { _ in [red, green, blue, 255] })
        return CGImage(rgbaPixels: pixels, width: 128, height: 128)!
    }

    /// Three 40 x 40 layers side by side, each showing an image of its own.
    func scene() -> (root: CALayer, layers: [CALayer]) {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 120, height: 40), CGColor(gray: 1, alpha: 1))
        let images = [image(220, 40, 40), image(40, 200, 40), image(40, 40, 220)]
        let layers = images.enumerated().map { index, image in
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(index) * 40, y: 0, width: 40, height: 40)
            layer.contents = image
            root.addSublayer(layer)
            return layer
        }
        return (root, layers)
    }

    @Test func texturesTheFrameDidNotDrawGoPastTheBudgetAndComeBackWhenDrawn() throws {
        let (root, layers) = scene()
        // Room for two of the three 64 KiB textures.
        let renderer = try OffscreenRenderer(
            width: 120, height: 40, options: GLRendererOptions(textureBudget: 2 * 65_536 + 1_000))
        let first = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 3)
        #expect(renderer.statistics.evictedTextures == 0, "all three drawn: over the budget, none evicted")

        commitWithoutActions { layers[0].isHidden = true }
        _ = try renderer.render(root)
        #expect(renderer.statistics.evictedTextures == 1, "the hidden layer's texture goes")
        #expect(renderer.statistics.textureUploads == 0)

        commitWithoutActions { layers[0].isHidden = false }
        let again = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 1, "drawn again: uploaded again")
        #expect(largestDifference(first, again) == 0)
        #expect(isClose(again.pixel(x: 20, y: 20), (220, 40, 40, 255)))
    }

    @Test func underTheBudgetAnUndrawnImageKeepsItsTexture() throws {
        let (root, layers) = scene()
        let renderer = try OffscreenRenderer(width: 120, height: 40)
        _ = try renderer.render(root)
        commitWithoutActions { layers[1].isHidden = true }
        _ = try renderer.render(root)
        commitWithoutActions { layers[1].isHidden = false }
        _ = try renderer.render(root)
        #expect(renderer.statistics.evictedTextures == 0)
        #expect(renderer.statistics.textureUploads == 0, "still held: nothing uploaded again")
    }
}
