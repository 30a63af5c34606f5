// Micro-benchmarks of the GL-free pipeline: commit encoding, display-list building and text
// layer rasterisation.
// Run in release mode: swift run -c release scenecore-bench [--layers N] [--iterations N]
// The scale benchmark (100,000-deep and 1,000,000-wide trees): swift run -c release scenecore-bench scale
// Only the animation evaluation, for a profiler: swift run -c release scenecore-bench evaluate [--iterations N]
import Foundation
import MallocCounter
import SceneCore

struct Options {
    var layers = 10_000
    var iterations = 30

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                FileHandle.standardError.write(Data("usage: scenecore-bench [--layers N] [--iterations N]\n".utf8))
                exit(2)
            }
            switch flag {
            case "--layers": layers = value
            case "--iterations": iterations = value
            default:
                FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

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

/// Median and 95th percentile, in milliseconds, of `body` run `iterations` times.
func measure(_ iterations: Int, _ body: () -> Void) -> (p50: Double, p95: Double) {
    var samples: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 95 / 100)])
}

func report(_ name: String, _ r: (p50: Double, p95: Double)) {
    print(String(format: "%-44@ p50 %8.3f ms   p95 %8.3f ms", name as NSString, r.p50, r.p95))
}

/// The benchmark's stand-in for a window: it shows the scene's tree (so the clock of animations
/// that no renderer shows leaves them alone, as it does for a window's) and draws nothing; the
/// benchmark feeds its render trees itself.
final class BenchRenderer: CommitSink {
    func enqueue(_ commit: LayerTreeCommit) {}
}

/// Runs every benchmark over one stress scene.
struct Bench {
    let options: Options
    let scene: (root: CALayer, layers: [CALayer])
    let renderer = BenchRenderer()
    var step = 0

    init(options: Options) {
        self.options = options
        scene = stressScene(options.layers)
        // The scene was built outside any begin(), in an implicit transaction: commit it.
        CATransaction.flush()
        CommitDistributor.shared.attach(renderer, root: scene.root)
    }

    /// Moves `fraction` of the layers, then times the commit that encodes them.
    /// With `implicitAnimations`, each change also makes its implicit animation (as a change
    /// to a committed layer does by default).
    mutating func commit(fraction: Double, implicitAnimations: Bool = false) -> (p50: Double, p95: Double) {
        let n = options.layers
        let changed = max(1, Int(Double(n) * fraction))
        var samples: [Double] = []
        for _ in 0..<options.iterations {
            step += 1
            CATransaction.begin()
            CATransaction.setDisableActions(!implicitAnimations)
            for i in 0..<changed { scene.layers[(i * 7919 + step) % n].position.x += 1 }
            let start = DispatchTime.now().uptimeNanoseconds
            CATransaction.commit()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 95 / 100)])
    }

    func snapshot() -> LayerTreeCommit {
        var builder = CommitBuilder()
        builder.encodeWhole(scene.root, markingCommitted: false)
        return builder.finish()
    }

    mutating func run() {
        print("scenecore-bench: \(options.layers) layers, \(options.iterations) iterations")
        report("commit, 1% of layers changed (position)", commit(fraction: 0.01))
        report("commit, 100% of layers changed (position)", commit(fraction: 1))
        report("  the same with implicit animations", commit(fraction: 1, implicitAnimations: true))
        // No renderer runs those animations to their end here: remove them before going on.
        for layer in scene.layers { layer.removeAllAnimations() }
        CATransaction.flush()
        let bench = self
        report("encode whole tree (first commit / attach)", measure(options.iterations) { _ = bench.snapshot() })
        let whole = snapshot()
        report(
            "render tree apply, whole tree",
            measure(options.iterations) {
                var tree = RenderTree()
                tree.apply(whole)
            })
        var tree = RenderTree()
        tree.apply(whole)
        var drawCalls = 0
        let root = scene.root.layerID
        report(
            "display list build + batching",
            measure(options.iterations) {
                drawCalls = FrameBuilder.build(tree, root: root, width: 1280, height: 720).drawCallCount
            })
        print("draw calls per frame: \(drawCalls)")
        for kind in AnimationKind.allCases { evaluate(kind) }
        report("layout \(options.layers) constrained layers (CAConstraintLayoutManager)", constrainedLayout())
        rasteriseText(scale: 1)
        rasteriseText(scale: 2)
    }

    /// Times drawing 200 text layers (240x30 points, 18 pt, a 30-character string each) into
    /// their backing stores, the display step of a commit that changed every string.
    func rasteriseText(scale: CGFloat) {
        let layers = (0..<200).map { _ in
            let layer = CATextLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 240, height: 30)
            layer.contentsScale = scale
            layer.fontSize = 18
            return layer
        }
        var round = 0
        report(
            "display 200 text layers, 30 chars, scale \(Int(scale))",
            measure(options.iterations) {
                round += 1
                for (i, layer) in layers.enumerated() {
                    layer.string = "Frame \(round) layer \(i): 16.7 ms".padding(
                        toLength: 30, withPad: ".", startingAt: 0)
                    layer.display()
                }
            })
        CATransaction.flush()
    }

    /// Times the render side's per-frame evaluation with one running animation per layer, and
    /// counts the heap allocations a frame makes in steady state.
    func evaluate(_ kind: AnimationKind) {
        CATransaction.begin()
        for (i, layer) in scene.layers.enumerated() {
            layer.removeAllAnimations()
            layer.add(kind.animation(i), forKey: "bench")
        }
        CATransaction.commit()
        var tree = RenderTree()
        tree.apply(snapshot())
        var t = CACurrentMediaTime()
        for _ in 0..<3 {
            t += 1.0 / 60
            _ = tree.evaluateAnimations(at: t)
        }
        var allocations: UInt64 = 0
        let timing = measure(options.iterations) {
            t += 1.0 / 60
            let before = malloc_counter_allocations()
            _ = tree.evaluateAnimations(at: t)
            allocations = malloc_counter_allocations() - before
        }
        report("evaluate \(options.layers) animations: \(kind.rawValue)", timing)
        print("  heap allocations in the last frame: \(allocations)")
    }
}

/// Times one layout pass (after a change of the superlayer's height, so every frame changes)
/// of `options.layers` sublayers under a `CAConstraintLayoutManager`:
/// each layer 40 points wide, starting 2 points after its predecessor's right edge (a chain
/// solved in dependency order), centred vertically in the superlayer and half its height.
extension Bench {
    func constrainedLayout() -> (p50: Double, p95: Double) {
        let superlayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
        superlayer.layoutManager = CAConstraintLayoutManager()
        for i in 0..<options.layers {
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
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        var tall = false
        let timing = measure(options.iterations) {
            // A new height every pass: every layer's frame changes.
            tall.toggle()
            superlayer.bounds.size.height = tall ? 720 : 700
            superlayer.layoutIfNeeded()
        }
        CATransaction.commit()
        return timing
    }
}

/// The kinds of animation the evaluation benchmark runs, one per layer.
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

if CommandLine.arguments.dropFirst().first == "scale" {
    ScaleBench.run()
} else if CommandLine.arguments.dropFirst().first == "evaluate" {
    // Only the evaluation benchmarks, for profiling them:
    // scenecore-bench evaluate [rotation|position|keyframes|spring|colour] [--iterations N]
    var arguments = Array(CommandLine.arguments.dropFirst())
    var kinds = AnimationKind.allCases
    if let name = arguments.dropFirst().first, !name.hasPrefix("--") {
        kinds = kinds.filter { "\($0)" == name }
        guard !kinds.isEmpty else {
            FileHandle.standardError.write(Data("unknown animation kind \(name)\n".utf8))
            exit(2)
        }
        arguments.remove(at: 1)
    }
    let bench = Bench(options: Options(arguments))
    for kind in kinds { bench.evaluate(kind) }
} else {
    var bench = Bench(options: Options(CommandLine.arguments))
    bench.run()
}
