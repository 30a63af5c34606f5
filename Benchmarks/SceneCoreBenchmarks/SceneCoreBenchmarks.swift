import Benchmark
import Foundation

@testable import SceneCore

// Micro-benchmarks of the GL-free pipeline over the peers' stress scene (10,000 layers): commit
// encoding and applying, display-list building, animation evaluation of each kind, constraint
// layout and text layer display; and the scale benchmarks (a 100,000-deep chain and 1,000,000
// siblings, one pass each). Run from Benchmarks/: `swift package benchmark` (see the root README).
#if !SCENECORE_BENCHMARKS
    #error("run the benchmarks with SCENECORE_BENCHMARKS=1 in the environment (README.md, \"Benchmarks\")")
#endif

/// The tolerances that `swift package benchmark thresholds check` (against the p90 values checked
/// in under Thresholds/) and `baseline check` (against a stored baseline) allow before failing.
///
/// Time is gated on CPU time, not on wall-clock time. The development machine is a shared 2-core
/// VM, often with other builds running: there a wall-clock p90 grew 3 to 5 times from one run to
/// the next a minute later (the benchmark's thread waiting for a core), while the process's CPU
/// time stayed within the tolerance below.
enum Tolerance {
    /// CPU time: a p90 more than twice the reference fails. A regression worth catching on this
    /// machine is a doubling; anything finer is for `baseline compare` on a quiet machine.
    static var cpuTime: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 100]) }
    /// Wall-clock time: reported, and gated only against a catastrophe (more than 6 times the
    /// reference: a new wait on another thread, which CPU time would not show).
    static var wallClock: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 500]) }
    /// Allocations are counted exactly (the same program makes the same allocations); `slack`
    /// absorbs the few a run may differ by. A change either way fails: more as a regression
    /// (`benchmarkThresholdRegression`), fewer as an improvement to record with `thresholds update`
    /// (`benchmarkThresholdImprovement`).
    static func allocations(_ slack: Int) -> BenchmarkThresholds { BenchmarkThresholds(absolute: [.p90: slack]) }
    /// Counts that must not move at all (draw calls).
    static var exact: BenchmarkThresholds { BenchmarkThresholds(absolute: [.p90: 0]) }
    /// Resident memory of the scale benchmarks: ±25 %: what the allocator has handed back to the
    /// system by then varies (the wide tree measured 985 and 1,172 MB after its commit in two runs).
    static var memory: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 25]) }
}

/// The draw calls of a frame of the stress scene.
let drawCalls = BenchmarkMetric.custom("draw calls", polarity: .prefersSmaller, useScalingFactor: false)

/// The CPU time of the measured step, every thread of the process, in microseconds.
let cpuTime = BenchmarkMetric.custom("CPU time (us)", polarity: .prefersSmaller, useScalingFactor: false)

/// The CPU time the process has used so far (every thread), in nanoseconds.
func processCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// Measures `body` alone in an iteration: the library's metrics (wall-clock time, allocations)
/// and its CPU time, recorded as `cpuTime`.
@discardableResult
func measure<T>(_ benchmark: Benchmark, _ body: () -> T) -> T {
    benchmark.startMeasurement()
    let start = processCPUNanoseconds()
    let result = body()
    let nanoseconds = processCPUNanoseconds() - start
    benchmark.stopMeasurement()
    benchmark.measurement(cpuTime, nanoseconds / 1000)
    return result
}

/// A value that a benchmark's setup makes and its closure uses (the runner calls them from its
/// own tasks, one at a time).
final class Holder<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The configuration of a micro-benchmark: wall-clock and CPU time and allocations (and `extra`
/// metrics), over 1,000 iterations after one warm-up, or as many as fit in 3 s: spread over
/// seconds, the p90 of a shared machine says more about the code than about one burst of load
/// (with 100 iterations, the 0.3 ms evaluations were all measured within 40 ms).
func micro(
    allocationSlack: Int, extra: [BenchmarkMetric: BenchmarkThresholds] = [:],
    setup: Benchmark.BenchmarkSetupHook? = nil, teardown: Benchmark.BenchmarkTeardownHook? = nil
) -> Benchmark.Configuration {
    var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: Tolerance.wallClock, cpuTime: Tolerance.cpuTime,
        .mallocCountTotal: Tolerance.allocations(allocationSlack),
    ]
    thresholds.merge(extra) { $1 }
    return Benchmark.Configuration(
        metrics: [.wallClock, cpuTime, .mallocCountTotal] + extra.keys.sorted { $0.description < $1.description },
        timeUnits: .automatic, warmupIterations: 1, maxDuration: .seconds(3),
        maxIterations: 1000, thresholds: thresholds, setup: setup, teardown: teardown)
}

// Benchmark names have no spaces: 1.38.1 writes a threshold file with the name's spaces made `_`
// and looks it up with them kept, so a name with a space never finds its thresholds.
let benchmarks: @Sendable () -> Void = {
    commitBenchmarks()
    renderBenchmarks()
    for kind in AnimationKind.allCases { evaluationBenchmark(kind) }
    layoutBenchmark()
    textBenchmark(scale: 1)
    textBenchmark(scale: 2)
    scaleBenchmarks()
}

/// Moves some of the layers in a transaction, then times its commit (encoding the changes for
/// the renderer, and keeping the committed state for `presentation()`). With implicit
/// animations, each change also makes its implicit animation, as a change to a committed layer
/// does by default.
func commitBenchmarks() {
    let cases: [(name: String, fraction: Double, implicitAnimations: Bool, slack: Int)] = [
        ("commit-1%-of-\(layerCount)-layers-moved", 0.01, false, 10),
        ("commit-all-\(layerCount)-layers-moved", 1, false, 100),
        ("commit-all-\(layerCount)-layers-moved-implicit-animations", 1, true, 100),
    ]
    for (name, fraction, implicitAnimations, slack) in cases {
        let fixture = StressFixture()
        Benchmark(
            name,
            configuration: micro(
                allocationSlack: slack, setup: { fixture.setUp() }, teardown: { fixture.tearDown() })
        ) { benchmark in
            let layers = fixture.layers
            let changed = max(1, Int(Double(layers.count) * fraction))
            fixture.step += 1
            CATransaction.begin()
            CATransaction.setDisableActions(!implicitAnimations)
            for i in 0..<changed { layers[(i * 7919 + fixture.step) % layers.count].position.x += 1 }
            measure(benchmark) { CATransaction.commit() }
        }
    }
}

/// The whole tree encoded (a first commit, or a renderer attaching), applied to a new render
/// tree, and drawn into a display list (built and batched).
func renderBenchmarks() {
    let fixture = StressFixture()
    let setUp: Benchmark.BenchmarkSetupHook = { fixture.setUp() }
    let tearDown: Benchmark.BenchmarkTeardownHook = { fixture.tearDown() }
    Benchmark(
        "encode-whole-tree-\(layerCount)-layers",
        configuration: micro(allocationSlack: 10, setup: setUp, teardown: tearDown)
    ) { benchmark in
        blackHole(measure(benchmark) { fixture.snapshot() })
    }

    let whole = Holder<LayerTreeCommit?>(nil)
    Benchmark(
        "render-tree-apply-whole-tree-\(layerCount)-layers",
        configuration: micro(
            allocationSlack: 10,
            setup: {
                fixture.setUp()
                whole.value = fixture.snapshot()
            },
            teardown: {
                whole.value = nil
                fixture.tearDown()
            })
    ) { benchmark in
        let commit = whole.value!
        measure(benchmark) {
            var tree = RenderTree()
            tree.apply(commit)
            blackHole(tree)
        }
    }

    Benchmark(
        "display-list-build-\(layerCount)-layers",
        configuration: micro(
            allocationSlack: 10, extra: [drawCalls: Tolerance.exact],
            setup: {
                fixture.setUp()
                fixture.tree.apply(fixture.snapshot())
            }, teardown: tearDown)
    ) { benchmark in
        let (tree, root) = (fixture.tree, fixture.root.layerID)
        let count = measure(benchmark) { FrameBuilder.build(tree, root: root, width: 1280, height: 720).drawCallCount }
        benchmark.measurement(drawCalls, count)
    }
}

/// The render side's per-frame evaluation with one running animation of `kind` on every layer
/// (a frame 1/60 s after the last); in steady state it allocates nothing.
func evaluationBenchmark(_ kind: AnimationKind) {
    let fixture = StressFixture()
    Benchmark(
        "evaluate-\(layerCount)-animations-\(kind)",
        configuration: micro(
            allocationSlack: 0,
            setup: {
                fixture.setUp()
                CATransaction.begin()
                for (i, layer) in fixture.layers.enumerated() { layer.add(kind.animation(i), forKey: "bench") }
                CATransaction.commit()
                fixture.tree.apply(fixture.snapshot())
                fixture.time = CACurrentMediaTime()
                for _ in 0..<3 {
                    fixture.time += 1.0 / 60
                    _ = fixture.tree.evaluateAnimations(at: fixture.time)
                }
            }, teardown: { fixture.tearDown() })
    ) { benchmark in
        fixture.time += 1.0 / 60
        let time = fixture.time
        blackHole(measure(benchmark) { fixture.tree.evaluateAnimations(at: time) })
    }
}

/// One layout pass of the stress scene's count of sublayers under a `CAConstraintLayoutManager`
/// (`constrainedLayers`), after a change of the superlayer's height so that every frame changes.
/// Each pass is a transaction of its own; its commit is not timed. A pass makes some 300,000
/// allocations (30 a layer), a few dozen more or fewer from one run to the next (300,053 and
/// 300,077 in two), hence a slack of 0.1 %.
func layoutBenchmark() {
    let superlayer = Holder<CALayer?>(nil)
    let tall = Holder(false)
    Benchmark(
        "constraint-layout-\(layerCount)-layers",
        configuration: micro(
            allocationSlack: 300, setup: { superlayer.value = constrainedLayers(layerCount) },
            teardown: { superlayer.value = nil })
    ) { benchmark in
        let layer = superlayer.value!
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tall.value.toggle()
        let height: CGFloat = tall.value ? 720 : 700
        measure(benchmark) {
            layer.bounds.size.height = height
            layer.layoutIfNeeded()
        }
        CATransaction.commit()
    }
}

/// Draws 200 text layers (240x30 points, 18 pt, a new 30-character string each) into their
/// backing stores: the display step of a commit that changed every string.
func textBenchmark(scale: Int) {
    let layers = Holder<[CATextLayer]>([])
    let round = Holder(0)
    let configuration = micro(
        allocationSlack: 10, setup: { layers.value = textLayers(scale: CGFloat(scale)) },
        teardown: { layers.value = [] })
    Benchmark("display-200-text-layers-scale-\(scale)", configuration: configuration) { benchmark in
        round.value += 1
        let number = round.value
        measure(benchmark) {
            for (i, layer) in layers.value.enumerated() {
                layer.string = "Frame \(number) layer \(i): 16.7 ms".padding(toLength: 30, withPad: ".", startingAt: 0)
                layer.display()
            }
        }
        CATransaction.flush()
    }
}
