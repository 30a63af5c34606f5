import GLBackend
import SceneCore
import Testing
@testable import demo_window

/// The hit-test scene: what a click at a point hits, the line it prints, and the colour it leaves.
@Suite struct HitTestSceneTests {
    let size = CGSize(width: 640, height: 360)

    /// Clicks at `point` as the window does: hit-tests the root, then hands the hit to `click`.
    func click(_ root: CALayer, _ point: CGPoint) -> String {
        HitTestScene.click(root, root.hitTest(point), point)
    }

    func centre(_ column: Int, _ row: Int) -> CGPoint {
        HitTestScene.tileCentre(column, row, in: size)
    }

    @Test func aClickRecoloursTheTileItHitsAndNamesIt() throws {
        let root = HitTestScene.make(size)
        #expect(click(root, centre(3, 2)) == "hit: tile-3-2")
        #expect(root.descendant(named: "tile-3-2")?.backgroundColor == Palette.orange)
        #expect(root.descendant(named: "tile-2-2")?.backgroundColor == Palette.blue)
        #expect(click(root, centre(3, 2)) == "hit: tile-3-2")
        #expect(root.descendant(named: "tile-3-2")?.backgroundColor == Palette.green)
    }

    @Test func aClickOutsideEveryTileHitsNothing() {
        let root = HitTestScene.make(size)
        #expect(click(root, CGPoint(x: 5, y: 5)) == "hit: nothing (outside every layer)")
        #expect(HitTestScene.click(root, nil, CGPoint(x: -10, y: -10)) == "hit: nothing (outside every layer)")
        #expect(root.backgroundColor == Palette.background)
    }

    @Test func theRotatedTileIsHitOnlyInsideItsTurnedShape() throws {
        let root = HitTestScene.make(size)
        let rotated = try #require(root.descendant(named: "tile-1-1"))
        let box = rotated.frame
        #expect(click(root, CGPoint(x: box.minX + 3, y: box.minY + 3)) == HitTestScene.nothing)
        #expect(click(root, centre(1, 1)) == "hit: tile-1-1")
        #expect(rotated.backgroundColor == Palette.orange)
    }

    @Test func nestedTilesAreHitDeepestFirst() {
        let root = HitTestScene.make(size)
        let c = centre(3, 1)
        let tile = root.descendant(named: "tile-3-1")!.bounds.width
        #expect(click(root, c) == "hit: tile-3-1.core")
        #expect(click(root, CGPoint(x: c.x + tile * 0.22, y: c.y)) == "hit: tile-3-1.inner")
        #expect(click(root, CGPoint(x: c.x + tile * 0.4, y: c.y)) == "hit: tile-3-1")
        #expect(root.descendant(named: "tile-3-1.core")?.backgroundColor == Palette.purple)
        #expect(root.descendant(named: "tile-3-1.inner")?.backgroundColor == Palette.green)
    }

    @Test func theClippedPartOfTheOverhangIsNotHit() throws {
        let root = HitTestScene.make(size)
        let clip = try #require(root.descendant(named: "tile-4-2")).frame
        #expect(click(root, CGPoint(x: clip.maxX - 6, y: clip.maxY - 6)) == "hit: tile-4-2.overhang")
        #expect(click(root, CGPoint(x: clip.maxX + 6, y: clip.maxY - 6)) == HitTestScene.nothing)
        #expect(click(root, CGPoint(x: clip.minX + 6, y: clip.minY + 6)) == "hit: tile-4-2")
    }

    @Test func theRecolouredTileIsDrawnInItsNewColour() throws {
        let root = HitTestScene.make(size)
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        #expect(matches(pixel(try renderer.render(root), centre(0, 0)), Palette.blue))
        // As the window does: hit-test what is on screen, and hand over the model layer.
        let hit = try #require(root.presentation()?.hitTest(centre(0, 0))?.model())
        #expect(HitTestScene.click(root, hit, centre(0, 0)) == "hit: tile-0-0")
        let image = try renderer.render(root)
        #expect(matches(pixel(image, centre(0, 0)), Palette.orange))
        #expect(matches(pixel(image, centre(1, 0)), Palette.blue))
        #expect(matches(pixel(image, CGPoint(x: 5, y: 5)), Palette.background))
    }
}
