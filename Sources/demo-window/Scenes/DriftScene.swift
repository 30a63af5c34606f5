import Foundation
import SceneCore

/// The app-driven benchmark (issue 36): `--layers N` 48x48 quads (the stress scene's colours at
/// alpha 0.6) whose positions the app thread sets at every frame from a `CADisplayLink`, with
/// implicit animations off, as physics, drags and data-driven charts do. Each quad drifts on a
/// Lissajous path around its cell of a grid filling the window. `Benchmarks/peers/qtquick-drift.qml`
/// is the same scene in Qt Quick, moved from C++ (`qtbench --drive cpp`) or from QML.
enum DriftScene {
    static let side: CGFloat = 48
    /// How far a quad drifts from the centre of its cell, in points.
    static let amplitude: CGFloat = 40

    static func make(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), CGColor(gray: 0, alpha: 1))
        for i in 0..<options.layers {
            let f = CGFloat(i)
            let layer = CALayer.filled(
                CGRect(x: 0, y: 0, width: side, height: side),
                CGColor(
                    red: 0.5 + 0.5 * sin(0.1 * f), green: 0.5 + 0.5 * sin(0.1 * f + 2.1),
                    blue: 0.5 + 0.5 * sin(0.1 * f + 4.2), alpha: 0.6))
            layer.position = position(of: i, among: options.layers, at: 0, in: options.size)
            root.addSublayer(layer)
        }
        return root
    }

    static func tick(_ options: SceneOptions) -> SceneTick? {
        .everyFrame { root, t in drift(root, at: t, in: options.size) }
    }

    /// Sets every quad's position for `t` seconds, in one transaction without actions.
    static func drift(_ root: CALayer, at t: Double, in size: CGSize) {
        let layers = root.sublayers ?? []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, layer) in layers.enumerated() { layer.position = position(of: i, among: layers.count, at: t, in: size) }
        CATransaction.commit()
    }

    /// Where quad `i` of `count` is centred at `t` seconds in a window of `size`: its cell of a
    /// grid of about square cells, moved by up to `amplitude` on a path of its own.
    static func position(of i: Int, among count: Int, at t: Double, in size: CGSize) -> CGPoint {
        let columns = max(1, Int((Double(count) * size.width / max(size.height, 1)).squareRoot().rounded(.up)))
        let rows = max((count + columns - 1) / columns, 1)
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        let phase = Double(i) * 0.37
        return CGPoint(
            x: CGFloat(i % columns) * cell.width + cell.width / 2 + amplitude * CGFloat(sin(t * 1.7 + phase)),
            y: CGFloat(i / columns) * cell.height + cell.height / 2 + amplitude * CGFloat(cos(t * 1.3 + phase)))
    }
}
