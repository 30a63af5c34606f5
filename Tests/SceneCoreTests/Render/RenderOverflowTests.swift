import Foundation
import SceneCoreFuzzSupport
import Testing

@testable import SceneCore

/// Values from the app that overflow what the render side converts them to (a pixel count, a
/// single-precision vertex) are clamped or refused with a message logged once, never a trap.
@Suite struct RenderOverflowTests {
    /// A 64 x 48 root holding `layer`, shown through two frames with damage worked out; returns
    /// the display lists and the messages logged.
    private func twoFrames(of layer: CALayer) -> (lists: [DisplayList], messages: [String]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.addSublayer(layer)
        let probe = CommitProbe(root: root)
        var lists: [DisplayList] = []
        let messages = Diagnostics.capturing {
            CATransaction.flush()
            lists.append(probe.frame(at: CACurrentMediaTime()).output.displayList)
            layer.opacity = 0.5
            CATransaction.flush()
            lists.append(probe.frame(at: CACurrentMediaTime() + 1).output.displayList)
        }
        return (lists, messages)
    }

    /// Every number of every quad is finite: what the GPU is handed.
    private func expectFinite(_ lists: [DisplayList]) {
        for list in lists {
            #expect(list.instances.allSatisfy { $0.isFinite })
        }
    }

    /// Before: the damage footprint trapped converting three standard deviations to an `Int`.
    @Test func aShadowPathShadowOfAHugeRadiusUnderAHugeZoomIsMeasuredWithoutATrap() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 1
        layer.shadowRadius = 1e30
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        layer.transform = CATransform3DMakeScale(1e30, 1e30, 1)
        let (lists, _) = twoFrames(of: layer)
        #expect(lists.count == 2)
        expectFinite(lists)
    }

    @Test func aLayerWhoseTransformsOverflowSinglePrecisionIsNotDrawnAndReportedOnce() {
        let outer = CALayer()
        outer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        outer.transform = CATransform3DMakeScale(1e30, 1e30, 1)
        let inner = CALayer()
        inner.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        inner.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        inner.transform = CATransform3DMakeScale(1e30, 1e30, 1)
        outer.addSublayer(inner)
        let (lists, messages) = twoFrames(of: outer)
        expectFinite(lists)
        #expect(lists.allSatisfy { $0.instances.isEmpty }, "the green layer cannot be placed")
        #expect(messages.filter { $0.contains("overflows single precision") }.count == 1)
    }

    @Test func aRasterizedLayerOfAHugeExtentIsDrawnWithoutATrap() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1e300, height: 1e300)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.shouldRasterize = true
        layer.rasterizationScale = 1e300
        let (lists, _) = twoFrames(of: layer)
        expectFinite(lists)
    }

    @Test func aDirtyRectBeyondAnyPixelCountRedrawsTheWholeStore() {
        final class Painter: CALayer, @unchecked Sendable {
            var drawn = 0
            override func draw(in ctx: CGContext) { drawn += 1 }
        }
        let layer = Painter()
        layer.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        layer.display()
        layer.setNeedsDisplay(CGRect(x: -1e300, y: -1e300, width: .greatestFiniteMagnitude, height: 1e300))
        layer.displayIfNeeded()
        #expect(layer.drawn == 2)
    }

    @Test func pixelCountsClampInsteadOfTrapping() {
        #expect(Int(clampingPixels: Double.nan) == 0)
        #expect(Int(clampingPixels: Double.infinity) == Int.largestPixelCount)
        #expect(Int(clampingPixels: -Float.infinity) == -Int.largestPixelCount)
        #expect(Int(clampingPixels: 1e300) == Int.largestPixelCount)
        #expect(Int(clampingPixels: 12.9) == 12)
        #expect(Int(clampingPixels: Float(-3.5)) == -3)
    }
}
