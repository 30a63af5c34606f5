import Foundation
import PropertyBased
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Random layer programs (trees with random values, random edits, random animations with any
/// timing) committed and shown through the render side's frame step without GL, at random times.
/// After every frame the render tree must mirror the model tree, `presentation()` must answer
/// and the display list must be drawable; no case may hang and no frame may take long.
///
/// CI runs a fixed number of cases; `SCENECORE_PROPERTY_CASES` runs more (see Tests/README.md).
/// A failure prints the program and a `.fixedSeed(...)` to add to the test to repeat it.
@Suite struct LayerProgramPropertyTests {
    /// Longer than any sane frame of ten layers in a debug build on a loaded machine, a
    /// replicator's 200,000 copies included (stretched by `timeBudget` under a sanitizer).
    static let frameLimit = 5.0
    /// A whole case: a program of at most 40 steps.
    static let caseLimit = 30.0

    static let programs = Generator { seed in
        var random = SplitMix64(seed: seed.next())
        return LayerProgram.random(using: &random)
    }

    @Test func randomProgramsKeepTheRenderTreeAMirrorOfTheModel() async {
        await propertyCheck(count: propertyCaseCount(ciDefault: 150), input: Self.programs) { program in
            let description = program.description
            withTimeLimit(Self.caseLimit, describing: { description }) {
                let pool = LayerPool(count: program.layerCount)
                pool.runProbed(program, frameLimit: Self.frameLimit, description) { probe in
                    RenderTreeMirror.expectMirror(of: pool.root, in: probe.pipeline.tree, description)
                }
            }
        }
    }

    /// A tree-edit-only program of many steps on few layers: cycles, self-masks, masks that
    /// are members of the tree, duplicates and out-of-range indices come up often.
    @Test func randomEditsNeverCorruptTheTree() async {
        let edits = Generator { seed in
            var random = SplitMix64(seed: seed.next())
            return LayerProgram.random(maximumSteps: 80, maximumLayers: 5, using: &random).onlyTreeEdits
        }
        await propertyCheck(count: propertyCaseCount(ciDefault: 150), input: edits) { program in
            let description = program.description
            withTimeLimit(Self.caseLimit, describing: { description }) {
                let pool = LayerPool(count: program.layerCount)
                let probe = CommitProbe(root: pool.root)
                pool.run(program) { time in
                    _ = probe.frame(at: time)
                    RenderTreeMirror.expectMirror(of: pool.root, in: probe.pipeline.tree, description)
                }
            }
        }
    }
}
