import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAGradientLayer`'s properties: Core Animation's defaults, what is stored and returned, what
/// is committed, and which changes animate. Its pixels are tested in `GradientRenderingTests`.
@Suite struct GradientLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func defaultsAreCoreAnimations() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial)
        #expect(layer.contents == nil)
        #expect(!layer.needsDisplayOnBoundsChange)
        #expect(CAGradientLayer.defaultValue(forKey: "startPoint") as? CGPoint == CGPoint(x: 0.5, y: 0))
        #expect(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        #expect(CAGradientLayer.defaultValue(forKey: "type") as? String == "axial")
        #expect(CAGradientLayer.defaultValue(forKey: "colors") == nil)
        // On other layers these are arbitrary keys, with no default.
        #expect(CALayer.defaultValue(forKey: "startPoint") == nil)
    }

    @Test func theColourObjectsSetAreTheObjectsReturned() throws {
        let layer = CAGradientLayer()
        layer.colors = [Self.red, Self.blue]
        let colors = try #require(layer.colors as? [CGColor])
        #expect(colors.count == 2 && colors[0] === Self.red && colors[1] === Self.blue)
        #expect(layer.value(forKey: "colors") as? [CGColor] == [Self.red, Self.blue])
        layer.locations = [0, 0.25]
        #expect(layer.locations == [0, 0.25])
        layer.setValue([0.5, 1], forKey: "locations")
        #expect(layer.locations == [0.5, 1])
        layer.type = .conic
        #expect(layer.value(forKey: "type") as? CAGradientLayerType == .conic)
    }

    @Test func entriesThatAreNotColoursAreDropped() throws {
        let layer = CAGradientLayer()
        let messages = Diagnostics.capturing { layer.colors = [Self.red, "blue", Self.blue, 3] }
        #expect((layer.colors as? [CGColor])?.count == 2)
        #expect(messages.contains { $0.contains("2 entries are not CGColor") })
    }

    @Test func theValuesAreCommittedAsValues() throws {
        let sink = RecordingSink.attached()
        let layer = CAGradientLayer()
        LayerTest.commitWithoutActions {
            layer.colors = [Self.red, Self.blue]
            layer.locations = [0, 0.5]
            layer.endPoint = CGPoint(x: 1, y: 1)
            layer.type = .radial
        }
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        let p = try #require(tree[layer.layerID]).properties
        #expect(p.kind == .gradient)
        #expect(p.gradientColors.shown == [Self.red.value, Self.blue.value])
        #expect(p.gradientLocations.values == [0, 0.5])
        #expect(p.endPoint == CGPoint(x: 1, y: 1) && p.gradientType == .radial)
        #expect(p.contents == nil, "no bitmap of the gradient is made")
    }

    @Test func changesOfACommittedGradientAnimateImplicitly() throws {
        let layer = CAGradientLayer()
        LayerTest.commitWithoutActions { layer.colors = [Self.red, Self.blue] }
        layer.colors = [Self.blue, Self.red]
        layer.locations = [0, 1]
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.type = .conic
        CATransaction.flush()
        let keys = Set(layer.animationKeys() ?? [])
        #expect(keys == ["colors", "locations", "startPoint"])
        let colors = try #require(layer.animation(forKey: "colors") as? CABasicAnimation)
        #expect(colors.duration == 0.25)
        #expect((colors.fromValue as? [CGColor]) == [Self.red, Self.blue])
    }

    @Test func thePresentationShowsAnimatedColoursAndLocations() throws {
        let layer = CAGradientLayer()
        let clock = ManualClock(layer, at: 0) { ($0 as! CAGradientLayer).colors = [Self.red, Self.blue] }
        let colors = CABasicAnimation(keyPath: "colors")
        colors.fromValue = [Self.red, Self.blue]
        colors.toValue = [Self.blue, Self.red]
        colors.duration = 4
        clock.add(colors)
        let locations = CABasicAnimation(keyPath: "locations")
        locations.fromValue = [0, 0.5]
        locations.toValue = [0.5, 1]
        locations.duration = 4
        clock.add(locations)
        let presented = try #require(clock.presented(at: 1) as? CAGradientLayer)
        let shown = try #require(presented.colors as? [CGColor])
        #expect(shown.map(\.value) == [RGBA(r: 0.75, g: 0, b: 0.25, a: 1), RGBA(r: 0.25, g: 0, b: 0.75, a: 1)])
        #expect(presented.locations == [0.125, 0.625])
        #expect(layer.colors as? [CGColor] == [Self.red, Self.blue], "the model keeps its colours")
    }

    @Test func listsOfOtherLengthsSwitchHalfWay() {
        let short = AnimatableValue([Self.red, Self.blue])
        let long = AnimatableValue([Self.blue, Self.red, Self.blue])
        #expect(short?.interpolated(to: long!, fraction: 0.4) == short)
        #expect(short?.interpolated(to: long!, fraction: 0.5) == long)
        let two = AnimatableValue([0, 1])
        let four = AnimatableValue([0, 0.25, 0.5, 1])
        #expect(two?.interpolated(to: four!, fraction: 0.49) == .numbers([0, 1]))
        // Three numbers travel as a vector and still blend with a list of three.
        let three = AnimatableValue([0, 0.5, 1])
        #expect(three?.interpolated(to: .numbers([1, 0.5, 0]), fraction: 0.25) == .numbers([0.25, 0.5, 0.75]))
    }
}
