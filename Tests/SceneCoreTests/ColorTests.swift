import Foundation
import Testing

@testable import SceneCore

@Suite struct ColorTests {
    @Test func rgbComponentsAndAlpha() {
        let c = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        #expect(c.components == [0.25, 0.5, 0.75, 0.5])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.5)
        #expect(c.colorSpace?.name == CGColorSpace.sRGB)
        #expect(CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 0.5) == c)
    }

    @Test func grayComponentsAndAlpha() {
        let g = CGColor(gray: 0.25, alpha: 0.5)
        #expect(g.components == [0.25, 0.5])
        #expect(g.numberOfComponents == 2)
        #expect(g.alpha == 0.5)
        #expect(g.colorSpace?.name == CGColorSpace.deviceGray)
        #expect(g.colorSpace?.numberOfComponents == 1)
    }

    @Test func grayExpandsToRGB() {
        let g = CGColor(gray: 0.25, alpha: 0.5)
        #expect(g.rgba == (0.25, 0.25, 0.25, 0.5))
        #expect(g.value == RGBA(r: 0.25, g: 0.25, b: 0.25, a: 0.5))
        #expect(g == CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.5))
    }

    @Test func copyWithAlphaKeepsTheColour() throws {
        let c = try #require(CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1).copy(alpha: 0.4))
        #expect(c.components == [0.1, 0.2, 0.3, 0.4])
        let g = try #require(CGColor(gray: 0.6, alpha: 1).copy(alpha: 0.2))
        #expect(g.components == [0.6, 0.6, 0.6, 0.2])
    }

    @Test func constants() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.black == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CGColor.white == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(CGColor.clear.alpha == 0)
    }

    @Test func equalityAndHashingFollowTheRGBAValue() {
        let a = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let b = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(a != CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(Set([a, b, CGColor.black]).count == 2)
    }

    @Test func colourFromAColourSpaceAndComponents() throws {
        let values: [CGFloat] = [0.2, 0.4, 0.6, 0.8]
        let c = try #require(
            values.withUnsafeBufferPointer {
                CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: $0.baseAddress!)
            })
        #expect(c.components == values)
        let gray: [CGFloat] = [0.3, 1]
        let g = try #require(
            gray.withUnsafeBufferPointer {
                CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: $0.baseAddress!)
            })
        #expect(g.rgba == (0.3, 0.3, 0.3, 1))
    }

    @Test func colourSpaces() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.numberOfComponents == 3)
        #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.numberOfComponents == 1)
        #expect(CGColorSpace(name: "kCGColorSpaceDisplayP3") == nil)
        #expect(CGColorSpaceCreateDeviceRGB() == CGColorSpace.srgb)
    }

    @Test func premultipliedClampsThenMultiplies() {
        #expect(RGBA(r: 2, g: 0.5, b: -1, a: 0.5).premultiplied == RGBA(r: 0.5, g: 0.25, b: 0, a: 0.5))
        #expect(RGBA(r: 1, g: 1, b: 1, a: 3).premultiplied == RGBA(r: 1, g: 1, b: 1, a: 1))
    }

    @Test func descriptionShowsRGBA() {
        #expect(CGColor(gray: 1, alpha: 0.5).description == "CGColor(r: 1.0, g: 1.0, b: 1.0, a: 0.5)")
    }
}
