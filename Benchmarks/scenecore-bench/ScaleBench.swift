import Foundation
import SceneCore

/// The scale benchmark (`scenecore-bench scale`): a chain of layers 100,000 deep and one layer
/// with 1,000,000 sublayers, each built, committed, applied to a render tree, drawn into a
/// display list and hit-tested once, with the time of each step and the resident memory after it.
enum ScaleBench {
    static func run() {
        print("scenecore-bench scale: one pass per step; memory is resident after the step")
        measureTree("chain 100,000 deep", count: 100_000) { layers in
            for index in 1..<layers.count { layers[index - 1].addSublayer(layers[index]) }
            return layers[0]
        }
        measureTree("1,000,000 sublayers of one layer", count: 1_000_000) { layers in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
            for layer in layers { root.addSublayer(layer) }
            return root
        }
    }

    /// Builds `count` opaque 100x100 layers at (0, 0) into a tree with `assemble`, then commits it,
    /// applies the commit to a render tree, builds a frame and hit-tests the tree.
    private static func measureTree(_ name: String, count: Int, assemble: ([CALayer]) -> CALayer) {
        print(name)
        let baseline = residentMegabytes()
        let (root, building) = timed {
            let layers = (0..<count).map { _ in CALayer() }
            let colour = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            for layer in layers {
                layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                layer.backgroundColor = colour
            }
            return assemble(layers)
        }
        step("build", building, baseline)
        let sink = KeepingSink()
        let (_, committing) = timed { CommitDistributor.shared.attach(sink, root: root) }
        step("commit (whole tree to a renderer)", committing, baseline)
        let (tree, applying) = timed {
            var tree = RenderTree()
            for commit in sink.take() { tree.apply(commit) }
            return tree
        }
        step("render tree apply", applying, baseline)
        let (list, building2) = timed { FrameBuilder.build(tree, root: root.layerID, width: 1280, height: 720) }
        step("frame build (\(list.drawCallCount) draw calls)", building2, baseline)
        let (hit, hitTesting) = timed { root.hitTest(CGPoint(x: 50, y: 50)) }
        step("hit-test (\(hit == nil ? "no hit" : "hit"))", hitTesting, baseline)
        CommitDistributor.shared.detach(sink)
    }

    private static func step(_ name: String, _ seconds: Double, _ baseline: Double) {
        let memory = residentMegabytes() - baseline
        let label = name.padding(toLength: 40, withPad: " ", startingAt: 0)
        print("  \(label) \(String(format: "%8.3f s   +%7.1f MB resident", seconds, memory))")
    }

    private static func timed<T>(_ body: () -> T) -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The process's resident memory (VmRSS), in megabytes.
    private static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}

/// A renderer's end that keeps the commits it receives until the benchmark takes them.
private final class KeepingSink: CommitSink, @unchecked Sendable {
    private let lock = NSLock()
    private var commits: [LayerTreeCommit] = []

    func enqueue(_ commit: LayerTreeCommit) { lock.withLock { commits.append(commit) } }

    func take() -> [LayerTreeCommit] {
        lock.withLock {
            defer { commits = [] }
            return commits
        }
    }
}
