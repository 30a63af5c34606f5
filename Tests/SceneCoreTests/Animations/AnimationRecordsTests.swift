import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// A layer's animation records (`AnimationRecords`): one kept alone, more in a list, in the order
/// they were added, through every change between none, one and many.
@Suite struct AnimationRecordsTests {
    /// The keys of `layer`'s records in order, as kept, and as `animationKeys()` lists them.
    private func keys(_ layer: CALayer) -> [String] {
        let kept = layer.attachedAnimations.records.map { $0.key ?? "-" }
        #expect(kept == (layer.animationKeys() ?? []))
        #expect(layer.attachedAnimations.compiled.count == kept.count, "a typed form for each record")
        return kept
    }

    @Test func recordsKeepTheirOrderFromNoneToOneToManyAndBack() {
        let layer = CALayer()
        #expect(keys(layer).isEmpty && layer.attachedAnimations.isEmpty)
        layer.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "a")
        #expect(keys(layer) == ["a"])
        layer.add(basic("position.x", from: 0, to: 1, duration: 1), forKey: "b")
        layer.add(basic("position.y", from: 0, to: 1, duration: 1), forKey: "c")
        #expect(keys(layer) == ["a", "b", "c"])
        layer.removeAnimation(forKey: "b")
        #expect(keys(layer) == ["a", "c"])
        layer.removeAnimation(forKey: "a")
        #expect(keys(layer) == ["c"])
        #expect(layer.animation(forKey: "c")?.duration == 1)
        layer.add(basic("opacity", from: 1, to: 0, duration: 2), forKey: "d")
        #expect(keys(layer) == ["c", "d"])
        layer.removeAllAnimations()
        #expect(keys(layer).isEmpty && layer.attachedAnimations.isEmpty)
        layer.add(basic("opacity", from: 0, to: 1, duration: 3), forKey: "e")
        layer.removeAnimation(forKey: "e")
        #expect(keys(layer).isEmpty)
    }
}
