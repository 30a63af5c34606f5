import SceneCore
import Testing

@testable import demo_window

/// The list of scenes `--scene` chooses from.
@Suite struct DemoSceneRegistryTests {
    @Test func everySceneIsListedOnceByName() {
        let names = DemoScene.all.map(\.name)
        #expect(
            names == [
                "gallery", "gravity", "perspective", "cube", "clock", "zorder", "hittest", "animations", "content",
                "effects", "layout", "text", "static", "cards", "replicator", "replicator-stress", "emitter",
                "emitter-bench", "emitter-trail", "emitter-long-lived", "stress", "spinner", "scroll", "feed", "drift",
                "text-field", "gl-layer", "tiled", "tiled-bench", "video", "video-wall", "video-live", "video-bench",
                "compositions", "composition-wall",
            ])
        #expect(names.allSatisfy { DemoScene.named($0)?.name == $0 })
    }

    @Test func whichScenesTickAndWhichTakeClicksAndKeys() {
        let options = SceneOptions(size: CGSize(width: 320, height: 200))
        let ticking = DemoScene.all.filter { $0.tick(options) != nil }.map(\.name)
        let clickable = DemoScene.all.filter { $0.click != nil }.map(\.name)
        // The clock and the stress scene (by default) move by render-thread animations alone;
        // the text benchmark changes every string on every frame.
        // The tiled scenes refresh their captions from the tile statistics.
        #expect(ticking == ["perspective", "zorder", "text", "emitter-trail", "drift", "tiled", "tiled-bench"])
        #expect(
            clickable == ["cube", "zorder", "hittest", "animations", "emitter", "text-field", "video", "compositions"])
        #expect(
            DemoScene.all.filter { $0.key != nil }.map(\.name) == [
                "animations", "stress", "text-field", "tiled", "video",
            ])
        #expect(DemoScene.all.filter { $0.navigationKey != nil }.map(\.name) == ["scroll", "tiled"])
        #expect(DemoScene.all.filter { $0.scroll != nil }.map(\.name) == ["scroll", "tiled"])
    }

    @Test(arguments: DemoScene.all.map(\.name))
    func eachSceneFillsTheSizeItIsBuiltFor(name: String) throws {
        let scene = try #require(DemoScene.named(name))
        let root = scene.build(SceneOptions(size: CGSize(width: 320, height: 200), layers: 10))
        #expect(root.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        scene.tick(SceneOptions(size: CGSize(width: 320, height: 200)))?.change(root, 1.5)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
    }
}

/// The damage benchmark: still quads and one turning spinner.
@Suite struct SpinnerSceneTests {
    @Test func onlyTheSpinnerAnimates() throws {
        let root = SpinnerScene.make(SceneOptions(size: CGSize(width: 1280, height: 720), layers: 100))
        let layers = root.sublayers ?? []
        #expect(layers.count == 101)
        let animated = layers.filter { !($0.animationKeys() ?? []).isEmpty }
        #expect(animated.map(\.name) == [SpinnerScene.spinnerName])
        #expect(animated.first?.frame.insetBy(dx: 10, dy: 10).contains(CGPoint(x: 640, y: 360)) == true)
    }
}
