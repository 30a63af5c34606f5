import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// An app's animation that keeps its duration out of archives.
final class DurationlessAnimation: CABasicAnimation {
    override func shouldArchiveValue(forKey key: String) -> Bool {
        key == "duration" ? false : super.shouldArchiveValue(forKey: key)
    }
}

/// Every animation class, `CAMediaTimingFunction` and `CAValueFunction` round-trip through
/// `NSKeyedArchiver` and `NSKeyedUnarchiver` (secure coding) with exact values.
@Suite struct AnimationArchivingTests {
    /// `object` archived securely and unarchived as a `T`.
    static func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// The control points of `function`, (0, 0) and (1, 1) included.
    static func controlPoints(_ function: CAMediaTimingFunction?) -> [[Float]] {
        guard let function else { return [] }
        return (0..<4).map { index in
            var point: [Float] = [0, 0]
            point.withUnsafeMutableBufferPointer { function.getControlPoint(at: index, values: $0.baseAddress!) }
            return point
        }
    }

    @Test func everyClassSupportsSecureCoding() {
        let classes: [any NSSecureCoding.Type] = [
            CAAnimation.self, CAPropertyAnimation.self, CABasicAnimation.self, CAKeyframeAnimation.self,
            CASpringAnimation.self, CAAnimationGroup.self, CATransition.self, CAMediaTimingFunction.self,
            CAValueFunction.self,
        ]
        for type in classes {
            let supports = type.supportsSecureCoding
            #expect(supports, "\(type)")
        }
    }

    @Test func timingAndTheBaseClassRoundTrip() throws {
        let animation = CAAnimation()
        animation.beginTime = 1.5
        animation.duration = 2.25
        animation.speed = 0.5
        animation.timeOffset = 0.125
        animation.repeatCount = .infinity
        animation.repeatDuration = 9
        animation.autoreverses = true
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 1.4)
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        animation.setValue("tag", forKey: "custom")
        animation.delegate = DelegateLog()
        let back = try Self.roundTrip(animation)
        #expect(type(of: back) == CAAnimation.self)
        #expect(back.beginTime == 1.5)
        #expect(back.duration == 2.25)
        #expect(back.speed == 0.5)
        #expect(back.timeOffset == 0.125)
        #expect(back.repeatCount == .infinity)
        #expect(back.repeatDuration == 9)
        #expect(back.autoreverses)
        #expect(back.fillMode == .forwards)
        #expect(!back.isRemovedOnCompletion)
        #expect(Self.controlPoints(back.timingFunction) == [[0, 0], [0.1, 0.2], [0.3, 1.4], [1, 1]])
        #expect(back.preferredFrameRateRange == CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60))
        #expect(back.value(forKey: "custom") as? String == "tag")
        #expect(back.delegate == nil)

        let defaults = try Self.roundTrip(CAAnimation())
        #expect(defaults.speed == 1)
        #expect(defaults.isRemovedOnCompletion)
        #expect(defaults.timingFunction == nil)
        #expect(defaults.fillMode == .removed)
        #expect(defaults.preferredFrameRateRange == .default)
    }

    @Test func propertyAnimationsRoundTrip() throws {
        let animation = CAPropertyAnimation(keyPath: "transform")
        animation.isAdditive = true
        animation.isCumulative = true
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        let back = try Self.roundTrip(animation)
        #expect(type(of: back) == CAPropertyAnimation.self)
        #expect(back.keyPath == "transform")
        #expect(back.isAdditive)
        #expect(back.isCumulative)
        #expect(back.valueFunction?.name == .rotateZ)
        #expect(try Self.roundTrip(CAPropertyAnimation()).keyPath == nil)
    }

    @Test func basicAnimationsKeepTheirValues() throws {
        let opacity = CABasicAnimation(keyPath: "opacity")
        opacity.fromValue = Float(0.25)
        opacity.toValue = NSNumber(value: 0.75)
        opacity.byValue = CGFloat(0.5)
        opacity.duration = 3
        opacity.repeatCount = 2.5
        opacity.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let back = try Self.roundTrip(opacity)
        #expect(back.keyPath == "opacity")
        #expect(back.fromValue as? Float == 0.25)
        #expect((back.toValue as? NSNumber)?.doubleValue == 0.75)
        #expect(back.byValue as? CGFloat == 0.5)
        #expect(back.duration == 3)
        #expect(back.repeatCount == 2.5)
        #expect(back.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))

        var transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        transform.m34 = -0.002
        let structs = CABasicAnimation(keyPath: "transform")
        structs.fromValue = transform
        structs.toValue = CATransform3DIdentity
        let backStructs = try Self.roundTrip(structs)
        #expect(backStructs.fromValue as? CATransform3D == transform)
        #expect(backStructs.toValue as? CATransform3D == CATransform3DIdentity)
        #expect(backStructs.byValue == nil)

        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        color.toValue = CGColor(gray: 0.5, alpha: 0.5)
        let backColor = try Self.roundTrip(color)
        #expect((backColor.fromValue as? CGColor)?.components == [1, 0, 0, 1])
        #expect((backColor.toValue as? CGColor)?.components == [0.5, 0.5])

        let frame = CABasicAnimation(keyPath: "bounds")
        frame.fromValue = CGRect(x: 0, y: 0, width: 10, height: 20)
        frame.byValue = CGRect(x: 1, y: 2, width: 3, height: 4)
        let position = CABasicAnimation(keyPath: "position")
        position.toValue = CGPoint(x: 0.1, y: 0.2)
        #expect(try Self.roundTrip(frame).fromValue as? CGRect == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(try Self.roundTrip(frame).byValue as? CGRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(try Self.roundTrip(position).toValue as? CGPoint == CGPoint(x: 0.1, y: 0.2))
    }

    @Test func boxedValuesKeepWhatTheyHold() throws {
        var transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        transform.m34 = -0.002
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = NSValue(caTransform3D: transform)
        spin.toValue = NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3))
        let back = try Self.roundTrip(spin)
        #expect((back.fromValue as? NSValue)?.caTransform3DValue == transform)
        #expect(back.toValue as? CGAffineTransform == CGAffineTransform(scaleX: 2, y: 3))
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [NSValue(cgPoint: CGPoint(x: 1, y: 2)), NSValue(cgPoint: CGPoint(x: 3, y: 4))]
        #expect(try Self.roundTrip(path).values as? [CGPoint] == [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)])
    }

    @Test func keyframeAnimationsKeepTheirKeyframes() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 0)]
        animation.keyTimes = [0, 0.25, 1]
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        animation.calculationMode = .cubic
        animation.tensionValues = [0, 0.5, 0]
        animation.continuityValues = [0, -0.5, 0]
        animation.biasValues = [0, 1, 0]
        animation.rotationMode = .rotateAutoReverse
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 9, y: 1), control: CGPoint(x: 5, y: 8))
        animation.path = path
        let back = try Self.roundTrip(animation)
        #expect(back.keyPath == "position")
        #expect(back.values as? [CGPoint] == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 0)])
        #expect(back.keyTimes == [0, 0.25, 1])
        #expect(back.timingFunctions == [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)])
        #expect(back.calculationMode == .cubic)
        #expect(back.tensionValues == [0, 0.5, 0])
        #expect(back.continuityValues == [0, -0.5, 0])
        #expect(back.biasValues == [0, 1, 0])
        #expect(back.rotationMode == .rotateAutoReverse)
        #expect(back.path?.elements == path.elements)

        let plain = try Self.roundTrip(CAKeyframeAnimation(keyPath: "opacity"))
        #expect(plain.values == nil)
        #expect(plain.calculationMode == .linear)
        #expect(plain.rotationMode == nil)
        #expect(plain.path == nil)
    }

    @Test func springAnimationsKeepTheirSpring() throws {
        let spring = CASpringAnimation(perceptualDuration: 0.8, bounce: -0.3)
        spring.keyPath = "position.x"
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(100)
        spring.initialVelocity = 2
        spring.duration = spring.settlingDuration
        let back = try Self.roundTrip(spring)
        #expect(back.keyPath == "position.x")
        #expect(back.fromValue as? CGFloat == 0)
        #expect(back.toValue as? CGFloat == 100)
        #expect(back.mass == spring.mass)
        #expect(back.stiffness == spring.stiffness)
        #expect(back.damping == spring.damping)
        #expect(back.initialVelocity == 2)
        #expect(back.allowsOverdamping)
        #expect(back.duration == spring.settlingDuration)
        #expect(back.settlingDuration == spring.settlingDuration)
    }

    @Test func groupsKeepTheirAnimations() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = Float(0)
        fade.beginTime = 0.5
        let path = CAKeyframeAnimation(keyPath: "position.y")
        path.values = [CGFloat(0), CGFloat(8)]
        let spring = CASpringAnimation(keyPath: "cornerRadius")
        spring.damping = 3
        let group = CAAnimationGroup()
        group.animations = [fade, path, spring]
        group.duration = 4
        let back = try Self.roundTrip(group)
        #expect(back.duration == 4)
        let animations = try #require(back.animations)
        #expect(animations.count == 3)
        let backFade = try #require(animations[0] as? CABasicAnimation)
        #expect(type(of: backFade) == CABasicAnimation.self)
        #expect(backFade.keyPath == "opacity")
        #expect(backFade.toValue as? Float == 0)
        #expect(backFade.beginTime == 0.5)
        #expect((animations[1] as? CAKeyframeAnimation)?.values as? [CGFloat] == [0, 8])
        #expect((animations[2] as? CASpringAnimation)?.damping == 3)
        #expect(try Self.roundTrip(CAAnimationGroup()).animations == nil)
    }

    @Test func transitionsKeepTheirKindAndProgress() throws {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromTop
        transition.filter = "CIBarsSwipeTransition"
        transition.startProgress = 0.25
        transition.endProgress = 0.75
        transition.duration = 0.4
        let back = try Self.roundTrip(transition)
        #expect(back.type == .push)
        #expect(back.subtype == .fromTop)
        #expect(back.filter as? String == "CIBarsSwipeTransition")
        #expect(back.startProgress == 0.25)
        #expect(back.endProgress == 0.75)
        #expect(back.duration == 0.4)
        let plain = try Self.roundTrip(CATransition())
        #expect(plain.type == .fade)
        #expect(plain.subtype == nil)
        #expect(plain.endProgress == 1)
    }

    @Test(arguments: [
        CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
    ])
    func namedTimingFunctionsKeepTheirControlPoints(_ name: CAMediaTimingFunctionName) throws {
        let function = CAMediaTimingFunction(name: name)
        let back = try Self.roundTrip(function)
        #expect(Self.controlPoints(back) == Self.controlPoints(function))
        #expect(back == function)
        #expect(back.hash == function.hash)
    }

    @Test func timingFunctionsKeepTheirControlPointsExactly() throws {
        let function = CAMediaTimingFunction(controlPoints: 0.123456, -0.5, 0.987654, 1.75)
        #expect(
            Self.controlPoints(try Self.roundTrip(function)) == [
                [0, 0], [0.123456, -0.5], [0.987654, 1.75], [1, 1],
            ])
        #expect(function != CAMediaTimingFunction(name: .linear))
    }

    @Test(arguments: CAValueFunctionName.all)
    func valueFunctionsKeepTheirName(_ name: CAValueFunctionName) throws {
        let function = try #require(CAValueFunction(name: name))
        let back = try Self.roundTrip(function)
        #expect(back.name == name)
        #expect(back == function)
    }

    @Test func anUnarchivedAnimationRuns() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = Float(0)
        animation.toValue = Float(1)
        animation.duration = 2
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        let back = try Self.roundTrip(animation)
        let clock = ManualClock()
        clock.add(back, forKey: "fade")
        #expect(clock.layer.animation(forKey: "fade") != nil)
        #expect(abs(clock.presented(at: clock.now + 0.5).opacity - 0.25) < 1e-6)
    }

    @Test func aSubclassDecidesWhatItArchives() throws {
        let animation = DurationlessAnimation(keyPath: "opacity")
        animation.duration = 5
        animation.toValue = Float(0.5)
        let back = try Self.roundTrip(animation)
        #expect(type(of: back) == DurationlessAnimation.self)
        #expect(back.duration == 0)
        #expect(back.toValue as? Float == 0.5)
    }

    @Test func aLayersActionsKeepTheirAnimations() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 0.75
        fade.fromValue = Float(1)
        let layer = CALayer()
        layer.actions = ["opacity": fade, "hidden": NSNull(), kCATransition: CATransition()]
        let back = try LayerArchivingTests.roundTrip(layer)
        let actions = try #require(back.actions)
        #expect((actions["opacity"] as? CABasicAnimation)?.duration == 0.75)
        #expect((actions["opacity"] as? CABasicAnimation)?.fromValue as? Float == 1)
        #expect(actions["hidden"] is NSNull)
        #expect(actions[kCATransition] is CATransition)
    }
}
