import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CATransformLayer` without GL: what it is and keeps, how the render side learns of it, its
/// depth order and display list, and hit-testing and point conversion through its unflattened
/// 3D space. The cube is `CubeFixture`'s (seen from 400 points, the eye at the window centre);
/// the expected numbers were worked out by casting a ray through the point and taking the
/// nearest face it meets.
@Suite struct TransformLayerTests {
    @Test func aTransformLayerHasALayersDefaultsAndIsKnownAsOne() throws {
        let layer = CATransformLayer()
        #expect(layer.state.kind == .transform)
        #expect(CALayer().state.kind == .layer)
        #expect(layer.opacity == 1 && layer.isDoubleSided && !layer.masksToBounds)
        #expect(CATransform3DIsIdentity(layer.transform) && CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.backgroundColor == nil && layer.bounds == .zero)
        #expect(CATransformLayer(layer: layer).state.kind == .transform)
        LayerTest.commitNow { layer.opacity = 0.5 }
        let shown = try #require(layer.presentation())
        #expect(shown.state.kind == .transform && shown.opacity == 0.5)
    }

    @Test func theFirstCommitTellsTheRenderSide() throws {
        let fixture = CubeFixture(angle: 0)
        let tree = renderTree(for: fixture.root)
        #expect(try #require(tree[fixture.cube.layerID]).properties.kind == .transform)
        #expect(try #require(tree[fixture[.front].layerID]).properties.kind == .layer)
    }

    @Test func aTransformLayerRoundTripsThroughArchivingWithItsSublayers() throws {
        let fixture = CubeFixture(angle: .pi / 6)
        let data = try NSKeyedArchiver.archivedData(withRootObject: fixture.cube, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CATransformLayer.self, from: data))
        #expect(back.state.kind == .transform)
        #expect(back.transform == fixture.cube.transform)
        #expect(back.sublayers?.count == 6)
        #expect(back.sublayers?[2].transform == fixture[.back].transform)
    }

    @Test func planesAreDrawnBackToFrontAndSingleSidedOnesFacingAwayAreCulled() throws {
        // Turned 30°, the face centres lie at depths 43.3 (front), 25 (left), 0 (top, bottom),
        // −25 (right) and −43.3 (back).
        let doubleSided = displayList(for: CubeFixture(angle: .pi / 6).root, width: 200, height: 200)
        #expect(doubleSided.instances.count == 6)
        #expect(doubleSided.instances.first?.color == CubeFace.back.color.value * 1)
        #expect(doubleSided.instances.last?.color == CubeFace.front.color.value * 1)
        #expect(doubleSided.instances.dropLast().last?.color == CubeFace.left.color.value * 1)
        let culled = displayList(for: CubeFixture(angle: .pi / 6, doubleSided: false).root, width: 200, height: 200)
        #expect(culled.instances.map(\.color) == [CubeFace.left, .front].map { $0.color.value * 1 })
    }

    @Test func aPlaneWhollyBehindAnothersPlaneGoesFirstWhereCentresWouldMislead() {
        // A 400-point wall turned 80° about y (centre depth 0) and a card at depth 100 whose
        // corners all lie behind the wall's plane: by centres the wall would go first.
        let wall = DepthOrder.Plane(
            bounds: CGRect(x: 0, y: 0, width: 400, height: 100),
            toSpace: CATransform3DMakeTranslation(-200, -50, 0).concatenating(
                CATransform3DMakeRotation(80 * .pi / 180, 0, 1, 0)))
        let card = DepthOrder.Plane(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 60), toSpace: CATransform3DMakeTranslation(-40, -30, 100))
        #expect(abs(wall.centreDepth) < 1e-9 && card.centreDepth == 100)
        #expect(DepthOrder.backToFront([wall, card]) == [1, 0])
        // Side by side, facing the viewer, they keep their centre order.
        let far = DepthOrder.Plane(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), toSpace: .identity)
        let near = DepthOrder.Plane(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), toSpace: CATransform3DMakeTranslation(0, 0, 5))
        #expect(DepthOrder.backToFront([near, far, near]) == [1, 0, 2])
        // A plane behind the eye sorts first.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 10
        let behind = DepthOrder.Plane(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
            toSpace: CATransform3DMakeTranslation(0, 0, 20).concatenating(perspective))
        #expect(behind.centreDepth == -.infinity && behind.corners == nil)
        #expect(DepthOrder.backToFront([far, behind]) == [1, 0])
    }

    @Test func hitTestingFindsTheFrontMostFaceOfATurnedCube() throws {
        let fixture = CubeFixture(angle: .pi / 6)
        #expect(fixture.root.hitTest(CGPoint(x: 120, y: 100)) === fixture[.front])
        #expect(fixture.root.hitTest(CGPoint(x: 60, y: 100)) === fixture[.left])
        #expect(fixture.root.hitTest(CGPoint(x: 100, y: 60)) === fixture[.front])
        // Outside every face the root itself is hit; the transform layer never is.
        #expect(fixture.root.hitTest(CGPoint(x: 20, y: 100)) === fixture.root)
        #expect(fixture.cube.hitTest(CGPoint(x: 20, y: 100)) == nil)
        #expect(fixture.cube.hitTest(CGPoint(x: 120, y: 100)) === fixture[.front])
        // Turned half way, the back face is in front.
        #expect(CubeFixture(angle: .pi).root.hitTest(CGPoint(x: 100, y: 100))?.backgroundColor == CubeFace.back.color)
    }

    @Test func aSublayerOfAFaceIsHitInTheFacesPlane() throws {
        let fixture = CubeFixture(angle: .pi / 6)
        // A sticker at the front face's left half, below its centre row: (120, 100) lands at
        // face point (41.48, 50).
        let sticker = CALayer()
        sticker.frame = CGRect(x: 30, y: 45, width: 20, height: 10)
        fixture[.front].addSublayer(sticker)
        #expect(fixture.root.hitTest(CGPoint(x: 120, y: 100)) === sticker)
        #expect(fixture.root.hitTest(CGPoint(x: 140, y: 100)) === fixture[.front])
    }

    @Test func facesCulledBySingleSidednessAreNotHit() throws {
        for doubleSided in [true, false] {
            let fixture = CubeFixture(angle: .pi, doubleSided: doubleSided)
            fixture.cube.sublayers = [fixture[.front]]
            let hit = fixture.root.hitTest(CGPoint(x: 100, y: 100))
            #expect(hit === (doubleSided ? fixture[.front] : fixture.root))
        }
    }

    @Test func pointsConvertThroughTheUnflattenedTransforms() throws {
        let fixture = CubeFixture(angle: .pi / 6)
        let front = fixture[.front]
        let left = fixture[.left]
        let centre = front.convert(CGPoint(x: 50, y: 50), to: nil)
        #expect(abs(centre.x - 128.0349) < 1e-3 && abs(centre.y - 100) < 1e-9)
        let corner = left.convert(CGPoint(x: 0, y: 0), to: nil)
        #expect(abs(corner.x - 34.6870) < 1e-3 && abs(corner.y - 52.1876) < 1e-3)
        // Back: the window point the hit-test un-projects onto the face.
        let local = front.convert(CGPoint(x: 120, y: 100), from: nil)
        #expect(abs(local.x - 41.4806) < 1e-3 && abs(local.y - 50) < 1e-9)
        #expect(
            isClose(
                left.convert(CGPoint(x: 60, y: 100), from: fixture.root), CGPoint(x: 64.0332, y: 50), tolerance: 1e-3))
        // Face to face through the window, and back.
        let onLeft = front.convert(CGPoint(x: 10, y: 20), to: left)
        #expect(isClose(left.convert(onLeft, to: front), CGPoint(x: 10, y: 20), tolerance: 1e-9))
    }

    @Test func deepNestingAndOverflowingTransformsStillGiveAFrame() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        // 300 nested transform layers: the plane at the bottom is past the frame builder's depth
        // limit and cut off (logged once); hit-testing walks the nesting without recursing.
        var parent: CALayer = root
        for _ in 0..<300 {
            let nested = CATransformLayer()
            parent.addSublayer(nested)
            parent = nested
        }
        let deep = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        parent.addSublayer(deep)
        // A plane whose place overflows to infinity in the 3D space is not drawn nor hit.
        let overflowing = CATransformLayer()
        overflowing.transform = CATransform3DMakeScale(1e300, 1e300, 1e300)
        let huge = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green)
        huge.transform = CATransform3DMakeScale(1e300, 1e300, 1e300)
        overflowing.addSublayer(huge)
        root.addSublayer(overflowing)
        root.addSublayer(solidLayer(CGRect(x: 50, y: 50, width: 10, height: 10), blue))
        let list = displayList(for: root, width: 100, height: 100)
        #expect(list.instances.map(\.color) == [blue.value * 1])
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === deep)
        #expect(root.hitTest(CGPoint(x: 55, y: 55))?.backgroundColor == blue)
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === root)
    }
}
