/// The part of a target a frame changes: a few rectangles of whole pixels (GL's orientation),
/// each cleared, drawn and presented on its own, so that a few small changes far apart cost
/// their own pixels rather than the box around all of them (`DamageBoxes` chooses them). The
/// rectangles may overlap: each is drawn whole, so a pixel in two is drawn twice, the same.
package struct DamageRegion: Sendable, Equatable {
    /// The rectangles, none of them empty.
    package private(set) var rects: [PixelRegion]

    /// The region made of `rects` (the empty ones left out).
    package init(_ rects: [PixelRegion] = []) {
        self.rects = rects.filter { !$0.isEmpty }
    }

    /// The whole of a `width` x `height` target.
    package init(width: Int, height: Int) {
        self.init([PixelRegion(x: 0, y: 0, width: width, height: height)])
    }

    /// Whether the frame changes no pixel.
    package var isEmpty: Bool { rects.isEmpty }

    /// The pixels drawn: the rectangles' areas summed.
    package var pixelCount: Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// Both regions' rectangles, merged where one rectangle costs less to draw than two
    /// (`DamageBoxes`) in a `width` x `height` target; nil when drawing them would cost as much
    /// as the whole target.
    package func union(_ other: DamageRegion, width: Int, height: Int) -> DamageRegion? {
        var boxes = DamageBoxes(width: width, height: height)
        for rect in rects + other.rects { boxes.add(PixelBox(rect)) }
        return boxes.region()
    }
}
