import Foundation
import SceneCore

/// The caption every scene shows in the bottom-left corner (`h` toggles it): a `CATextLayer`
/// naming the scene and what it demonstrates, with the viewer's keys, so that a person running
/// the tour, or looking at its screenshots, knows what they see. It stays in its corner when
/// the window is resized (its autoresizing mask). It is the root's last sublayer, at z 0: above
/// the scene's layers in their plane (a zPosition would move it in depth under the video
/// scene's perspective). Clicks pass through it to the scene.
@MainActor
final class SceneCaption {
    /// The viewer's keys, on the caption's last line.
    static let keys = "←/→ scenes · f frame rate · b o u v g l overlays · i inspector · h hides this · q quits"
    static let width: CGFloat = 560
    /// Room for three lines of 12-point text and the padding around them.
    static let height: CGFloat = 56
    static let margin: CGFloat = 8
    static let padding = CGSize(width: 10, height: 6)

    private let box = UnhittableLayer()
    private let label = CATextLayer()
    /// Whether the caption shows (it does until `h` hides it).
    private(set) var isShowing = true

    init() {
        box.name = "scene caption"
        // Nearly opaque: scenes with a line of text of their own at the bottom (cards) would
        // show it through the caption's.
        box.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.85)
        box.cornerRadius = 6
        box.autoresizingMask = [.layerMaxXMargin, .layerMinYMargin]
        label.font = "DejaVu Sans"
        label.fontSize = 12
        label.isWrapped = true
        label.foregroundColor = CGColor(gray: 1, alpha: 1)
        label.contentsScale = 2
        box.addSublayer(label)
    }

    /// The caption's text for `scene`.
    static func text(for scene: DemoScene) -> String { "\(scene.name): \(scene.summary)\n\(keys)" }

    /// Shows the caption of `scene` on `root` (if the caption is showing).
    func show(_ scene: DemoScene, on root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        label.string = Self.text(for: scene)
        let size = root.bounds.size
        box.frame = CGRect(
            x: Self.margin, y: size.height - Self.height - Self.margin,
            width: min(Self.width, size.width - 2 * Self.margin), height: Self.height)
        label.frame = box.bounds.insetBy(dx: Self.padding.width, dy: Self.padding.height)
        if isShowing { root.addSublayer(box) }
        CATransaction.commit()
    }

    /// Hides the caption, or shows it again on `root`; returns whether it shows now.
    func toggle(on root: CALayer) -> Bool {
        isShowing.toggle()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if isShowing { root.addSublayer(box) } else { box.removeFromSuperlayer() }
        CATransaction.commit()
        return isShowing
    }
}

/// A layer that hit-testing passes over, with its sublayers: clicks reach what is below it.
final class UnhittableLayer: CALayer {
    override func hitTest(_ p: CGPoint) -> CALayer? { nil }
}
