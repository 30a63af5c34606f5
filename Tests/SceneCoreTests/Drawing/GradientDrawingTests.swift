import Foundation
import Testing

@testable import SceneCore

/// `GradientDrawing` drawn straight into a layer-space context, with no layer, checked by pixels.
@Suite struct GradientDrawingTests {
    static let red = RGBA(r: 1, g: 0, b: 0, a: 1)
    static let green = RGBA(r: 0, g: 1, b: 0, a: 1)
    static let blue = RGBA(r: 0, g: 0, b: 1, a: 1)

    /// Red in the first half, blue in the second, with a sharp edge between, over a 20 x 10
    /// rectangle whose top-left corner only is rounded by 5.
    func halves(_ kind: GradientDrawing.Kind, from start: CGPoint, to end: CGPoint) -> GradientDrawing {
        GradientDrawing(
            kind: kind, colors: [Self.red, Self.red, Self.blue, Self.blue], locations: [0, 0.5, 0.5, 1],
            startPoint: start, endPoint: end, rect: CGRect(x: 0, y: 0, width: 20, height: 10),
            cornerRadius: 5, maskedCorners: .layerMinXMinYCorner)
    }

    func pixels(of gradient: GradientDrawing) throws -> CGImage? {
        let context = try #require(CGContext(layerWidth: 20, height: 10, scale: 1))
        gradient.draw(in: context)
        return context.makeImage()
    }

    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image?.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func stopsAreClampedAndSortedKeepingTheOrderOfEqualLocations() {
        func stops(_ locations: [Double]?) -> [GradientDrawing.Stop] {
            GradientDrawing(
                kind: .axial, colors: [Self.red, Self.green, Self.blue], locations: locations,
                startPoint: .zero, endPoint: CGPoint(x: 1, y: 1), rect: .zero, cornerRadius: 0,
                maskedCorners: []
            ).stops
        }
        #expect(
            stops([1.5, -1, .nan]) == [
                GradientDrawing.Stop(location: 0, color: Self.green),
                GradientDrawing.Stop(location: 0, color: Self.blue),
                GradientDrawing.Stop(location: 1, color: Self.red),
            ])
        #expect(stops(nil).map(\.location) == [0, 0.5, 1])
        #expect(stops([0.3]).isEmpty, "not one location a colour: nothing drawn")
        #expect(stops([]).isEmpty)
    }

    @Test func fewerThanTwoColoursMakeNoStops() {
        func stops(_ colors: [RGBA], _ locations: [Double]?) -> [GradientDrawing.Stop] {
            GradientDrawing(
                kind: .axial, colors: colors, locations: locations, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1),
                rect: .zero, cornerRadius: 0, maskedCorners: []
            ).stops
        }
        #expect(stops([], nil).isEmpty && stops([Self.red], nil).isEmpty && stops([Self.red], [0.5]).isEmpty)
        #expect(stops([Self.red, Self.blue], nil).count == 2)
    }

    @Test(arguments: [CGPoint(x: 1, y: 0.5), CGPoint(x: 0.5, y: 1), CGPoint(x: 0.5, y: 0.5)])
    func radialWhosePointsShareAnXOrAYDrawsNothing(end: CGPoint) throws {
        let image = try pixels(of: halves(.radial, from: CGPoint(x: 0.5, y: 0.5), to: end))
        for (x, y) in [(10, 5), (2, 2), (19, 9), (15, 2)] { #expect(pixel(image, x, y) == [0, 0, 0, 0]) }
        let drawn = try pixels(of: halves(.radial, from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 1, y: 1)))
        #expect(pixel(drawn, 10, 5) == [255, 0, 0, 255] && pixel(drawn, 19, 9) == [0, 0, 255, 255])
    }

    @Test func colorAtInterpolatesStraightComponentsAndContinuesTheEnds() {
        let gradient = GradientDrawing(
            kind: .axial, colors: [Self.red, RGBA(r: 0, g: 0, b: 1, a: 0)],
            locations: [0.25, 0.75], startPoint: .zero, endPoint: CGPoint(x: 1, y: 0),
            rect: .zero, cornerRadius: 0, maskedCorners: [])
        #expect(gradient.color(at: 0) == Self.red)
        #expect(gradient.color(at: 0.5) == RGBA(r: 0.5, g: 0, b: 0.5, a: 0.5))
        #expect(gradient.color(at: 1) == RGBA(r: 0, g: 0, b: 1, a: 0))
    }

    @Test func axialIsClippedToTheRoundedCorners() throws {
        let image = try pixels(of: halves(.axial, from: CGPoint(x: 0, y: 0.5), to: CGPoint(x: 1, y: 0.5)))
        #expect(pixel(image, 4, 5) == [255, 0, 0, 255] && pixel(image, 15, 5) == [0, 0, 255, 255])
        #expect(pixel(image, 0, 0) == [0, 0, 0, 0], "the rounded top-left corner")
        #expect(pixel(image, 19, 0) == [0, 0, 255, 255] && pixel(image, 0, 9) == [255, 0, 0, 255])
    }

    @Test func conicTurnsClockwiseOnScreenFromTheEndPoint() throws {
        let image = try pixels(of: halves(.conic, from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 1, y: 0.5)))
        // From the right of the centre, the first half turn passes below it.
        #expect(pixel(image, 10, 8) == [255, 0, 0, 255] && pixel(image, 10, 1) == [0, 0, 255, 255])
        #expect(pixel(image, 0, 0) == [0, 0, 0, 0])
    }
}
