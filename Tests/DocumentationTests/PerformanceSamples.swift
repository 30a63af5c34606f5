import Foundation
import GLBackend
import SceneCore
import Testing

// The samples of "Performance guide" (SceneCore.docc) and "Debugging" (SceneCore.docc).

@Suite struct PerformanceSamples {
    private func cards(_ count: Int) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for index in 0..<count {
            let card = CALayer()
            card.frame = CGRect(x: 10 + 30 * (index % 12), y: 10 + 60 * (index / 12), width: 24, height: 40)
            card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            card.cornerRadius = 6
            root.addSublayer(card)
        }
        return root
    }

    @Test func cheapShadowsAndCachedBitmaps() throws {
        let root = cards(12)
        let card = try #require(root.sublayers?.first)
        let panel = CALayer()
        panel.frame = CGRect(x: 0, y: 100, width: 400, height: 200)
        root.addSublayer(panel)

        // A shadow whose shape is given: no offscreen pass to find the layer's alpha.
        card.shadowOpacity = 0.4
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 0, height: 3)
        card.shadowPath = CGPath(
            roundedRect: card.bounds, cornerWidth: card.cornerRadius, cornerHeight: card.cornerRadius, transform: nil)

        // A subtree that rarely changes, drawn once into a bitmap and composited from it.
        panel.shouldRasterize = true
        panel.rasterizationScale = 2  // the bitmap's pixels per point: match the screen's scale

        let renderer = try OffscreenRenderer(width: 400, height: 300)
        _ = try renderer.render(root)
        _ = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheHits == 1, "the second frame draws the panel from its bitmap")
        #expect(renderer.statistics.shadowCacheHits == 1)
    }

    @Test func readsWhatAFrameCost() throws {
        let root = cards(24)
        let renderer = try OffscreenRenderer(width: 400, height: 300)
        _ = try renderer.render(root)

        let frame = renderer.statistics  // what the last render did
        print("\(frame.drawCalls) draw calls, \(frame.instances) quads, \(frame.uploadedBytes) bytes uploaded")
        print("offscreen groups: \(frame.groups), filter passes: \(frame.filterPasses)")

        #expect(frame.drawCalls == 1, "24 plain rounded quads share one draw call")
        #expect(frame.instances == 24)
    }

    @Test func dumpsALayerTree() {
        let root = cards(2)
        root.name = "root"
        root.sublayers?.last?.isHidden = true

        print(root.debugDescription)  // one layer a line, sublayers indented under their superlayer

        let lines = root.debugDescription.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"root\""))
        #expect(lines[2].hasPrefix("  ") && lines[2].hasSuffix("hidden"))
    }
}
