import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// convert(_:from:) and convert(_:to:) for points and rects (Apple's CALayer documentation, the Core Animation Programming Guide, layer geometry and Apple's CATransform3D documentation).
@Suite struct LayerConversionTests {
    /// A root whose own space equals the absolute space: bounds (0, 0, w, h) centred on its position.
    private func root(_ w: CGFloat = 200, _ h: CGFloat = 200) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        layer.position = CGPoint(x: w / 2, y: h / 2)
        return layer
    }

    private func child(of parent: CALayer?, bounds: CGRect, position: CGPoint) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        layer.position = position
        parent?.addSublayer(layer)
        return layer
    }

    @Test func parentAndChildThroughPositionAndAnchor() {
        let p = root()
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 60, y: 70))
        // The child's origin lies at position − anchor ⊙ size = (35, 45).
        #expect(c.convert(CGPoint(x: 0, y: 0), to: p) == CGPoint(x: 35, y: 45))
        #expect(c.convert(CGPoint(x: 10, y: 20), to: p) == CGPoint(x: 45, y: 65))
        #expect(p.convert(CGPoint(x: 45, y: 65), to: c) == CGPoint(x: 10, y: 20))
        #expect(p.convert(CGPoint(x: 10, y: 20), from: c) == CGPoint(x: 45, y: 65))
        #expect(c.convert(CGPoint(x: 45, y: 65), from: p) == CGPoint(x: 10, y: 20))
        c.anchorPoint = CGPoint(x: 0, y: 1)
        // Now (0, 50) of the child sits at the position.
        #expect(c.convert(CGPoint(x: 0, y: 50), to: p) == CGPoint(x: 60, y: 70))
    }

    @Test func aLayersOwnBoundsOriginShiftsItsSpace() {
        let p = root()
        let c = child(of: p, bounds: CGRect(x: 10, y: 10, width: 50, height: 50), position: CGPoint(x: 60, y: 70))
        // The frame is unchanged; bounds.origin names its top-left corner.
        #expect(c.convert(CGPoint(x: 10, y: 10), to: p) == CGPoint(x: 35, y: 45))
        #expect(c.convert(CGPoint(x: 0, y: 0), to: p) == CGPoint(x: 25, y: 35))
    }

    @Test func aParentsBoundsOriginShiftsItsSublayers() {
        let p = root()
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 60, y: 70))
        p.bounds = CGRect(x: 0, y: 50, width: 200, height: 200)  // scrolled down by 50
        // Measured on Apple: not in the parent's space, where position already lives [GS-T:conversion.m]...
        #expect(c.convert(CGPoint.zero, to: p) == CGPoint(x: 35, y: 45))
        // ...but on screen the sublayer moves up by 50.
        #expect(c.convert(CGPoint.zero, to: nil) == CGPoint(x: 35, y: -5))
        #expect(c.convert(CGPoint(x: 35, y: -5), from: nil) == .zero)
    }

    @Test func betweenSiblings() {
        let p = root()
        // origin (35, 45)
        let a = child(of: p, bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 60, y: 70))
        // origin (100, 100)
        let b = child(of: p, bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 110, y: 110))
        #expect(a.convert(CGPoint(x: 5, y: 5), to: b) == CGPoint(x: -60, y: -50))
        #expect(b.convert(CGPoint(x: -60, y: -50), to: a) == CGPoint(x: 5, y: 5))
        #expect(b.convert(CGPoint(x: 5, y: 5), from: a) == CGPoint(x: -60, y: -50))
    }

    @Test func throughSeveralLevels() {
        let p = root()
        // origin (50, 50)
        let a = child(of: p, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100))
        // origin (15, 25) in a
        let b = child(of: a, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 30))
        #expect(b.convert(CGPoint(x: 1, y: 2), to: p) == CGPoint(x: 66, y: 77))
        #expect(p.convert(CGPoint(x: 66, y: 77), to: b) == CGPoint(x: 1, y: 2))
        #expect(b.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 66, y: 77))
    }

    @Test func acrossTreesThroughTheAbsoluteSpace() {
        // origin (100, 0)
        let r1 = child(of: nil, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 150, y: 50))
        // origin (0, 200)
        let r2 = child(of: nil, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 250))
        #expect(r1.convert(CGPoint(x: 10, y: 10), to: r2) == CGPoint(x: 110, y: -190))
        #expect(r2.convert(CGPoint(x: 110, y: -190), to: r1) == CGPoint(x: 10, y: 10))
        #expect(r1.convert(CGPoint(x: 10, y: 10), to: nil) == CGPoint(x: 110, y: 10))
        #expect(r1.convert(CGPoint(x: 110, y: 10), from: nil) == CGPoint(x: 10, y: 10))
        // A detached layer converts as its own root.
        let lone = child(of: nil, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        #expect(lone.convert(CGPoint.zero, to: nil) == CGPoint(x: -5, y: -5))
    }

    @Test func throughARotation() {
        let p = root(400, 400)
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100))
        c.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // (0, 0) is (−50, −25) from the anchor; z rotation by 90°: (x cos − y sin, x sin + y cos) = (25, −50).
        #expect(isClose(c.convert(CGPoint.zero, to: p), CGPoint(x: 225, y: 50)))
        #expect(isClose(c.convert(CGPoint(x: 225, y: 50), from: p), .zero))
        #expect(isClose(c.convert(c.bounds, to: p), c.frame))
        #expect(isClose(c.convert(c.bounds, to: p), CGRect(x: 175, y: 50, width: 50, height: 100)))
    }

    @Test func throughAScale() {
        let p = root()
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 50, y: 50))
        c.transform = CATransform3DMakeScale(2, 3, 1)
        // (−5, −5) from the anchor, scaled: (−10, −15).
        #expect(c.convert(CGPoint.zero, to: p) == CGPoint(x: 40, y: 35))
        #expect(c.convert(CGPoint(x: 40, y: 35), from: p) == .zero)
        #expect(
            c.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: p) == CGRect(x: 40, y: 35, width: 20, height: 30))
    }

    @Test func rectConvertsToTheBoundingBoxOfItsCorners() {
        let p = root()
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100))
        c.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let half = 50 * 2.0.squareRoot()
        let expected = CGRect(x: 100 - half, y: 100 - half, width: 2 * half, height: 2 * half)
        #expect(isClose(c.convert(c.bounds, to: p), expected))
    }

    @Test func sublayerTransformActsAboutTheParentsAnchor() {
        let p = root()
        p.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 110, y: 110))
        // The child's anchor (5, 5) sits at (110, 110), scaled by 2 about the parent's anchor (100, 100).
        #expect(c.convert(CGPoint(x: 5, y: 5), to: p) == CGPoint(x: 120, y: 120))
        #expect(c.convert(CGPoint(x: 0, y: 0), to: p) == CGPoint(x: 110, y: 110))
        #expect(c.convert(CGPoint(x: 120, y: 120), from: p) == CGPoint(x: 5, y: 5))
        // About a corner anchor instead: (110, 110) · 2.
        p.anchorPoint = .zero
        p.position = .zero
        #expect(c.convert(CGPoint(x: 5, y: 5), to: p) == CGPoint(x: 220, y: 220))
    }

    @Test func sublayerTransformDoesNotMoveTheLayerItself() {
        let p = root()
        p.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        #expect(p.frame == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(p.convert(CGPoint(x: 10, y: 10), to: nil) == CGPoint(x: 10, y: 10))
    }

    @Test func geometryFlippedParentFlipsItsSublayers() {
        let p = root(200, 100)
        p.isGeometryFlipped = true
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 30))
        // Sublayer positions are measured from the other edge: y → 100 − y.
        #expect(c.convert(CGPoint(x: 5, y: 5), to: p) == CGPoint(x: 20, y: 70))
        // The sublayer itself is flipped too: its y = 0 edge is now at the bottom.
        #expect(c.convert(CGPoint(x: 0, y: 0), to: p) == CGPoint(x: 15, y: 75))
        #expect(c.convert(CGPoint(x: 15, y: 75), from: p) == .zero)
        // The flipped layer itself is not moved.
        #expect(p.convert(CGPoint(x: 3, y: 4), to: nil) == CGPoint(x: 3, y: 4))
    }

    @Test func nestedGeometryFlipsCancel() {
        let p = root(200, 100)
        p.isGeometryFlipped = true
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        c.isGeometryFlipped = true
        let g = child(of: c, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5))
        // g's (0, 0) lies at (0, 100) in c's own space (c flips), which is (0, 100) in p's
        // sublayer space, flipped by p to (0, 0): the two flips cancel for g.
        #expect(g.convert(CGPoint(x: 0, y: 0), to: p) == CGPoint(x: 0, y: 0))
        #expect(g.convert(CGPoint(x: 0, y: 10), to: p) == CGPoint(x: 0, y: 10))
    }

    /// A 100×100 child rotated by 60° about y, centred in a 200×200 parent whose sublayerTransform
    /// has m34 = −1/500. A point at x offset u from the child's anchor goes to x = u·cos 60°,
    /// z = −u·sin 60° (row vectors: m13 = −sin), so w = 1 + z·m34 = 1 + u·sin 60°/500 and it
    /// lands at x offset u·cos 60°/w from the parent's anchor; y offsets are divided by w too.
    private func perspectiveScene() -> (parent: CALayer, child: CALayer) {
        let p = root()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        p.sublayerTransform = perspective
        let c = child(of: p, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100))
        c.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        return (p, c)
    }

    @Test func throughAPerspectiveParent() {
        let (p, c) = perspectiveScene()
        let k = sin(CGFloat.pi / 3) / 500
        // The right edge (u = 50) and the top-right corner (u = 50, v = −50).
        let w = 1 + 50 * k
        #expect(isClose(c.convert(CGPoint(x: 100, y: 50), to: p), CGPoint(x: 100 + 25 / w, y: 100)))
        #expect(isClose(c.convert(CGPoint(x: 100, y: 0), to: p), CGPoint(x: 100 + 25 / w, y: 100 - 50 / w)))
        // The left edge (u = −50) comes nearer and grows.
        let wl = 1 - 50 * k
        #expect(isClose(c.convert(CGPoint(x: 0, y: 100), to: p), CGPoint(x: 100 - 25 / wl, y: 100 + 50 / wl)))
        // Unprojecting: the parent point (110, 100) is at u with u·cos 60° / (1 + u·k) = 10.
        let u = 10 / (cos(CGFloat.pi / 3) - 10 * k)
        #expect(isClose(c.convert(CGPoint(x: 110, y: 100), from: p), CGPoint(x: 50 + u, y: 50), tolerance: 1e-7))
    }

    @Test(arguments: [CGPoint(x: 0, y: 0), CGPoint(x: 13, y: 87), CGPoint(x: 99, y: 1), CGPoint(x: 50, y: 50)])
    func roundTripsThroughEveryKindOfTransform(_ point: CGPoint) {
        let (p, c) = perspectiveScene()
        p.bounds.origin = CGPoint(x: 7, y: -3)
        p.isGeometryFlipped = true
        let g = child(of: c, bounds: CGRect(x: 5, y: 5, width: 40, height: 30), position: CGPoint(x: 30, y: 60))
        g.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        g.anchorPoint = CGPoint(x: 0.2, y: 0.9)
        let sibling = child(of: p, bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 30, y: 170))
        sibling.transform = CATransform3DMakeScale(1.5, 0.5, 1)
        for target in [p, c, sibling, nil] as [CALayer?] {
            let there = g.convert(point, to: target)
            #expect(isClose(g.convert(there, from: target), point, tolerance: 1e-7))
            let back = target.map { $0.convert(there, to: g) } ?? g.convert(there, from: nil)
            #expect(isClose(back, point, tolerance: 1e-7))
        }
    }
}
