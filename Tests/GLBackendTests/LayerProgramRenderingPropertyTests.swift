import Foundation
import PropertyBased
import SceneCore
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import GLBackend

/// Random layer programs (random trees, values, edits and animations with any timing) drawn by
/// the real GL renderer (`OffscreenRenderer`) at random times: no crash, no hang, no frame over a
/// bounded time (but for a frame that compiled shader programs, a one-time cost per renderer and
/// variant that a loaded machine stretches), every frame an image of the target's size, `presentation()` answering for the
/// tree, and the renderer still drawing a plain tree correctly after whatever it was given.
///
/// CI runs a fixed number of cases; `SCENECORE_PROPERTY_CASES` runs more (see Tests/README.md).
@Suite struct LayerProgramRenderingPropertyTests {
    /// Longer than any sane frame of ten small layers on Mesa's software renderer, loaded, a
    /// replicator's 200,000 copies included (stretched by `timeBudget` under a sanitizer, where a
    /// frame takes several times longer).
    static let frameLimit = 5.0
    static let caseLimit = 60.0

    @Test func randomProgramsRenderAtRandomTimes() async throws {
        let programs = Generator { seed in
            var random = SplitMix64(seed: seed.next())
            return LayerProgram.random(using: &random)
        }
        let (width, height) = LayerPool.rootSize
        let renderer = try OffscreenRenderer(width: width, height: height)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let plain = solidLayer(CGRect(x: 0, y: 0, width: width, height: height), red)
        await propertyCheck(count: propertyCaseCount(ciDefault: 60), input: programs) { program in
            let description = program.description
            try withTimeLimit(Self.caseLimit, describing: { description }) {
                let pool = LayerPool(count: program.layerCount)
                try pool.run(program) { time in
                    let programs = try renderer.compiledPrograms()
                    let start = ContinuousClock.now
                    let image = try renderer.render(pool.root, at: time)
                    let elapsed = ContinuousClock.now - start
                    if try renderer.compiledPrograms() == programs {
                        #expect(
                            elapsed < .seconds(timeBudget(Self.frameLimit)), "a frame took \(elapsed)\n\(description)")
                    }
                    #expect(image.width == width && image.height == height && image.pixels.count == width * height * 4)
                    for layer in [pool.root] + (pool.root.sublayers ?? []) where layer.presentation() == nil {
                        Issue.record("presentation() of a committed layer is nil\n\(description)")
                    }
                }
                let image = try renderer.render(plain)
                expectPixel(image, width / 2, height / 2, opaque(red), "after the program\n\(description)")
            }
        }
    }
}
