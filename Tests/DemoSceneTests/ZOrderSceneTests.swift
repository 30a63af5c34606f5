import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The z-order scene: the card on top at the shared point follows zPosition, flipped by time and clicks.
@Suite struct ZOrderSceneTests {
    let size = CGSize(width: 400, height: 300)
    var overlap: CGPoint { ZOrderScene.overlapPoint(in: size) }

    /// The name of the layer the model tree's hit-test finds at the overlap point.
    func topAtOverlap(_ root: CALayer) -> String? {
        root.hitTest(overlap)?.name
    }

    @Test func everyCardCoversTheOverlapPoint() {
        let root = ZOrderScene.make(size)
        #expect(root.sublayers?.count == 3)
        #expect((root.sublayers ?? []).allSatisfy { $0.frame.insetBy(dx: 20, dy: 20).contains(overlap) })
    }

    @Test func theFirstCardStartsOnTopThroughZPositionAlone() {
        let root = ZOrderScene.make(size)
        #expect(root.sublayers?.map(\.name) == ["blue", "orange", "green"])
        #expect(topAtOverlap(root) == "blue")
    }

    @Test func tickFlipsOncePerWholeSecond() {
        let root = ZOrderScene.make(size)
        let expected: [(t: Double, top: String)] = [
            (0, "blue"), (0.99, "blue"), (1.0, "orange"), (1.5, "orange"), (2.01, "green"), (3.2, "blue"),
            (4.0, "orange"), (8.5, "green"),  // a stall of four seconds flips four times
        ]
        for (t, top) in expected {
            ZOrderScene.tick(root, at: t)
            #expect(topAtOverlap(root) == top, "at t = \(t)")
        }
        #expect(root.sublayers?.map(\.name) == ["blue", "orange", "green"])
    }

    @Test func clicksFlipTooAndSayWhichIsOnTop() {
        let root = ZOrderScene.make(size)
        let lines = (0..<4).map { _ in ZOrderScene.click(root, root.hitTest(overlap), overlap) }
        #expect(lines == ["on top: orange", "on top: green", "on top: blue", "on top: orange"])
        #expect(topAtOverlap(root) == "orange")
        ZOrderScene.tick(root, at: 1)
        #expect(topAtOverlap(root) == "green")
    }

    @Test func theCardOnTopIsTheOneDrawnOnTop() throws {
        let root = ZOrderScene.make(size)
        let renderer = try OffscreenRenderer(width: 400, height: 300)
        try expectPixel(renderer.render(root), at: overlap, opaque(Palette.blue), tolerance: 2)
        _ = ZOrderScene.click(root, nil, overlap)
        try expectPixel(renderer.render(root), at: overlap, opaque(Palette.orange), tolerance: 2)
        ZOrderScene.tick(root, at: 1)
        try expectPixel(renderer.render(root), at: overlap, opaque(Palette.green), tolerance: 2)
    }
}
