import Benchmark
import Foundation

@testable import SceneCore

#if !SCENECORE_BENCHMARKS
    #error("run the benchmarks with SCENECORE_BENCHMARKS=1 in the environment (README.md, \"Benchmarks\")")
#endif

/// The scale benchmarks: a chain of layers 100,000 deep and one layer with 1,000,000 sublayers,
/// each built, committed whole to a renderer's sink, applied to a render tree, drawn into a display
/// list and hit-tested once. One pass each (the wide tree takes seconds and a gigabyte); the
/// wall-clock time and the allocations are the whole pass's, and custom metrics give each step's
/// CPU time in microseconds and the resident memory (VmRSS above the process's before the pass)
/// after it.
func scaleBenchmarks() {
    scaleBenchmark("scale-chain-100000-deep", count: 100_000) { layers in
        for index in 1..<layers.count { layers[index - 1].addSublayer(layers[index]) }
        return layers[0]
    }
    scaleBenchmark("scale-1000000-sublayers", count: 1_000_000) { layers in
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        for layer in layers { root.addSublayer(layer) }
        return root
    }
}

/// The steps of a pass, each with a CPU-time metric and a resident-memory metric.
private enum ScaleStep: String, CaseIterable {
    case build, commit, apply, frame = "frame build", hitTest = "hit-test"

    var time: BenchmarkMetric { .custom("\(rawValue) CPU (us)", polarity: .prefersSmaller, useScalingFactor: false) }
    var resident: BenchmarkMetric {
        .custom("resident after \(rawValue) (MB)", polarity: .prefersSmaller, useScalingFactor: false)
    }
}

/// Builds `count` opaque 100x100 layers at (0, 0) into a tree with `assemble`, then commits it,
/// applies the commit to a render tree, builds a frame and hit-tests the tree.
private func scaleBenchmark(_ name: String, count: Int, assemble: @escaping ([CALayer]) -> CALayer) {
    var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: Tolerance.wallClock,
        // One more allocation a layer adds `count`; a run differs from the last by a few.
        .mallocCountTotal: Tolerance.allocations(count / 100),
        drawCalls: Tolerance.exact,
    ]
    for step in ScaleStep.allCases {
        thresholds[step.time] = Tolerance.cpuTime
        thresholds[step.resident] = Tolerance.memory
    }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, drawCalls] + ScaleStep.allCases.flatMap { [$0.time, $0.resident] },
        timeUnits: .automatic, warmupIterations: 0, maxDuration: .seconds(600), maxIterations: 1,
        thresholds: thresholds)
    Benchmark(name, configuration: configuration) { benchmark in
        let baseline = residentMegabytes()
        var recorded: [(ScaleStep, microseconds: Int, megabytes: Int)] = []
        func step<T>(_ step: ScaleStep, _ body: () -> T) -> T {
            let start = processCPUNanoseconds()
            let result = body()
            let microseconds = (processCPUNanoseconds() - start) / 1000
            recorded.append((step, microseconds, Int((residentMegabytes() - baseline).rounded())))
            return result
        }
        let root = step(.build) {
            let layers = (0..<count).map { _ in CALayer() }
            let colour = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            for layer in layers {
                layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                layer.backgroundColor = colour
            }
            return assemble(layers)
        }
        let sink = KeepingSink()
        step(.commit) { CommitDistributor.shared.attach(sink, root: root) }
        let tree = step(.apply) {
            var tree = RenderTree()
            for commit in sink.take() { tree.apply(commit) }
            return tree
        }
        let list = step(.frame) { FrameBuilder.build(tree, root: root.layerID, width: 1280, height: 720) }
        let hit = step(.hitTest) { root.hitTest(CGPoint(x: 50, y: 50)) }
        // Nothing is let go inside the measurement.
        withExtendedLifetime((root, tree, list, hit)) { benchmark.stopMeasurement() }
        CommitDistributor.shared.detach(sink)
        if hit == nil { benchmark.error("the hit-test found no layer") }
        benchmark.measurement(drawCalls, list.drawCallCount)
        for (step, microseconds, megabytes) in recorded {
            benchmark.measurement(step.time, microseconds)
            benchmark.measurement(step.resident, megabytes)
        }
    }
}

/// The process's resident memory (VmRSS), in megabytes.
private func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
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
