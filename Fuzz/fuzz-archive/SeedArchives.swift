import Foundation
import SceneCore

/// The fuzzer's seed corpus: archives SceneCore makes of its own layers, animations, cells and
/// filters (`fuzz-archive --write-seeds DIR`, which `scripts/fuzz.sh` runs), each as
/// `NSKeyedArchiver` writes it (a binary property list, the one format `SecureUnarchiver` reads).
enum SeedArchives {
    static func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, object) in objects() {
            let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
            try data.write(to: directory.appendingPathComponent("\(name).archive"))
        }
    }

    /// One object of each kind, with values of every archived kind set.
    static func objects() -> [(String, NSObject)] {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        root.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        root.contents = CGImage(rgbaPixels: [UInt8](repeating: 200, count: 16), width: 2, height: 2)
        root.name = "root"
        root.setValue(["a": 1, "b": [2.5, "c"]], forKey: "custom")
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        path.addQuadCurve(to: CGPoint(x: 9, y: 9), control: CGPoint(x: 7, y: 1))
        shape.path = path
        shape.lineDashPattern = [2, 3]
        root.addSublayer(shape)
        let text = CATextLayer()
        text.string = NSAttributedString(string: "seed")
        text.alignmentMode = .center
        root.addSublayer(text)
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.locations = [0, 1]
        root.addSublayer(gradient)
        root.mask = CALayer()

        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = 10
        cell.lifetime = 2
        let subcell = CAEmitterCell()
        subcell.birthRate = 1
        cell.emitterCells = [subcell]
        emitter.emitterCells = [cell]

        let basic = CABasicAnimation(keyPath: "position")
        basic.fromValue = CGPoint(x: 0, y: 0)
        basic.toValue = CGPoint(x: 10, y: 5)
        basic.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let keyframe = CAKeyframeAnimation(keyPath: "transform")
        keyframe.values = [CATransform3DIdentity, CATransform3DMakeScale(2, 2, 1)]
        keyframe.keyTimes = [0, 1]
        keyframe.valueFunction = CAValueFunction(name: .rotateZ)
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.damping = 5
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        let group = CAAnimationGroup()
        group.animations = [basic, keyframe, spring]
        let outer = CAAnimationGroup()
        outer.animations = [group, transition]

        let filter = CAFilter(type: "gaussianBlur")
        filter.setValue(4.0, forKey: "inputRadius")
        return [
            ("layers", root), ("emitter", emitter), ("cell", cell), ("basic", basic), ("keyframe", keyframe),
            ("group", outer), ("transition", transition), ("filter", filter),
            ("timing", CAMediaTimingFunction(controlPoints: 0.2, 0.1, 0.3, 1)),
            ("valueFunction", CAValueFunction(name: .scale)!),
        ]
    }
}
