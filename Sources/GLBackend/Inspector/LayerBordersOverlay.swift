import Foundation
import SceneCore

/// The layer-borders debug overlay (`DebugOverlays.layerBorders`, `SCENECORE_DEBUG=borders`) of a
/// window, built on SceneCore's public API: an outline over the bounds of every layer of the
/// tree as the presentation tree places it (the box around it, for a turned layer), with the
/// layer's name on it when it has one. It follows animations ten times a second. At most
/// `maximumLayers` layers are outlined, in tree order.
@MainActor
final class LayerBordersOverlay {
    static let maximumLayers = 2_000
    static let color = CGColor(red: 1, green: 0.2, blue: 0.8, alpha: 1)

    private let container = InspectorOverlayLayer()
    private var outlines: [CALayer] = []
    private var labels: [CATextLayer] = []
    private weak var root: CALayer?
    private let ticker = OverlayTicker()

    init() { container.name = "layer borders" }

    /// Outlines the tree under `root` until `detach()`.
    func attach(to root: CALayer) {
        self.root = root
        ticker.start { [weak self] in self?.refresh() }
    }

    func detach() {
        ticker.stop()
        withoutActions { container.removeFromSuperlayer() }
        root = nil
    }

    /// The frames of the layers under `root` (presentation values, in `root`'s coordinates) with
    /// their names, in tree order, at most `limit`; the overlay's own layers left out.
    static func outlines(under root: CALayer, limit: Int) -> [(frame: CGRect, name: String?)] {
        guard let shownRoot = root.presentation() else { return [] }
        var found: [(CGRect, String?)] = []
        var stack = Array((root.sublayers ?? []).reversed())
        while let layer = stack.popLast(), found.count < limit {
            guard !(layer is InspectorOverlayLayer), !layer.isHidden, let shown = layer.presentation() else { continue }
            found.append((shown.convert(shown.bounds, to: shownRoot), layer.name))
            stack += (layer.sublayers ?? []).reversed()
        }
        return found
    }

    private func refresh() {
        guard let root else { return }
        let found = Self.outlines(under: root, limit: Self.maximumLayers)
        withoutActions { show(found, on: root) }
    }

    private func show(_ found: [(frame: CGRect, name: String?)], on root: CALayer) {
        while outlines.count < found.count {
            let outline = CALayer()
            outline.borderWidth = 1
            outline.borderColor = Self.color
            outlines.append(outline)
            container.addSublayer(outline)
        }
        for (index, outline) in outlines.enumerated() {
            outline.isHidden = index >= found.count
            if index < found.count { outline.frame = found[index].frame }
        }
        let named = found.compactMap { item in item.name.map { (item.frame, $0) } }
        while labels.count < named.count {
            let label = CATextLayer()
            label.font = "DejaVu Sans"
            label.fontSize = 10
            label.foregroundColor = CGColor(gray: 1, alpha: 1)
            label.backgroundColor = Self.color
            label.contentsScale = 2
            labels.append(label)
            container.addSublayer(label)
        }
        for (index, label) in labels.enumerated() {
            label.isHidden = index >= named.count
            guard index < named.count else { continue }
            let (frame, name) = named[index]
            label.string = name
            label.frame = CGRect(x: frame.minX, y: frame.minY, width: CGFloat(name.count) * 6 + 6, height: 13)
        }
        container.frame = root.bounds
        if container.superlayer !== root || root.sublayers?.last !== container { root.addSublayer(container) }
    }
}
