import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Renders three fixed scenes and compares them with the PNGs under `Reference/`, which were
/// looked at when recorded. Set `SCENECORE_RECORD_REFERENCES=1` to rewrite them after an
/// intended rendering change (then look at them again before committing).
@Suite struct ReferenceImageTests {
    /// Largest per-channel difference tolerated (llvmpipe rounding and edge anti-aliasing).
    static let tolerance = 3
    /// Pixels allowed to differ beyond the tolerance (anti-aliased edges may shift a little).
    static let allowedMismatches = 40

    @Test(arguments: ["shapes", "contents", "perspective"])
    func sceneMatchesItsReference(name: String) throws {
        let image = try render(ReferenceScenes.make(name))
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Reference/\(name).png")
        if ProcessInfo.processInfo.environment["SCENECORE_RECORD_REFERENCES"] == "1" {
            try image.writePNG(to: source)
            return
        }
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Reference"))
        let reference = try CGImage.load(contentsOf: url)
        #expect(reference.width == image.width && reference.height == image.height)
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image.pixel(x: x, y: y)
                let b = reference.pixel(x: x, y: y)
                if !isClose(a, b, tolerance: Self.tolerance) { mismatches += 1 }
            }
        }
        if mismatches > Self.allowedMismatches {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-\(name)-actual.png")
            try image.writePNG(to: failed)
            Issue.record(
                "\(name): \(mismatches) pixels differ from Reference/\(name).png; the render is at \(failed.path)")
        }
    }
}

/// The fixed scenes behind the reference images.
enum ReferenceScenes {
    static func make(_ name: String) -> CALayer {
        switch name {
        case "shapes": shapes()
        case "contents": contents()
        default: perspective()
        }
    }

    static let blue = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    static let orange = CGColor(red: 0.98, green: 0.55, blue: 0.1, alpha: 1)
    static let ink = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)

    /// Rounded, bordered, one-corner, clipped, group-opacity, z-ordered and rotated layers.
    static func shapes() -> CALayer {
        let root = whiteRoot(320, 200)
        let rounded = solidLayer(CGRect(x: 10, y: 10, width: 90, height: 70), blue)
        rounded.cornerRadius = 16
        rounded.borderWidth = 4
        rounded.borderColor = ink
        let corner = solidLayer(CGRect(x: 115, y: 10, width: 90, height: 70), orange)
        corner.cornerRadius = 30
        corner.maskedCorners = [.layerMaxXMaxYCorner]
        let clip = solidLayer(CGRect(x: 220, y: 10, width: 90, height: 70), ink)
        clip.cornerRadius = 20
        clip.masksToBounds = true
        clip.addSublayer(solidLayer(CGRect(x: -10, y: 25, width: 110, height: 20), orange))
        let group = solidLayer(CGRect(x: 10, y: 100, width: 100, height: 90))
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 60, height: 55), blue))
        group.addSublayer(solidLayer(CGRect(x: 40, y: 35, width: 60, height: 55), orange))
        let back = solidLayer(CGRect(x: 130, y: 100, width: 60, height: 60), orange)
        back.zPosition = 1
        let front = solidLayer(CGRect(x: 160, y: 125, width: 60, height: 60), blue)
        let rotated = solidLayer(CGRect(x: 240, y: 110, width: 60, height: 60), blue)
        rotated.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        rotated.cornerRadius = 8
        root.sublayers = [rounded, corner, clip, group, back, front, rotated]
        return root
    }

    /// An image under several gravities, a 9-slice panel and a contentsRect crop.
    static func contents() -> CALayer {
        let root = whiteRoot(320, 200)
        let gravities: [CALayerContentsGravity] = [
            .resize, .resizeAspect, .center, .bottomLeft, .topRight, .resizeAspectFill,
        ]
        for (i, gravity) in gravities.enumerated() {
            let tile = solidLayer(
                CGRect(x: 10 + (i % 3) * 105, y: 10 + (i / 3) * 65, width: 95, height: 55), CGColor(gray: 0.8, alpha: 1)
            )
            tile.contents = quadrantImage(size: 16)
            tile.contentsGravity = gravity
            tile.magnificationFilter = .nearest
            tile.masksToBounds = true
            root.addSublayer(tile)
        }
        let r: [UInt8] = [200, 40, 40, 255]
        let g: [UInt8] = [40, 160, 60, 255]
        let b: [UInt8] = [40, 60, 200, 255]
        let panel = solidLayer(CGRect(x: 10, y: 140, width: 200, height: 50))
        panel.contents = CGImage(rgbaPixels: r + g + r + g + b + g + r + g + r, width: 3, height: 3)
        panel.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        panel.contentsScale = 0.1
        panel.magnificationFilter = .nearest
        let crop = solidLayer(CGRect(x: 225, y: 140, width: 85, height: 50))
        crop.contents = quadrantImage(size: 16)
        crop.contentsRect = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        crop.magnificationFilter = .nearest
        root.addSublayer(panel)
        root.addSublayer(crop)
        return root
    }

    /// Cards turned about y under m34 = −1/400, one single-sided and turned away.
    static func perspective() -> CALayer {
        let root = whiteRoot(320, 200)
        var p = CATransform3DIdentity
        p.m34 = -1 / 400
        root.sublayerTransform = p
        for (i, angle) in [0, CGFloat.pi / 4, -CGFloat.pi / 3, CGFloat.pi * 0.8].enumerated() {
            let card = solidLayer(CGRect(x: 15 + CGFloat(i) * 77, y: 50, width: 60, height: 100), blue)
            card.cornerRadius = 8
            card.borderWidth = 3
            card.borderColor = ink
            card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            card.isDoubleSided = i != 3
            root.addSublayer(card)
        }
        return root
    }
}
