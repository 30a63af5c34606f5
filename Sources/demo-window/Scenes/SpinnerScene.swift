import Foundation
import SceneCore

/// The damage benchmark: the stress scene's `--layers` quads standing still, and one 48x48
/// spinner over them turned by a render-thread animation. A window that redraws only what
/// changed (GLX with GLX_MESA_copy_sub_buffer) draws and shows the spinner's box each frame;
/// `bench --whole-frames` draws the same frames whole, to compare.
enum SpinnerScene {
    /// The spinner's name.
    static let spinnerName = "spinner"

    static func make(_ options: SceneOptions) -> CALayer {
        var still = options
        still.animation = .still
        let root = StressScene.make(still)
        let spinner = CALayer.filled(
            CGRect(x: options.size.width / 2 - 24, y: options.size.height / 2 - 24, width: 48, height: 48),
            CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        spinner.name = spinnerName
        spinner.cornerRadius = 6
        spinner.add(
            CABasicAnimation.backAndForth("transform.rotation.z", from: 0, to: Double.pi, duration: 1), forKey: "spin")
        root.addSublayer(spinner)
        return root
    }
}
