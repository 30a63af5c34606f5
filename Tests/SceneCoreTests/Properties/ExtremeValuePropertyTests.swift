import Foundation
import PropertyBased
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Extreme values (NaN, the infinities, 1e300, `Int.max`, huge times) set on one layer of every
/// class, shown through the render side's frame step with damage worked out (particles,
/// replicas, text, tiles, shadows, filters), then archived and unarchived: no trap, no hang, no
/// frame over a bounded time, and an archive that decodes to a tree of as many layers.
@Suite struct ExtremeValuePropertyTests {
    /// Longer than any frame of ten small layers in a debug build on a loaded machine, a
    /// replicator's 200,000 copies included (stretched by `timeBudget` under a sanitizer).
    static let frameLimit = 5.0
    static let caseLimit = 30.0

    @Test func extremeValuesOnEveryLayerClassReachTheRenderSideAndTheArchive() async {
        let programs = Generator { seed in
            var random = SplitMix64(seed: seed.next())
            return LayerProgram.extremes(using: &random)
        }
        // Under a sanitizer a case with 100,000 particles takes tens of seconds: fewer cases (20
        // took 28-140 s in CI, the AddressSanitizer step's longest suite), and no bound on a
        // frame's time (the case's time limit still catches a hang).
        let cases = propertyCaseCount(ciDefault: runsUnderSanitizer ? 10 : 120)
        let frameLimit = runsUnderSanitizer ? Double.infinity : Self.frameLimit
        await propertyCheck(count: cases, input: programs) { program in
            let description = program.description
            withTimeLimit(Self.caseLimit, describing: { description }) {
                let pool = LayerPool(count: program.layerCount)
                pool.runProbed(program, frameLimit: frameLimit, description)
                let data = try? NSKeyedArchiver.archivedData(withRootObject: pool.root, requiringSecureCoding: true)
                #expect(data != nil, "the tree did not archive\n\(description)")
                let decoded = data.flatMap { try? SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: $0) }
                #expect(decoded.map(Self.layerCount) == Self.layerCount(pool.root), "\(description)")
            }
        }
    }

    /// The layers in the tree under `layer`, counting it and masks.
    private static func layerCount(_ layer: CALayer) -> Int {
        1 + (layer.mask.map(layerCount) ?? 0) + (layer.sublayers ?? []).reduce(0) { $0 + layerCount($1) }
    }
}
