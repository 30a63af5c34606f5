import Foundation
import GLBackend
import SceneCore

/// Shows demo scenes in a window: builds the chosen scene, drives its app-thread `tick` (if
/// any), reports clicks (hit-tested on the presentation tree), hands wheel scrolls and other
/// keys to the scene and switches scenes with the keyboard (←/→, n/p or space; q or Escape
/// closes; f toggles the frame-rate overlay and the tint over the regions frames redraw; a scene
/// may show the overlay from the start; h hides or shows the scene's caption; i toggles the layer
/// inspector). Keys toggle the
/// debug overlays (`DebugOverlays`): b blended layers, o offscreen-rendered, u flash updated
/// regions, v overdraw, g frame graph, l layer borders. A scene's own keys take precedence over all of these.
@MainActor
final class SceneViewer {
    let window: LayerWindow
    private(set) var scene: DemoScene
    private var ticks: TickDriver?
    private let overlay = FrameRateOverlay()
    private let caption = SceneCaption()

    init(window: LayerWindow, scene: DemoScene) {
        self.window = window
        self.scene = scene
        window.onMouse = { [unowned self] event in if event.kind == .down { click(at: event.location) } }
        window.onKey = { [unowned self] event in if event.kind == .down { key(event) } }
        window.onScroll = { [unowned self] event in
            if let line = self.scene.scroll?(window.layer, event.delta, event.location) { say("scroll: \(line)") }
        }
        window.onResize = { size in say("resized: \(Int(size.width))x\(Int(size.height))") }
        window.onClose = { say("window closed") }
        window.inspector.onHover = { layer in say("inspect hover: \(layer.map(LayerInspector.describe) ?? "nothing")") }
        window.inspector.onSelect = { _, path in say("inspect: \(path)") }
        show(scene)
    }

    /// Builds `scene` at the window's size and shows it.
    func show(_ scene: DemoScene) {
        self.scene = scene
        let root = scene.build(SceneOptions(size: window.size))
        window.layer = root
        overlay.follow(root)
        caption.show(scene, on: root)
        ticks?.stop()
        ticks = TickDriver(scene.tick(SceneOptions(size: window.size)), root: root)
        if scene.showsOverlay && !overlay.isShowing { overlay.show(on: window) }
        say("scene: \(scene.name) — \(scene.summary)")
    }

    private func click(at point: CGPoint) {
        let hit = window.hitTest(point)
        let root = window.layer
        let line =
            scene.click?(root, hit, point)
            ?? (hit.map { $0 === root ? "hit: nothing (the background)" : "hit: \($0.name ?? String(describing: $0))" }
                ?? "hit: nothing (outside every layer)")
        say("click at (\(Int(point.x)), \(Int(point.y))): \(line)")
    }

    /// The keys that toggle the debug overlays.
    static let overlayKeys: [String: DebugOverlays] = [
        "b": .blendedLayers, "o": .offscreenRendered, "u": .flashUpdatedRegions, "v": .overdraw, "g": .frameGraph,
        "l": .layerBorders,
    ]

    private func key(_ event: KeyEvent) {
        let scenes = DemoScene.all
        let index = scenes.firstIndex { $0.name == scene.name } ?? 0
        // A scene's own keys come first (the video scene's p plays and pauses; the text field
        // takes every key that produces text), but for Escape.
        if !event.characters.isEmpty, event.keySym != 0xff1b, let line = scene.key?(window.layer, event.characters) {
            say("key \(event.characters): \(line)")
            return
        }
        if let overlay = Self.overlayKeys[event.characters] {
            window.debugOverlays.formSymmetricDifference(overlay)
            let name = DebugOverlays.names.first { $0.overlay == overlay }?.name ?? event.characters
            say("debug overlay \(name) \(window.debugOverlays.contains(overlay) ? "on" : "off")")
            return
        }
        switch (event.keySym, event.characters) {
        case (0xff53, _), (_, "n"), (_, " "): show(scenes[(index + 1) % scenes.count])
        case (0xff51, _), (_, "p"): show(scenes[(index + scenes.count - 1) % scenes.count])
        case (0xff1b, _), (_, "q"): window.close()
        case (_, "f"):
            if overlay.isShowing { overlay.hide() } else { overlay.show(on: window) }
            // The overlay shows what frames cost: with it, the regions they redraw are tinted.
            window.showsDamage = overlay.isShowing
            say("frame-rate overlay \(overlay.isShowing ? "on" : "off")")
        case (_, "h"): say("caption \(caption.toggle(on: window.layer) ? "on" : "off")")
        case (_, "i"):
            window.showsInspector.toggle()
            say("inspector \(window.showsInspector ? "on" : "off")")
        case (let keySym, ""):
            if let line = scene.navigationKey?(window.layer, keySym) {
                say("key 0x\(String(keySym, radix: 16)): \(line)")
            }
        default: break
        }
    }
}
