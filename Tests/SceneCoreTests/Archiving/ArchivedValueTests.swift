import Foundation
import Testing

@testable import SceneCore

/// Property values travel through `NSKeyedArchiver` as `ArchivedValue`s and read back as the
/// same Swift type with the same value, bit for bit.
@Suite struct ArchivedValueTests {
    /// `value` archived securely and read back.
    private func roundTrip(_ value: Any?) throws -> Any? {
        let archived = try #require(ArchivedValue(value, context: "test"))
        let data = try NSKeyedArchiver.archivedData(withRootObject: archived, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedValue.self, from: data)).value
    }

    @Test func numbersKeepTheirTypeAndBits() throws {
        #expect(try roundTrip(CGFloat(1.1)) as? CGFloat == 1.1)
        #expect(try roundTrip(Double.pi) as? Double == .pi)
        #expect(try roundTrip(Float(0.1)) as? Float == 0.1)
        #expect(try roundTrip(-(0.0 as CGFloat)).flatMap { ($0 as? CGFloat)?.sign } == .minus)
        #expect(try roundTrip(CGFloat.infinity) as? CGFloat == .infinity)
        #expect(try roundTrip(Int.min) as? Int == .min)
        #expect(try roundTrip(UInt64.max) as? UInt64 == .max)
        #expect(try roundTrip(UInt32(7)) as? UInt32 == 7)
        #expect(try roundTrip(Int8(-3)) as? Int8 == -3)
        #expect(try roundTrip(true) as? Bool == true)
        #expect(try roundTrip(false) as? Bool == false)
        #expect(try roundTrip(NSNumber(value: 2.5)).flatMap { ($0 as? NSNumber)?.doubleValue } == 2.5)
    }

    @Test func stringsDataNilAndNull() throws {
        #expect(try roundTrip("häßlich ✓") as? String == "häßlich ✓")
        #expect(try roundTrip("ab".dropFirst()) as? String == "b")
        #expect(try roundTrip(NSString(string: "ns")) as? String == "ns")
        #expect(try roundTrip(Data([0, 1, 255])) as? Data == Data([0, 1, 255]))
        #expect(try roundTrip(nil) == nil)
        #expect(try roundTrip(NSNull()) is NSNull)
    }

    @Test func geometryIsExact() throws {
        let point = CGPoint(x: 0.1, y: -1e300)
        let size = CGSize(width: 1.0 / 3, height: 7)
        let rect = CGRect(x: -1, y: 2.5, width: 3, height: 0.2)
        var transform = CATransform3DRotate(CATransform3DMakeScale(2, 3, 4), 0.3, 1, 1, 0)
        transform.m34 = -1.0 / 500
        let affine = CGAffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 10, ty: -3)
        #expect(try roundTrip(point) as? CGPoint == point)
        #expect(try roundTrip(size) as? CGSize == size)
        #expect(try roundTrip(rect) as? CGRect == rect)
        #expect(try roundTrip(transform) as? CATransform3D == transform)
        #expect(try roundTrip(affine) as? CGAffineTransform == affine)
    }

    @Test func colorsKeepTheirSpaceAndComponents() throws {
        let rgb = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        let gray = CGColor(gray: 0.25, alpha: 0.5)
        let rgbBack = try #require(try roundTrip(rgb) as? CGColor)
        let grayBack = try #require(try roundTrip(gray) as? CGColor)
        #expect(rgbBack.components == rgb.components)
        #expect(rgbBack.colorSpace == rgb.colorSpace)
        #expect(grayBack.components == gray.components)
        #expect(grayBack.colorSpace?.name == CGColorSpace.deviceGray)
    }

    @Test func imagesKeepEveryPixel() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 128, 0, 128, 0, 0, 0, 0, 10, 20, 30, 40, 1, 2, 3, 255, 9, 9, 9, 9]
        let image = try #require(CGImage(rgbaPixels: pixels, width: 3, height: 2))
        let back = try #require(try roundTrip(image) as? CGImage)
        #expect(back.width == 3)
        #expect(back.height == 2)
        #expect(back.pixels == image.pixels)
    }

    @Test func pathsKeepEveryElement() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3.5, y: 4))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
        path.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
        path.closeSubpath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 5))
        let back = try #require(try roundTrip(path) as? CGPath)
        #expect(back.elements == path.elements)
        #expect(try (roundTrip(CGMutablePath()) as? CGPath)?.isEmpty == true)
    }

    @Test func namesAndOptionSetsKeepTheirType() throws {
        #expect(try roundTrip(CAShapeLayerFillRule.evenOdd) as? CAShapeLayerFillRule == .evenOdd)
        #expect(try roundTrip(CALayerContentsGravity.topLeft) as? CALayerContentsGravity == .topLeft)
        #expect(try roundTrip(CAMediaTimingFillMode.both) as? CAMediaTimingFillMode == .both)
        let corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        #expect(try roundTrip(corners) as? CACornerMask == corners)
        #expect(try roundTrip(CAAutoresizingMask.layerWidthSizable) as? CAAutoresizingMask == .layerWidthSizable)
        #expect(try roundTrip(CAConstraintAttribute.maxY) as? CAConstraintAttribute == .maxY)
        #expect(try roundTrip(NSAttributedString.Key("custom")) as? String == "custom")
    }

    @Test func collectionsNest() throws {
        let points = [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]
        #expect(try roundTrip(points) as? [CGPoint] == points)
        #expect(try roundTrip([NSNumber(value: 0), NSNumber(value: 0.5)]) as? [NSNumber] == [0, 0.5])
        #expect(try (roundTrip([Any]()) as? [Any])?.isEmpty == true)
        let nested: [String: Any] = ["a": ["b": NSNull(), "c": CGFloat(2)], "d": [true, "e"]]
        let back = try #require(try roundTrip(nested) as? [String: Any])
        let inner = try #require(back["a"] as? [AnyHashable: Any])
        #expect(inner["b"] is NSNull)
        #expect(inner["c"] as? CGFloat == 2)
        #expect((back["d"] as? [Any])?.first as? Bool == true)
        #expect((back["d"] as? [Any])?.last as? String == "e")
    }

    @Test func fontsConstraintsAndAttributedStrings() throws {
        let font = TextFont(name: "DejaVu Sans", size: 13.5)
        #expect(try roundTrip(font) as? TextFont == font)
        let constraint = CAConstraint(
            attribute: .midX, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: -2)
        let backConstraint = try #require(try roundTrip(constraint) as? CAConstraint)
        #expect(backConstraint.attribute == .midX)
        #expect(backConstraint.sourceName == "superlayer")
        #expect(backConstraint.sourceAttribute == .width)
        #expect(backConstraint.scale == 0.5)
        #expect(backConstraint.offset == -2)

        let text = NSMutableAttributedString(string: "red and plain")
        text.addAttributes(
            [.font: font, .foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)],
            range: NSRange(location: 0, length: 3))
        let back = try #require(try roundTrip(text) as? NSAttributedString)
        #expect(back.string == "red and plain")
        var range = NSRange()
        let attributes = back.attributes(at: 0, effectiveRange: &range)
        #expect(range == NSRange(location: 0, length: 3))
        #expect(attributes[.font] as? TextFont == font)
        #expect(attributes[.foregroundColor] as? CGColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(back.attributes(at: 4, effectiveRange: nil).isEmpty)
    }

    @Test func whatCannotBeArchivedIsLeftOut() throws {
        final class Opaque {}
        let messages = Diagnostics.capturing {
            #expect(ArchivedValue(Opaque(), context: "test") == nil)
            #expect(ArchivedValue({ () in }, context: "test") == nil)
        }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("test") && $0.contains("cannot be archived") })
        let mixed: [Any] = [CGFloat(1), Opaque(), "two"]
        let back = try #require(try roundTrip(mixed) as? [Any])
        #expect(back.count == 2)
        #expect(back.last as? String == "two")
    }
}

extension ArchivedValueTests {
    @Test func optionalsInAnAnyAreUnwrapped() throws {
        let color: CGColor? = CGColor(gray: 0.5, alpha: 1)
        let none: CGColor? = nil
        let nested: CGPoint?? = CGPoint(x: 1, y: 2)
        #expect(try roundTrip(color as Any) as? CGColor == CGColor(gray: 0.5, alpha: 1))
        #expect(try roundTrip(none as Any) == nil)
        #expect(try roundTrip(nested as Any) as? CGPoint == CGPoint(x: 1, y: 2))
    }
}
