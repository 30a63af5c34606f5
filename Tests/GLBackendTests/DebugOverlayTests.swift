import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The debug overlays (`DebugOverlays`) drawn by the headless renderer, checked by pixel: the
/// colours of blended and opaque quads, offscreen passes, overdraw counts, flashed regions and
/// the frame graph's panel.
@Suite struct DebugOverlayTests {
    static let (width, height) = (120, 80)
    static let white = CGColor(gray: 1, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A renderer with `overlays`, and a white root the size of its target.
    func setUp(_ overlays: DebugOverlays) throws -> (OffscreenRenderer, CALayer) {
        let renderer = try OffscreenRenderer(width: Self.width, height: Self.height)
        renderer.debugOverlays = overlays
        return (renderer, solidLayer(CGRect(x: 0, y: 0, width: Self.width, height: Self.height), Self.white))
    }

    @Test func blendedQuadsAreRedAndOpaqueOnesGreen() throws {
        let (renderer, root) = try setUp(.blendedLayers)
        root.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30), Self.blue))
        root.addSublayer(solidLayer(CGRect(x: 50, y: 10, width: 30, height: 30), CGColor(gray: 0, alpha: 0.5)))
        let rounded = solidLayer(CGRect(x: 10, y: 45, width: 30, height: 30), Self.blue)
        rounded.cornerRadius = 8
        root.addSublayer(rounded)
        let image = try renderer.render(root)
        // Opaque blue under green at half: (0, 0.5, 0.5). The white root is opaque too.
        expectPixel(image, 25, 25, (0, 128, 128, 255), tolerance: 1)
        // The root's background, drawn as the clear colour: white under green.
        expectPixel(image, 100, 70, (128, 255, 128, 255), tolerance: 1)
        // Black at half over the green-tinted background (0.5, 1, 0.5) gives (0.25, 0.5, 0.25),
        // then red at half: (0.625, 0.25, 0.125).
        expectPixel(image, 65, 25, (159, 64, 32, 255), tolerance: 1)
        // A rounded layer blends at its corners: red over blue, in its middle too.
        expectPixel(image, 25, 60, (128, 0, 128, 255), tolerance: 1)
    }

    @Test func opaqueAndTranslucentImagesAreToldApart() throws {
        let (renderer, root) = try setUp(.blendedLayers)
        for (x, alpha) in [(10, UInt8(255)), (60, UInt8(128))] {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(x), y: 10, width: 40, height: 40)
            let pixels = [UInt8](repeating: 0, count: 4 * 4 * 4).enumerated().map { $0.offset % 4 == 3 ? alpha : 0 }
            layer.contents = CGImage(rgbaPixels: pixels, width: 4, height: 4)
            root.addSublayer(layer)
        }
        let image = try renderer.render(root)
        expectPixel(image, 30, 30, (0, 128, 0, 255), tolerance: 1)
        // Black at 128/255 over the green-tinted background, then red at half.
        expectPixel(image, 80, 30, (159, 63, 32, 255), tolerance: 1)
    }

    @Test func offscreenPassesAreTintedYellowOverTheirArea() throws {
        let (renderer, root) = try setUp(.offscreenRendered)
        let group = CALayer()
        group.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        group.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), Self.blue))
        root.addSublayer(group)
        root.addSublayer(solidLayer(CGRect(x: 70, y: 10, width: 40, height: 40), Self.blue))
        let image = try renderer.render(root)
        // White under the yellow tint (0.4, 0.4, 0, 0.4): (1, 1, 0.6), inside the box of the
        // group's drawing but outside its quads.
        expectPixel(image, 35, 14, (255, 255, 153, 255), tolerance: 1)
        // The plain layer and the background outside the group are untinted.
        expectPixel(image, 90, 30, (0, 0, 255, 255))
        expectPixel(image, 60, 70, (255, 255, 255, 255))
    }

    @Test func overdrawCountsTheWritesOfEachPixel() throws {
        let (renderer, root) = try setUp(.overdraw)
        root.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 60, height: 60), Self.blue))
        root.addSublayer(solidLayer(CGRect(x: 40, y: 10, width: 60, height: 60), Self.blue))
        for _ in 0..<12 { root.addSublayer(solidLayer(CGRect(x: 100, y: 60, width: 20, height: 20), Self.blue)) }
        let image = try renderer.render(root)
        /// `DebugOverlays.overdrawStep` times `writes`, clamped, as 8-bit channels.
        func level(_ writes: Int) -> Pixel {
            let step = DebugOverlays.overdrawStep
            func channel(_ v: Float) -> UInt8 { UInt8((min(v * Float(writes), 1) * 255).rounded()) }
            return (channel(step.x), channel(step.y), channel(step.z), 255)
        }
        expectPixel(image, 5, 5, level(1), tolerance: 1)
        expectPixel(image, 20, 40, level(2), tolerance: 1)
        expectPixel(image, 55, 40, level(3), tolerance: 1)
        // Twelve layers and the root (the clear colour): red saturated, green and blue still counting.
        expectPixel(image, 110, 70, level(13), tolerance: 2)
    }

    @Test func aRedrawnRegionFlashesAndFades() throws {
        let (renderer, root) = try setUp(.flashUpdatedRegions)
        renderer.limitsRedrawToDamage = true
        let mover = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), Self.blue)
        root.addSublayer(mover)
        let start = CACurrentMediaTime()
        _ = try renderer.render(root, at: start)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.position = CGPoint(x: 60, y: 20)
        CATransaction.commit()
        let flashed = try renderer.render(root, at: start + 1)
        // Where the mover was: white under the full flash (0.5, 0, 0.5, 0.5): (1, 0.5, 1).
        expectPixel(flashed, 15, 15, (255, 128, 255, 255), tolerance: 1)
        // Far from what changed: white.
        expectPixel(flashed, 100, 70, (255, 255, 255, 255))
        #expect(renderer.isAnimating, "the flash needs frames to fade")
        // Half the flash duration later, half the flash.
        let fading = try renderer.render(root, at: start + 1 + DebugOverlays.flashDuration / 2)
        expectPixel(fading, 15, 15, (255, 191, 255, 255), tolerance: 2)
        let faded = try renderer.render(root, at: start + 1 + DebugOverlays.flashDuration)
        expectPixel(faded, 15, 15, (255, 255, 255, 255))
        #expect(!renderer.isAnimating)
    }

    @Test func theFrameGraphDrawsItsPanelAndReferenceLine() throws {
        let renderer = try OffscreenRenderer(width: 400, height: 120)
        renderer.debugOverlays = .frameGraph
        let root = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 120), Self.white)
        var image = try renderer.render(root)
        for _ in 0..<3 { image = try renderer.render(root) }
        let top = 120 - Int(FrameGraph.height)
        // The panel: white under black at 0.6, right of the columns drawn so far.
        expectPixel(image, 300, top + 10, (102, 102, 102, 255), tolerance: 1)
        // The 1/60 s line halfway up, grey (its lower row).
        expectPixel(image, 300, 120 - Int(FrameGraph.height / 2) - 1, (128, 128, 128, 255), tolerance: 1)
        // Outside the panel: white.
        expectPixel(image, 380, 10, (255, 255, 255, 255))
        // Each frame drawn has a column: the second shows the interval since the first as a white mark.
        let column = (top..<120).map { image.pixel(x: Int(FrameGraph.columnWidth), y: $0) }
        #expect(column.contains { $0 == (255, 255, 255, 255) }, "no interval mark in the second column")
    }

    @Test func namesParseAsTheEnvironmentVariableGivesThem() {
        #expect(DebugOverlays(names: "blended, offscreen") == [.blendedLayers, .offscreenRendered])
        #expect(
            DebugOverlays(names: "all") == [
                .blendedLayers, .offscreenRendered, .flashUpdatedRegions, .overdraw, .frameGraph, .layerBorders,
            ])
        let (overlays, messages) = Diagnostics.capturing { DebugOverlays(names: "frames,bogus") }
        #expect(overlays == .frameGraph)
        #expect(messages.contains { $0.contains("unknown overlay \"bogus\"") }, "\(messages)")
        #expect(DebugOverlays(names: "") == [])
    }
}
