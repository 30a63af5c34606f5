import Foundation
import GLBackend
import SceneCore

/// The frame-rate overlay any scene can show (`f` toggles it): a `CATextLayer` in the top-right
/// corner with the frames presented per second and the median frame time over the last half
/// second, updated twice a second from the window's statistics; on a second line the last
/// frame's draw calls and quads, and the texture bytes uploaded per frame since the last update
/// (glyphs new to the atlas, changed shapes, new contents); and, on a third line when the last
/// frame drew rasterized layers, how many came from their cached bitmap and how many were drawn
/// again.
@MainActor
final class FrameRateOverlay {
    private let label = CATextLayer()
    private var timer: Timer?
    private weak var window: LayerWindow?
    /// The window's frames and uploaded bytes at the last update.
    private var counted = (frames: 0, bytes: 0)

    init() {
        label.name = "frame-rate overlay"
        label.fontSize = 14
        label.font = "DejaVu Sans Mono"
        label.foregroundColor = CGColor(gray: 1, alpha: 1)
        label.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        label.cornerRadius = 6
        label.alignmentMode = .center
        label.contentsScale = 2
        label.zPosition = 1000
        label.frame.size.height = 24
    }

    /// Whether the overlay is showing.
    var isShowing: Bool { timer != nil }

    /// Shows the overlay on `window`'s root layer (again after the root changes).
    func show(on window: LayerWindow) {
        self.window = window
        attach(to: window.layer)
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.update() }
        }
        update()
    }

    /// Moves the overlay onto a new root layer, if it is showing.
    func follow(_ root: CALayer) { if isShowing { attach(to: root) } }

    func hide() {
        timer?.invalidate()
        timer = nil
        label.removeFromSuperlayer()
    }

    private func attach(to root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        label.frame = CGRect(x: root.bounds.width - 270, y: 10, width: 260, height: label.frame.height)
        // Added after the window gave its tree its scale: as sharp as the rest of the text.
        if let window { label.contentsScale = window.contentsScale }
        root.addSublayer(label)
        CATransaction.commit()
    }

    private func update() {
        guard let window else { return }
        let now = CACurrentMediaTime()
        let intervals = window.statistics.frameIntervals(since: now - 0.5).sorted()
        let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let statistics = window.statistics
        var text = String(format: "%.0f fps  %.1f ms", Double(intervals.count) / 0.5, median)
        let frames = statistics.framesPresented - counted.frames
        let uploaded = frames > 0 ? Double(statistics.totalUploadedBytes - counted.bytes) / Double(frames) : 0
        counted = (statistics.framesPresented, statistics.totalUploadedBytes)
        text += "\n\(statistics.drawCallsLastFrame) draws  \(statistics.quadsLastFrame) quads"
        text += String(format: "  %.1f KB", uploaded / 1024)
        let bitmaps = statistics.rasterCacheHitsLastFrame + statistics.rasterCacheMissesLastFrame
        if bitmaps > 0 {
            text += "\nbitmaps \(statistics.rasterCacheHitsLastFrame) hit \(statistics.rasterCacheMissesLastFrame) miss"
        }
        label.string = text
        label.frame.size.height = bitmaps > 0 ? 60 : 42
        CATransaction.commit()
    }
}
