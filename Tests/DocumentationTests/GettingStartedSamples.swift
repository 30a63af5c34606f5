import Foundation
import GLBackend
import SceneCore
import Testing

// The code samples of the documentation catalogs' articles (Sources/*/*.docc), compiled without
// `@testable` so that they use public API only, and run where they can. Each article's ```swift
// block is a run of lines in one of these files (`scripts/check-docs.sh` fails otherwise), so
// the articles show code that compiles and, run here, does what the text says.

@Suite struct GettingStartedSamples {
    @Test func rendersACardHeadlessly() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

        let card = CALayer()
        card.frame = CGRect(x: 60, y: 40, width: 200, height: 160)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 16
        root.addSublayer(card)

        let renderer = try OffscreenRenderer(width: 320, height: 240)
        let image = try renderer.render(root)  // straight RGBA8, origin top-left
        let centre = image.pixel(x: 160, y: 120)  // (51, 102, 230, 255)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("card.png")
        try image.writePNG(to: output)
        defer { try? FileManager.default.removeItem(at: output) }

        #expect([centre.r, centre.g, centre.b, centre.a] == [51, 102, 230, 255])
        let corner = image.pixel(x: 61, y: 41)
        #expect([corner.r, corner.g, corner.b] == [255, 255, 255], "outside the rounded corner")
        #expect(try CGImage.load(contentsOf: output).width == 320)
    }

    @Test func rendersAnExactFrameOfAnAnimation() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let renderer = try OffscreenRenderer(width: 100, height: 100)

        let start = CACurrentMediaTime()
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        fade.beginTime = start  // an absolute time: the frames below do not depend on the clock
        fade.duration = 2
        root.add(fade, forKey: "fade")

        let halfway = try renderer.render(root, at: start + 1)  // the frame one second in
        let gray = halfway.pixel(x: 50, y: 50).r  // about 128: half-way from black to white

        #expect(abs(Int(gray) - 128) <= 2)
    }
}

/// The windowed sample of "Getting started": compiled, not run (it needs an X display and runs
/// until the window closes; the window tests drive real windows).
@MainActor func showCardInAWindow(_ card: CALayer) throws {
    let window = try LayerWindow(title: "Cards", width: 640, height: 480)
    window.layer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
    window.layer.addSublayer(card)
    window.onMouse = { [weak window] event in
        // Hit-tested against the presentation tree: what is on screen now.
        if event.kind == .down, let hit = window?.hitTest(event.location) {
            hit.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        }
    }
    window.onKey = { [weak window] event in
        if event.characters == "q" { window?.close() }
    }
    LayerWindow.run()  // the main run loop, until every window has closed
}
