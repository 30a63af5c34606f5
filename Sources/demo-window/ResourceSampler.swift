import Foundation
import GLBackend
import SceneCore

/// Samples the process's resources every `interval` seconds on a main run-loop timer while a
/// window runs (the soak), printing each sample as a line.
@MainActor
final class ResourceSampler {
    private(set) var samples: [ResourceSample] = []
    private var timer: Timer?

    /// Takes the first sample now.
    init(window: LayerWindow, interval: Double) {
        let start = CACurrentMediaTime()
        take(window, at: 0)
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.take(window, at: CACurrentMediaTime() - start) }
        }
    }

    private func take(_ window: LayerWindow, at t: Double) {
        let statistics = window.statistics
        let sample = ResourceSample.take(
            at: t, textures: statistics.textures, textureBytes: statistics.textureBytes)
        samples.append(sample)
        say(sample.line())
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
