import Foundation
import GLBackend
import SceneCore

/// Runs a scene's app-thread tick: once per presented frame through a `CADisplayLink` on the
/// main run loop, or every `interval` seconds on a main run-loop timer. With no tick there is
/// no link, so only the scene's animations make the window draw.
@MainActor
final class TickDriver {
    private var timer: Timer?
    private var link: CADisplayLink?

    init(_ tick: SceneTick?, root: CALayer) {
        let start = CACurrentMediaTime()
        guard let tick else { return }
        nonisolated(unsafe) let root = root
        if let interval = tick.interval {
            timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                tick.change(root, CACurrentMediaTime() - start)
            }
        } else {
            let link = CADisplayLink { link in tick.change(root, link.timestamp - start) }
            link.add(to: .main, forMode: .common)
            self.link = link
        }
    }

    /// Stops the ticks.
    func stop() {
        timer?.invalidate()
        timer = nil
        link?.invalidate()
        link = nil
    }
}
