import Foundation
import Testing

@testable import SceneCore

/// `CAScrollLayer`: its mode and how `scroll(to:)` moves the bounds origin for a point and for a
/// rectangle, with exact origins for each rule.
@Suite struct ScrollLayerTests {
    /// A scroll layer 100 wide and 50 high whose bounds origin is at `origin`.
    func scrollLayer(at origin: CGPoint = .zero, mode: CAScrollLayerScrollMode = .both) -> CAScrollLayer {
        let layer = CAScrollLayer()
        layer.bounds = CGRect(origin: origin, size: CGSize(width: 100, height: 50))
        layer.scrollMode = mode
        return layer
    }

    @Test func theModesAreApplesNamesAndBothIsTheDefault() {
        #expect(CAScrollLayerScrollMode.none.rawValue == "none")
        #expect(CAScrollLayerScrollMode.vertically.rawValue == "vertically")
        #expect(CAScrollLayerScrollMode.horizontally.rawValue == "horizontally")
        #expect(CAScrollLayerScrollMode.both.rawValue == "both")
        let layer = CAScrollLayer()
        #expect(layer.scrollMode == .both)
        #expect(layer.value(forKey: "scrollMode") as? CAScrollLayerScrollMode == .both)
        #expect(CAScrollLayer.defaultValue(forKey: "scrollMode") as? CAScrollLayerScrollMode == .both)
        #expect(layer.bounds == .zero && !layer.masksToBounds)
    }

    @Test func theModeIsKeyValueCodedCopiedAndArchived() throws {
        let layer = CAScrollLayer()
        layer.setValue("vertically", forKey: "scrollMode")
        #expect(layer.scrollMode == .vertically)
        layer.scrollMode = .horizontally
        #expect(layer.value(forKey: "scrollMode") as? CAScrollLayerScrollMode == .horizontally)
        #expect(CAScrollLayer(layer: layer).scrollMode == .horizontally)
        LayerTest.commitNow { layer.opacity = 0.5 }
        #expect(layer.presentation()?.scrollMode == .horizontally)
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAScrollLayer.self, from: data))
        #expect(back.scrollMode == .horizontally)
        let unset = try NSKeyedArchiver.archivedData(withRootObject: CAScrollLayer(), requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAScrollLayer.self, from: unset)?.scrollMode == .both)
    }

    @Test(arguments: [
        (CAScrollLayerScrollMode.both, CGPoint(x: 30, y: 40)),
        (.vertically, CGPoint(x: 5, y: 40)),
        (.horizontally, CGPoint(x: 30, y: 6)),
        (.none, CGPoint(x: 5, y: 6)),
    ])
    func scrollingToAPointMovesTheAxesTheModeAllows(mode: CAScrollLayerScrollMode, origin: CGPoint) {
        let layer = scrollLayer(at: CGPoint(x: 5, y: 6), mode: mode)
        layer.scroll(to: CGPoint(x: 30, y: 40))
        #expect(layer.bounds == CGRect(origin: origin, size: CGSize(width: 100, height: 50)))
    }

    /// The bounds are (100, 100, 100, 50) before each scroll.
    @Test(arguments: [
        // Already inside: nothing moves.
        (CGRect(x: 120, y: 110, width: 50, height: 30), CGPoint(x: 100, y: 100)),
        // Touching the edges from inside: nothing moves.
        (CGRect(x: 100, y: 100, width: 100, height: 50), CGPoint(x: 100, y: 100)),
        // Past the right and bottom edges: those edges are aligned (220 - 100, 170 - 50).
        (CGRect(x: 180, y: 140, width: 40, height: 30), CGPoint(x: 120, y: 120)),
        // Past the left and top edges: the rectangle's origin becomes the bounds origin.
        (CGRect(x: 60, y: 80, width: 20, height: 10), CGPoint(x: 60, y: 80)),
        // Sticking out on the left only: only x moves.
        (CGRect(x: 90, y: 120, width: 20, height: 10), CGPoint(x: 90, y: 100)),
        // Wider than the bounds: aligned to its minimum x; y (90 < 100) to its top.
        (CGRect(x: 50, y: 90, width: 300, height: 20), CGPoint(x: 50, y: 90)),
        // Taller than the bounds though overlapping them: aligned to its minimum y; x stays.
        (CGRect(x: 130, y: 20, width: 10, height: 180), CGPoint(x: 100, y: 20)),
        // Bigger on both axes and covering the bounds: its origin.
        (CGRect(x: 0, y: 0, width: 500, height: 500), CGPoint(x: 0, y: 0)),
        // A negative size is standardised first: (180, 140, 40, 30).
        (CGRect(x: 220, y: 170, width: -40, height: -30), CGPoint(x: 120, y: 120)),
    ])
    func scrollingToARectangleMovesAsLittleAsPossible(rect: CGRect, origin: CGPoint) {
        let layer = scrollLayer(at: CGPoint(x: 100, y: 100))
        layer.scroll(to: rect)
        #expect(layer.bounds == CGRect(origin: origin, size: CGSize(width: 100, height: 50)))
    }

    @Test(arguments: [
        (CAScrollLayerScrollMode.vertically, CGPoint(x: 100, y: 120)),
        (.horizontally, CGPoint(x: 120, y: 100)),
        (.none, CGPoint(x: 100, y: 100)),
    ])
    func scrollingToARectangleObeysTheMode(mode: CAScrollLayerScrollMode, origin: CGPoint) {
        let layer = scrollLayer(at: CGPoint(x: 100, y: 100), mode: mode)
        layer.scroll(to: CGRect(x: 180, y: 140, width: 40, height: 30))
        #expect(layer.bounds.origin == origin)
    }

    @Test func aRectangleThatIsNotFiniteScrollsNothing() {
        let layer = scrollLayer(at: CGPoint(x: 100, y: 100))
        layer.scroll(to: CGRect.null)
        layer.scroll(to: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        layer.scroll(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
        #expect(layer.bounds.origin == CGPoint(x: 100, y: 100))
    }

    @Test func aScrollIsAnimatedImplicitlyUnlessActionsAreDisabled() throws {
        let layer = scrollLayer()
        LayerTest.commitNow { layer.opacity = 0.5 }
        LayerTest.commitNow { layer.scroll(to: CGPoint(x: 0, y: 200)) }
        let animation = try #require(layer.animation(forKey: "bounds") as? CABasicAnimation)
        #expect(animation.fromValue as? CGRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(animation.duration == 0.25)
        layer.removeAllAnimations()
        LayerTest.commitWithoutActions { layer.scroll(to: CGPoint(x: 0, y: 400)) }
        #expect(layer.animationKeys() == nil)
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 400))
        // A mode that forbids the scroll changes nothing, so nothing animates.
        layer.scrollMode = .none
        LayerTest.commitNow { layer.scroll(to: CGPoint(x: 0, y: 0)) }
        #expect(layer.animationKeys() == nil)
    }
}
