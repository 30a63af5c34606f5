import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The display cycle: marked layers draw during the commit, through the delegate's
/// `display(_:)` or into a backing store of `bounds × contentsScale` via `draw(in:)`.
@Suite struct DisplayCycleTests {
    final class Painter: CALayerDelegate {
        var calls: [String] = []
        var lastContextSize: (Int, Int)?
        func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }
        func draw(_ layer: CALayer, in ctx: CGContext) {
            calls.append("draw")
            lastContextSize = (ctx.width, ctx.height)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))  // the layer's top-left, y down
        }
    }

    final class Displayer: CALayerDelegate {
        let image = CGImage(rgbaPixels: [0, 0, 255, 255], width: 1, height: 1)!
        var count = 0
        func display(_ layer: CALayer) {
            count += 1
            layer.contents = image
        }
    }

    final class CountingLayer: CALayer {
        nonisolated(unsafe) static var draws = 0
        override func draw(in ctx: CGContext) { Self.draws += 1 }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "opacity" || super.needsDisplay(forKey: key)
        }
    }

    func image(_ layer: CALayer) -> CGImage? { layer.contents as? CGImage }

    @Test func aMarkedLayerDrawsIntoABackingStoreAtCommit() throws {
        let painter = Painter()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.contentsScale = 2
        layer.delegate = painter
        LayerTest.commitNow { layer.setNeedsDisplay() }
        #expect(!layer.needsDisplay())
        #expect(painter.calls == ["willDraw", "draw"])
        #expect(painter.lastContextSize! == (40, 20))
        let contents = try #require(image(layer))
        #expect(contents.width == 40 && contents.height == 20)
        // Layer coordinates are y down and scaled: (0, 0, 10, 5) is pixels (0, 0, 20, 10).
        let p = contents.pixel(x: 19, y: 9)
        let q = contents.pixel(x: 20, y: 10)
        #expect(p.r == 255 && p.a == 255)
        #expect(q.a == 0)
        #expect(layer.committedState?.contents === contents, "committed in the same transaction")
    }

    @Test func theDelegatesDisplayReplacesDrawing() {
        let displayer = Displayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.delegate = displayer
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(displayer.count == 1)
        #expect(image(layer) === displayer.image)
        layer.displayIfNeeded()
        #expect(displayer.count == 1, "not marked any more")
    }

    @Test func nothingIsDrawnUnlessMarked() {
        CountingLayer.draws = 0
        let layer = CountingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        LayerTest.commitNow { layer.position = CGPoint(x: 3, y: 3) }
        #expect(CountingLayer.draws == 0)
        LayerTest.commitNow { layer.opacity = 0.5 }  // needsDisplay(forKey: "opacity")
        #expect(CountingLayer.draws == 1)
        layer.needsDisplayOnBoundsChange = true
        LayerTest.commitNow { layer.bounds = CGRect(x: 0, y: 0, width: 9, height: 9) }
        #expect(CountingLayer.draws == 2)
        LayerTest.commitNow { layer.position = CGPoint(x: 4, y: 4) }
        #expect(CountingLayer.draws == 2)
    }

    @Test func aZeroSizedLayerGetsNoContentsAndAHugeOneIsDrawnSmaller() {
        let painter = Painter()
        let empty = CALayer()
        empty.delegate = painter
        empty.setNeedsDisplay()
        empty.displayIfNeeded()
        #expect(empty.contents == nil && painter.calls.isEmpty)
        let huge = CALayer()
        huge.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 10)
        huge.delegate = painter
        huge.setNeedsDisplay()
        let messages = Diagnostics.capturing { huge.displayIfNeeded() }
        #expect(image(huge)?.width == BackingStoreBudget.maximumSide)
        #expect(messages.contains { $0.contains("a backing store is at most") })
    }

    @Test func aDirtyRectRedrawsOnlyThatPartAndRecordsIt() throws {
        let painter = Painter()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.delegate = painter
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let first = try #require(image(layer))
        layer.setNeedsDisplay(CGRect(x: 12, y: 2, width: 4, height: 3))
        layer.displayIfNeeded()
        let second = try #require(image(layer))
        #expect(second.updatedRegion == UpdatedRegion(base: first.imageID, x: 12, y: 2, width: 4, height: 3))
        // Outside the dirty rect the earlier drawing is kept (it is the same drawing here).
        #expect(second.pixel(x: 5, y: 2) == first.pixel(x: 5, y: 2))
        #expect(second.pixel(x: 13, y: 3).a == 0)
    }
}

/// A subclass's own animatable key that needs display redraws every frame while it animates,
/// and `draw(in:)` reads the animated value, as Core Animation's presentation layer would.
@Suite struct CustomKeyRedrawTests {
    final class ProgressLayer: CALayer {
        static let registration: Void = { ProgressLayer.registerAnimatableProperty("progress") }()
        override init() {
            _ = Self.registration
            super.init()
        }
        override init(layer: Any) { super.init(layer: layer) }
        // Layers are NSSecureCoding, so a subclass with initializers of its own provides this one too.
        required init?(coder: NSCoder) {
            _ = Self.registration
            super.init(coder: coder)
        }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
        var progress: CGFloat { (value(forKey: "progress") as? CGFloat) ?? 0 }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    @Test func anAnimatedKeyIsDrawnWithItsValueNow() throws {
        let layer = ProgressLayer()
        let paused = ManualClock(layer) { $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 10) }
        layer.setValue(CGFloat(0), forKey: "progress")
        CATransaction.flush()
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1
        paused.add(fill, forKey: "fill")
        paused.seek(to: 100.5)
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        #expect(image.pixel(x: 18, y: 5).r == 255, "half-way: red up to x 20")
        #expect(image.pixel(x: 22, y: 5).a == 0)
        #expect(layer.progress == 0, "the model value is back after drawing")
        #expect(layer.contentRedraw?.isRedrawing == true, "redrawn every frame while it animates")
    }

    @Test func settingTheKeyOnACommittedLayerAnimatesAndRedraws() {
        let layer = ProgressLayer()
        _ = ManualClock(layer) { $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 10) }
        layer.setValue(CGFloat(0.5), forKey: "progress")
        #expect(layer.needsDisplay())
        #expect(layer.animation(forKey: "progress") is CABasicAnimation)
    }
}
