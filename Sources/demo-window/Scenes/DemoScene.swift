import Foundation
import SceneCore

/// What a scene is built for: the window size and the benchmark knobs.
struct SceneOptions: Sendable {
    var size: CGSize
    /// Number of layers for scenes that take one (the stress scene).
    var layers = 1000
    /// Corner radius for every layer of scenes that take one (the stress scene).
    var radius: CGFloat = 0
}

/// A demo scene: a named layer tree built only from SceneCore's public API.
struct DemoScene: Sendable {
    let name: String
    let summary: String
    let build: @Sendable (SceneOptions) -> CALayer
    /// Changes the scene for time `t` seconds since it was shown, on the app thread
    /// (nil for a scene that does not change over time).
    var tick: (@Sendable (CALayer, Double) -> Void)? = nil
    /// Reacts to a click at `point` (root layer coordinates) whose hit-test on the
    /// presentation tree found `hit` (the model layer, nil for none). Returns the line the
    /// demo prints.
    var click: (@Sendable (_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String)? = nil

    /// Every scene, selectable with `--scene NAME`.
    static let all: [DemoScene] = [
        DemoScene(name: "gallery", summary: "rounded, bordered, clipped, image and group-opacity layers", build: { GalleryScene.make($0.size) }),
        DemoScene(name: "gravity", summary: "one image under each of the twelve contentsGravity values", build: { GravityScene.make($0.size) }),
        DemoScene(name: "perspective", summary: "a cube of single-sided faces turning under a sublayerTransform with m34",
                  build: { PerspectiveScene.make($0.size) }, tick: PerspectiveScene.turn),
        DemoScene(name: "clock", summary: "an analog clock showing the time, hands turning about a moved anchorPoint",
                  build: { ClockScene.make($0.size) }, tick: { root, _ in ClockScene.setHands(root, to: Date()) }),
        DemoScene(name: "zorder", summary: "three overlapping cards restacked by zPosition every second and on click",
                  build: { ZOrderScene.make($0.size) }, tick: ZOrderScene.tick, click: ZOrderScene.click),
        DemoScene(name: "hittest", summary: "named tiles (rotated, nested, clipped) recoloured by the click that hits them",
                  build: { HitTestScene.make($0.size) }, click: HitTestScene.click),
        DemoScene(name: "static", summary: "300 layers of every kind the renderer draws, none of them changing",
                  build: { StaticScene.make($0.size) }),
        DemoScene(name: "stress", summary: "the peers' benchmark scene: 1,000 rotated 48x48 quads at alpha 0.6", build: StressScene.make,
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
    static let purple = CGColor(red: 0.55, green: 0.3, blue: 0.8, alpha: 1)
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
