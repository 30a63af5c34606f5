import SceneCore
import Testing
@testable import demo_window

/// The list of scenes `--scene` chooses from.
@Suite struct DemoSceneRegistryTests {
    @Test func everySceneIsListedOnceByName() {
        let names = DemoScene.all.map(\.name)
        #expect(names == ["gallery", "gravity", "perspective", "clock", "zorder", "hittest", "static", "stress"])
        #expect(names.allSatisfy { DemoScene.named($0)?.name == $0 })
    }

    @Test func whichScenesTickAndWhichTakeClicks() {
        let ticking = DemoScene.all.filter { $0.tick != nil }.map(\.name)
        let clickable = DemoScene.all.filter { $0.click != nil }.map(\.name)
        #expect(ticking == ["perspective", "clock", "zorder", "stress"])
        #expect(clickable == ["zorder", "hittest"])
    }

    @Test(arguments: DemoScene.all.map(\.name))
    func eachSceneFillsTheSizeItIsBuiltFor(name: String) throws {
        let scene = try #require(DemoScene.named(name))
        let root = scene.build(SceneOptions(size: CGSize(width: 320, height: 200), layers: 10))
        #expect(root.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        scene.tick?(root, 1.5)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
    }
}
