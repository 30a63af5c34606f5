import Foundation
import SceneCore

/// A random animation described as plain data: its class, key path, values and timing, with
/// any key path (unknown ones included), any value type and any timing numbers.
public struct AnimationRecipe: Sendable, CustomStringConvertible {
    /// The animation classes a recipe makes.
    public enum Kind: Sendable, CaseIterable {
        case basic, spring, keyframe, transition, group
    }

    /// The animation's class.
    public var kind: Kind
    /// The key path it animates (ignored by transitions and groups).
    public var keyPath: String
    /// The key it is added under; nil adds it without one.
    public var key: String?
    /// `fromValue`, `toValue`, `byValue` for basic and spring animations, the values of a
    /// keyframe animation, the filter of a transition.
    public var values: [FuzzValue]
    /// `keyTimes` of a keyframe animation, progress of a transition, spring constants.
    public var numbers: [Double]
    /// `beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`, `repeatDuration`.
    public var timing: [Double]
    /// `autoreverses`; also whether `repeatDuration` is set.
    public var autoreverses: Bool
    /// `fillMode`, an unknown one included.
    public var fillMode: CAMediaTimingFillMode
    /// `isRemovedOnCompletion`.
    public var isRemovedOnCompletion: Bool
    /// `isAdditive` of a property animation (and `isCumulative` when it also autoreverses).
    public var isAdditive: Bool
    /// Control points of the timing function; nil leaves it linear.
    public var timingFunction: [Float]?
    /// A path for a keyframe animation, as coordinates.
    public var path: [Double]?
    /// Members of a group.
    public var members: [AnimationRecipe]

    /// Key paths of every kind: properties, their fields, subclass properties, unknown keys.
    public static let keyPaths = [
        "position", "position.x", "bounds", "bounds.size.width", "bounds.origin", "opacity", "transform",
        "transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.y", "transform.translation",
        "transform.translation.x", "sublayerTransform", "sublayerTransform.rotation.x", "backgroundColor",
        "borderColor", "borderWidth", "cornerRadius", "shadowOpacity", "shadowRadius", "shadowOffset",
        "shadowColor", "shadowPath", "zPosition", "anchorPoint", "anchorPointZ", "contents", "contentsRect",
        "contentsCenter", "hidden", "masksToBounds", "path", "strokeEnd", "strokeStart", "lineWidth", "fillColor",
        "strokeColor", "lineDashPhase", "colors", "locations", "startPoint", "endPoint", "fontSize",
        "foregroundColor", "string", "speed", "timeOffset", "myCustomKey", "", "transform.bogus", "position.z",
        "bounds.size.depth", "...", "sublayers", "mask",
    ]

    /// A random recipe; groups nest at most `depth` levels.
    public static func random(using random: inout some RandomNumberGenerator, depth: Int = 1) -> AnimationRecipe {
        let kinds = depth > 0 ? Kind.allCases : Kind.allCases.filter { $0 != .group }
        let kind = kinds.randomElement(using: &random)!
        func time(_ range: ClosedRange<Double>) -> Double { FuzzNumber.mostlyIn(range, using: &random) }
        let timing = [time(-2...2), time(0...3), time(-2...4), time(-2...2), time(0...5), time(0...5)]
        let valueCount = Int.random(in: 0...5, using: &random)
        return AnimationRecipe(
            kind: kind,
            keyPath: keyPaths.randomElement(using: &random)!,
            key: [nil, "a", "b", "transition", ""].randomElement(using: &random)!,
            values: (0..<valueCount).map { _ in FuzzValue.random(using: &random, depth: 1) },
            numbers: (0..<Int.random(in: 0...5, using: &random)).map { _ in time(0...1) },
            timing: timing,
            autoreverses: Bool.random(using: &random),
            fillMode: [.removed, .forwards, .backwards, .both, CAMediaTimingFillMode(rawValue: "sideways")]
                .randomElement(using: &random)!,
            isRemovedOnCompletion: Bool.random(using: &random),
            isAdditive: Int.random(in: 0..<4, using: &random) == 0,
            timingFunction: Bool.random(using: &random)
                ? (0..<4).map { _ in Float(FuzzNumber.mostlyIn(-0.5...1.5, using: &random)) } : nil,
            path: Int.random(in: 0..<4, using: &random) == 0
                ? (0..<(2 * Int.random(in: 1...5, using: &random))).map { _ in time(-100...100) } : nil,
            members: kind == .group
                ? (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.random(using: &random, depth: depth - 1) }
                : [])
    }

    /// A new animation made from the recipe.
    public func make() -> CAAnimation {
        let animation: CAAnimation
        switch kind {
        case .basic, .spring:
            let basic = kind == .spring ? CASpringAnimation(keyPath: keyPath) : CABasicAnimation(keyPath: keyPath)
            basic.fromValue = values.first?.object
            basic.toValue = values.dropFirst().first?.object
            basic.byValue = values.dropFirst(2).first?.object
            if let spring = basic as? CASpringAnimation, numbers.count >= 4 {
                (spring.mass, spring.stiffness, spring.damping, spring.initialVelocity) = (
                    numbers[0], numbers[1] * 500, numbers[2] * 50, numbers[3]
                )
            }
            animation = basic
        case .keyframe:
            let keyframe = CAKeyframeAnimation(keyPath: keyPath)
            keyframe.values = values.map { $0.object as Any }
            keyframe.keyTimes = numbers.isEmpty ? nil : numbers.map { NSNumber(value: $0) }
            keyframe.path = path.map(FuzzValue.makePath)
            keyframe.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][numbers.count % 5]
            keyframe.rotationMode = numbers.count.isMultiple(of: 2) ? .rotateAuto : nil
            animation = keyframe
        case .transition:
            let transition = CATransition()
            transition.type = [.fade, .moveIn, .push, .reveal, CATransitionType(rawValue: "cube")][values.count % 5]
            transition.subtype = [nil, .fromRight, .fromLeft, .fromTop, .fromBottom][numbers.count % 5]
            if numbers.count >= 2 {
                (transition.startProgress, transition.endProgress) = (Float(numbers[0]), Float(numbers[1]))
            }
            animation = transition
        case .group:
            let group = CAAnimationGroup()
            group.animations = members.map { $0.make() }
            animation = group
        }
        if let property = animation as? CAPropertyAnimation {
            property.isAdditive = isAdditive
            property.isCumulative = autoreverses && isAdditive
            if keyPath.hasPrefix("transform") && numbers.count == 1 {
                property.valueFunction = CAValueFunction(name: .rotateZ)
            }
        }
        animation.beginTime = timing[0]
        animation.duration = timing[1]
        animation.speed = Float(timing[2])
        animation.timeOffset = timing[3]
        animation.repeatCount = Float(timing[4])
        if autoreverses { animation.repeatDuration = timing[5] }
        animation.autoreverses = autoreverses
        animation.fillMode = fillMode
        animation.isRemovedOnCompletion = isRemovedOnCompletion
        if let c = timingFunction {
            animation.timingFunction = CAMediaTimingFunction(controlPoints: c[0], c[1], c[2], c[3])
        }
        return animation
    }

    public var description: String {
        var text = "\(kind)(\(keyPath.debugDescription) key: \(key.map(\.debugDescription) ?? "nil")"
        text += " values: \(values) numbers: \(numbers) timing: \(timing) autoreverses: \(autoreverses)"
        text += " fill: \(fillMode.rawValue) removed: \(isRemovedOnCompletion) additive: \(isAdditive)"
        if let timingFunction { text += " function: \(timingFunction)" }
        if let path { text += " path: \(path)" }
        if !members.isEmpty { text += " members: \(members)" }
        return text + ")"
    }
}
