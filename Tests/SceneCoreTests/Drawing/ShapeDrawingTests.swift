import Foundation
import Testing

@testable import SceneCore

/// `ShapeDrawing` drawn straight into a layer-space context, with no layer, checked by pixels.
@Suite struct ShapeDrawingTests {
    static let red = RGBA(r: 1, g: 0, b: 0, a: 1)
    static let blue = RGBA(r: 0, g: 0, b: 1, a: 1)

    /// A shape of `path` with a red fill, a blue stroke `lineWidth` wide and butt caps.
    func shape(
        _ path: CGPath, lineWidth: CGFloat = 4, lineCap: CGLineCap = .butt, dashes: [CGFloat] = [],
        strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1
    ) -> ShapeDrawing {
        ShapeDrawing(
            path: path.elements, fillColor: Self.red, fillRule: .winding, strokeColor: Self.blue,
            lineWidth: lineWidth, lineCap: lineCap, lineJoin: .miter, miterLimit: 10, dashes: dashes,
            dashPhase: 0, strokeStart: strokeStart, strokeEnd: strokeEnd)
    }

    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image?.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func valuesItCannotDrawAreMadeDrawable() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let shape = shape(square, lineWidth: -2, dashes: [3, -1], strokeStart: -0.5, strokeEnd: 2)
        #expect(shape.lineWidth == 0 && shape.dashes.isEmpty)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(!shape.strokes, "a zero-width line strokes nothing")
        #expect(self.shape(square, dashes: [0, 0]).dashes.isEmpty, "a pattern of zero lengths is solid")
        #expect(self.shape(square, dashes: [2, 1]).dashes == [2, 1])
        #expect(!self.shape(square, strokeStart: 0.6, strokeEnd: 0.4).strokes)
    }

    @Test func extentCoversTheStrokesCapsAndAPointOfAntialiasing() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 20, y: 10))
        var shape = shape(line)
        shape.fillColor = nil
        #expect(shape.extent(near: .zero) == CGRect(x: -1, y: 7, width: 22, height: 6))
        shape.lineCap = .square
        #expect(shape.extent(near: .zero) == CGRect(x: -3, y: 7, width: 26, height: 6))
        let bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        #expect(shape.extent(near: bounds) == CGRect(x: -3, y: 7, width: 26, height: 6), "the bounds are not joined")
        shape.strokeColor = nil
        #expect(shape.extent(near: bounds) == nil, "nothing drawn")
    }

    @Test func fillsThePathAndStrokesOnlyTheTrimmedPart() throws {
        let context = try #require(CGContext(layerWidth: 20, height: 20, scale: 1))
        // The square's top edge (2, 2) to (18, 2) is the first quarter of its length.
        shape(CGPath(rect: CGRect(x: 2, y: 2, width: 16, height: 16)), strokeEnd: 0.25).draw(in: context, scale: 1)
        let image = context.makeImage()
        #expect(pixel(image, 10, 1) == [0, 0, 255, 255] && pixel(image, 10, 3) == [0, 0, 255, 255])
        #expect(pixel(image, 10, 10) == [255, 0, 0, 255] && pixel(image, 17, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 19, 10) == [0, 0, 0, 0], "the right edge is past strokeEnd")
        #expect(pixel(image, 10, 4) == [255, 0, 0, 255], "the fill shows beyond the stroke's half width")
    }
}
