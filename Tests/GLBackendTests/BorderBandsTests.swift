import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// A large border is drawn as four bands along the edges, each shaded as the whole ring: the
/// pixels of the one quad over the whole layer, without shading its empty inside.
@Suite struct BorderBandsTests {
    @Test func aLargeBorderIsFourBandsThatDrawWhatTheWholeRingDrew() throws {
        let root = whiteRoot(220, 170)
        for (index, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
            let layer = solidLayer(
                CGRect(x: 10 + CGFloat(index) * 105, y: 10, width: 100, height: 150),
                CGColor(red: 0.9, green: 0.9, blue: 1, alpha: 1))
            layer.cornerRadius = 14
            layer.cornerCurve = curve
            layer.borderWidth = 3
            layer.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.5, alpha: 0.8)
            root.addSublayer(layer)
        }
        let tree = renderTree(root)
        let list = FrameBuilder.build(tree, root: root.layerID, width: 220, height: 170)
        let isBand = { (quad: QuadInstance) in quad.parameters.borderWidth > 0 && quad.rect != quad.shapeRect }
        #expect(list.instances.count(where: isBand) == 8)
        // The same frame with each border one quad over its whole shape: its first band grown
        // to the shape, the other three drawing nothing.
        var whole = list
        var seen = 0
        whole.instances = list.instances.map { quad in
            guard isBand(quad) else { return quad }
            var quad = quad
            if seen % 4 == 0 { quad.rect = quad.shapeRect } else { quad.color = .zero }
            seen += 1
            return quad
        }
        let canvas = TestCanvas(width: 220, height: 170)
        let image = try canvas.render(list)
        // Up to the rasteriser's rounding of what each quad interpolates.
        let reference = try canvas.render(whole)
        let largest = largestDifference(image, reference)
        #expect(largest <= 1, "largest difference \(largest)")
        // The border's colour over the edges, the background inside.
        #expect(image.pixel(x: 60, y: 11).b > 150 && image.pixel(x: 60, y: 11).r < 100)
        expectPixel(image, 60, 80, (230, 230, 255, 255), tolerance: 1)
    }

    @Test func aSmallBorderIsOneQuad() {
        let root = whiteRoot(100, 100)
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 60, height: 60), nil)
        layer.borderWidth = 2
        layer.borderColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(layer)
        let list = FrameBuilder.build(renderTree(root), root: root.layerID, width: 100, height: 100)
        // 56 x 56 units inside the bands: under the 4,096 square units the split needs.
        #expect(list.instances.count == 1 && list.instances[0].rect == list.instances[0].shapeRect)
    }
}
