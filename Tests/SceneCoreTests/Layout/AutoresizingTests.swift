import Foundation
import Testing

@testable import SceneCore

/// Autoresizing: when a layer's bounds change size, each sublayer shares the change among the
/// flexible parts its mask names, in proportion to their lengths (equally when they add up to 0).
@Suite struct AutoresizingTests {
    /// A 100x100 superlayer with a sublayer at (10, 20, 30, 40) under `mask`, grown to 200x150.
    func resized(_ mask: CAAutoresizingMask, from frame: CGRect = CGRect(x: 10, y: 20, width: 30, height: 40)) -> CGRect
    {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = frame
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        return child.frame
    }

    @Test func eachFlagAlone() {
        // x parts: margin 10, width 30, margin 60 (+100); y: margin 20, height 40, margin 40 (+50).
        #expect(resized([]) == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(resized(.layerMinXMargin) == CGRect(x: 110, y: 20, width: 30, height: 40))
        #expect(resized(.layerWidthSizable) == CGRect(x: 10, y: 20, width: 130, height: 40))
        #expect(resized(.layerMaxXMargin) == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(resized(.layerMinYMargin) == CGRect(x: 10, y: 70, width: 30, height: 40))
        #expect(resized(.layerHeightSizable) == CGRect(x: 10, y: 20, width: 30, height: 90))
        #expect(resized(.layerMaxYMargin) == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func severalFlexiblePartsShareInProportion() {
        // Width 30 and right margin 60 share +100: 1/3 and 2/3.
        let f = resized([.layerWidthSizable, .layerMaxXMargin])
        #expect(abs(f.width - (30 + 100.0 / 3)) < 1e-9 && abs(f.minX - 10) < 1e-9)
        // Both margins (10 and 60) share +100: the left gets 1/7, the layer keeps its width.
        let g = resized([.layerMinXMargin, .layerMaxXMargin])
        #expect(abs(g.minX - (10 + 100.0 / 7)) < 1e-9 && g.width == 30)
        // All three on y: 20, 40 and 40 share +50.
        let h = resized([.layerMinYMargin, .layerHeightSizable, .layerMaxYMargin])
        #expect(abs(h.minY - 30) < 1e-9 && abs(h.height - 60) < 1e-9)
        // Combined axes are independent.
        #expect(resized([.layerWidthSizable, .layerHeightSizable]) == CGRect(x: 10, y: 20, width: 130, height: 90))
    }

    @Test func zeroLengthFlexiblePartsShareEqually() {
        // A layer filling the superlayer: margins 0 and 0, only they are flexible: +100 split 50/50.
        let f = resized([.layerMinXMargin, .layerMaxXMargin], from: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(f.minX == 50 && f.width == 100)
    }

    @Test func shrinkingAndTheResizeHooks() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        child.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        parent.addSublayer(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 50, height: 60)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 30, height: 40))
        // The hooks can be called directly, as on Apple platforms.
        child.frame = CGRect(x: 10, y: 10, width: 30, height: 40)
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 80))
    }
}
