import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Layers that draw nothing on the target are left out of the frame (`FrameBuilder+Culling`),
/// with their subtrees when all those draw lies off it too, and nothing that could show is.
@Suite struct CullingTests {
    /// The target every test draws: 200 x 100.
    static let target = CGRect(x: 0, y: 0, width: 200, height: 100)

    /// A 200 x 100 root holding a list of `rows` rows 200 x 20, 30 points apart, each with a
    /// 10 x 10 swatch: rows 0 to 3 (y 0 to 110) reach the target.
    func list(rows: Int = 50, offset: CGFloat = 0) -> (root: CALayer, content: CALayer) {
        let root = solidLayer(Self.target)
        let content = solidLayer(CGRect(x: 0, y: offset, width: 200, height: CGFloat(rows) * 30))
        for index in 0..<rows {
            let row = solidLayer(CGRect(x: 0, y: CGFloat(index) * 30, width: 200, height: 20), red)
            let swatch = solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), green)
            row.addSublayer(swatch)
            content.addSublayer(row)
        }
        root.addSublayer(content)
        return (root, content)
    }

    @Test func onlyTheRowsOnTheTargetAreDrawnAndTheOthersAreNotWalked() {
        let (root, _) = list()
        let tree = renderTree(for: root)
        let builder = FrameBuilder.walk(tree, root: root.layerID, width: 200, height: 100)
        // Four rows of two quads; the root, the content, four rows and their swatches visited.
        var walked = builder
        #expect(walked.finish().instances.count == 8)
        #expect(builder.visitedLayers == 10)
        let unculled = FrameBuilder.build(tree, root: root.layerID, width: 200, height: 100, culls: false)
        #expect(unculled.instances.count == 100)
    }

    @Test func aLongListPassesOverTheRowsOffTheTargetByTheirKeptExtents() throws {
        let (root, content) = list(rows: 50, offset: -600)
        let tree = renderTree(for: root)
        let builder = FrameBuilder.walk(tree, root: root.layerID, width: 200, height: 100)
        // Rows 20 to 23 reach the target: the root, the content, four rows and their swatches
        // are opened, each once; the other 46 rows are passed over, not opened and culled.
        #expect(builder.workDone == 10 && builder.visitedLayers == 10, "\(builder.workDone) \(builder.visitedLayers)")
        let version = try #require(tree.contentVersion(of: content.layerID))
        let entry = try #require(tree.subtreeExtents.entry(for: content.layerID, version: version))
        let extents = try #require(entry.sublayerExtents)
        #expect(extents.count == 50 && extents[20] == CGRect(x: 0, y: 600, width: 200, height: 20))
        // The content's space on the target, three pixels and a unit around it, y 596 to 704:
        // rows 20 to 23.
        var walker = builder
        let layer = try #require(tree.layers[content.layerID])
        let shown = try #require(
            walker.sublayersShown(
                of: content.layerID, layer: layer, children: layer.sublayers,
                toWindow: CATransform3DMakeTranslation(0, -600, 0)))
        #expect(shown.indices.filter { shown[$0] } == [20, 21, 22, 23])
        // The same rows are drawn as without culling's shortcut: the four on the target.
        #expect(walker.finish().instances.count == 8)
        // Fewer rows than a layer keeps apart: each is opened and culled.
        let (short, _) = list(rows: 31, offset: -600)
        #expect(FrameBuilder.walk(renderTree(for: short), root: short.layerID, width: 200, height: 100).workDone == 37)
    }

    /// Whatever the list's transform, the rows passed over are those culling would skip (a
    /// turned list opens each): the frame draws exactly the quads of the whole list whose boxes
    /// (culling's, two pixels around each quad) reach the target.
    @Test(arguments: [
        CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeScale(0.25, 0.5, 1),
        CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(-0.3, 1.5, 1),
    ])
    func aTransformedListDrawsWhatReachesTheTarget(transform: CATransform3D) {
        let (root, content) = list(rows: 60, offset: -600)
        content.transform = transform
        let tree = renderTree(for: root)
        let drawn = FrameBuilder.build(tree, root: root.layerID, width: 200, height: 100).instances
        let target = PixelBox(low: .zero, high: SIMD2(200, 100))
        let reaching = FrameBuilder.build(tree, root: root.layerID, width: 200, height: 100, culls: false).instances
            .filter { PixelBox(covering: $0, in: SIMD2(200, 100)).intersects(target) }
        #expect(!drawn.isEmpty && drawn == reaching)
    }

    @Test func scrollingDrawsTheRowsScrolledIn() {
        let (root, _) = list(offset: -600)
        // Rows 20 to 23 (y 600 to 710 in the content) are on the target.
        let list = displayList(for: root, width: 200, height: 100)
        #expect(list.instances.count == 8)
        let ys = Set(list.instances.map { windowPoint($0, x: 0, y: 0, width: 200, height: 100).y.rounded() })
        #expect(ys == [0, 5, 30, 35, 60, 65, 90, 95])
    }

    @Test func aSublayerOutsideItsClippingSuperlayerIsNotDrawn() {
        let root = solidLayer(Self.target)
        let clipper = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50))
        clipper.masksToBounds = true
        let inside = solidLayer(CGRect(x: 10, y: 10, width: 10, height: 10), red)
        let outside = solidLayer(CGRect(x: 100, y: 10, width: 10, height: 10), green)
        clipper.addSublayer(inside)
        clipper.addSublayer(outside)
        root.addSublayer(clipper)
        let list = displayList(for: root, width: 200, height: 100)
        // The clip's instance and the inside layer's quad.
        #expect(list.instances.count == 2)
        #expect(!list.instances.contains { $0.color == SIMD4(0, 1, 0, 1) })
    }

    @Test func whatReachesTheTargetFromALayerOffItIsDrawn() {
        let root = solidLayer(Self.target)
        // A layer right of the target whose shadow falls on it.
        let caster = solidLayer(CGRect(x: 210, y: 10, width: 20, height: 20), red)
        caster.shadowOpacity = 1
        caster.shadowRadius = 0
        caster.shadowOffset = CGSize(width: -20, height: 0)
        caster.shadowPath = CGPath(rect: caster.bounds, transform: nil)
        // A layer below the target whose sublayer reaches up onto it.
        let parent = solidLayer(CGRect(x: 0, y: 300, width: 20, height: 20), red)
        let reaching = solidLayer(CGRect(x: 0, y: -250, width: 10, height: 10), green)
        parent.addSublayer(reaching)
        // A shape layer off the target whose path lies on it.
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 500, width: 10, height: 10)
        shape.path = CGPath(rect: CGRect(x: 50, y: -450, width: 10, height: 10), transform: nil)
        shape.fillColor = blue
        // A blurred layer just off the target, whose blur spreads onto it.
        let blurred = solidLayer(CGRect(x: -30, y: 40, width: 20, height: 20), red)
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(10, forKey: "inputRadius")
        blurred.filters = [blur]
        for layer in [caster, parent, shape, blurred] { root.addSublayer(layer) }
        let list = displayList(for: root, width: 200, height: 100)
        #expect(list.commands.contains { if case .drawShadow = $0 { true } else { false } })
        // The parent's own background is left out; its sublayer is drawn.
        #expect(list.instances.filter { $0.color == SIMD4(1, 0, 0, 1) }.count == 2)
        #expect(list.instances.contains { $0.color == SIMD4(0, 1, 0, 1) })
        #expect(list.commands.contains { if case .endEffectGroup = $0 { true } else { false } })
        #expect(
            list.instances.count == FrameBuilder.build(
                renderTree(for: root), root: root.layerID, width: 200, height: 100, culls: false
            ).instances.count - 1)
    }

    /// A rounded clipping panel of 100 x 80 (radius 10) holding `child`.
    func panel(holding child: CALayer) -> CALayer {
        let root = solidLayer(Self.target)
        let panel = solidLayer(CGRect(x: 10, y: 10, width: 100, height: 80))
        panel.cornerRadius = 10
        panel.masksToBounds = true
        panel.backgroundColor = green
        panel.addSublayer(child)
        root.addSublayer(panel)
        return root
    }

    func clips(_ list: DisplayList) -> Int {
        list.commands.filter {
            switch $0 {
            case .beginShapeClip, .pushClip: true
            default: false
            }
        }.count
    }

    @Test func aClipThatCutsNothingIsLeftOut() {
        // A unit inside the edges, and inside the corners' circles (radius 10, centred 10 in
        // from each edge): no clip.
        for frame in [CGRect(x: 1, y: 12, width: 98, height: 56), CGRect(x: 5, y: 5, width: 20, height: 20)] {
            #expect(clips(displayList(for: panel(holding: solidLayer(frame, red)))) == 0, "\(frame)")
        }
        // Reaching past a corner's circle (its corner 9.9 from the circle's centre), past an
        // edge, or drawing a path, which can reach anywhere: clipped.
        for frame in [CGRect(x: 3, y: 3, width: 20, height: 20), CGRect(x: 20, y: 20, width: 90, height: 20)] {
            #expect(clips(displayList(for: panel(holding: solidLayer(frame, red)))) == 1, "\(frame)")
        }
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 30, y: 30, width: 20, height: 20)
        shape.path = CGPath(rect: shape.bounds, transform: nil)
        #expect(clips(displayList(for: panel(holding: shape))) == 1)
        // Culling off, the clip is made.
        let root = panel(holding: solidLayer(CGRect(x: 30, y: 30, width: 20, height: 20), red))
        #expect(
            clips(FrameBuilder.build(renderTree(for: root), root: root.layerID, width: 200, height: 100, culls: false))
                == 1)
    }

    @Test func aSubtreeThatMovesOntoTheTargetIsDrawnAgain() {
        let root = solidLayer(Self.target)
        let parent = solidLayer(CGRect(x: 0, y: 300, width: 20, height: 20))
        let child = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green)
        parent.addSublayer(child)
        root.addSublayer(parent)
        var tree = renderTree(for: root)
        func drawn() -> Int { FrameBuilder.build(tree, root: root.layerID, width: 200, height: 100).instances.count }
        #expect(drawn() == 0)
        // The child moves up onto the target, off it, and onto it again: the kept extent follows.
        for (y, count) in [(-280.0, 1), (0, 0), (-280, 1)] {
            let moved = LayerUpdate(layer: child.layerID, field: .property(.point(CGPoint(x: 5, y: y + 5)), .position))
            tree.apply(LayerTreeCommit(sequence: 0, updates: [moved], released: [], timestamp: 0))
            #expect(drawn() == count)
        }
    }
}
