import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

extension LayerPool {
    /// Runs `program` on the pool through a `CommitProbe` attached to its root: each frame must
    /// take less than `frameLimit` seconds (stretched by `timeBudget`) and give a drawable
    /// display list; `check` then sees the probe after each frame.
    func runProbed(
        _ program: LayerProgram, frameLimit: Double, _ description: String, check: (CommitProbe) -> Void = { _ in }
    ) {
        let probe = CommitProbe(root: root)
        run(program) { time in
            let (output, seconds) = probe.frame(at: time)
            #expect(seconds < timeBudget(frameLimit), "a frame took \(seconds) s\n\(description)")
            RenderTreeMirror.expectDrawable(output.displayList, description)
            check(probe)
        }
    }
}
