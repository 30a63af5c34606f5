import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The layer inspector's texts, from public API: a layer's path from the root and the panel's
/// summary with an animation's progress.
@MainActor @Suite struct LayerInspectorTests {
    @Test func aPathNamesEachLayerAndItsPlaceAmongItsSiblings() {
        let root = CALayer()
        root.name = "root"
        let card = CALayer()
        card.name = "card"
        let label = CATextLayer()
        let mask = CALayer()
        root.addSublayer(CALayer())
        root.addSublayer(card)
        card.addSublayer(label)
        card.mask = mask
        #expect(
            LayerInspector.path(of: label, under: root) == #"CALayer "root" › [1] CALayer "card" › [0] CATextLayer"#)
        #expect(LayerInspector.path(of: mask, under: root) == #"CALayer "root" › [1] CALayer "card" › mask CALayer"#)
        #expect(LayerInspector.path(of: root, under: root) == #"CALayer "root""#)
    }

    @Test func theSummaryShowsPresentationValuesAndAnimationProgress() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 1, alpha: 1))
        let layer = solidLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(gray: 0, alpha: 1))
        layer.name = "mover"
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root)
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 1
        spin.toValue = 0
        spin.duration = 2
        spin.beginTime = 1000
        spin.repeatCount = 3
        layer.add(spin, forKey: "fade")
        _ = try renderer.render(root, at: 1000.5)
        let summary = LayerInspector.summary(of: layer, at: 1000.5)
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(lines.first == #"CALayer "mover""#)
        #expect(lines.contains("frame (10.0, 20.0, 30.0, 40.0)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("position (25.0, 40.0)") }, "\(lines)")
        #expect(lines.contains(#"animating "fade"  25 %"#), "\(lines)")
        #expect(LayerInspector.progress(of: spin, on: layer, at: 1003) == " 50 %")
        #expect(LayerInspector.progress(of: spin, on: layer, at: 999) == "waiting")
        #expect(LayerInspector.progress(of: spin, on: layer, at: 1006) == "done")
    }

    @Test func layerBordersOutlineEveryShownLayerInTreeOrder() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 1, alpha: 1))
        let card = solidLayer(CGRect(x: 10, y: 10, width: 50, height: 40), CGColor(gray: 0, alpha: 1))
        card.name = "card"
        let inner = solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(gray: 0.5, alpha: 1))
        card.addSublayer(inner)
        let hidden = solidLayer(CGRect(x: 70, y: 70, width: 10, height: 10), CGColor(gray: 0, alpha: 1))
        hidden.isHidden = true
        root.addSublayer(card)
        root.addSublayer(hidden)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root)
        let found = LayerBordersOverlay.outlines(under: root, limit: 10)
        #expect(
            found.map(\.frame) == [
                CGRect(x: 10, y: 10, width: 50, height: 40), CGRect(x: 15, y: 15, width: 10, height: 10),
            ])
        #expect(found.map(\.name) == ["card", nil])
        #expect(LayerBordersOverlay.outlines(under: root, limit: 1).count == 1)
    }
}
