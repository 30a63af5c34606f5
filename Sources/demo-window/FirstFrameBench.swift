import Foundation
import GLBackend
import SceneCore

/// Start-up: opens a window showing a scene and returns when the first frame showing it (the
/// first to apply a commit) was presented, as a wall-clock time (CLOCK_REALTIME, nanoseconds), so that a script can measure from the
/// moment it started the process (`bench --first-frame`).
@MainActor
struct FirstFrameBench {
    let scene: DemoScene
    let options: SceneOptions
    let api: PresentationAPI

    /// The wall-clock time of the first frame showing the scene, in nanoseconds since 1970.
    func run() throws -> Int64 {
        // The scene goes in with the window, so that the first frame applying a commit shows it.
        let window = try LayerWindow(
            title: "SceneCore start-up", width: Int(options.size.width), height: Int(options.size.height),
            layer: scene.build(options), presentation: api)
        defer { window.close() }
        let deadline = Date(timeIntervalSinceNow: 30)
        while window.statistics.framesApplyingCommits == 0 {
            guard Date() < deadline else { throw DemoError("start-up: no frame presented within 30 s") }
            LayerWindow.run(until: Date(timeIntervalSinceNow: 0.001))
        }
        let presented = window.statistics.presentTimes.last ?? CACurrentMediaTime()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let sinceNow = (CACurrentMediaTime() - presented) * 1e9
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - Int64(sinceNow)
    }
}
