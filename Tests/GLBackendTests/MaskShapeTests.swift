import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// A mask that is only a rounded rectangle cuts the layer's quads in the shader
/// (`FrameBuilder+MaskShapes`): the pixels of the masked group it replaces, without the group.
@Suite struct MaskShapeTests {
    /// Three masked layers over a white root: a picture cut to a circle, a background cut to a
    /// continuous-cornered rectangle inside it, and a gradient cut to a smaller circle; with
    /// `forceGroup`, each mask holds an empty sublayer, which draws nothing but makes it a mask
    /// drawn offscreen.
    func scene(forceGroup: Bool) -> CALayer {
        let root = whiteRoot(200, 80)
        let picture = solidLayer(CGRect(x: 5, y: 5, width: 60, height: 60), nil)
        picture.contents = CGImage(
            rgbaPixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 200, 0, 255], width: 2, height: 2)
        let circle = solidLayer(picture.bounds, CGColor(gray: 0, alpha: 1))
        circle.cornerRadius = 30
        picture.mask = circle
        let card = solidLayer(
            CGRect(x: 70, y: 5, width: 60, height: 60), CGColor(red: 0.2, green: 0.3, blue: 0.8, alpha: 0.9))
        let rounded = solidLayer(CGRect(x: 5, y: 10, width: 50, height: 40), CGColor(gray: 0, alpha: 1))
        rounded.cornerRadius = 10
        rounded.cornerCurve = .continuous
        card.mask = rounded
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 135, y: 5, width: 60, height: 60)
        gradient.colors = [
            CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0, blue: 1, alpha: 1),
        ]
        let dot = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(gray: 0, alpha: 1))
        dot.cornerRadius = 20
        gradient.mask = dot
        for layer in [picture, card, gradient] {
            if forceGroup { layer.mask?.addSublayer(CALayer()) }
            root.addSublayer(layer)
        }
        return root
    }

    func list(_ root: CALayer) -> DisplayList {
        var tree = RenderTree()
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        tree.apply(builder.finish())
        return FrameBuilder.build(tree, root: root.layerID, width: 200, height: 80)
    }

    @Test func aRoundedRectangleMaskCutsTheQuadsAsTheMaskedGroupDid() throws {
        let shaped = list(scene(forceGroup: false))
        let grouped = list(scene(forceGroup: true))
        let masks = { (list: DisplayList) in
            list.commands.filter { if case .beginMask = $0 { true } else { false } }.count
        }
        #expect(masks(shaped) == 0 && masks(grouped) == 3)
        let canvas = TestCanvas(width: 200, height: 80)
        let (a, b) = (try canvas.render(shaped), try canvas.render(grouped))
        let largest = largestDifference(a, b)
        #expect(largest <= 2, "largest difference \(largest)")
        // Outside each mask, the white root; inside, the layer.
        expectPixel(a, 7, 7, (255, 255, 255, 255), tolerance: 0)
        expectPixel(a, 72, 7, (255, 255, 255, 255), tolerance: 0)
        expectPixel(a, 137, 7, (255, 255, 255, 255), tolerance: 0)
        #expect(a.pixel(x: 100, y: 35).b > 200)
    }

    @Test func masksThatAreMoreThanAShapeStayOffscreen() {
        // A mask turned, or reaching outside the layer, or a layer with sublayers: a masked group.
        let root = whiteRoot(100, 100)
        let turned = solidLayer(CGRect(x: 5, y: 5, width: 40, height: 40), CGColor(gray: 0.5, alpha: 1))
        let turnedMask = solidLayer(turned.bounds, CGColor(gray: 0, alpha: 1))
        turnedMask.cornerRadius = 8
        turnedMask.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        turned.mask = turnedMask
        let wide = solidLayer(CGRect(x: 50, y: 5, width: 40, height: 40), CGColor(gray: 0.5, alpha: 1))
        let wideMask = solidLayer(CGRect(x: -5, y: 0, width: 50, height: 40), CGColor(gray: 0, alpha: 1))
        wideMask.cornerRadius = 8
        wide.mask = wideMask
        let parent = solidLayer(CGRect(x: 5, y: 50, width: 40, height: 40), CGColor(gray: 0.5, alpha: 1))
        parent.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(gray: 0, alpha: 1)))
        let parentMask = solidLayer(parent.bounds, CGColor(gray: 0, alpha: 1))
        parentMask.cornerRadius = 20
        parent.mask = parentMask
        for layer in [turned, wide, parent] { root.addSublayer(layer) }
        let masks = list(root).commands.filter { if case .beginMask = $0 { true } else { false } }
        #expect(masks.count == 3)
    }
}
