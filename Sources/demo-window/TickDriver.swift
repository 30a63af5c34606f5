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
    /// How many times the scene's change ran.
    private(set) var count = 0

    init(_ tick: SceneTick?, root: CALayer) {
        let start = CACurrentMediaTime()
        guard let tick else { return }
        nonisolated(unsafe) let root = root
        if let interval = tick.interval {
            timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
                tick.change(root, CACurrentMediaTime() - start)
                MainActor.assumeIsolated { self?.count += 1 }
            }
        } else {
            let link = CADisplayLink { [weak self] link in
                tick.change(root, link.timestamp - start)
                MainActor.assumeIsolated { self?.count += 1 }
            }
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
