import Foundation
import Testing

@testable import SceneCore

/// Autoresizing, as measured on Core Animation: on each axis the superlayer's size change is
/// shared by the number of flexible parts (one takes all; a margin and the size 2/3 and 1/3;
/// two margins 1/2 each; all three 1/3 each), not by their lengths, and what moves is snapped
/// to whole points (minimum edge floored, maximum edge ceiled).
@Suite struct AutoresizingTests {
    /// A 100x100 superlayer with a sublayer at `frame` under `mask`, resized to `size`.
    func resized(
        _ mask: CAAutoresizingMask, to size: CGSize = CGSize(width: 200, height: 150),
        from frame: CGRect = CGRect(x: 10, y: 20, width: 30, height: 40)
    ) -> CGRect {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = frame
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.bounds = CGRect(origin: .zero, size: size)
        return child.frame
    }

    /// Apple's frame (10, 20, 50, 40) in a 100x100 superlayer.
    let measured = CGRect(x: 10, y: 20, width: 50, height: 40)

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

    @Test func aMarginAndTheSizeTakeTwoThirdsAndOneThird() {
        // +100: the left margin 66.67 (x 76.67), the width 33.33 (right edge 160); snapped to 76...160.
        #expect(
            resized([.layerMinXMargin, .layerWidthSizable], to: CGSize(width: 200, height: 100), from: measured)
                == CGRect(x: 76, y: 20, width: 84, height: 40))
        // +10: x 16.67, right edge 70, snapped to 16...70.
        let grown = resized(
            [.layerMinXMargin, .layerWidthSizable], to: CGSize(width: 110, height: 100), from: measured)
        #expect(grown.minX == 16 && grown.width == 54)
        // -50: x -23.33, right edge 10, snapped to -24...10.
        let shrunk = resized(
            [.layerMinXMargin, .layerWidthSizable], to: CGSize(width: 50, height: 100), from: measured)
        #expect(shrunk.minX == -24 && shrunk.width == 34)
        // The width and the right margin: the width takes 1/3 of +100 (83.33, ceiled at the right edge).
        #expect(
            resized([.layerWidthSizable, .layerMaxXMargin], to: CGSize(width: 200, height: 100), from: measured)
                == CGRect(x: 10, y: 20, width: 84, height: 40))
    }

    @Test func allThreeTakeOneThirdEach() {
        // x: +100, a third each: 43.33...126.67, snapped to 43...127.
        // y: +200, a third each: 86.67...193.33, snapped to 86...194.
        let all: CAAutoresizingMask = [
            .layerMinXMargin, .layerWidthSizable, .layerMaxXMargin,
            .layerMinYMargin, .layerHeightSizable, .layerMaxYMargin,
        ]
        #expect(
            resized(all, to: CGSize(width: 200, height: 300), from: measured)
                == CGRect(x: 43, y: 86, width: 84, height: 108))
    }

    @Test func bothMarginsTakeHalfEachWhateverTheirLengths() {
        // Margins 10 and 60 share +100 equally: x 60, the width kept.
        #expect(resized([.layerMinXMargin, .layerMaxXMargin]) == CGRect(x: 60, y: 20, width: 30, height: 40))
        // +25 on y: 12.5 each, y 32.5...72.5 snapped to 32...73.
        #expect(
            resized([.layerMinYMargin, .layerMaxYMargin], to: CGSize(width: 100, height: 125))
                == CGRect(x: 10, y: 32, width: 30, height: 41))
    }

    @Test func aNegativeSizeIsNotClampedButStandardised() {
        // 50x25: the width takes -50 (0), the height -75 (-35): y 20 + (-35) is standardised to -15...20.
        #expect(
            resized([.layerWidthSizable, .layerHeightSizable], to: CGSize(width: 50, height: 25), from: measured)
                == CGRect(x: 10, y: -15, width: 0, height: 35))
    }

    @Test func onlyAnAxisThatMovesIsSnapped() {
        let fractional = CGRect(x: 10.25, y: 20.5, width: 30.5, height: 40.25)
        // Only the width is flexible and only the height changes: the frame stays as it was.
        #expect(resized(.layerWidthSizable, to: CGSize(width: 100, height: 150), from: fractional) == fractional)
        // The width stretches by 100: x 10.25...140.75 snapped to 10...141; y untouched.
        #expect(
            resized(.layerWidthSizable, to: CGSize(width: 200, height: 150), from: fractional)
                == CGRect(x: 10, y: 20.5, width: 131, height: 40.25))
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
        child.resize(withOldSuperlayerSize: CGSize(width: 70, height: 100))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 110, height: 80))
        parent.resizeSublayers(withOldSize: CGSize(width: 110, height: 130))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
    }
}
