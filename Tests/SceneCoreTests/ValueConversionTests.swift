import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct ValueConversionTests {
    // MARK: Numbers

    @Test func numbersConvertFromEveryNumericType() {
        let inputs: [Any] = [CGFloat(1.5), 1.5, Float(1.5), NSNumber(value: 1.5)]
        for input in inputs {
            #expect(ValueConversion.cgFloat(input) == 1.5, "\(type(of: input))")
            #expect(ValueConversion.double(input) == 1.5, "\(type(of: input))")
            #expect(ValueConversion.float(input) == 1.5, "\(type(of: input))")
        }
        for input: Any in [3, Int32(3), UInt8(3), Int64(3), NSNumber(value: 3)] {
            #expect(ValueConversion.cgFloat(input) == 3, "\(type(of: input))")
        }
    }

    @Test func boolsAreNumbersAsInNSNumber() {
        #expect(ValueConversion.cgFloat(true) == 1)
        #expect(ValueConversion.double(false) == 0)
        #expect(ValueConversion.float(NSNumber(value: true)) == 1)
    }

    @Test func floatRoundsToTheNearestFloat() {
        #expect(ValueConversion.float(0.1) == Float(0.1))
    }

    @Test func nonNumbersAreRefused() {
        for input: Any? in [nil, "1", CGPoint.zero, [1.0], CGColor.black] {
            #expect(ValueConversion.cgFloat(input) == nil, "\(String(describing: input))")
            #expect(ValueConversion.double(input) == nil)
            #expect(ValueConversion.float(input) == nil)
        }
    }

    @Test func boolsConvertFromBoolsAndNumbers() {
        #expect(ValueConversion.bool(true) == true)
        #expect(ValueConversion.bool(NSNumber(value: false)) == false)
        #expect(ValueConversion.bool(0) == false)
        #expect(ValueConversion.bool(2) == true)
        #expect(ValueConversion.bool(0.5) == true)
        #expect(ValueConversion.bool("yes") == nil)
        #expect(ValueConversion.bool(nil) == nil)
    }

    // MARK: Structs

    @Test func geometryConvertsOnlyFromItsOwnStruct() {
        #expect(ValueConversion.point(CGPoint(x: 1, y: 2)) == CGPoint(x: 1, y: 2))
        #expect(ValueConversion.point(CGSize(width: 1, height: 2)) == nil)
        #expect(ValueConversion.size(CGSize(width: 3, height: 4)) == CGSize(width: 3, height: 4))
        #expect(ValueConversion.size(CGPoint(x: 3, y: 4)) == nil)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(ValueConversion.rect(rect) == rect)
        #expect(ValueConversion.rect([1, 2, 3, 4]) == nil)
        #expect(ValueConversion.point(nil) == nil)
    }

    @Test func transformsConvertOnlyFromTheirOwnStruct() {
        let t3 = CATransform3DMakeScale(2, 3, 4)
        #expect(ValueConversion.transform3D(t3) == t3)
        #expect(ValueConversion.transform3D(CGAffineTransform.identity) == nil)
        let t2 = CGAffineTransform(scaleX: 2, y: 3)
        #expect(ValueConversion.affineTransform(t2) == t2)
        #expect(ValueConversion.affineTransform(t3) == nil)
    }

    // MARK: Optional objects and strings

    @Test func colorsDistinguishNilFromAMismatch() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let converted = try #require(ValueConversion.color(red))
        #expect(converted === red)
        let cleared = try #require(ValueConversion.color(nil))
        #expect(cleared == nil)
        let noColor: CGColor? = nil
        #expect(ValueConversion.color(noColor as Any) == .some(nil))
        #expect(ValueConversion.color("red") == nil)
        #expect(ValueConversion.color(1) == nil)
    }

    @Test func imagesDistinguishNilFromAMismatch() throws {
        let image = ImageFixtures.image3x2()
        let converted = try #require(ValueConversion.image(image))
        #expect(converted === image)
        #expect(ValueConversion.image(nil) == .some(nil))
        #expect(ValueConversion.image(CGColor.black) == nil)
    }

    @Test func strings() {
        #expect(ValueConversion.string("left") == "left")
        #expect(ValueConversion.string(NSString(string: "right")) == "right")
        #expect(ValueConversion.string("top-left".dropFirst(4)) == "left")
        #expect(ValueConversion.string(1) == nil)
        #expect(ValueConversion.string(nil) == nil)
    }

    // MARK: Struct fields

    @Test func pointAndSizeFields() {
        let p = CGPoint(x: 1, y: 2)
        let s = CGSize(width: 3, height: 4)
        #expect(ValueConversion.value(ofField: "x", in: p) as? CGFloat == 1)
        #expect(ValueConversion.value(ofField: "y", in: p) as? CGFloat == 2)
        #expect(ValueConversion.value(ofField: "width", in: s) as? CGFloat == 3)
        #expect(ValueConversion.value(ofField: "height", in: s) as? CGFloat == 4)
        #expect(ValueConversion.setting(5, forField: "x", in: p) as? CGPoint == CGPoint(x: 5, y: 2))
        #expect(ValueConversion.setting(Float(6), forField: "height", in: s) as? CGSize == CGSize(width: 3, height: 6))
    }

    @Test func rectFieldsIncludingDottedOnes() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(ValueConversion.value(ofField: "origin", in: r) as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(ValueConversion.value(ofField: "size", in: r) as? CGSize == CGSize(width: 3, height: 4))
        #expect(ValueConversion.value(ofField: "origin.x", in: r) as? CGFloat == 1)
        #expect(ValueConversion.value(ofField: "origin.y", in: r) as? CGFloat == 2)
        #expect(ValueConversion.value(ofField: "size.width", in: r) as? CGFloat == 3)
        #expect(ValueConversion.value(ofField: "size.height", in: r) as? CGFloat == 4)
        #expect(
            ValueConversion.setting(50, forField: "size.width", in: r) as? CGRect
                == CGRect(x: 1, y: 2, width: 50, height: 4))
        #expect(
            ValueConversion.setting(-1, forField: "origin.y", in: r) as? CGRect
                == CGRect(x: 1, y: -1, width: 3, height: 4))
        #expect(
            ValueConversion.setting(CGPoint(x: 7, y: 8), forField: "origin", in: r) as? CGRect
                == CGRect(x: 7, y: 8, width: 3, height: 4))
        #expect(
            ValueConversion.setting(CGSize(width: 9, height: 10), forField: "size", in: r) as? CGRect
                == CGRect(x: 1, y: 2, width: 9, height: 10))
    }

    @Test func rectFieldsKeepANegativeSize() {
        let r = CGRect(origin: CGPoint(x: 10, y: 10), size: CGSize(width: -5, height: -6))
        #expect(ValueConversion.value(ofField: "size.width", in: r) as? CGFloat == -5)
        #expect(
            ValueConversion.setting(1, forField: "origin.x", in: r) as? CGRect
                == CGRect(origin: CGPoint(x: 1, y: 10), size: CGSize(width: -5, height: -6)))
    }

    @Test func fieldsTheTypeDoesNotHaveGiveNil() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        for field in ["x", "y", "width", "height", "origin.z", "size.width.value", "", "origin.", ".origin"] {
            #expect(ValueConversion.value(ofField: field, in: r) == nil, "\(field)")
            #expect(ValueConversion.setting(1, forField: field, in: r) == nil, "\(field)")
        }
        #expect(ValueConversion.value(ofField: "width", in: CGPoint.zero) == nil)
        #expect(ValueConversion.value(ofField: "x", in: CGSize.zero) == nil)
        #expect(ValueConversion.value(ofField: "x", in: 5) == nil)
        #expect(ValueConversion.setting(1, forField: "x", in: "text") == nil)
    }

    @Test func fieldValuesOfTheWrongTypeGiveNil() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(ValueConversion.setting("5", forField: "origin.x", in: r) == nil)
        #expect(ValueConversion.setting(CGSize(width: 1, height: 1), forField: "origin", in: r) == nil)
        #expect(ValueConversion.setting(nil, forField: "x", in: CGPoint.zero) == nil)
    }

    @Test func transformFieldsUseTheTransformKeys() throws {
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(isClose(try #require(ValueConversion.value(ofField: "rotation.z", in: t) as? CGFloat), 0.5))
        #expect(
            ValueConversion.value(ofField: "translation", in: CATransform3DMakeTranslation(1, 2, 3)) as? CGSize
                == CGSize(width: 1, height: 2))
        #expect(
            ValueConversion.setting(2, forField: "scale", in: CATransform3DIdentity) as? CATransform3D
                == CATransform3DMakeScale(2, 2, 2))
        #expect(ValueConversion.value(ofField: "m11", in: t) == nil)
        #expect(ValueConversion.setting("x", forField: "scale", in: t) == nil)
    }
}
