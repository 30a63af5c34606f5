import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Behaviours measured on Apple's QuartzCore that SceneCore once did differently.
@Suite struct AppleBehaviourTests {
    @Test func settingTheFrameTakesTheTransformsTranslationOut() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeTranslation(10, 20, 0)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 50, y: 25))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(isClose(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 50)))
    }

    @Test func settingTheFrameOfAScaledLayerWithAMovedAnchorReadsBackAsSet() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0, y: 1)
        layer.transform = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 5, 7, 0)
        layer.frame = CGRect(x: 40, y: 60, width: 80, height: 90)
        #expect(isClose(layer.bounds, CGRect(x: 0, y: 0, width: 40, height: 30)))
        #expect(isClose(layer.frame, CGRect(x: 40, y: 60, width: 80, height: 90)))
    }

    @Test func defaultsApplesAnswers() {
        #expect(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? String == "linear")
        #expect(CALayer.defaultValue(forKey: "drawsAsynchronously") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "allowsEdgeAntialiasing") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "duration") as? CFTimeInterval == .infinity)
    }

    @Test func copyingAGroupIsShallowButAddingItCopiesItsChildren() throws {
        let child = CABasicAnimation(keyPath: "opacity")
        child.toValue = 0.5
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        let copy = try #require(group.copy() as? CAAnimationGroup)
        #expect(copy.animations?.first === child, "the copy holds the same child objects")

        let layer = CALayer()
        layer.add(group, forKey: "group")
        let added = try #require(layer.animation(forKey: "group") as? CAAnimationGroup)
        #expect(added.animations?.first !== child, "the layer keeps children of its own")
        child.toValue = 0.1
        #expect((added.animations?.first as? CABasicAnimation)?.toValue as? Double == 0.5)
    }
}

/// `displayIfNeeded()` and the commit's display pass, with a subclass that replaces `display()`.
@Suite struct DisplayMarkTests {
    final class CountingLayer: CALayer, @unchecked Sendable {
        var displays = 0
        override func display() { displays += 1 }  // does not call super
    }

    @Test func displayIfNeededClearsTheMarkWhenDisplayDoesNotCallSuper() {
        let layer = CountingLayer()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(layer.displays == 1)
    }

    @Test func aCommitDisplaysAtMostOncePerSetNeedsDisplay() {
        let layer = CountingLayer()
        LayerTest.commitNow { layer.setNeedsDisplay() }
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 1) }
        LayerTest.commitNow { layer.position = CGPoint(x: 2, y: 2) }
        #expect(layer.displays == 1)
    }

    // GNUstep's suite, run on Apple's QuartzCore.

    @Test func instanceColorAndForegroundColorDefaultToOpaqueWhiteInRGB() {
        for color in [CAReplicatorLayer().instanceColor, CATextLayer().foregroundColor] {
            #expect(color?.numberOfComponents == 4)
            #expect(color?.components == [1, 1, 1, 1])
        }
    }

    @Test func aSublayersVisibleRectFollowsTheScroll() {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let inner = CALayer()
        inner.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        scroller.addSublayer(content)
        content.addSublayer(inner)
        scroller.scroll(to: CGPoint(x: 50, y: 60))
        #expect(scroller.visibleRect == CGRect(x: 50, y: 60, width: 100, height: 100))
        #expect(content.visibleRect == CGRect(x: 50, y: 60, width: 100, height: 100))
        #expect(inner.visibleRect == CGRect(x: 30, y: 40, width: 100, height: 100))
        content.scroll(CGPoint(x: 10, y: 0))
        #expect(inner.visibleRect == CGRect(x: 0, y: 0, width: 90, height: 80))
    }

    @Test func anUnknownDynamicRangeReadsBackAsStandard() {
        let layer = CALayer()
        layer.preferredDynamicRange = CADynamicRange(rawValue: "no such range")
        #expect(layer.preferredDynamicRange == .standard)
        layer.setValue("brighter than the sun", forKey: "preferredDynamicRange")
        #expect(layer.preferredDynamicRange == .standard)
        layer.preferredDynamicRange = .high
        #expect(layer.preferredDynamicRange == .high)
    }
}
