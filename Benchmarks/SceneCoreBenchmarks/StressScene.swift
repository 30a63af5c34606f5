import Foundation

@testable import SceneCore

#if !SCENECORE_BENCHMARKS
    #error("run the benchmarks with SCENECORE_BENCHMARKS=1 in the environment (README.md, \"Benchmarks\")")
#endif

/// The number of layers of the stress scene (10,000 unless `SCENECORE_BENCH_LAYERS` says
/// otherwise; the checked-in thresholds are for 10,000, and the benchmarks' names carry the count).
let layerCount =
    ProcessInfo.processInfo.environment["SCENECORE_BENCH_LAYERS"].flatMap(Int.init).map { max($0, 1) }
    ?? 10_000

/// The peers' stress scene: N 48x48 quads in a 1280x720 window, alpha 0.6, rotated.
func stressScene(_ count: Int) -> (root: CALayer, layers: [CALayer]) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
    var layers: [CALayer] = []
    for i in 0..<count {
        let layer = CALayer()
        let f = CGFloat(i)
        layer.frame = CGRect(x: (i * 97) % (1280 - 48), y: (i * 59) % (720 - 48), width: 48, height: 48)
        layer.backgroundColor = CGColor(
            red: 0.5 + 0.5 * sin(0.1 * f), green: 0.5 + 0.5 * sin(0.1 * f + 2.1), blue: 0.5 + 0.5 * sin(0.1 * f + 4.2),
            alpha: 0.6)
        layer.transform = CATransform3DMakeRotation(CGFloat((7 * i) % 360) * .pi / 180, 0, 0, 1)
        root.addSublayer(layer)
        layers.append(layer)
    }
    return (root, layers)
}

/// The benchmarks' stand-in for a window: it shows the scene's tree (so the clock of animations
/// that no renderer shows leaves them alone, as it does for a window's) and draws nothing; the
/// benchmarks feed their render trees themselves.
final class DiscardingSink: CommitSink {
    func enqueue(_ commit: LayerTreeCommit) {}
}

/// One benchmark's stress scene, built by its setup and shown to a `DiscardingSink`, and let go
/// by its teardown. Each benchmark's closure runs whole on one thread (the benchmark runner may
/// move between threads from one call to the next), so it opens and commits its own transactions.
final class StressFixture: @unchecked Sendable {
    private(set) var root = CALayer()
    private(set) var layers: [CALayer] = []
    private let sink = DiscardingSink()
    /// Counts the commit benchmarks' iterations, to move different layers each time.
    var step = 0
    /// The evaluation benchmarks' render tree and clock.
    var tree = RenderTree()
    var time = 0.0

    func setUp() {
        (root, layers) = stressScene(layerCount)
        // The scene was built outside any begin(), in an implicit transaction: commit it.
        CATransaction.flush()
        CommitDistributor.shared.attach(sink, root: root)
    }

    func tearDown() {
        CommitDistributor.shared.detach(sink)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers { layer.removeAllAnimations() }
        CATransaction.commit()
        (root, layers, tree) = (CALayer(), [], RenderTree())
    }

    /// The whole tree encoded as a first commit, or a renderer attaching, would encode it.
    func snapshot() -> LayerTreeCommit {
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        return builder.finish()
    }
}

/// The kinds of animation the evaluation benchmarks run, one per layer (the case names the
/// benchmark).
enum AnimationKind: String, CaseIterable {
    case rotation = "transform.rotation.z (basic, repeating)"
    case position = "position (basic)"
    case keyframes = "position (keyframes, 4 values)"
    case spring = "position.y (spring)"
    case colour = "backgroundColor (basic)"

    func animation(_ i: Int) -> CAAnimation {
        let animation: CAPropertyAnimation
        switch self {
        case .rotation:
            let basic = CABasicAnimation(keyPath: "transform.rotation.z")
            basic.byValue = 2 * Double.pi
            animation = basic
        case .position:
            let basic = CABasicAnimation(keyPath: "position")
            basic.fromValue = CGPoint(x: 0, y: 0)
            basic.toValue = CGPoint(x: 1000, y: 600)
            animation = basic
        case .keyframes:
            let keyframes = CAKeyframeAnimation(keyPath: "position")
            keyframes.values = [
                CGPoint(x: 0, y: 0), CGPoint(x: 500, y: 0), CGPoint(x: 500, y: 500), CGPoint(x: 0, y: 0),
            ]
            keyframes.keyTimes = [0, 0.2, 0.7, 1]
            animation = keyframes
        case .spring:
            let spring = CASpringAnimation(keyPath: "position.y")
            spring.fromValue = 0
            spring.toValue = 500
            animation = spring
        case .colour:
            let basic = CABasicAnimation(keyPath: "backgroundColor")
            basic.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            animation = basic
        }
        animation.duration = 2 + Double(i % 7) * 0.25
        animation.repeatCount = .infinity
        animation.autoreverses = self != .rotation
        return animation
    }
}

/// The superlayer of the constraint layout benchmark: `count` sublayers under a
/// `CAConstraintLayoutManager`, each 40 points wide, starting 2 points after its predecessor's
/// right edge (a chain solved in dependency order), centred vertically and half its height.
func constrainedLayers(_ count: Int) -> CALayer {
    let superlayer = CALayer()
    superlayer.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
    superlayer.layoutManager = CAConstraintLayoutManager()
    for i in 0..<count {
        let layer = CALayer()
        layer.name = "c\(i)"
        let left =
            i == 0
            ? CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX)
            : CAConstraint(attribute: .minX, relativeTo: "c\(i - 1)", attribute: .maxX, offset: 2)
        layer.constraints = [
            left,
            CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0, offset: 40),
            CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY),
            CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0.5, offset: 0),
        ]
        superlayer.addSublayer(layer)
    }
    CATransaction.flush()
    return superlayer
}

/// 200 text layers of 240x30 points, 18 pt, at `scale`.
func textLayers(scale: CGFloat) -> [CATextLayer] {
    let layers = (0..<200).map { _ in
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 240, height: 30)
        layer.contentsScale = scale
        layer.fontSize = 18
        return layer
    }
    CATransaction.flush()
    return layers
}
