import Foundation
import SceneCore

/// The text benchmark: `--layers` text layers (default 200 in the bench) in a grid, every one
/// of them given a new string on every frame by the app thread, so each frame the render side
/// has Pango shape every layer's text again, and draws the glyphs from its atlas in a draw call or
/// two, uploading only glyphs it has not drawn before. The viewer shows the frame-rate overlay
/// (draw calls, quads, bytes uploaded a frame) with it.
enum TextScene {
    static func make(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), Palette.background)
        let columns = 10
        let count = max(options.layers, 0)
        let rows = max(1, (count + columns - 1) / columns)
        let width = options.size.width / CGFloat(columns)
        let height = min(40, options.size.height / CGFloat(rows))
        for i in 0..<count {
            let text = CATextLayer()
            text.frame = CGRect(
                x: CGFloat(i % columns) * width, y: CGFloat(i / columns) * height, width: width - 4, height: height - 4)
            text.fontSize = min(16, height * 0.6)
            text.foregroundColor = Palette.ink
            text.string = label(i, frame: 0)
            text.name = layerName
            root.addSublayer(text)
        }
        return root
    }

    /// The name of the scene's text layers, which `tick` gives new strings (not other layers
    /// added to the root, such as the frame-rate overlay).
    static let layerName = "text"

    /// Layer `i`'s string at frame `frame`.
    static func label(_ i: Int, frame: Int) -> String { "#\(i) frame \(frame)" }

    /// Gives every text layer its next string, without actions.
    static func tick(_ root: CALayer, at t: Double) {
        let frame = Int(t * 60)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, layer) in (root.sublayers ?? []).enumerated() where layer.name == layerName {
            (layer as? CATextLayer)?.string = label(i, frame: frame)
        }
        CATransaction.commit()
    }
}
