import Foundation
import SceneCore
import Testing

// Values boxed and read back as code written for Apple's platforms writes them.

@Suite struct BoxedValueSpellingTests {
    @Test func boxesGoInAndCastsComeOut() {
        let layer = CALayer()
        let flip = CABasicAnimation(keyPath: "transform")
        flip.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        flip.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 1, 0))
        flip.repeatCount = HUGE
        let bounce = CAKeyframeAnimation(keyPath: "position")
        bounce.values = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 10, y: 10))]
        bounce.keyTimes = [0, 0.7]
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.toValue = NSNumber(value: Float.pi)
        layer.add(flip, forKey: "flip")
        layer.add(bounce, forKey: "bounce")
        layer.add(scale, forKey: nil)
        layer.setValue(NSValue(cgSize: CGSize(width: 4, height: 4)), forKeyPath: "shadowOffset")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        #expect(layer.animationKeys() == ["flip", "bounce"])
        #expect((layer.value(forKey: "opacity") as? NSNumber)?.floatValue == 0.5)
        #expect(layer.value(forKey: "opacity") as? CGFloat == 0.5)
        #expect(layer.value(forKey: "opacity") as? Double == 0.5)
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        #expect((layer.value(forKey: "shadowOffset") as? NSValue)?.cgSizeValue == CGSize(width: 4, height: 4))
        #expect((layer.value(forKey: "transform") as? NSValue)?.caTransform3DValue == CATransform3DIdentity)
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 0)
        #expect(CGFloat(MAXFLOAT) > 1e38)
    }

    /// A font class as a UIKit layer over SceneCore makes it: on Apple's platforms a UIFont is a CTFont.
    final class PortedFont: CTFont, @unchecked Sendable {
        static func systemFont(ofSize size: CGFloat) -> PortedFont { PortedFont(name: "DejaVu Sans", size: size) }
    }

    @Test func aFontClassOverCTFontIsATextLayersFont() {
        let text = CATextLayer()
        text.font = PortedFont.systemFont(ofSize: 17)
        #expect(text.font is PortedFont)
        #expect(CTFontGetSize(PortedFont.systemFont(ofSize: 17)) == 17)
        #expect(CTFontCopyFamilyName(PortedFont.systemFont(ofSize: 17)) == "DejaVu Sans")
    }
}
