// swift-tools-version: 6.1
// SceneCore's micro-benchmarks, on ordo-one's package-benchmark, in a package of their own so that
// the library's package keeps no benchmark dependency. From this folder:
//
//   export SCENECORE_BENCHMARKS=1                 # SceneCore built for @testable import (below)
//   swift package benchmark                       # run them all (p0...p100 of each metric)
//   swift package benchmark thresholds check      # fail on a regression beyond the tolerances
//
// The root README's "Benchmarks" section says more. The benchmarks use SceneCore's package-level
// API (the commit builder, the render tree, the frame builder), which no other package can see:
// with `SCENECORE_BENCHMARKS=1` in the environment the root package builds SceneCore with
// `-enable-testing`, and the benchmarks import it `@testable`. An ordinary build of SceneCore has
// no such flag (a package trait cannot carry it: SwiftPM refuses a versioned dependency whose
// target lists unsafe flags, even behind a trait).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: the checkout's own name.
let sceneCorePackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent
    .lowercased()

/// Whether SceneCore is built for `@testable import` (see above); without it the benchmarks stop
/// at compile time with an `#error` saying what to set.
let testableSceneCore: [SwiftSetting] =
    Context.environment["SCENECORE_BENCHMARKS"] == "1" ? [.define("SCENECORE_BENCHMARKS")] : []

let package = Package(
    name: "SceneCoreBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // The MallocInterposer trait gives the allocation counts (mallocCountTotal and the others).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The plugin finds benchmark targets by their folder's parent being named `Benchmarks`.
        .executableTarget(
            name: "SceneCoreBenchmarks",
            dependencies: [
                .product(name: "SceneCore", package: sceneCorePackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SceneCoreBenchmarks",
            swiftSettings: testableSceneCore,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    ]
)
