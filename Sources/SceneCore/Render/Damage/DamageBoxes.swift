/// The boxes of target pixels a frame changes, gathered one at a time into a few rectangles by
/// a cost model: two boxes become their union when that adds fewer pixels than drawing one more
/// rectangle costs (`rectangleCost`), and never more than `mostRectangles` are kept (the pair
/// whose union adds the fewest pixels is merged). When the rectangles' pixels come to half the
/// target or more, drawing the whole target costs less (a whole frame is swapped, not copied,
/// and its clear is not drawn): the frame has no region.
struct DamageBoxes {
    /// What drawing one more rectangle costs, in pixels drawn: a scissored clear, a draw call
    /// per batch again, every kept quad's vertices again, and a copy to the window.
    static let rectangleCost: Float = 16_384
    /// The most rectangles a frame is drawn in.
    static let mostRectangles = 8

    /// The target's pixels: boxes are cut to them.
    private let target: PixelBox
    private(set) var boxes: [PixelBox] = []
    /// Whether a box had a corner that is not a number: it may reach any pixel.
    private var reachesAnywhere = false

    init(width: Int, height: Int) {
        target = PixelBox(low: .zero, high: SIMD2(Float(width), Float(height)))
    }

    /// Whether drawing the boxes costs as much as drawing the whole target: their pixels come
    /// to half of it or more, or one may reach any pixel.
    var coversHalfTheTarget: Bool {
        let size = target.high
        return reachesAnywhere || boxes.reduce(0) { $0 + Self.area($1) } * 2 >= size.x * size.y
    }

    /// Adds the pixels of `box` that lie inside the target.
    mutating func add(_ box: PixelBox) {
        guard !reachesAnywhere else { return }
        // An unbounded box is cut to the whole target; one with a corner that is not a number
        // could be anywhere.
        guard ![box.low.x, box.low.y, box.high.x, box.high.y].contains(where: \.isNaN) else {
            reachesAnywhere = true
            return
        }
        let cut = box.intersection(target)
        guard cut.low.x < cut.high.x, cut.low.y < cut.high.y else { return }
        var merged = cut
        var index = 0
        while index < boxes.count {
            if Self.waste(boxes[index], merged) <= Self.rectangleCost {
                // The union may now be worth merging with a box passed over: look again from the start.
                merged = merged.union(boxes.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        boxes.append(merged)
        if boxes.count > Self.mostRectangles { mergeCheapestPair() }
    }

    /// The boxes as whole pixels; nil when drawing them costs as much as the whole target.
    func region() -> DamageRegion? {
        guard !coversHalfTheTarget else { return nil }
        return DamageRegion(boxes.map { $0.region(in: target.high) })
    }

    /// The pixels the union of `a` and `b` draws beyond drawing each (negative where they overlap).
    private static func waste(_ a: PixelBox, _ b: PixelBox) -> Float {
        area(a.union(b)) - area(a) - area(b)
    }

    private static func area(_ box: PixelBox) -> Float {
        max(box.high.x - box.low.x, 0) * max(box.high.y - box.low.y, 0)
    }

    private mutating func mergeCheapestPair() {
        var cheapest = (first: 0, second: 1, waste: Float.infinity)
        for first in boxes.indices {
            for second in boxes.indices where second > first {
                let waste = Self.waste(boxes[first], boxes[second])
                if waste < cheapest.waste { cheapest = (first, second, waste) }
            }
        }
        let second = boxes.remove(at: cheapest.second)
        boxes[cheapest.first] = boxes[cheapest.first].union(second)
    }
}
