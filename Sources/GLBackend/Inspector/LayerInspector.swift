import Foundation
import SceneCore

/// A live inspector over a window's layer tree, built on SceneCore's public API only (like
/// Xcode's view debugger, in the window itself): while it is active, the layer under the pointer
/// (hit-tested against the presentation tree, as clicks are) is outlined, and a panel shows its
/// class, name, frame, presentation values and running animations with their progress; a click
/// reports the layer's path from the root (`onSelect`, which prints it by default) instead of
/// reaching the app. Turn it on with `LayerWindow.showsInspector` (the demo's `i` key); for a
/// whole tree at once, `CALayer.debugDescription`.
@MainActor
public final class LayerInspector {
    /// Told the layer clicked and its path from the root; by default the path is printed.
    public var onSelect: (_ layer: CALayer, _ path: String) -> Void = { _, path in print("inspector: \(path)") }

    /// Told when the layer under the pointer changes (nil: none).
    public var onHover: ((CALayer?) -> Void)?

    /// The layer under the pointer, nil for none (or outside the window's tree).
    public private(set) var inspected: CALayer? {
        didSet { if inspected !== oldValue { onHover?(inspected) } }
    }

    private weak var root: CALayer?
    private let highlight = InspectorOverlayLayer()
    private let panel = InspectorOverlayLayer()
    private let text = CATextLayer()
    private let ticker = OverlayTicker()
    private var pointer: CGPoint?

    static let panelSize = CGSize(width: 320, height: 150)
    static let tint = CGColor(red: 0.1, green: 0.6, blue: 1, alpha: 1)

    init() {
        highlight.name = "inspector highlight"
        highlight.borderWidth = 2
        highlight.borderColor = Self.tint
        highlight.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 1, alpha: 0.15)
        panel.name = "inspector panel"
        panel.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.1, alpha: 0.85)
        panel.cornerRadius = 6
        panel.borderWidth = 1
        panel.borderColor = Self.tint
        text.font = "DejaVu Sans Mono"
        text.fontSize = 11
        text.isWrapped = true
        text.foregroundColor = CGColor(gray: 1, alpha: 1)
        text.contentsScale = 2
        panel.addSublayer(text)
    }

    /// Starts inspecting the tree under `root` (again after the window shows another tree).
    func attach(to root: CALayer) {
        self.root = root
        // Presentation values and progress change while the pointer rests.
        ticker.start { [weak self] in self?.refresh() }
    }

    /// Stops inspecting and takes the highlight and panel away.
    func detach() {
        ticker.stop()
        withoutActions {
            highlight.removeFromSuperlayer()
            panel.removeFromSuperlayer()
        }
        (root, inspected, pointer) = (nil, nil, nil)
    }

    /// Follows the pointer to `point` (window coordinates).
    func pointerMoved(to point: CGPoint?) {
        pointer = point
        refresh()
    }

    /// Reports the layer at `point` (window coordinates) through `onSelect`.
    func click(at point: CGPoint) {
        pointer = point
        refresh()
        if let inspected, let root { onSelect(inspected, Self.path(of: inspected, under: root)) }
    }

    /// The path of `layer` from `root`: each layer's class, name and index among its siblings.
    public static func path(of layer: CALayer, under root: CALayer) -> String {
        var chain: [CALayer] = []
        var current: CALayer? = layer
        while let step = current, step !== root {
            chain.append(step)
            current = step.superlayer
        }
        var parts = [describe(root)]
        for step in chain.reversed() {
            let index = step.superlayer?.sublayers?.firstIndex { $0 === step }
            let place = index.map { "[\($0)]" } ?? (step.superlayer?.mask === step ? "mask" : "")
            parts.append("\(place) \(describe(step))")
        }
        return parts.joined(separator: " › ")
    }

    /// A layer's class and, when it has one, its name.
    public static func describe(_ layer: CALayer) -> String {
        let type = String(describing: type(of: layer))
        return layer.name.map { "\(type) \"\($0)\"" } ?? type
    }

    /// The panel's text for `layer`, at `time` (`CACurrentMediaTime()`).
    public static func summary(of layer: CALayer, at time: CFTimeInterval = CACurrentMediaTime()) -> String {
        let shown = layer.presentation() ?? layer
        func number(_ v: CGFloat) -> String { String(format: "%.1f", Double(v)) }
        var lines = [describe(layer)]
        let frame = shown.frame
        lines.append(
            "frame (\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)), \(number(frame.height)))")
        lines.append(
            "position (\(number(shown.position.x)), \(number(shown.position.y)))  opacity \(String(format: "%.2f", shown.opacity))"
        )
        lines.append(
            "zPosition \(number(shown.zPosition))  hidden \(shown.isHidden)  sublayers \(layer.sublayers?.count ?? 0)")
        for key in layer.animationKeys() ?? [] {
            guard let animation = layer.animation(forKey: key) else { continue }
            lines.append("animating \"\(key)\" \(progress(of: animation, on: layer, at: time))")
        }
        return lines.joined(separator: "\n")
    }

    /// How far through its current repetition `animation` is, on `layer`'s clock.
    static func progress(of animation: CAAnimation, on layer: CALayer, at time: CFTimeInterval) -> String {
        let duration = animation.duration > 0 ? animation.duration : 0.25
        let local = (layer.convertTime(time, from: nil) - animation.beginTime) * Double(animation.speed)
        guard local.isFinite, local >= 0 else { return "waiting" }
        let repetitions = local / duration
        let limit = animation.repeatCount > 0 ? Double(animation.repeatCount) : 1
        if repetitions >= limit && animation.repeatCount != .infinity { return "done" }
        return String(format: "%3.0f %%", repetitions.truncatingRemainder(dividingBy: 1) * 100)
    }

    // MARK: - Drawing

    private func refresh() {
        guard let root else { return }
        let hit = pointer.flatMap { point in root.presentation()?.hitTest(point)?.model() }
        inspected = hit
        withoutActions {
            guard let hit, let shownRoot = root.presentation(), let shown = hit.presentation() else {
                highlight.removeFromSuperlayer()
                panel.removeFromSuperlayer()
                return
            }
            highlight.frame = shown.convert(shown.bounds, to: shownRoot)
            text.string = Self.summary(of: hit)
            let size = Self.panelSize
            let point = pointer ?? .zero
            // Beside the pointer, kept inside the window.
            let x = min(max(point.x + 16, 0), max(root.bounds.width - size.width, 0))
            let y = point.y + 16 + size.height <= root.bounds.height ? point.y + 16 : max(point.y - 16 - size.height, 0)
            panel.frame = CGRect(origin: CGPoint(x: x, y: y), size: size)
            text.frame = panel.bounds.insetBy(dx: 8, dy: 6)
            if highlight.superlayer !== root || root.sublayers?.last !== panel {
                root.addSublayer(highlight)
                root.addSublayer(panel)
            }
        }
    }
}

/// The inspector's own layers: hit-testing passes over them, so the inspector finds the app's
/// layers below.
final class InspectorOverlayLayer: CALayer {
    override func hitTest(_ p: CGPoint) -> CALayer? { nil }
}
