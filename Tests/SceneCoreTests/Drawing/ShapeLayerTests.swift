import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAShapeLayer`'s properties, and its shape as the render side rasterises it from a layer's
/// values (`ShapeRaster`), read in layer coordinates.
@Suite struct ShapeLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 50 x 50 shape layer drawing `path`, configured by `configure`.
    func shape(_ path: CGPath, configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.path = path
        configure(layer)
        return layer
    }

    /// The straight RGBA at layer point (x, y) of the layer's rasterised shape (transparent outside it).
    func pixel(_ layer: CAShapeLayer, _ x: CGFloat, _ y: CGFloat) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard let raster = layer.rasterizedShape() else { return (0, 0, 0, 0) }
        let (image, rect) = (raster.image, raster.rect)
        let px = Int(((x - rect.minX) / rect.width * CGFloat(image.width)).rounded(.down))
        let py = Int(((y - rect.minY) / rect.height * CGFloat(image.height)).rounded(.down))
        guard px >= 0, py >= 0, px < image.width, py < image.height else { return (0, 0, 0, 0) }
        return image.pixel(x: px, y: py)
    }

    func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool {
        p.a == 255 && abs(Int(p.r) - Int(r)) <= 2 && abs(Int(p.g) - Int(g)) <= 2 && abs(Int(p.b) - Int(b)) <= 2
    }

    func line(from a: CGPoint, to b: CGPoint) -> CGPath {
        let path = CGMutablePath()
        path.move(to: a)
        path.addLine(to: b)
        return path
    }

    @Test func defaultsAreCoreAnimations() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil)
        #expect(layer.fillColor?.value == RGBA(r: 0, g: 0, b: 0, a: 1))
        #expect(layer.strokeColor == nil)
        #expect(layer.fillRule == .nonZero && layer.lineCap == .butt && layer.lineJoin == .miter)
        #expect(layer.lineWidth == 1 && layer.miterLimit == 10 && layer.lineDashPhase == 0)
        #expect(layer.lineDashPattern == nil)
        #expect(layer.strokeStart == 0 && layer.strokeEnd == 1)
        #expect(layer.value(forKey: "strokeEnd") as? CGFloat == 1)
        layer.fillColor = nil
        #expect(layer.fillColor == nil)
        #expect(layer.value(forKey: "fillColor") == nil)
    }

    @Test func pathIsKeptAsAnImmutableCopy() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let layer = CAShapeLayer()
        layer.path = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        #expect(layer.path?.elements.count == 5)
        #expect(!(layer.path is CGMutablePath))
    }

    @Test func fillsWithTheFillColourInsideThePathOnly() {
        let layer = shape(CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)) {
            $0.fillColor = Self.red
        }
        #expect(isColor(pixel(layer, 20, 20), 255, 0, 0))
        #expect(pixel(layer, 5, 5).a == 0)
        #expect(pixel(layer, 35, 20).a == 0)
    }

    @Test func defaultFillIsBlack() {
        let layer = shape(CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil))
        #expect(isColor(pixel(layer, 20, 20), 0, 0, 0))
    }

    @Test func strokesTheOutlineWithTheStrokeColour() {
        let layer = shape(CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)) {
            $0.fillColor = nil
            $0.strokeColor = Self.blue
            $0.lineWidth = 4
        }
        #expect(isColor(pixel(layer, 10, 20), 0, 0, 255))
        #expect(isColor(pixel(layer, 8.5, 20), 0, 0, 255))
        #expect(pixel(layer, 20, 20).a == 0)
        #expect(pixel(layer, 5, 20).a == 0)
    }

    @Test func evenOddLeavesAHoleWhereNonZeroFills() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 5, y: 5, width: 40, height: 40))
        path.addRect(CGRect(x: 15, y: 15, width: 20, height: 20))
        let evenOdd = shape(path) {
            $0.fillColor = Self.red
            $0.fillRule = .evenOdd
        }
        #expect(pixel(evenOdd, 25, 25).a == 0)
        #expect(isColor(pixel(evenOdd, 10, 25), 255, 0, 0))
        let nonZero = shape(path) { $0.fillColor = Self.red }
        #expect(isColor(pixel(nonZero, 25, 25), 255, 0, 0))
    }

    @Test func lineWidthSetsTheStrokesThickness() {
        let layer = shape(line(from: CGPoint(x: 5, y: 20), to: CGPoint(x: 45, y: 20))) {
            $0.strokeColor = Self.red
            $0.lineWidth = 6
        }
        for y: CGFloat in [17.5, 20, 22.5] { #expect(isColor(pixel(layer, 25, y), 255, 0, 0)) }
        #expect(pixel(layer, 25, 16).a == 0)
        #expect(pixel(layer, 25, 24).a == 0)
    }

    @Test func dashPatternLeavesGaps() {
        let layer = shape(line(from: CGPoint(x: 5, y: 20), to: CGPoint(x: 45, y: 20))) {
            $0.strokeColor = Self.red
            $0.lineWidth = 4
            $0.lineDashPattern = [10, 10]
        }
        #expect(isColor(pixel(layer, 10, 20), 255, 0, 0))
        #expect(pixel(layer, 20, 20).a == 0)
        #expect(isColor(pixel(layer, 30, 20), 255, 0, 0))
        #expect(pixel(layer, 40, 20).a == 0)
    }

    @Test func strokeEndStrokesOnlyThatFractionOfTheLength() {
        let half = shape(line(from: CGPoint(x: 0, y: 20), to: CGPoint(x: 40, y: 20))) {
            $0.strokeColor = Self.red
            $0.lineWidth = 4
            $0.strokeEnd = 0.5
        }
        #expect(isColor(pixel(half, 10, 20), 255, 0, 0))
        #expect(isColor(pixel(half, 19, 20), 255, 0, 0))
        #expect(pixel(half, 21, 20).a == 0)
        #expect(pixel(half, 30, 20).a == 0)
        let secondHalf = shape(line(from: CGPoint(x: 0, y: 20), to: CGPoint(x: 40, y: 20))) {
            $0.strokeColor = Self.red
            $0.lineWidth = 4
            $0.strokeStart = 0.5
        }
        #expect(pixel(secondHalf, 10, 20).a == 0)
        #expect(isColor(pixel(secondHalf, 30, 20), 255, 0, 0))
    }

    @Test func strokeEndMeasuresAcrossSubpathsAndCurves() {
        // Two 20-point lines; 0.75 of the 40 points ends halfway along the second.
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 5, y: 10), CGPoint(x: 25, y: 10)])
        path.addLines(between: [CGPoint(x: 5, y: 30), CGPoint(x: 25, y: 30)])
        let layer = shape(path) {
            $0.fillColor = nil
            $0.strokeColor = Self.red
            $0.lineWidth = 2
            $0.strokeEnd = 0.75
        }
        #expect(isColor(pixel(layer, 22, 10), 255, 0, 0))
        #expect(isColor(pixel(layer, 12, 30), 255, 0, 0))
        #expect(pixel(layer, 18, 30).a == 0)
        // Half a circle's length of a closed circle: the top half (the arc starts at angle 0, turning clockwise on screen).
        let circle = shape(CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 40, height: 40), transform: nil)) {
            $0.fillColor = nil
            $0.strokeColor = Self.red
            $0.lineWidth = 2
            $0.strokeEnd = 0.5
        }
        #expect(pixel(circle, 25, 45).r == 255 && pixel(circle, 25, 45).a > 200)
        #expect(pixel(circle, 25, 5).a == 0)
    }

    @Test func strokeStartAfterStrokeEndDrawsNoStroke() {
        let layer = shape(line(from: CGPoint(x: 0, y: 20), to: CGPoint(x: 40, y: 20))) {
            $0.strokeColor = Self.red
            $0.strokeStart = 0.6
            $0.strokeEnd = 0.4
        }
        #expect(pixel(layer, 20, 20).a == 0)
    }

    @Test func shapeOutsideTheBoundsIsStillDrawnWhereItLies() throws {
        let layer = shape(CGPath(rect: CGRect(x: 60, y: -30, width: 20, height: 20), transform: nil)) {
            $0.fillColor = Self.red
        }
        // The raster covers the fill and a point around it for anti-aliasing, not the bounds.
        #expect(try #require(layer.rasterizedShape()).rect == CGRect(x: 59, y: -31, width: 22, height: 22))
        #expect(isColor(pixel(layer, 70, -20), 255, 0, 0))
    }

    @Test func miterJoinsWidenTheRaster() throws {
        // A sharp V with miter joins reaches past the path's own box.
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 40), CGPoint(x: 20, y: 10), CGPoint(x: 30, y: 40)])
        let layer = shape(path) {
            $0.fillColor = nil
            $0.strokeColor = Self.red
            $0.lineWidth = 6
        }
        let rect = try #require(layer.rasterizedShape()).rect
        #expect(rect.minY < 0)
        #expect(isColor(pixel(layer, 20, 5), 255, 0, 0))
    }

    @Test func aLargerScaleDrawsMorePixels() throws {
        let layer = shape(CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil))
        let raster = try #require(layer.rasterizedShape(scale: 2))
        #expect(raster.rect == CGRect(x: 9, y: 9, width: 22, height: 22))
        #expect(raster.image.width == 44 && raster.image.height == 44)
    }

    @Test func shapePropertiesAndTheirAnimationsDoNotMarkTheLayerForDisplay() {
        // The render side draws the shape: the layer has no backing store to redraw.
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.strokeEnd = 0.5
        layer.path = line(from: .zero, to: CGPoint(x: 10, y: 10))
        layer.strokeColor = Self.red
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.toValue = 1
        layer.add(animation, forKey: "draw")
        #expect(!layer.needsDisplay())
        #expect(!CAShapeLayer.needsDisplay(forKey: "path") && !CAShapeLayer.needsDisplay(forKey: "strokeEnd"))
        #expect(layer.contents == nil)
    }

    @Test func animatedStrokeEndIsPresentedAndDrawnFromTheAnimation() throws {
        let shapeLayer = CAShapeLayer()
        let paused = ManualClock(shapeLayer) { layer in
            let shape = layer as! CAShapeLayer
            shape.path = line(from: CGPoint(x: 0, y: 5), to: CGPoint(x: 40, y: 5))
            shape.strokeColor = Self.red
            shape.lineWidth = 4
        }
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        paused.add(animation, forKey: "draw")
        let presented = try #require(paused.presented(at: 100.25) as? CAShapeLayer)
        #expect(abs(presented.strokeEnd - 0.25) < 1e-9)
        #expect(shapeLayer.strokeEnd == 1)

        #expect(isColor(pixel(presented, 5, 5), 255, 0, 0))
        #expect(pixel(presented, 15, 5).a == 0)
        let ended = try #require(paused.presented(at: 102) as? CAShapeLayer)
        #expect(isColor(pixel(ended, 35, 5), 255, 0, 0))
    }

    @Test func animatingThePathBetweenPathsOfTheSameElementsInterpolatesThem() throws {
        let shapeLayer = CAShapeLayer()
        let paused = ManualClock(shapeLayer) { layer in
            let shape = layer as! CAShapeLayer
            shape.path = line(from: CGPoint(x: 0, y: 10), to: CGPoint(x: 40, y: 10))
            shape.strokeColor = Self.red
            shape.lineWidth = 4
        }
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = line(from: CGPoint(x: 0, y: 10), to: CGPoint(x: 40, y: 10))
        animation.toValue = line(from: CGPoint(x: 0, y: 30), to: CGPoint(x: 40, y: 30))
        animation.duration = 1
        paused.add(animation, forKey: "move")
        #expect(shapeLayer.animation(forKey: "move") != nil, "a path animation is accepted")
        // Half-way: the line at y 20, neither end's line drawn.
        let presented = try #require(paused.presented(at: 100.5) as? CAShapeLayer)
        #expect(isColor(pixel(presented, 20, 20), 255, 0, 0))
        #expect(pixel(presented, 20, 10).a == 0 && pixel(presented, 20, 30).a == 0)
        // The path does not animate implicitly.
        shapeLayer.path = line(from: CGPoint(x: 0, y: 40), to: CGPoint(x: 40, y: 40))
        #expect(shapeLayer.animationKeys() == ["move"])
    }

    @Test func strokeEndAnimatesImplicitly() throws {
        let shapeLayer = CAShapeLayer()
        let paused = ManualClock(shapeLayer)
        shapeLayer.strokeEnd = 0
        CATransaction.flush()
        #expect(shapeLayer.animation(forKey: "strokeEnd") is CABasicAnimation)
        let presented = try #require(paused.presented(at: 100) as? CAShapeLayer)
        #expect(abs(presented.strokeEnd - 1) < 1e-9)
    }
}
