import Foundation
import GLBackend
import SceneCore

/// Runs a scene's app-thread tick for a window: once per presented frame through the
/// window's `onFrame`, or every `interval` seconds on a main run-loop timer. With no tick
/// the window gets no frame callback, so only the scene's animations make it draw.
@MainActor
final class TickDriver {
    private var timer: Timer?
    private let window: LayerWindow

    init(_ tick: SceneTick?, root: CALayer, window: LayerWindow) {
        self.window = window
        let start = CACurrentMediaTime()
        window.onFrame = nil
        guard let tick else { return }
        if let interval = tick.interval {
            nonisolated(unsafe) let root = root
            timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                tick.change(root, CACurrentMediaTime() - start)
            }
        } else {
            window.onFrame = { time in tick.change(root, time - start) }
        }
    }

    /// Stops the ticks.
    func stop() {
        timer?.invalidate()
        timer = nil
        window.onFrame = nil
    }
}
