import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// A chain of layers 100,000 deep (each the only sublayer of the one before) builds, commits,
/// hit-tests, shows its deepest layer's presentation and converts points without running out of
/// stack: every walk along the chain is iterative. Before the fix, committing a chain about 4,000
/// deep and hit-testing one about 10,000 deep crashed the process with a stack overflow. One test
/// at a time: each holds the layer lock for seconds while it commits or hit-tests its chain.
@Suite(.serialized, .tags(.scale)) struct DeepTreeTests {
    static let depth = 100_000

    /// `body`'s result and the processor seconds it took.
    private func seconds<T>(_ body: () -> T) -> (T, Double) { threadCPUSeconds(body) }

    /// A chain `depth` layers deep, each 100x100 at (0, 0) of its superlayer: the root first.
    private func chain(_ depth: Int, of make: () -> CALayer = { CALayer() }) -> [CALayer] {
        let layers = (0..<depth).map { _ in make() }
        for (index, layer) in layers.enumerated() {
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            if index > 0 { layers[index - 1].addSublayer(layer) }
        }
        return layers
    }

    @Test func aChainOneHundredThousandDeepCommitsAndHitTests() {
        let (layers, building) = seconds { chain(Self.depth) }
        let root = layers[0]
        let deepest = layers[layers.count - 1]
        let (_, committing) = seconds { CATransaction.flush() }
        #expect(root.presentation() != nil)
        let (hit, hitTesting) = seconds { root.hitTest(CGPoint(x: 50, y: 50)) }
        #expect(hit === deepest)
        #expect(root.hitTest(CGPoint(x: 150, y: 50)) == nil)

        let presentation = deepest.presentation()
        #expect(presentation?.frame == deepest.frame)
        #expect(presentation?.model() === deepest)

        // Every layer sits at (0, 0) of its superlayer: points convert unchanged.
        let converted = root.convert(CGPoint(x: 2, y: 3), from: deepest)
        #expect(converted == CGPoint(x: 2, y: 3))
        let back = deepest.convert(converted, from: root)
        #expect(back == CGPoint(x: 2, y: 3))
        #expect(!deepest.contentsAreFlipped())
        #expect(deepest.convertTime(5, from: nil) == 5)
        print(
            "\(Self.depth)-deep chain: build \(building) s, commit \(committing) s, hit-test \(hitTesting) s")
        #expect(building + committing + hitTesting < timeBudget(60))
    }

    @Test func aChainOneHundredThousandDeepIsReleased() {
        weak var deepest: CALayer?
        var root: CALayer? = {
            let layers = chain(Self.depth)
            deepest = layers.last
            return layers.first
        }()
        CATransaction.flush()
        #expect(deepest != nil)
        #expect(root != nil)
        root = nil
        #expect(deepest == nil)
    }

    @Test func aChainOfAnAppsSubclassOneHundredThousandDeepHitTests() {
        let layers = chain(Self.depth) { AppLayer() }
        CATransaction.flush()
        #expect(layers[0].hitTest(CGPoint(x: 50, y: 50)) === layers[layers.count - 1])
        #expect(LayerTest.reported("nested layers of app subclasses"))
    }

    @Test func aSubclassOverridingHitTestIsAskedWithinTheNestingLimit() {
        let layers = chain(100) { AppLayer() }
        let refusing = RefusingLayer()
        refusing.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        refusing.addSublayer(CALayer())
        layers[layers.count - 1].addSublayer(refusing)
        // The override answers nil for the whole subtree, so the deepest plain layer is the hit.
        #expect(layers[0].hitTest(CGPoint(x: 50, y: 50)) === layers[layers.count - 1])
    }

    @Test func aMarkedLayerOneHundredThousandDeepIsLaidOut() {
        let layers = chain(Self.depth)
        let counter = LayoutCounter()
        layers[layers.count - 1].delegate = counter
        layers[layers.count - 1].setNeedsLayout()
        layers[0].setNeedsLayout()
        layers[0].layoutIfNeeded()
        #expect(counter.count == 1)
        #expect(!layers[layers.count - 1].needsLayout())
    }
}

/// A subclass that adds nothing to hit-testing, as most apps' subclasses do.
private final class AppLayer: CALayer {}

/// A subclass whose `hitTest(_:)` answers nil for itself and its subtree.
private final class RefusingLayer: CALayer {
    override func hitTest(_ p: CGPoint) -> CALayer? { nil }
}

/// Counts the layouts it is asked for.
private final class LayoutCounter: NSObject, CALayerDelegate {
    var count = 0
    func layoutSublayers(of layer: CALayer) { count += 1 }
}
