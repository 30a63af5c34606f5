import Foundation
import Testing

@testable import SceneCore

/// Core Graphics calls on the Cairo-backed bitmap context, checked by pixels. Bitmap contexts
/// have Core Graphics' y-up user space; images come out with their top row first.
@Suite struct CGContextTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 20x20 premultiplied BGRA context of its own.
    func context(_ width: Int = 20, _ height: Int = 20) -> CGContext {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: .srgb,
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image?.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func fillRectIsInYUpSpace() {
        let ctx = context()
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = ctx.makeImage()
        #expect(pixel(image, 5, 15) == [255, 0, 0, 255], "user y 0..<10 is the image's bottom half")
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
        #expect(pixel(image, 15, 15) == [0, 0, 0, 0])
    }

    @Test func strokeUsesLineWidthCapAndColour() {
        let ctx = context()
        ctx.setStrokeColor(blue)
        ctx.setLineWidth(4)
        ctx.setLineCap(.butt)
        ctx.beginPath()
        ctx.move(to: CGPoint(x: 4, y: 10))
        ctx.addLine(to: CGPoint(x: 16, y: 10))
        ctx.strokePath()
        let image = ctx.makeImage()
        // y 8..<12 in user space is image rows 8..<12 (20 − 12 = 8).
        #expect(pixel(image, 10, 8) == [0, 0, 255, 255] && pixel(image, 10, 11) == [0, 0, 255, 255])
        #expect(pixel(image, 10, 7) == [0, 0, 0, 0] && pixel(image, 10, 12) == [0, 0, 0, 0])
        #expect(pixel(image, 3, 10) == [0, 0, 0, 0], "butt caps end at the end points")
        ctx.setLineCap(.square)
        ctx.beginPath()
        ctx.move(to: CGPoint(x: 4, y: 3))
        ctx.addLine(to: CGPoint(x: 16, y: 3))
        ctx.strokePath()
        #expect(pixel(ctx.makeImage(), 3, 16) == [0, 0, 255, 255], "square caps extend half the width")
    }

    @Test func saveAndRestoreTheGraphicsState() {
        let ctx = context()
        ctx.setFillColor(red)
        ctx.saveGState()
        ctx.setFillColor(blue)
        ctx.translateBy(x: 10, y: 10)
        #expect(ctx.ctm == CGAffineTransform(translationX: 10, y: 10))
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(pixel(ctx.makeImage(), 2, 17) == [255, 0, 0, 255])
        ctx.restoreGState()  // unmatched: ignored
    }

    @Test func evenOddLeavesAHoleWindingDoesNot() {
        let ctx = context()
        ctx.setFillColor(red)
        ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.fillPath(using: .evenOdd)
        let image = ctx.makeImage()
        #expect(pixel(image, 10, 10) == [0, 0, 0, 0])
        #expect(pixel(image, 2, 2) == [255, 0, 0, 255])
        ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.fillPath(using: .winding)
        #expect(pixel(ctx.makeImage(), 10, 10) == [255, 0, 0, 255])
    }

    @Test func clipLimitsDrawing() {
        let ctx = context()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = ctx.makeImage()
        #expect(pixel(image, 5, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 15, 10) == [0, 0, 0, 0])
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 20))
    }

    @Test func alphaBlendModeAndClear() {
        let ctx = context()
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.setAlpha(0.5)
        ctx.setFillColor(blue)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        let image = ctx.makeImage()
        #expect(pixel(image, 5, 5) == [128, 0, 127, 255] || pixel(image, 5, 5) == [127, 0, 128, 255])
        ctx.setAlpha(1)
        ctx.setBlendMode(.copy)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 20))
        #expect(pixel(ctx.makeImage(), 15, 5) == [0, 255, 0, 128], "copy replaces, alpha and all")
        ctx.clear(CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(pixel(ctx.makeImage(), 5, 15) == [0, 0, 0, 0])
    }

    @Test func dashesLeaveGaps() {
        let ctx = context(40, 10)
        ctx.setStrokeColor(red)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [5, 5])
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 40, y: 5)])
        let image = ctx.makeImage()
        #expect(pixel(image, 2, 4) == [255, 0, 0, 255])
        #expect(pixel(image, 7, 4) == [0, 0, 0, 0])
        #expect(pixel(image, 12, 4) == [255, 0, 0, 255])
    }

    @Test func ellipsesArcsAndCurves() {
        let ctx = context(40, 40)
        ctx.setFillColor(red)
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        let image = ctx.makeImage()
        #expect(pixel(image, 20, 20) == [255, 0, 0, 255])
        #expect(pixel(image, 2, 2) == [0, 0, 0, 0], "the corners are outside the circle")
        let arc = context(40, 40)
        arc.setFillColor(blue)
        arc.move(to: CGPoint(x: 20, y: 20))
        arc.addArc(center: CGPoint(x: 20, y: 20), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        arc.closePath()
        arc.fillPath()
        let quarter = arc.makeImage()
        // A quarter disc from angle 0 to π/2 in y-up space: x > 20, user y > 20 (image top).
        #expect(pixel(quarter, 28, 12) == [0, 0, 255, 255])
        #expect(pixel(quarter, 12, 12) == [0, 0, 0, 0] && pixel(quarter, 28, 28) == [0, 0, 0, 0])
        let curve = context(40, 40)
        curve.setStrokeColor(red)
        curve.setLineWidth(2)
        curve.move(to: CGPoint(x: 0, y: 20))
        curve.addQuadCurve(to: CGPoint(x: 40, y: 20), control: CGPoint(x: 20, y: 40))
        curve.strokePath()
        // The quadratic's top is half-way to its control point: user y 30, image row 10.
        #expect(pixel(curve.makeImage(), 20, 10)[3] > 100)
    }

    @Test func drawImageIsUprightInYUpSpace() {
        let quadrants = CGImage(
            rgbaPixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255], width: 2, height: 2)!
        let ctx = context()
        ctx.interpolationQuality = .none
        ctx.draw(quadrants, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = ctx.makeImage()
        #expect(pixel(image, 5, 5) == [255, 0, 0, 255], "the image's top-left quadrant stays top-left")
        #expect(pixel(image, 15, 15) == [255, 255, 0, 255])
    }

    @Test func rgbaAndGrayBuffersReceiveTheDrawingOnFlush() {
        var rgba = [UInt8](repeating: 0, count: 4 * 4 * 4)
        rgba.withUnsafeMutableBytes { buffer in
            let ctx = CGContext(
                data: buffer.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16, space: .srgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
            ctx.flush()
        }
        #expect(Array(rgba[0..<4]) == [0, 0, 0, 0], "row 0 is the top: empty")
        #expect(Array(rgba[48..<52]) == [255, 0, 0, 255], "row 3 is the bottom: red")
        var gray = [UInt8](repeating: 0, count: 4 * 4)
        gray.withUnsafeMutableBytes { buffer in
            let ctx = CGContext(
                data: buffer.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
            ctx.setFillColor(gray: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.flush()
        }
        #expect(gray.allSatisfy { $0 == 255 })
    }

    @Test func unsupportedLayoutsAndSizesAreRefused() {
        #expect(
            CGContext(
                data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: .srgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: .srgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        let messages = Diagnostics.capturing {
            #expect(
                CGContext(
                    data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: .srgb,
                    bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        }
        #expect(messages.contains { $0.contains("CGContext: unsupported bitmap layout") })
    }

    /// Sizes and row lengths whose byte counts overflow `Int` (or Cairo's 32-bit counts) are refused
    /// with a logged error, not an overflow trap; so is a negative `bytesPerRow`.
    @Test(arguments: [
        (Int.max / 2, Int.max / 2, 0), (1 << 40, 1 << 40, 0), (1 << 40, 4, 0), (4, 4, -16), (4, 4, Int.max),
        (4, 1 << 40, 16), (32_767, 32_767, 0),
    ])
    func hugeSizesAndBadRowLengthsAreRefused(width: Int, height: Int, bytesPerRow: Int) {
        for data: UnsafeMutableRawPointer? in [nil, UnsafeMutableRawPointer(bitPattern: 0x1000)] {
            var context: CGContext?
            let messages = Diagnostics.capturing {
                context = CGContext(
                    data: data, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                    space: .srgb,
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
            }
            #expect(context == nil)
            #expect(messages.contains { $0.contains("CGContext: refused \(width)x\(height)") }, "\(messages)")
        }
    }

    @Test func transformsApplyToLaterDrawing() {
        let ctx = context(40, 40)
        ctx.setFillColor(red)
        ctx.translateBy(x: 20, y: 20)
        ctx.rotate(by: .pi / 2)
        ctx.scaleBy(x: 2, y: 1)
        // (0..5, 0..5) scaled to 10x5, turned a quarter (y-up: x towards +y), moved to the centre:
        // user x −5..0, y 20..30.
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let turned = ctx.makeImage()
        #expect(pixel(turned, 17, 15) == [255, 0, 0, 255], "user (17, 25) is image row 15")
        #expect(pixel(turned, 22, 15) == [0, 0, 0, 0])
        let concat = context(40, 40)
        concat.concatenate(CGAffineTransform(translationX: 30, y: 30))
        #expect(concat.ctm == CGAffineTransform(translationX: 30, y: 30))
        concat.setStrokeColor(blue)
        concat.setLineWidth(2)
        let path = CGMutablePath()
        path.addRect(CGRect(x: -10, y: -10, width: 8, height: 8))
        concat.addPath(path)
        concat.strokePath()
        // The square's left edge at user x 20 (image column 20), rows for user y 20..28.
        #expect(pixel(concat.makeImage(), 20, 15) == [0, 0, 255, 255])
        concat.strokeEllipse(in: CGRect(x: -30, y: -30, width: 10, height: 10))
        #expect(
            pixel(concat.makeImage(), 5, 30)[3] > 0,
            "the ellipse (centre user (5, 5), radius 5) crosses user y 10, row 30")
        #expect(pixel(concat.makeImage(), 5, 35)[3] == 0, "stroked, not filled")
    }
}
