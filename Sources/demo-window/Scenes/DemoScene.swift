import SceneCore

/// A demo scene: a named layer tree built only from SceneCore's public API.
struct DemoScene: Sendable {
    let name: String
    let summary: String
    let build: @Sendable (CGSize) -> CALayer
    /// Changes the scene for time `t` seconds (app-thread driven; nil for a static scene).
    var tick: (@Sendable (CALayer, Double) -> Void)? = nil

    /// Every scene, selectable with `--scene NAME`.
    static let all: [DemoScene] = [
        DemoScene(name: "gallery", summary: "rounded, bordered, clipped, image and group-opacity layers", build: GalleryScene.make),
        DemoScene(name: "gravity", summary: "one image under each of the twelve contentsGravity values", build: GravityScene.make),
        DemoScene(name: "perspective", summary: "cards rotated in 3D under a sublayerTransform with m34", build: PerspectiveScene.make),
        DemoScene(name: "stress", summary: "the peers' benchmark scene: 1,000 rotated 48x48 quads at alpha 0.6", build: { StressScene.make($0, count: 1000) },
                  tick: StressScene.rotate),
    ]

    static func named(_ name: String) -> DemoScene? { all.first { $0.name == name } }
}

/// Colours and images the scenes share.
enum Palette {
    static let background = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    static let blue = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    static let orange = CGColor(red: 0.98, green: 0.55, blue: 0.1, alpha: 1)
    static let green = CGColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 1)
    static let ink = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)

    /// A 32x32 image: four coloured quadrants with a white diagonal, so orientation and scaling show.
    static let quadrants: CGImage = {
        let size = 32
        var pixels = [UInt8]()
        for y in 0..<size {
            for x in 0..<size {
                let diagonal = abs(x - y) <= 1
                let color: [UInt8] = diagonal ? [255, 255, 255, 255]
                    : y < size / 2 ? (x < size / 2 ? [230, 60, 60, 255] : [60, 180, 80, 255])
                    : (x < size / 2 ? [60, 90, 230, 255] : [240, 200, 40, 255])
                pixels += color
            }
        }
        return CGImage(rgbaPixels: pixels, width: size, height: size)!
    }()
}

extension CALayer {
    /// A layer with a frame and a background colour.
    static func filled(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }
}
