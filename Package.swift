// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "SceneCore",
    products: [
        .library(name: "SceneCore", targets: ["SceneCore"]),
        .library(name: "GLBackend", targets: ["GLBackend"]),
        .library(name: "SceneMedia", targets: ["SceneMedia"]),
        .library(name: "SceneComposition", targets: ["SceneComposition"]),
        .executable(name: "demo-window", targets: ["demo-window"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation` and `preview-documentation` (README, "Documentation").
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSceneCoreX11", path: "Sources/CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxrandr-dev", "libxi-dev"])]),
        .systemLibrary(
            name: "CSceneCoreGL", path: "Sources/CGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libgl-dev"])]),
        .systemLibrary(
            name: "CSceneCoreGLX", path: "Sources/CGLX", pkgConfig: "glx",
            providers: [.apt(["libglx-dev", "libxext-dev"])]),
        .systemLibrary(
            name: "CSceneCoreCairo", path: "Sources/CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(
            name: "CSceneCoreImageCodecs", path: "Sources/CImageCodecs", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "libturbojpeg0-dev"])]),
        .target(
            name: "SceneCore",
            dependencies: [
                "CSceneCoreImageCodecs", "CSceneCoreCairo", .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            exclude: ["README.md"]),
        // Video on GStreamer (AVFoundation's spelling), in a library of its own so that programs
        // that play no video do not link GStreamer.
        .systemLibrary(
            name: "CSceneMediaGStreamer", path: "Sources/CGStreamer", pkgConfig: "gstreamer-video-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .target(name: "SceneMedia", dependencies: ["SceneCore", "CSceneMediaGStreamer"], exclude: ["README.md"]),
        // Lottie compositions played as layer trees (`CACompositionLayer`); zlib inflates `.lottie` archives.
        .systemLibrary(
            name: "CSceneCompositionZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "SceneComposition", dependencies: ["SceneCore", "CSceneCompositionZlib"], exclude: ["README.md"]),
        .target(
            name: "SceneCoreShaders", path: "Shaders",
            resources: [
                .copy("layer.vert.glsl"), .copy("layer.frag.glsl"), .copy("blur.vert.glsl"), .copy("blur.frag.glsl"),
                .copy("filter.frag.glsl"), .copy("rounded-rect.glsl"),
            ]),
        .target(
            name: "GLBackend",
            dependencies: ["SceneCore", "CSceneCoreGL", "CSceneCoreGLX", "CSceneCoreX11", "SceneCoreShaders"],
            exclude: ["README.md"]),
        .executableTarget(
            name: "demo-window",
            dependencies: [
                "SceneCore", "GLBackend", "SceneMedia", "SceneComposition", "CSceneCoreGL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The helpers every test target shares (tolerances, pixel expectations, rendering,
        // waiting, a manual clock, fixtures); a library for the tests only, in no product.
        .target(
            name: "SceneCoreTestSupport", dependencies: ["SceneCore", "GLBackend"], path: "Tests/SceneCoreTestSupport"),
        // Random layer programs (trees, edits, values, animations) and a renderer without GL, for
        // the property tests and the fuzzers.
        .target(name: "SceneCoreFuzzSupport", dependencies: ["SceneCore"], path: "Fuzz/SceneCoreFuzzSupport"),
        .testTarget(
            name: "SceneCoreTests",
            dependencies: [
                "SceneCore", "CSceneCoreImageCodecs", "SceneCoreTestSupport", "SceneCoreFuzzSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Read by PortingTableTests from the source tree.
            exclude: ["Support/AppleMembers.txt"]),
        .testTarget(
            name: "WindowTests",
            dependencies: ["demo-window", "SceneCore", "GLBackend", "CSceneCoreX11", "SceneCoreTestSupport"]),
        .testTarget(
            name: "GLBackendTests",
            dependencies: [
                "GLBackend", "CSceneCoreGL", "SceneCore", "SceneCoreTestSupport", "SceneCoreFuzzSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Reference")]),
        .testTarget(
            name: "SceneMediaTests",
            dependencies: ["SceneMedia", "SceneCore", "GLBackend", "CSceneMediaGStreamer", "SceneCoreTestSupport"]),
        .testTarget(
            name: "SceneCompositionTests",
            dependencies: ["SceneComposition", "SceneCore", "GLBackend", "SceneCoreTestSupport"],
            // The reference renderer's script, run by the tests from the source tree.
            exclude: ["Support/rlottie_render.py"]),
        .testTarget(
            name: "DemoSceneTests", dependencies: ["demo-window", "GLBackend", "SceneCore", "SceneCoreTestSupport"]),
        // Apple's spellings (subclass overrides, boxed values, closures), compiled without
        // `@testable` in Swift 6 and, for closures, Swift 5 language mode.
        .testTarget(name: "ApplePortingTests", dependencies: ["SceneCore"]),
        .testTarget(
            name: "ApplePortingSwift5Tests", dependencies: ["SceneCore"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The documentation catalogs' code samples (Sources/*/*.docc), public API only: each
        // article's Swift code is a run of lines here (scripts/check-docs.py checks it).
        .testTarget(name: "DocumentationTests", dependencies: ["SceneCore", "GLBackend", "SceneCoreTestSupport"]),
    ]
)

// The sanitized builds (`scripts/sanitize.sh`, `SCENECORE_SANITIZE=thread` or `address`) run the
// SceneCore and GLBackend tests only: they leave out the demo and the tests that need it or no
// sanitizer. ThreadSanitizer runs only the suites tagged `.threads`, so its build leaves out the
// other test files too (all but those naming the tag and the shared support and fixture files).
if let sanitizer = Context.environment["SCENECORE_SANITIZE"] {
    let unsanitized: Set = [
        "demo-window", "DemoSceneTests", "WindowTests", "ApplePortingTests", "ApplePortingSwift5Tests",
        "DocumentationTests", "SceneMedia", "SceneMediaTests", "SceneComposition", "SceneCompositionTests",
        "CSceneCompositionZlib",
    ]
    package.targets.removeAll { unsanitized.contains($0.name) }
    package.products.removeAll { unsanitized.contains($0.name) }
    // Nor do they make documentation: leaving the DocC plugin out saves compiling it per build.
    package.dependencies.removeAll { dependency in
        if case .sourceControl(_, let location, _) = dependency.kind { return location.hasSuffix("/swift-docc-plugin") }
        return false
    }
    if sanitizer == "thread" {
        for target in package.targets where ["SceneCoreTests", "GLBackendTests"].contains(target.name) {
            let folder = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("Tests/\(target.name)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            let unthreaded = files.filter { file in
                guard file.hasSuffix(".swift"), !file.contains("Support"), !file.contains("Fixtures") else {
                    return false
                }
                let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
                return !text.contains(".threads")
            }
            target.exclude += unthreaded
        }
    }
}

// The micro-benchmarks (Benchmarks/, a package of their own) time SceneCore's package-level
// pipeline through `@testable import`: with `SCENECORE_BENCHMARKS=1`, which they are run with,
// SceneCore is built with -enable-testing. Not a trait: SwiftPM refuses a versioned dependency
// whose target lists unsafe flags, even behind a trait that is off.
if Context.environment["SCENECORE_BENCHMARKS"] == "1" {
    for target in package.targets where target.name == "SceneCore" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enable-testing"])]
    }
}

// The libFuzzer targets exist only in the AddressSanitizer build that `scripts/sanitize.sh`
// makes for the tests and `scripts/fuzz.sh` (`SCENECORE_FUZZ=1`). The modules the fuzzers run
// (SceneCore, its fuzz support and the targets) are instrumented for coverage there: 8-bit
// counters and a table of PCs, as -sanitize=fuzzer makes them, given to the frontend, since the
// driver's own option makes trace-pc-guard coverage in debug builds, which libFuzzer no longer
// reads. The other modules and the tests are not: the fuzzers run none of their code.
// The fuzz targets alone link libFuzzer without its `main` (`SCENECORE_LIBFUZZER`, which the
// script finds in the toolchain; each target's `main` calls the fuzzer's driver) and the C++
// library it needs: -sanitize=fuzzer would link its main into every executable.
if Context.environment["SCENECORE_FUZZ"] == "1" {
    let coverage: [SwiftSetting] = [
        .unsafeFlags(["-Xfrontend", "-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp"])
    ]
    for target in package.targets where ["SceneCore", "SceneCoreFuzzSupport"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + coverage
    }
    let libFuzzer: [LinkerSetting] = [
        .unsafeFlags(["-Xlinker", Context.environment["SCENECORE_LIBFUZZER"] ?? "libFuzzer-not-given"]),
        .linkedLibrary("stdc++"),
    ]
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "fuzz-image-decoder", dependencies: ["SceneCore", "CLibFuzzer"], path: "Fuzz/fuzz-image-decoder",
            swiftSettings: coverage, linkerSettings: libFuzzer),
        .executableTarget(
            name: "fuzz-commit", dependencies: ["SceneCore", "SceneCoreFuzzSupport", "CLibFuzzer"],
            path: "Fuzz/fuzz-commit", swiftSettings: coverage, linkerSettings: libFuzzer),
        .executableTarget(
            name: "fuzz-archive", dependencies: ["SceneCore", "CLibFuzzer"], path: "Fuzz/fuzz-archive",
            swiftSettings: coverage, linkerSettings: libFuzzer),
    ]
}
