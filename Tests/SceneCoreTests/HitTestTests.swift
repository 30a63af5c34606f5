import Foundation
import Testing

@testable import SceneCore

/// hitTest(_:), contains(_:) and presentation layers (Apple's CALayer documentation"Hit testing").
@Suite struct HitTestTests {
    private func layer(_ frame: CGRect, in parent: CALayer? = nil, name: String? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.name = name
        parent?.addSublayer(layer)
        return layer
    }

    @Test func returnsTheDeepestLayerContainingThePoint() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let b = layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: a)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === b)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === a)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 150)) == nil)
    }

    @Test func theLastSublayerIsOnTop() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        _ = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let top = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === top)
    }

    @Test func aHigherZPositionWinsOverArrayOrder() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let low = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let high = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        low.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === low)
        // Elsewhere the other layer is still hit.
        #expect(root.hitTest(CGPoint(x: 125, y: 125)) === high)
        high.zPosition = 2
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === high)
    }

    @Test func hiddenLayersAndTheirSublayersAreSkipped() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let below = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let hidden = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let inHidden = layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: hidden)
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === inHidden)
        hidden.isHidden = true
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === below)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) == nil)
    }

    @Test func aSublayerOutsideItsSuperlayerIsHitUnlessMasksToBounds() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let outside = layer(CGRect(x: 120, y: 120, width: 50, height: 50), in: parent)
        #expect(root.hitTest(CGPoint(x: 130, y: 130)) === outside)
        parent.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 130, y: 130)) === root)
        // Inside the bounds masksToBounds changes nothing.
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === parent)
    }

    @Test func containsIncludesTheOriginEdgesAndExcludesTheFarEdges() {
        let l = CALayer()
        l.bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(l.contains(CGPoint(x: 10, y: 20)))
        #expect(l.contains(CGPoint(x: 109.5, y: 69.5)))
        #expect(!l.contains(CGPoint(x: 110, y: 30)))
        #expect(!l.contains(CGPoint(x: 30, y: 70)))
        #expect(!l.contains(CGPoint(x: 9.5, y: 30)))
        #expect(!l.contains(CGPoint(x: 30, y: 19.5)))
        // contains is in the layer's own space: position plays no part.
        l.position = CGPoint(x: 1000, y: 1000)
        #expect(l.contains(CGPoint(x: 10, y: 20)))
    }

    @Test func hitTestOnTheEdges() {
        let root = layer(CGRect(x: 100, y: 100, width: 50, height: 50))
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 120)) == nil)
        #expect(root.hitTest(CGPoint(x: 120, y: 150)) == nil)
    }

    @Test func thePointIsGivenInTheSuperlayersSpace() {
        let l = layer(CGRect(x: 100, y: 100, width: 100, height: 100))
        #expect(l.hitTest(CGPoint(x: 50, y: 50)) == nil)  // inside the bounds, outside the frame
        #expect(l.hitTest(CGPoint(x: 150, y: 150)) === l)
        let parent = layer(CGRect(x: 0, y: 0, width: 300, height: 300))
        parent.bounds.origin = CGPoint(x: 100, y: 0)  // scrolled: the child now shows at x 0...100
        parent.addSublayer(l)
        #expect(parent.hitTest(CGPoint(x: 50, y: 150)) === l)
        #expect(parent.hitTest(CGPoint(x: 150, y: 150)) === parent)
    }

    @Test func transformedLayersAreHitWhereTheyAreDrawn() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let bar = layer(CGRect(x: 50, y: 90, width: 100, height: 20), in: root)  // horizontal bar
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // now vertical: x 90...110, y 50...150
        #expect(root.hitTest(CGPoint(x: 100, y: 60)) === bar)
        #expect(root.hitTest(CGPoint(x: 60, y: 100)) === root)
    }

    /// A 100×100 layer centred in a 200×200 parent with perspective (m34 = −1/500), rotated by
    /// 60° about y. Its projection spans x = 100 − 25/(1 − 50·sin 60°/500) ≈ 72.6 to
    /// 100 + 25/(1 + 50·sin 60°/500) ≈ 123.0; its unrotated frame spans x = 50 to 150.
    @Test func aLayerRotatedAboutYUnderPerspectiveIsHitInsideItsProjectionOnly() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let card = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 110, y: 100)) === card)
        #expect(root.hitTest(CGPoint(x: 80, y: 145)) === card)  // the near (left) edge is taller than 100
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 60, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 120, y: 148)) === root)  // the far (right) edge is shorter
    }

    @Test func aMaskIsNotHitTested() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let mask = layer(CGRect(x: 0, y: 0, width: 50, height: 50))
        root.mask = mask
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    }
}

/// presentation() and model() (Apple's CALayer documentation"Model vs presentation").
@Suite struct PresentationTests {
    @Test func nilBeforeTheFirstCommit() {
        let layer = CALayer()
        layer.position = CGPoint(x: 3, y: 4)
        #expect(layer.presentation() == nil)
    }

    @Test func afterACommitShowsTheCommittedValues() throws {
        let layer = CALayer()
        LayerTest.commitNow {
            layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
            layer.position = CGPoint(x: 15, y: 20)
            layer.opacity = 0.5
        }
        let presentation = try #require(layer.presentation())
        #expect(presentation !== layer)
        #expect(presentation.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(presentation.position == CGPoint(x: 15, y: 20))
        #expect(presentation.opacity == 0.5)
        #expect(presentation.model() === layer)
        #expect(presentation.presentation() === presentation)
    }

    @Test func anUncommittedChangeIsNotVisible() {
        let layer = CALayer()
        let image = CGImage(rgbaPixels: [1, 2, 3, 255], width: 1, height: 1)!
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 2) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // plain changes, no implicit animations
        layer.position = CGPoint(x: 100, y: 200)
        layer.isHidden = true
        layer.contents = image
        #expect(layer.presentation()?.position == CGPoint(x: 1, y: 2))
        #expect(layer.presentation()?.isHidden == false)
        #expect(layer.presentation()?.contents == nil)
        CATransaction.commit()
        #expect(layer.presentation()?.position == CGPoint(x: 100, y: 200))
        #expect(layer.presentation()?.contents as? CGImage === image)
    }

    @Test func anUncommittedMaskIsNotVisible() {
        let layer = CALayer()
        let mask = CALayer()
        LayerTest.commitNow { layer.opacity = 0.5 }
        CATransaction.begin()
        layer.mask = mask
        #expect(layer.presentation()?.mask == nil)
        CATransaction.commit()
        #expect(layer.presentation()?.mask?.model() === mask)
    }

    @Test func thePresentationSuperlayerIsTheCommittedOne() {
        let parent = CALayer()
        let child = CALayer()
        LayerTest.commitNow { parent.addSublayer(child) }
        CATransaction.begin()
        child.removeFromSuperlayer()
        #expect(child.presentation()?.superlayer?.model() === parent)
        CATransaction.commit()
        #expect(child.presentation()?.superlayer == nil)
    }

    @Test func changingAPresentationLayerChangesNothing() throws {
        let layer = CALayer()
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 2) }
        let presentation = try #require(layer.presentation())
        presentation.position = CGPoint(x: 50, y: 50)
        #expect(layer.position == CGPoint(x: 1, y: 2))
        #expect(presentation.pendingChanges.isEmpty)
    }

    @Test func hitTestOnThePresentationTreeReturnsPresentationLayers() throws {
        let root = CALayer()
        let child = CALayer()
        LayerTest.commitNow {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            root.addSublayer(child)
        }
        let hit = try #require(root.presentation()?.hitTest(CGPoint(x: 20, y: 20)))
        #expect(hit !== child)
        #expect(hit.model() === child)
        #expect(hit.superlayer?.model() === root)
        #expect(root.presentation()?.sublayers?.count == 1)
    }

    @Test func hitTestOnThePresentationTreeUsesCommittedGeometry() {
        let root = CALayer()
        let child = CALayer()
        LayerTest.commitNow {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            root.addSublayer(child)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // a plain change, no implicit animation
        child.position = CGPoint(x: 150, y: 150)  // not yet on screen
        #expect(root.presentation()?.hitTest(CGPoint(x: 20, y: 20))?.model() === child)
        #expect(root.presentation()?.hitTest(CGPoint(x: 150, y: 150))?.model() === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === child)
        CATransaction.commit()
        #expect(root.presentation()?.hitTest(CGPoint(x: 150, y: 150))?.model() === child)
    }

    @Test func anUncommittedSublayerChangeIsNotVisible() {
        let root = CALayer()
        let shown = CALayer()
        let added = CALayer()
        LayerTest.commitNow {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            shown.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            added.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            root.addSublayer(shown)
        }
        CATransaction.begin()
        shown.removeFromSuperlayer()
        root.addSublayer(added)
        // On screen the tree is still root → shown.
        #expect(root.presentation()?.sublayers?.map { $0.model() }.elementsEqual([shown], by: ===) == true)
        #expect(root.presentation()?.hitTest(CGPoint(x: 10, y: 10))?.model() === shown)
        CATransaction.commit()
        #expect(root.presentation()?.sublayers?.map { $0.model() }.elementsEqual([added], by: ===) == true)
        #expect(root.presentation()?.hitTest(CGPoint(x: 10, y: 10))?.model() === added)
    }
}
