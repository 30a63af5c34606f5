import Foundation
import SceneCore

/// What a scene is built for: the window size and the benchmark knobs.
struct SceneOptions: Sendable {
    var size: CGSize
    /// Number of layers for scenes that take one (the stress scene).
    var layers = 1000
    /// Corner radius for every layer of scenes that take one (the stress scene).
    var radius: CGFloat = 0
    /// What moves the layers of scenes that offer a choice (the stress scene).
    var animation: AnimationDriver = .explicit
    /// The visual effect on every layer of scenes that take one (the stress scene).
    var effect: StressEffect = .none
    /// The video file the video scenes play; nil for the demo's own clips (`DemoClips`).
    var media: URL?
}

/// An effect put on every quad of the stress scene, to measure what it costs.
enum StressEffect: String, CaseIterable, Sendable {
    /// Plain quads.
    case none
    /// Each quad masked by a circle: a mask layer with a background and a corner radius of
    /// half the quad.
    case mask
    /// Each quad casts a shadow from its own alpha: opacity 0.5, radius 6, offset (0, 4).
    case shadow
    /// The same shadow given as `shadowPath` (the quad's rounded rectangle): no pass over the
    /// quad's content.
    case shadowPath = "shadow-path"
    /// Each quad filled by a `CAGradientLayer` from its colour to translucent white, the two
    /// colours swapping back and forth every 2 s: an animation the render side blends.
    case gradient
    /// Each quad a `CAShapeLayer` ring (4 points wide, in the quad's colour) whose `strokeEnd`
    /// runs from 0 to 1 and back every 2 s: a shape the render side draws anew every frame.
    case shape
    /// Each quad blurred by a `gaussianBlur` filter of radius 4, turning: a group blurred anew
    /// every frame.
    case blur
    /// Four frosted-glass panels (`backgroundFilters` blurring by 10 under white at alpha 0.3,
    /// rounded 16) over the turning quads: what lies behind them blurred anew every frame.
    case glass
}

/// What moves a scene's layers.
enum AnimationDriver: String, CaseIterable, Sendable {
    /// Animations added once and run by the render thread alone.
    case explicit
    /// The app thread sets new values every half second; implicit animations move to them.
    case implicit
    /// The app thread sets every value on every frame (no Core Animation animations).
    case app
    /// Nothing moves: the cost of a still scene's frame (cached shadows, for one).
    case still
}

/// A change a scene makes from the app thread, `change(root, t)` for `t` seconds since the
/// scene was shown.
struct SceneTick: Sendable {
    /// Seconds between calls on a run-loop timer; nil for once per presented frame.
    var interval: Double?
    let change: @Sendable (CALayer, Double) -> Void

    /// A change made once per presented frame.
    static func everyFrame(_ change: @escaping @Sendable (CALayer, Double) -> Void) -> SceneTick {
        SceneTick(interval: nil, change: change)
    }
}

/// A demo scene: a named layer tree built only from SceneCore's public API.
struct DemoScene: Sendable {
    let name: String
    let summary: String
    let build: @Sendable (SceneOptions) -> CALayer
    /// The app-thread change of a scene built with the given options; nil (the default) for
    /// a scene that stays still or moves only through render-thread animations.
    var tick: @Sendable (SceneOptions) -> SceneTick? = { _ in nil }
    /// Whether the viewer shows the frame-rate overlay (draw calls, uploads) with the scene.
    var showsOverlay = false
    /// Reacts to a click at `point` (root layer coordinates) whose hit-test on the
    /// presentation tree found `hit` (the model layer, nil for none). Returns the line the
    /// demo prints.
    var click: (@Sendable (_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String)? = nil
    /// Reacts to a key press (its characters). Returns the line the demo prints, nil for a
    /// key the scene does not use.
    var key: (@Sendable (_ root: CALayer, _ characters: String) -> String?)? = nil
    /// Reacts to a key press that produces no text and that the viewer does not use (↑, ↓,
    /// Page Up, Page Down, Home, End), by its X11 keysym. Returns the line the demo prints, nil
    /// for a key the scene does not use.
    var navigationKey: (@Sendable (_ root: CALayer, _ keySym: UInt) -> String?)? = nil
    /// Reacts to a scroll-wheel notch: `delta` in points (positive `height` scrolls down) with
    /// the pointer at `point`. Returns the line the demo prints, nil for a scroll it ignores.
    var scroll: (@Sendable (_ root: CALayer, _ delta: CGSize, _ point: CGPoint) -> String?)? = nil

    /// Every scene, selectable with `--scene NAME`.
    static let all: [DemoScene] = [
        DemoScene(
            name: "gallery", summary: "rounded, bordered, clipped, image and group-opacity layers",
            build: { GalleryScene.make($0.size) }),
        DemoScene(
            name: "gravity", summary: "one image under each of the twelve contentsGravity values",
            build: { GravityScene.make($0.size) }),
        DemoScene(
            name: "perspective", summary: "a cube of single-sided faces turning under a sublayerTransform with m34",
            build: { PerspectiveScene.make($0.size) }, tick: { _ in .everyFrame(PerspectiveScene.turn) }),
        DemoScene(
            name: "cube",
            summary:
                "CATransformLayer: a cube and a carousel around a nested cube turning in 3D; click a face to light it",
            build: { CubeScene.make($0.size) }, click: CubeScene.click),
        DemoScene(
            name: "clock",
            summary: "an analog clock whose hands turn by render-thread animations about a moved anchorPoint",
            build: { ClockScene.make($0.size) }),
        DemoScene(
            name: "zorder", summary: "three overlapping cards restacked by zPosition every second and on click",
            build: { ZOrderScene.make($0.size) }, tick: { _ in .everyFrame(ZOrderScene.tick) }, click: ZOrderScene.click
        ),
        DemoScene(
            name: "hittest",
            summary: "named tiles recoloured by clicks; a mover glides 4 s to each click, a click on it recolours it",
            build: { HitTestScene.make($0.size) }, click: HitTestScene.click),
        DemoScene(
            name: "animations",
            summary: "implicit, action, keyframe, spring, group and transition animations; s pauses them",
            build: { AnimationsScene.make($0.size) }, click: AnimationsScene.click, key: AnimationsScene.key),
        DemoScene(
            name: "content",
            summary: "drawn content: a delegate's curve, a subclass's dial, images, text, a shape and gradients",
            build: { ContentScene.make($0.size) }),
        DemoScene(
            name: "effects",
            summary: "masks revealing a picture, blend modes over it, an animated blur and saturation, frosted glass",
            build: { EffectsScene.make($0.size) }),
        DemoScene(
            name: "layout",
            summary:
                "autoresizing header and badge, cards flowed by a delegate and the guide's constraint example, following the window",
            build: { LayoutScene.make($0.size) }),
        DemoScene(
            name: "text",
            summary:
                "text layers given new strings every frame, drawn from the glyph atlas (the text benchmark; --layers N)",
            build: TextScene.make, tick: { _ in .everyFrame(TextScene.tick) }, showsOverlay: true),
        DemoScene(
            name: "static",
            summary: "300 layers of every kind the renderer draws, none of them changing; group cells rasterized",
            build: { StaticScene.make($0.size) }),
        DemoScene(
            name: "cards",
            summary:
                "rounded cards casting shadows from their alpha and from shadowPath, with images masked to circles",
            build: { CardsScene.make($0.size) }),
        DemoScene(
            name: "replicator",
            summary: "CAReplicatorLayer: a delayed spinner, equaliser bars and a 3D ring of instances",
            build: { ReplicatorScene.make($0.size) }),
        DemoScene(
            name: "replicator-stress",
            summary: "the stress scene's quads (--layers N) drawn by two nested replicators from one turning layer",
            build: ReplicatorStressScene.make),
        DemoScene(
            name: "emitter",
            summary: "CAEmitterLayer particles on the render thread: fire, snow, fireworks; click moves an emitter",
            build: { EmitterScene.make($0.size) }, click: EmitterScene.click),
        DemoScene(
            name: "emitter-bench",
            summary: "the particle benchmark: one emitter keeping 10,000 particles alive (5,000 a second, 2 s each)",
            build: { EmitterScene.bench($0.size) }),
        DemoScene(
            name: "emitter-trail",
            summary:
                "the emitter soak's trail: an emitter moved at every frame, 2,000 particles a second living 1,000 s",
            build: { EmitterSoakScene.trail($0.size) }, tick: { _ in .everyFrame(EmitterSoakScene.tick) }),
        DemoScene(
            name: "emitter-long-lived",
            summary:
                "the emitter soak's long-lived emitter: position and birth rate animated for ever, particles living 100,000 s",
            build: { EmitterSoakScene.longLived($0.size) }),
        DemoScene(
            name: "stress",
            summary: "the peers' benchmark scene: 1,000 turning 48x48 quads at alpha 0.6; r rasterizes them",
            build: StressScene.make,
            tick: StressScene.tick, key: StressScene.key),
        DemoScene(
            name: "spinner",
            summary: "a 48x48 spinner turning over the stress scene's quads standing still (the damage benchmark)",
            build: SpinnerScene.make),
        DemoScene(
            name: "scroll",
            summary:
                "CAScrollLayer: 200 rows scrolled by wheel (a decelerating glide) and ↑/↓/Page Up/Page Down/Home/End; the caption shows visibleRect",
            build: { ScrollScene.make($0.size) }, navigationKey: ScrollScene.key, scroll: ScrollScene.scroll),
        DemoScene(
            name: "feed",
            summary:
                "the application benchmark: 1,000 cards (--layers N) with shadows, pictures, text and badges scrolled at 2,000 points a second",
            build: FeedScene.make),
        DemoScene(
            name: "drift",
            summary:
                "the app-driven benchmark: 1,000 quads (--layers N) whose positions the app thread sets at every frame from a display link",
            build: DriftScene.make, tick: DriftScene.tick),
        DemoScene(
            name: "text-field",
            summary:
                "a text field: click it and type, composed characters (dead keys, Compose) and input methods' text included",
            build: { TextFieldScene.make($0.size) }, click: TextFieldScene.click, key: TextFieldScene.key),
        DemoScene(
            name: "gl-layer",
            summary:
                "CAOpenGLLayer: a Lambert-shaded cube drawn with raw GL every frame, in a turned layer clipped by a rounded stage",
            build: { GLLayerScene.make($0.size) }),
        DemoScene(
            name: "tiled",
            summary:
                "CATiledLayer: a map 100,000 points square drawn in tiles on background threads; arrows pan, +/− or wheel zoom",
            build: { TiledScene.make($0.size) }, tick: { _ in SceneTick(interval: 0.25, change: TiledScene.tick) },
            key: TiledScene.key, navigationKey: TiledScene.navigationKey, scroll: TiledScene.scroll),
        DemoScene(
            name: "tiled-bench",
            summary:
                "the tiled-layer benchmark: the map panned at 600 screen points a second, new tiles drawn all the time",
            build: { TiledScene.bench($0.size) }, tick: { _ in SceneTick(interval: 0.25, change: TiledScene.tick) }),
        DemoScene(
            name: "video",
            summary:
                "AVPlayerLayer: a looping clip on a turning, rounded, masked card over its reflection; p, [ ], 0, click the bar",
            build: VideoScene.make, click: VideoScene.click, key: VideoScene.key),
        DemoScene(
            name: "video-wall", summary: "16 AVPlayerLayers, each playing its own looping 320x180 clip",
            build: VideoWallScene.make),
        DemoScene(
            name: "video-live",
            summary:
                "AVCaptureVideoPreviewLayer: the first camera (or the test pattern) live on a tilting rounded card",
            build: { LiveVideoScene.make($0.size) }),
        DemoScene(
            name: "video-bench", summary: "the video benchmark: one AVPlayerLayer filling the window (--media)",
            build: VideoScene.bench),
        DemoScene(
            name: "compositions",
            summary: "CACompositionLayer: Lottie compositions played by the render thread; click the ball to scrub it",
            build: { CompositionsScene.make($0.size) }, click: CompositionsScene.click),
        DemoScene(
            name: "composition-wall",
            summary: "the compositions benchmark: 20 CACompositionLayers looping the demo's compositions",
            build: { CompositionWallScene.make($0.size) }),
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
                let color: [UInt8] =
                    diagonal
                    ? [255, 255, 255, 255]
                    : y < size / 2
                        ? (x < size / 2 ? [230, 60, 60, 255] : [60, 180, 80, 255])
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

    /// A white panel named `panel-<name>` with rounded corners and a thin ink border that clips
    /// what it holds (the panels of the multi-panel scenes).
    static func panel(_ frame: CGRect, named name: String) -> CALayer {
        let panel = CALayer.filled(frame, .white)
        panel.name = "panel-\(name)"
        panel.cornerRadius = 10
        panel.borderWidth = 1
        panel.borderColor = Palette.ink
        panel.masksToBounds = true
        return panel
    }

    /// Masks the layer to the largest circle centred in its bounds.
    func maskToCentredCircle() {
        let circle = CAShapeLayer()
        circle.frame = bounds
        let side = min(bounds.width, bounds.height)
        circle.path = CGPath(
            ellipseIn: CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side),
            transform: nil)
        mask = circle
    }

    /// Masks the layer with a wipe: a mask growing from nothing to the layer's width over
    /// `duration` seconds and back, endlessly, on the render thread (the "reveal" idiom).
    func maskWithWipe(duration: CFTimeInterval) {
        let wipe = CALayer.filled(bounds, .black)
        wipe.anchorPoint = .zero
        wipe.position = .zero
        wipe.add(
            CABasicAnimation.backAndForth("bounds.size.width", from: 0, to: bounds.width, duration: duration),
            forKey: "reveal")
        mask = wipe
    }
}
