import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CATransformLayer` through the headless renderer: its sublayers keep their 3D places and are
/// drawn in depth order, it draws nothing of its own, its opacity goes to each sublayer, and
/// plain layers still flatten their sublayers.
///
/// The cube (`CubeFixture`) is seen from 400 points with the eye at the window's centre; the
/// face boundaries on row 100 below were worked out by casting a ray through each pixel centre
/// and taking the nearest face it meets.
@Suite struct TransformLayerTests {
    let white: Pixel = (255, 255, 255, 255)

    /// The cube turned by `degrees` about y, rendered.
    func cube(_ degrees: CGFloat, doubleSided: Bool = true) throws -> RenderedImage {
        try render(CubeFixture(angle: degrees * .pi / 180, doubleSided: doubleSided).root)
    }

    @Test func theUnturnedCubeShowsItsFrontFaceEnlargedByPerspective() throws {
        let image = try cube(0)
        // The front face at z = +50 covers 42.86 ... 157.14; the back face, drawn first, is hidden.
        for x in [44, 60, 100, 140, 156] { expectPixel(image, x, 100, CubeFace.front.pixel) }
        expectPixel(image, 100, 44, CubeFace.front.pixel)
        expectPixel(image, 100, 156, CubeFace.front.pixel)
        for x in [41, 158] { expectPixel(image, x, 100, white) }
    }

    @Test func aCubeTurned30DegreesShowsItsLeftAndFrontFaces() throws {
        let image = try cube(30)
        // Left face 35 ..< 78, front face 78 ..< 172.
        for x in [37, 60, 75] { expectPixel(image, x, 100, CubeFace.left.pixel) }
        for x in [81, 100, 140, 169] { expectPixel(image, x, 100, CubeFace.front.pixel) }
        for x in [32, 175] { expectPixel(image, x, 100, white) }
    }

    @Test func aCubeTurnedAQuarterShowsItsLeftFaceWhole() throws {
        let image = try cube(90)
        for x in [45, 100, 155] { expectPixel(image, x, 100, CubeFace.left.pixel) }
        for x in [41, 159] { expectPixel(image, x, 100, white) }
    }

    @Test func aCubeTurned135DegreesShowsItsBackAndLeftFaces() throws {
        let image = try cube(135)
        // Back face 29 ..< 100, left face 100 ..< 171.
        for x in [31, 60, 97] { expectPixel(image, x, 100, CubeFace.back.pixel) }
        for x in [103, 140, 168] { expectPixel(image, x, 100, CubeFace.left.pixel) }
    }

    @Test func aCubeTurnedHalfWayShowsItsBackFace() throws {
        let image = try cube(180)
        for x in [45, 100, 155] { expectPixel(image, x, 100, CubeFace.back.pixel) }
    }

    @Test func aCubeTurned225DegreesShowsItsRightAndBackFaces() throws {
        let image = try cube(225)
        // Right face 29 ..< 100, back face 100 ..< 171.
        for x in [31, 60, 97] { expectPixel(image, x, 100, CubeFace.right.pixel) }
        for x in [103, 140, 168] { expectPixel(image, x, 100, CubeFace.back.pixel) }
    }

    @Test func perspectiveAndZPositionComposeWhereverTheyAreSet() throws {
        // The turn and the perspective as the transform layer's own sublayerTransform (about its
        // centre, which is the root's) instead of its transform and the root's: the same picture.
        let fixture = CubeFixture(angle: 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        fixture.root.sublayerTransform = CATransform3DIdentity
        fixture.cube.sublayerTransform = CATransform3DConcat(
            CATransform3DMakeRotation(.pi / 6, 0, 1, 0), perspective)
        let turned = try render(fixture.root)
        for x in [37, 60, 75] { expectPixel(turned, x, 100, CubeFace.left.pixel) }
        for x in [81, 100, 140, 169] { expectPixel(turned, x, 100, CubeFace.front.pixel) }
        for x in [32, 175] { expectPixel(turned, x, 100, white) }
        // Unturned and moved 100 back under the root's perspective: the front face, at z = −50,
        // is seen 1/(1 + 50/400) = 0.889 times its size, 55.6 ... 144.4.
        let pushed = CubeFixture(angle: 0)
        pushed.cube.zPosition = -100
        let image = try render(pushed.root)
        for x in [57, 100, 143] { expectPixel(image, x, 100, CubeFace.front.pixel) }
        for x in [54, 145] { expectPixel(image, x, 100, white) }
    }

    @Test func singleSidedFacesTurnedAwayAreNotDrawn() throws {
        // The culled cube looks the same from the front: its hidden faces were behind anyway.
        #expect(try cube(30, doubleSided: false) == cube(30))
        // A lone face turned to show its back: drawn when double-sided, not drawn when not.
        for doubleSided in [true, false] {
            let fixture = CubeFixture(angle: .pi, doubleSided: doubleSided)
            fixture.cube.sublayers = [fixture[.front]]
            let image = try render(fixture.root)
            expectPixel(image, 100, 100, doubleSided ? CubeFace.front.pixel : white)
        }
    }

    @Test func aPlaneWhollyBehindAnotherIsDrawnFirstWhateverItsCentre() throws {
        // A wall turned 80° about y (its centre at depth 0, its left end near the viewer) and a
        // card at depth 100 left of the centre: on row 100 the card shows at 60 ..< 65, the
        // wall's near end hides the rest of it (65 ..< 80), though the card's centre is nearer.
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor(gray: 1, alpha: 1))
        let space = CATransformLayer()
        space.position = CGPoint(x: 100, y: 100)
        root.addSublayer(space)
        let wall = solidLayer(CGRect(x: -200, y: -50, width: 400, height: 100), CubeFace.back.color)
        wall.transform = CATransform3DMakeRotation(80 * .pi / 180, 0, 1, 0)
        let card = solidLayer(CGRect(x: -40, y: -30, width: 20, height: 60), CubeFace.right.color)
        card.zPosition = 100
        space.sublayers = [wall, card]
        let image = try render(root)
        expectPixel(image, 62, 100, CubeFace.right.pixel)
        for x in [67, 72, 78, 100, 130] { expectPixel(image, x, 100, CubeFace.back.pixel) }
        expectPixel(image, 57, 100, white)
    }

    /// A transform layer holding a red 100-point plane at zPosition 10 and a nested transform
    /// layer, turned 60° about y and pushed 20 towards the viewer, holding a green 60-point
    /// plane turned back by −60°: the green plane faces the viewer at depth 20, centred.
    func nestedSpaces() -> (root: CALayer, outer: CATransformLayer, inner: CATransformLayer) {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor(gray: 1, alpha: 1))
        let outer = CATransformLayer()
        outer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let near = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CubeFace.front.color)
        near.zPosition = 10
        let inner = CATransformLayer()
        inner.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        inner.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0).concatenating(
            CATransform3DMakeTranslation(0, 0, 20))
        let turnedBack = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), CubeFace.right.color)
        turnedBack.transform = CATransform3DMakeRotation(-.pi / 3, 0, 1, 0)
        inner.addSublayer(turnedBack)
        outer.sublayers = [inner, near]
        root.addSublayer(outer)
        return (root, outer, inner)
    }

    @Test func nestedTransformLayersComposeIn3DAndShareOneDepthOrder() throws {
        let image = try render(nestedSpaces().root)
        // Flattened, the green plane would be 15 points wide and drawn under the red one.
        for x in [72, 100, 127] { expectPixel(image, x, 100, CubeFace.right.pixel) }
        for x in [52, 67, 133, 147] { expectPixel(image, x, 100, CubeFace.front.pixel) }
    }

    @Test func opacityOfTransformLayersMultipliesIntoEachPlaneWithoutAGroup() throws {
        let (root, outer, inner) = nestedSpaces()
        outer.opacity = 0.5
        inner.opacity = 0.5
        let renderer = try OffscreenRenderer(width: 200, height: 200)
        let image = try renderer.render(root)
        // Red at 0.5 over white; green at 0.25 over that.
        expectPixel(image, 55, 100, (255, 128, 128, 255), tolerance: 1)
        expectPixel(image, 100, 100, (191, 159, 96, 255), tolerance: 1)
        #expect(renderer.statistics.groups == 0)
    }

    @Test func aTransformLayerDrawsNothingOfItsOwnAndIgnoresMaskAndClip() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor(gray: 1, alpha: 1))
        let space = CATransformLayer()
        space.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        space.backgroundColor = CubeFace.front.color
        space.borderWidth = 6
        space.cornerRadius = 20
        space.masksToBounds = true
        space.contents = CGImage(rgbaPixels: [0, 0, 0, 255], width: 1, height: 1)
        space.mask = CALayer()
        space.shadowOpacity = 1
        // Sticks out 30 points left of the transform layer's bounds.
        space.addSublayer(solidLayer(CGRect(x: -30, y: 40, width: 60, height: 20), CubeFace.right.color))
        root.addSublayer(space)
        let image = try render(root)
        for (x, y) in [(52, 52), (100, 100), (148, 148), (53, 120), (100, 147)] { expectPixel(image, x, y, white) }
        for x in [21, 50, 79] { expectPixel(image, x, 100, CubeFace.right.pixel) }
    }

    @Test func plainLayersStillFlattenTheirSublayers() throws {
        // A plain layer turned 60° about y, with a sublayer at zPosition 50: flattened into the
        // plane, the sublayer lands where it would at zPosition 0 (87.5 ..< 112.5), not 43
        // points to the right as it would in 3D.
        func scene(z: CGFloat) throws -> RenderedImage {
            let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor(gray: 1, alpha: 1))
            let plain = CALayer()
            plain.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            plain.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            let sublayer = solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), CubeFace.right.color)
            sublayer.zPosition = z
            plain.addSublayer(sublayer)
            root.addSublayer(plain)
            return try render(root)
        }
        let image = try scene(z: 50)
        for x in [89, 100, 111] { expectPixel(image, x, 100, CubeFace.right.pixel) }
        for x in [86, 114, 140] { expectPixel(image, x, 100, white) }
        #expect(try scene(z: 0) == image)
    }
}
