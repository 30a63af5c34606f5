import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Values as public code passes them, in Foundation boxes (`NSValue(caTransform3D:)`,
/// `NSValue(cgPoint:)`, `NSNumber`), and as it reads them back through key-value coding with the
/// casts it writes.
@Suite struct BoxedValueTests {
    static let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)

    @Test func boxesHoldTheirStructsAndCastBothWays() {
        let transform = CATransform3DTranslate(Self.turn, 3, 4, 5)
        let box = NSValue(caTransform3D: transform)
        #expect(box.caTransform3DValue == transform)
        #expect(String(cString: box.objCType) == "{CATransform3D=dddddddddddddddd}")
        #expect(box.isEqual(NSValue(caTransform3D: transform)))
        #expect(!box.isEqual(NSValue(caTransform3D: CATransform3DIdentity)))
        #expect(box.hash == NSValue(caTransform3D: transform).hash)
        #expect((box as Any) as? CATransform3D == transform)
        #expect(((transform as Any) as? NSValue)?.caTransform3DValue == transform)

        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        #expect((NSValue(cgAffineTransform: affine) as Any) as? CGAffineTransform == affine)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgRect: rect).cgRectValue == rect)
        #expect((NSValue(cgRect: rect) as Any) as? CGRect == rect)
        #expect(((CGPoint(x: 7, y: 8) as Any) as? NSValue)?.cgPointValue == CGPoint(x: 7, y: 8))
        let points: Any = [NSValue(cgPoint: CGPoint(x: 1, y: 1)), NSValue(cgPoint: CGPoint(x: 2, y: 2))]
        #expect(points as? [CGPoint] == [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)])
    }

    @Test func aBoxOfAnotherTypeDoesNotCastAndReadsZero() {
        let size = NSValue(cgSize: CGSize(width: 3, height: 4))
        #expect((size as Any) as? CGPoint == nil)
        #expect((size as Any) as? CATransform3D == nil)
        #expect(size.cgPointValue == .zero)
        #expect(size.caTransform3DValue == CATransform3DIdentity)
        #expect(NSValue(caTransform3D: Self.turn).cgRectValue == .zero)
        #expect((NSNumber(value: 2) as Any) as? CGPoint == nil)
        #expect(NSNumber(value: 2).cgSizeValue == .zero)
    }

    @Test func numbersCastAsOnApplesPlatforms() {
        #expect((NSNumber(value: Float.pi) as Any) as? CGFloat == CGFloat(Float.pi))
        #expect(((CGFloat(2.5) as Any) as? NSNumber)?.doubleValue == 2.5)
        let numbers: Any = [NSNumber(value: 1), NSNumber(value: 2.5)]
        #expect(numbers as? [CGFloat] == [1, 2.5])
    }

    @Test func boxedValuesAnimateEveryPropertyKind() {
        let clock = ManualClock()
        let move = CABasicAnimation(keyPath: "transform")
        move.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        move.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(100, 40, 0))
        move.duration = 1
        let spin = CABasicAnimation(keyPath: "position")
        spin.fromValue = NSValue(cgPoint: CGPoint(x: 10, y: 20))
        spin.toValue = NSValue(cgPoint: CGPoint(x: 30, y: 60))
        spin.duration = 1
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [NSNumber(value: 0), NSNumber(value: Float(0.5)), NSNumber(value: 1)]
        fade.duration = 1
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 200, height: 100))
        grow.duration = 1
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.toValue = NSNumber(value: Float.pi)
        turn.duration = 1
        turn.isAdditive = true
        for (key, animation) in [("move", move), ("spin", spin), ("fade", fade), ("grow", grow), ("turn", turn)] {
            let messages = Diagnostics.capturing { clock.add(animation, forKey: key) }
            #expect(messages.isEmpty, "\(key): \(messages)")
        }
        #expect(clock.layer.animationKeys()?.count == 5)
        let shown = clock.presented(at: clock.now + 0.25)
        #expect(isClose(shown.position, CGPoint(x: 15, y: 30)))
        #expect(isClose(CGFloat(shown.opacity), 0.25))
        #expect(isClose(shown.bounds.size, CGSize(width: 50, height: 25)))
        // The additive quarter of a half turn about z applies first, then the translation of (25, 10).
        let angle = CGFloat(Float.pi) / 4
        let expected = CATransform3DConcat(
            CATransform3DMakeRotation(angle, 0, 0, 1), CATransform3DMakeTranslation(25, 10, 0))
        #expect(isClose(shown.transform, expected, tolerance: 1e-9))
    }

    @Test func keyValueCodingTakesBoxes() {
        let layer = CALayer()
        let messages = Diagnostics.capturing {
            layer.setValue(NSValue(cgPoint: CGPoint(x: 5, y: 6)), forKey: "position")
            layer.setValue(NSValue(caTransform3D: Self.turn), forKey: "transform")
            layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 8, height: 9)), forKey: "bounds")
            layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
            layer.setValue(NSNumber(value: 7), forKeyPath: "position.x")
            layer.setValue(NSValue(cgSize: CGSize(width: 4, height: 2)), forKeyPath: "bounds.size")
            layer.setValue(NSValue(cgSize: CGSize(width: 1, height: 2)), forKey: "shadowOffset")
        }
        #expect(messages.isEmpty, "\(messages)")
        let turned = CALayer()
        turned.setValue(NSNumber(value: Float.pi / 2), forKeyPath: "transform.rotation.z")
        turned.setValue(NSNumber(value: 2), forKeyPath: "transform.scale.x")
        #expect(isClose(turned.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, CGFloat(Float.pi / 2)))
        #expect(isClose(turned.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 2))
        #expect(layer.position == CGPoint(x: 7, y: 6))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(layer.opacity == 0.5)
        #expect(layer.shadowOffset == CGSize(width: 1, height: 2))
        #expect(layer.transform == Self.turn)
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(NSNumber(value: 2), forKey: "duration")
        animation.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 1)), forKey: "custom")
        let implicit = CABasicAnimation(keyPath: "transform")
        implicit.setValue(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)), forKey: "toValue")
        #expect(implicit.toValue as? CGAffineTransform == CGAffineTransform(scaleX: 2, y: 3))
        #expect(animation.duration == 2)
        #expect((animation.value(forKey: "custom") as? NSValue)?.cgPointValue == CGPoint(x: 1, y: 1))
    }

    @Test func valueForKeyAnswersTheCastsCodeWrites() {
        let layer = CALayer()
        layer.opacity = 0.25
        layer.position = CGPoint(x: 3, y: 4)
        layer.transform = Self.turn
        layer.cornerRadius = 6
        layer.isHidden = true
        #expect((layer.value(forKey: "opacity") as? NSNumber)?.floatValue == 0.25)
        #expect((layer.value(forKey: "opacity") as? NSNumber)?.doubleValue == 0.25)
        #expect(layer.value(forKey: "opacity") as? CGFloat == 0.25)
        #expect(layer.value(forKey: "opacity") as? Double == 0.25)
        #expect(layer.value(forKey: "opacity") as? Float == 0.25)
        #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 6)
        #expect(layer.value(forKey: "cornerRadius") as? Double == 6)
        #expect(layer.value(forKey: "hidden") as? Bool == true)
        #expect((layer.value(forKey: "position") as? NSValue)?.cgPointValue == CGPoint(x: 3, y: 4))
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 3)
        #expect((layer.value(forKeyPath: "position.y") as? NSNumber)?.doubleValue == 4)
        #expect((layer.value(forKey: "transform") as? NSValue)?.caTransform3DValue == Self.turn)
        #expect(isClose(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 2))
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = 3
        #expect((animation.value(forKey: "duration") as? NSNumber)?.doubleValue == 3)
        #expect(animation.value(forKey: "duration") as? CGFloat == 3)
        let text = CATextLayer()
        text.fontSize = 18
        #expect(text.value(forKey: "fontSize") as? Double == 18)
    }

    @Test func aStyleSuppliesBoxedValuesToPropertiesNotSet() {
        let layer = CALayer()
        CATransaction.flush()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.style = [
            "cornerRadius": NSNumber(value: 5), "backgroundColor": red,
            "bounds": NSValue(cgRect: CGRect(x: 0, y: 0, width: 9, height: 9)), "custom": NSNumber(value: 4),
            "style": ["opacity": NSNumber(value: 0.5), "cornerRadius": NSNumber(value: 9)],
        ]
        #expect(layer.cornerRadius == 5, "the shallowest value wins")
        #expect(layer.opacity == 0.5)
        #expect(layer.backgroundColor === red)
        #expect(layer.bounds == .zero, "a style never supplies bounds or frame")
        #expect(layer.value(forKey: "custom") as? Int == 4)
        #expect(layer.animationKeys() == nil, "styled values run no actions")
        #expect(!layer.shouldArchiveValue(forKey: "cornerRadius"), "styled values are not set")
        layer.cornerRadius = 2
        layer.style = ["cornerRadius": NSNumber(value: 7), "borderWidth": NSNumber(value: 3)]
        #expect(layer.cornerRadius == 2, "a value set explicitly overrides the style")
        #expect(layer.opacity == 1, "the old style's value is gone")
        #expect(layer.backgroundColor == nil)
        #expect(layer.borderWidth == 3)
        layer.style = nil
        #expect(layer.borderWidth == 0 && layer.cornerRadius == 2)
    }
}
