import Foundation
import GLBackend
import SceneComposition
import Testing

/// Skew (`sk` degrees along the axis `sa`), still and animated, on layers and shape groups,
/// checked against coverage computed here from the transform Lottie players apply (anchor,
/// scale, the axis turned onto x, shear by the tangent of minus the skew, the axis turned back,
/// rotation, position; rlottie 0.2 draws no skew).
@Suite struct SkewTests {
    private typealias L = LottieDocument

    /// A Lottie transform with skew, as a layer's `ks` or a group's `tr` (`ty` for a group).
    private struct Transform {
        var anchor = (0.0, 0.0)
        var position = (50.0, 50.0)
        var scale = (100.0, 100.0)
        var rotation = 0.0
        var skew = "0"
        var axis = "0"
        /// The transform's JSON object, with `item` first when given (a group's `"ty": "tr"`).
        func json(item: String = "") -> String {
            """
            {\(item)"a": \(L.still("[\(anchor.0), \(anchor.1)]")), "p": \(L.still("[\(position.0), \(position.1)]")),
             "s": \(L.still("[\(scale.0), \(scale.1)]")), "r": \(L.still("\(rotation)")), "o": \(L.still("100")),
             "sk": \(skew), "sa": \(axis)}
            """
        }

        /// The matrix from content to parent with the skew and axis given (degrees).
        func matrix(skew: Double, axis: Double) -> CGAffineTransform {
            let turn = axis * .pi / 180
            return CGAffineTransform(translationX: -anchor.0, y: -anchor.1)
                .concatenating(CGAffineTransform(scaleX: scale.0 / 100, y: scale.1 / 100))
                .concatenating(CGAffineTransform(rotationAngle: turn))
                .concatenating(CGAffineTransform(a: 1, b: 0, c: tan(-skew * .pi / 180), d: 1, tx: 0, ty: 0))
                .concatenating(CGAffineTransform(rotationAngle: -turn))
                .concatenating(CGAffineTransform(rotationAngle: rotation * .pi / 180))
                .concatenating(CGAffineTransform(translationX: position.0, y: position.1))
        }
    }

    /// The rectangle every test draws, in its content's coordinates.
    private static let box = CGRect(x: -20, y: -15, width: 40, height: 30)
    private static let fill = L.fill((0.9, 0.1, 0.1))
    private static let rectangle = L.rectangle(center: (0, 0), size: (40, 30))

    /// `box` filled, on a layer with `transform`.
    private static func skewedLayer(_ transform: Transform) -> String {
        L.make(
            layers: L.shapeLayer(
                "skewed", transform: transform.json(), shapes: "{\"ty\": \"gr\", \"it\": [\(rectangle), \(fill)]}"))
    }

    /// `box` filled, in a group with `transform` on a layer that does not move.
    private static func skewedGroup(_ transform: Transform) -> String {
        let group =
            "{\"ty\": \"gr\", \"nm\": \"group\", \"it\": [\(rectangle), \(fill), \(transform.json(item: "\"ty\": \"tr\", "))]}"
        return L.make(layers: L.shapeLayer("holder", shapes: group))
    }

    /// Expects `json` to cover `box` through the frame's matrix at each of `frames`.
    private func expectCoverage(
        _ json: String, frames: [Double], matrix: (Double) -> CGAffineTransform,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try SceneCompositionTests.expectCoverage(
            json, frames: frames,
            inside: { frame, point in Self.box.contains(point.applying(matrix(frame).inverted())) },
            sourceLocation: sourceLocation)
    }

    @Test func layerSkewSlantsAlongTheXAxis() throws {
        let transform = Transform(skew: L.still("30"))
        try expectCoverage(Self.skewedLayer(transform), frames: [0]) { _ in transform.matrix(skew: 30, axis: 0) }
    }

    /// The skew sits between the scale and the rotation, about the anchor.
    @Test func layerSkewAlongATurnedAxisWithScaleAndRotation() throws {
        let transform = Transform(
            anchor: (5, -4), position: (48, 52), scale: (80, 120), rotation: 30, skew: L.still("-20"),
            axis: L.still("60"))
        try expectCoverage(Self.skewedLayer(transform), frames: [0]) { _ in transform.matrix(skew: -20, axis: 60) }
    }

    @Test func groupSkew() throws {
        let transform = Transform(scale: (90, 90), rotation: -15, skew: L.still("25"), axis: L.still("45"))
        try expectCoverage(Self.skewedGroup(transform), frames: [0]) { _ in transform.matrix(skew: 25, axis: 45) }
    }

    /// Skew and axis animate (linearly here), played by the render side at the frames between
    /// their keyframes.
    @Test func animatedSkewOnALayerAndAGroup() throws {
        let linear = (0.0, 0.0, 1.0, 1.0)
        let transform = Transform(
            rotation: 10, skew: L.animated([(0, "0"), (30, "40")], ease: linear),
            axis: L.animated([(0, "0"), (30, "90")], ease: linear))
        let matrix = { (frame: Double) in transform.matrix(skew: 40 * frame / 30, axis: 90 * frame / 30) }
        try expectCoverage(Self.skewedLayer(transform), frames: [0, 7, 15, 30], matrix: matrix)
        try expectCoverage(Self.skewedGroup(transform), frames: [0, 12, 24], matrix: matrix)
    }

    /// A skew of a right angle (an infinite slant) is drawn at After Effects' limit, 85 degrees.
    @Test func skewOfARightAngleIsLimited() throws {
        func picture(skew: Double) throws -> RenderedImage {
            try renderedComposition(Self.skewedLayer(Transform(scale: (100, 10), skew: L.still("\(skew)"))))
        }
        let limited = try picture(skew: 85)
        #expect(limited.pixels.contains { $0 != 0 })
        #expect(try picture(skew: 90) == limited)
        #expect(try picture(skew: -90) != limited)
        #expect(try picture(skew: 80) != limited)
    }
}
