import Foundation
import SceneCore

/// Calls its handler ten times a second on the main run loop while started: how the inspector
/// and the layer-borders overlay follow presentation values that change while no event comes.
@MainActor
final class OverlayTicker {
    private var timer: Timer?

    /// Starts calling `tick` (once now, then every 0.1 s), unless started already.
    func start(_ tick: @escaping @MainActor () -> Void) {
        if timer == nil {
            timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
                MainActor.assumeIsolated { tick() }
            }
        }
        tick()
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

/// Runs `body` in a transaction without actions: overlay layers move at once.
@MainActor
func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}
