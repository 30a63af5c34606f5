import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CATiledLayer`'s properties (defaults, setters, key-value coding, copies, archiving) and the
/// tile arithmetic: which levels exist, which level a screen scale picks, which tiles cover a
/// rectangle, and how bad settings are made usable.
@Suite(.tags(.threads)) struct TiledLayerTests {
    @Test func theDefaultsAreCoreAnimations() {
        let layer = CATiledLayer()
        #expect(layer.tileSize == CGSize(width: 256, height: 256))
        #expect(layer.levelsOfDetail == 1)
        #expect(layer.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
        #expect(CATiledLayer.defaultValue(forKey: "tileSize") as? CGSize == CGSize(width: 256, height: 256))
        #expect(CATiledLayer.defaultValue(forKey: "levelsOfDetail") as? Int == 1)
        #expect(CATiledLayer.defaultValue(forKey: "levelsOfDetailBias") as? Int == 0)
        #expect(CATiledLayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CATiledLayer.needsDisplay(forKey: "tileSize") && CATiledLayer.needsDisplay(forKey: "levelsOfDetail"))
        #expect(!CATiledLayer.needsDisplay(forKey: "opacity"))
        #expect(layer.state.tileStore != nil && CALayer().state.tileStore == nil)
    }

    @Test func thePropertiesAreSetKeyValueCodedCopiedAndArchived() throws {
        let layer = CATiledLayer()
        layer.tileSize = CGSize(width: 64, height: 128)
        layer.levelsOfDetail = 4
        layer.setValue(2, forKey: "levelsOfDetailBias")
        #expect(layer.levelsOfDetailBias == 2)
        #expect(layer.value(forKey: "tileSize") as? CGSize == CGSize(width: 64, height: 128))
        #expect(layer.value(forKey: "levelsOfDetail") as? Int == 4)
        #expect(layer.shouldArchiveValue(forKey: "tileSize"))
        let copy = CATiledLayer(layer: layer)
        #expect(copy.tileSize == CGSize(width: 64, height: 128) && copy.levelsOfDetail == 4)
        LayerTest.commitNow { layer.opacity = 0.5 }
        let presented = try #require(layer.presentation())
        #expect(presented.levelsOfDetailBias == 2 && presented.state.tileStore === layer.state.tileStore)
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CATiledLayer.self, from: data))
        #expect(back.tileSize == CGSize(width: 64, height: 128))
        #expect(back.levelsOfDetail == 4 && back.levelsOfDetailBias == 2)
        #expect(back.state.tileStore != nil && back.state.tileStore !== layer.state.tileStore)
    }

    @Test func aSubclassChoosesItsFadeDuration() {
        final class QuickTiles: CATiledLayer {
            override class func fadeDuration() -> CFTimeInterval { 0.1 }
        }
        #expect(QuickTiles.fadeDuration() == 0.1)
        #expect(CATiledLayer.fadeDuration() == 0.25)
    }

    func grid(
        tile: CGFloat = 256, levels: Int = 1, bias: Int = 0, scale: CGFloat = 1,
        bounds: CGRect = CGRect(x: 0, y: 0, width: 1000, height: 1000)
    ) -> TileGrid {
        TileGrid(
            configuration: TileConfiguration(
                tileSize: CGSize(width: tile, height: tile), levelsOfDetail: levels, levelsOfDetailBias: bias,
                fadeDuration: 0.25),
            contentsScale: scale, bounds: bounds)
    }

    @Test func levelZeroIsFullResolutionAndEachFurtherLevelHalvesIt() {
        let g = grid(levels: 3)
        #expect((g.finest, g.coarsest) == (0, -2))
        #expect(g.scale(of: 0) == 1 && g.scale(of: -1) == 0.5 && g.scale(of: -2) == 0.25)
        #expect(g.tileSize(at: -1) == CGSize(width: 512, height: 512))
        #expect(g.rect(of: TileKey(level: -1, column: 2, row: 1)) == CGRect(x: 1024, y: 512, width: 512, height: 512))
        // The bias adds magnified levels: 4 levels and a bias of 2 are 4×, 2×, 1×, ½×, ¼×, ⅛×.
        let magnified = grid(levels: 4, bias: 2)
        #expect((magnified.finest, magnified.coarsest) == (2, -3))
        #expect(magnified.tileSize(at: 2) == CGSize(width: 64, height: 64))
        // At contentsScale 2 a 256-pixel tile is 128 points at full resolution.
        #expect(grid(scale: 2).tileSize(at: 0) == CGSize(width: 128, height: 128))
    }

    @Test(arguments: [
        (CGFloat(1), 0), (0.5, -1), (0.3, -1), (0.25, -2), (0.2, -2), (0.01, -2), (2, 0), (0.75, 0),
    ])
    func theScalePicksTheCoarsestLevelAtLeastAsSharpAsTheScreen(scale: CGFloat, level: Int) {
        #expect(grid(levels: 3).level(forScale: scale) == level)
    }

    @Test func magnifiedLevelsServeZoomingIn() {
        let g = grid(levels: 4, bias: 2)
        #expect(g.level(forScale: 4) == 2)
        #expect(g.level(forScale: 3) == 2)
        #expect(g.level(forScale: 1.5) == 1)
        #expect(g.level(forScale: 8) == 2)
        #expect(g.level(forScale: .nan) == nil && g.level(forScale: 0) == nil && g.level(forScale: -1) == nil)
    }

    @Test func levelsSmallerThanAPixelAreLeftOut() {
        // 1000 points at 1/1024 is under a pixel: the coarsest level is 1/512.
        #expect(grid(levels: 20, bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000)).coarsest == -9)
        #expect(grid(levels: 20, bias: 3, bounds: CGRect(x: 0, y: 0, width: 0.5, height: 0.5)).coarsest == 0)
    }

    @Test func theTilesCoveringARectangleComeNearestTheCentreFirst() throws {
        let keys = try #require(
            grid(tile: 100).keys(covering: CGRect(x: 50, y: 0, width: 200, height: 100), level: 0, limit: 100))
        #expect(keys.count == 3)
        #expect(Set(keys.map(\.column)) == [0, 1, 2] && Set(keys.map(\.row)) == [0])
        #expect(keys.first == TileKey(level: 0, column: 1, row: 0))
        #expect(grid(tile: 16).keys(covering: CGRect(x: 0, y: 0, width: 1e9, height: 1e9), level: 0, limit: 100) == nil)
        #expect(grid().keys(covering: .null, level: 0, limit: 10) == [])
    }

    @Test func badSettingsAreMadeUsable() {
        func configuration(_ side: CGFloat, levels: Int = 1, bias: Int = 0) -> TileConfiguration {
            TileConfiguration(
                tileSize: CGSize(width: side, height: side), levelsOfDetail: levels, levelsOfDetailBias: bias,
                fadeDuration: .nan)
        }
        #expect(configuration(0).tileSize == CGSize(width: 256, height: 256))
        #expect(configuration(-5).tileSize == CGSize(width: 256, height: 256))
        #expect(configuration(.nan).tileSize == CGSize(width: 256, height: 256))
        #expect(configuration(.infinity).tileSize == CGSize(width: 256, height: 256))
        #expect(configuration(1).tileSize == CGSize(width: 16, height: 16))
        #expect(configuration(1e9).tileSize == CGSize(width: 4096, height: 4096))
        #expect(configuration(100.5).tileSize == CGSize(width: 101, height: 101))
        #expect(configuration(256, levels: 0).levelsOfDetail == 1)
        #expect(configuration(256, levels: 1000).levelsOfDetail == 32)
        #expect(configuration(256, levels: 2, bias: 5).levelsOfDetailBias == 5)
        #expect(configuration(256, bias: 100).levelsOfDetailBias == 32)
        #expect(configuration(256, levels: 2, bias: -1).levelsOfDetailBias == 0)
        #expect(configuration(256).fadeDuration == 0)
    }
}
