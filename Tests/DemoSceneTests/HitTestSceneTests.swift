import GLBackend
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import demo_window

/// The hit-test scene: what a click at a point hits, the line it prints, the colour it leaves,
/// and the mover that glides to clicks and is hit where it is on screen.
@Suite struct HitTestSceneTests {
    let size = CGSize(width: 640, height: 360)

    /// Clicks at `point` as the window does: commits, hit-tests the presentation tree, and
    /// hands the model layer hit to `click`.
    func click(_ root: CALayer, _ point: CGPoint) -> String {
        CATransaction.flush()
        return HitTestScene.click(root, root.presentation()?.hitTest(point)?.model(), point)
    }

    /// The part of a click's line before the mover's glide.
    func hit(_ root: CALayer, _ point: CGPoint) -> String {
        String(click(root, point).split(separator: ";")[0])
    }

    func centre(_ column: Int, _ row: Int) -> CGPoint {
        HitTestScene.tileCentre(column, row, in: size)
    }

    @Test func aClickRecoloursTheTileItHitsAndNamesIt() throws {
        let root = HitTestScene.make(size)
        #expect(hit(root, centre(3, 2)) == "hit: tile-3-2")
        #expect(root.descendant(named: "tile-3-2")?.backgroundColor == Palette.orange)
        #expect(root.descendant(named: "tile-2-2")?.backgroundColor == Palette.blue)
        #expect(hit(root, centre(3, 2)) == "hit: tile-3-2")
        #expect(root.descendant(named: "tile-3-2")?.backgroundColor == Palette.green)
    }

    @Test func aClickOutsideEveryTileHitsNothing() {
        let root = HitTestScene.make(size)
        #expect(hit(root, CGPoint(x: 5, y: 5)) == "hit: nothing (outside every layer)")
        #expect(
            HitTestScene.click(root, nil, CGPoint(x: -10, y: -10))
                == "hit: nothing (outside every layer); the mover glides to (-10, -10)")
        #expect(root.backgroundColor == Palette.background)
    }

    @Test func theRotatedTileIsHitOnlyInsideItsTurnedShape() throws {
        let root = HitTestScene.make(size)
        let rotated = try #require(root.descendant(named: "tile-1-1"))
        let box = rotated.frame
        #expect(hit(root, CGPoint(x: box.minX + 3, y: box.minY + 3)) == HitTestScene.nothing)
        #expect(hit(root, centre(1, 1)) == "hit: tile-1-1")
        #expect(rotated.backgroundColor == Palette.orange)
    }

    @Test func nestedTilesAreHitDeepestFirst() {
        let root = HitTestScene.make(size)
        let c = centre(3, 1)
        let tile = root.descendant(named: "tile-3-1")!.bounds.width
        #expect(hit(root, c) == "hit: tile-3-1.core")
        #expect(hit(root, CGPoint(x: c.x + tile * 0.22, y: c.y)) == "hit: tile-3-1.inner")
        #expect(hit(root, CGPoint(x: c.x + tile * 0.4, y: c.y)) == "hit: tile-3-1")
        #expect(root.descendant(named: "tile-3-1.core")?.backgroundColor == Palette.purple)
        #expect(root.descendant(named: "tile-3-1.inner")?.backgroundColor == Palette.green)
    }

    @Test func theClippedPartOfTheOverhangIsNotHit() throws {
        let root = HitTestScene.make(size)
        let clip = try #require(root.descendant(named: "tile-4-2")).frame
        #expect(hit(root, CGPoint(x: clip.maxX - 6, y: clip.maxY - 6)) == "hit: tile-4-2.overhang")
        #expect(hit(root, CGPoint(x: clip.maxX + 6, y: clip.maxY - 6)) == HitTestScene.nothing)
        #expect(hit(root, CGPoint(x: clip.minX + 6, y: clip.minY + 6)) == "hit: tile-4-2")
    }

    @Test func theRecolouredTileIsDrawnInItsNewColour() throws {
        let root = HitTestScene.make(size)
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        try expectPixel(renderer.render(root), at: centre(0, 0), opaque(Palette.blue), tolerance: 2)
        // As the window does: hit-test what is on screen, and hand over the model layer.
        #expect(hit(root, centre(0, 0)) == "hit: tile-0-0")
        let image = try renderer.render(root)
        expectPixel(image, at: centre(0, 0), opaque(Palette.orange), tolerance: 2)
        expectPixel(image, at: centre(1, 0), opaque(Palette.blue), tolerance: 2)
        expectPixel(image, at: CGPoint(x: 5, y: 5), opaque(Palette.background), tolerance: 2)
    }

    /// A scene whose time is frozen at 100 (its root on a manual clock), committed.
    func frozenScene() -> ManualClock {
        ManualClock(HitTestScene.make(size), at: 100)
    }

    @Test func aClickSendsTheMoverGlidingThereInFourSeconds() throws {
        let clock = frozenScene()
        let root = clock.layer
        let mover = try #require(root.descendant(named: HitTestScene.moverName))
        let start = mover.position
        let target = centre(2, 1)
        #expect(click(root, target) == "hit: tile-2-1; the mover glides to (\(Int(target.x)), \(Int(target.y)))")
        #expect(mover.position == target)
        let glide = try #require(mover.animation(forKey: "position") as? CABasicAnimation)
        // An implicit animation: from the position on screen to the new model value.
        #expect(glide.duration == 4 && glide.keyPath == "position" && glide.beginTime == 100)
        #expect(glide.fromValue as? CGPoint == start && glide.toValue == nil)
        #expect(mover.presentation()?.position == start)
        // Halfway through, the default timing curve's value at 0.5 of the way.
        clock.seek(to: 102)
        let progress = CGFloat(CAMediaTimingFunction(name: .default).value(at: 0.5))
        let halfway = CGPoint(
            x: start.x + (target.x - start.x) * progress, y: start.y + (target.y - start.y) * progress)
        #expect(isClose(try #require(mover.presentation()).position, halfway, tolerance: 1e-9))
        clock.seek(to: 104)
        #expect(mover.presentation()?.position == target)
    }

    @Test func aClickOnTheMoverWhereItIsOnScreenRecoloursIt() throws {
        let clock = frozenScene()
        let root = clock.layer
        let mover = try #require(root.descendant(named: HitTestScene.moverName))
        let target = CGPoint(x: 20, y: 20)
        _ = click(root, target)
        clock.seek(to: 101.5)
        let onScreen = try #require(mover.presentation()).position
        #expect(!isClose(onScreen, target, tolerance: 50))
        // Its model position is where it is going, not where it is: a click there misses it.
        #expect(hit(root, target) == "hit: nothing (outside every layer)")
        #expect(mover.backgroundColor == Palette.ink)
        #expect(click(root, onScreen) == "hit: mover (recoloured)")
        #expect(mover.backgroundColor == Palette.blue)
        #expect(mover.position == target)
        #expect(mover.animation(forKey: "backgroundColor") != nil)
        #expect(click(root, onScreen) == "hit: mover (recoloured)")
        #expect(mover.backgroundColor == Palette.orange)
    }
}
