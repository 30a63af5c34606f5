import Foundation
import Testing

@testable import SceneCore

/// `visibleRect`, `scroll(_:)` and `scrollRectToVisible(_:)` on any layer: found through the
/// nearest enclosing scroll layer and converted through the layers between, with exact numbers.
///
/// The tree: a scroll layer showing 100 x 50 points of its space, holding a plain container
/// (frame (0, 0, 100, 400)) that holds an item of bounds 50 x 50 centred at (50, 150) and scaled
/// by 2, so the item covers (0, 100, 100, 100) of the container and its point (u, v) is the
/// container's (50 + 2 (u - 25), 150 + 2 (v - 25)).
@Suite struct LayerScrollingTests {
    let scroll = CAScrollLayer()
    let container = CALayer()
    let item = CALayer()

    init() {
        scroll.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 400)
        item.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        item.position = CGPoint(x: 50, y: 150)
        item.transform = CATransform3DMakeScale(2, 2, 1)
        scroll.addSublayer(container)
        container.addSublayer(item)
    }

    @Test func aLayerOutsideTheScrolledViewShowsNothing() {
        #expect(item.visibleRect == .null)
        #expect(container.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func theVisibleRectIsTheScrollLayersBoundsConvertedAndIntersected() {
        scroll.scroll(to: CGPoint(x: 0, y: 120))
        // The scroll layer's (0, 120)...(100, 170) is the item's (0, 10)...(50, 35).
        #expect(item.visibleRect == CGRect(x: 0, y: 10, width: 50, height: 25))
        #expect(container.visibleRect == CGRect(x: 0, y: 120, width: 100, height: 50))
        // Scrolled sideways by 60: only the item's right part, u from 30 to 50, shows.
        scroll.scroll(to: CGPoint(x: 60, y: 120))
        #expect(item.visibleRect == CGRect(x: 30, y: 10, width: 20, height: 25))
    }

    @Test func aSublayerScrollsItsScrollLayerToShowARectangle() {
        scroll.scroll(to: CGPoint(x: 0, y: 120))
        // The item's (0, 40, 10, 10) is the container's (0, 180, 20, 20): its bottom, 200, goes
        // to the bottom of the 50-high view, so the origin becomes 150.
        item.scrollRectToVisible(CGRect(x: 0, y: 40, width: 10, height: 10))
        #expect(scroll.bounds == CGRect(x: 0, y: 150, width: 100, height: 50))
        // Already visible: nothing moves.
        item.scrollRectToVisible(CGRect(x: 0, y: 40, width: 10, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 150))
        // The item's top is the container's 100: above the view, so the origin becomes 100.
        item.scrollRectToVisible(CGRect(x: 10, y: 0, width: 5, height: 5))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 100))
    }

    @Test func aSublayerScrollsAPointToTheScrollLayersOrigin() {
        // The item's (25, 0) is the container's (50, 100).
        item.scroll(CGPoint(x: 25, y: 0))
        #expect(scroll.bounds == CGRect(x: 50, y: 100, width: 100, height: 50))
        scroll.scrollMode = .vertically
        item.scroll(CGPoint(x: 0, y: 25))
        #expect(scroll.bounds.origin == CGPoint(x: 50, y: 150))
    }

    @Test func theNearestScrollLayerIsTheOneUsed() {
        let inner = CAScrollLayer()
        inner.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let leaf = CALayer()
        leaf.frame = CGRect(x: 0, y: 100, width: 40, height: 20)
        inner.addSublayer(leaf)
        container.addSublayer(inner)
        leaf.scrollRectToVisible(leaf.bounds)
        #expect(inner.bounds.origin == CGPoint(x: 0, y: 80))
        #expect(scroll.bounds.origin == .zero)
        #expect(leaf.visibleRect == CGRect(x: 0, y: 0, width: 40, height: 20))
        // The inner scroll layer's own visible part is measured against the outer one.
        #expect(inner.visibleRect == CGRect(x: 0, y: 80, width: 40, height: 40))
    }

    @Test func withoutAScrollLayerTheBoundsAreVisibleAndNothingScrolls() {
        let root = CALayer()
        root.bounds = CGRect(x: 7, y: 8, width: 30, height: 20)
        let child = CALayer()
        child.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        root.addSublayer(child)
        #expect(child.visibleRect == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(root.visibleRect == CGRect(x: 7, y: 8, width: 30, height: 20))
        child.scroll(CGPoint(x: 50, y: 50))
        child.scrollRectToVisible(CGRect(x: 100, y: 100, width: 5, height: 5))
        #expect(root.bounds == CGRect(x: 7, y: 8, width: 30, height: 20))
        #expect(child.bounds == CGRect(x: 0, y: 0, width: 20, height: 20))
        // A scroll layer is not its own enclosing scroll layer.
        scroll.scroll(CGPoint(x: 30, y: 30))
        #expect(scroll.bounds.origin == .zero)
        #expect(scroll.visibleRect == scroll.bounds)
    }
}
