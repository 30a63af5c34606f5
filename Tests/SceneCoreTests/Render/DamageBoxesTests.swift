import Testing

@testable import SceneCore

/// The damage's rectangles (`DamageBoxes`): boxes merge when their union adds fewer pixels than
/// a rectangle costs (`rectangleCost`, 16,384), at most `mostRectangles` (8) are kept, and
/// damage costing half the target or more is no region (the frame is drawn whole).
@Suite struct DamageBoxesTests {
    /// A box of target pixels from (x, y), GL's orientation.
    func box(_ x: Float, _ y: Float, _ width: Float, _ height: Float) -> PixelBox {
        PixelBox(low: SIMD2(x, y), high: SIMD2(x + width, y + height))
    }

    func region(_ boxes: [PixelBox], width: Int = 1000, height: Int = 1000) -> DamageRegion? {
        var damage = DamageBoxes(width: width, height: height)
        for box in boxes { damage.add(box) }
        return damage.region()
    }

    @Test func boxesFarApartStayApart() {
        // Their union, 900 x 900, would add 809,800 pixels.
        #expect(
            region([box(0, 0, 10, 10), box(890, 890, 10, 10)])
                == DamageRegion([
                    PixelRegion(x: 0, y: 0, width: 10, height: 10), PixelRegion(x: 890, y: 890, width: 10, height: 10),
                ]))
    }

    @Test func boxesWhoseUnionAddsLessThanARectangleCostsMerge() {
        // 10 x 10 at (0, 0) and (100, 0): the union 110 x 10 adds 900 pixels.
        #expect(
            region([box(0, 0, 10, 10), box(100, 0, 10, 10)])
                == DamageRegion([PixelRegion(x: 0, y: 0, width: 110, height: 10)]))
        // 100 x 100 at (0, 0) and (0, 200): the union 100 x 300 adds 10,000 pixels (< 16,384).
        #expect(
            region([box(0, 0, 100, 100), box(0, 200, 100, 100)])
                == DamageRegion([PixelRegion(x: 0, y: 0, width: 100, height: 300)]))
        // At (0, 300): the union 100 x 400 adds 20,000 pixels: two rectangles.
        #expect(region([box(0, 0, 100, 100), box(0, 300, 100, 100)])?.rects.count == 2)
        // Overlapping boxes always merge.
        #expect(
            region([box(0, 0, 100, 100), box(50, 50, 100, 100)])
                == DamageRegion([PixelRegion(x: 0, y: 0, width: 150, height: 150)]))
    }

    @Test func aUnionCanBringInABoxPassedOver() {
        // The third box joins the first; their union then lies next to the second.
        let merged = region([box(0, 0, 100, 100), box(0, 250, 100, 100), box(0, 110, 100, 100)])
        #expect(merged == DamageRegion([PixelRegion(x: 0, y: 0, width: 100, height: 350)]))
    }

    @Test func atMostEightRectanglesTheCheapestPairMerged() throws {
        // Nine 100 x 100 boxes in a row, 350 pixels apart but 300 between the seventh and the
        // eighth: every union adds more than a rectangle costs, theirs the least (30,000 pixels).
        let xs: [Float] = [0, 450, 900, 1350, 1800, 2250, 2700, 3100, 3600]
        let rects = try #require(region(xs.map { box($0, 0, 100, 100) }, width: 4000)).rects
        #expect(rects.count == 8)
        #expect(rects.contains(PixelRegion(x: 2700, y: 0, width: 500, height: 100)))
        #expect(rects.filter { $0.width == 100 }.count == 7)
    }

    @Test func damageOfHalfTheTargetOrMoreIsDrawnWhole() {
        // 500 x 999 of a 1000 x 1000 target: drawn scissored.
        #expect(region([box(0, 0, 500, 999)]) == DamageRegion([PixelRegion(x: 0, y: 0, width: 500, height: 999)]))
        #expect(region([box(0, 0, 500, 1000)]) == nil)
        // Two far apart that come to half together.
        #expect(region([box(0, 0, 400, 700), box(600, 0, 400, 550)]) == nil)
        // Cut to the target first.
        #expect(region([box(-500, -500, 1000, 1000)])?.pixelCount == 250_000)
    }

    @Test func boxesThatAreNotFiniteOrEmpty() {
        #expect(region([.unbounded]) == nil, "an unbounded box covers the whole target")
        #expect(region([box(.nan, 0, 10, 10)]) == nil, "a box with no place could be anywhere")
        #expect(region([.empty, box(2000, 0, 10, 10)]) == DamageRegion(), "empty or outside: nothing")
    }

    @Test func regionsUnite() {
        let a = DamageRegion([PixelRegion(x: 0, y: 0, width: 10, height: 10)])
        let b = DamageRegion([PixelRegion(x: 500, y: 500, width: 10, height: 10)])
        #expect(a.union(b, width: 1000, height: 1000)?.rects.count == 2)
        #expect(a.union(DamageRegion(), width: 1000, height: 1000) == a)
        #expect(a.union(DamageRegion(width: 1000, height: 1000), width: 1000, height: 1000) == nil)
        #expect(DamageRegion([PixelRegion(x: 3, y: 3, width: 0, height: 4)]).isEmpty)
    }
}
