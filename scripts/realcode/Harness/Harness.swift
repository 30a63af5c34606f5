// The real-code harness's renderer: draws one animation headlessly at evenly spaced times over
// a cycle, writes a contact sheet and a JSON line of what it found. Ours; it only observes.
import Foundation
import GLBackend
import PlaygroundSupport
import SceneCore
import UIKitStandIn

public struct RealCodeAnimation {
    public let name: String
    public let size: CGSize
    public let background: CGColor?
    public let setup: (CALayer) -> Void
    /// The downloaded file this animation needs, when the build set it aside (it did not compile).
    public var missingFile: String?
    /// - Parameters:
    ///   - size: the root layer's size in points (one pixel a point).
    ///   - setup: builds the animation inside the root layer, as the program would in its view.
    public init(_ name: String, size: CGSize = CGSize(width: 120, height: 120),
                background: CGColor? = CGColor(gray: 1, alpha: 1), setup: @escaping (CALayer) -> Void) {
        (self.name, self.size, self.background, self.setup) = (name, size, background, setup)
    }
    /// An animation whose file did not compile (the driver's `#else` branch).
    public static func notCompiled(_ name: String, file: String) -> RealCodeAnimation {
        var a = RealCodeAnimation(name) { _ in }
        a.missingFile = file
        return a
    }
}

public enum RealCodeHarness {
    static let frameCount = Int(ProcessInfo.processInfo.environment["RC_FRAMES"] ?? "") ?? 8
    static var outDir: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["RC_OUT"] ?? FileManager.default.currentDirectoryPath)
    }

    /// A driver's entry point: `--list` prints the animations' names, `--only NAME` renders one
    /// (run.sh runs each in a process of its own, so a crash costs one animation).
    public static func main(_ animations: [RealCodeAnimation]) {
        let args = CommandLine.arguments
        if args.contains("--list") {
            for a in animations { print(a.missingFile.map { "\(a.name)\t!\($0)" } ?? a.name) }
            return
        }
        guard let i = args.firstIndex(of: "--only"), i + 1 < args.count,
              let animation = animations.first(where: { $0.name == args[i + 1] })
        else {
            FileHandle.standardError.write("usage: --list | --only NAME\n".data(using: .utf8)!)
            exit(2)
        }
        // The program gets a host layer (its view's layer) on a stage of the same size, so that
        // a program that moves or resizes its host layer is drawn as it would be in a window.
        let stage = CALayer()
        stage.frame = CGRect(origin: .zero, size: animation.size)
        stage.backgroundColor = animation.background
        let root = CALayer()
        root.frame = stage.bounds
        stage.addSublayer(root)
        animation.setup(root)
        renderCycle(stage, name: animation.name)
    }

    /// A playground page's end: renders the page's live view (a view or a view controller's view).
    public static func finishPlayground(_ page: PlaygroundPage = .current) {
        let name = ProcessInfo.processInfo.environment["RC_NAME"] ?? "page"
        let root: CALayer
        switch page.liveView {
        case let view as UIView: root = view.layer
        case let controller as UIViewController: root = controller.view.layer
        case let layer as CALayer: root = layer
        default:
            writeResult(name: name, fields: ["runs": true, "draws": false, "animates": false, "note": "no live view"])
            return
        }
        if ProcessInfo.processInfo.environment["RC_LIVE"] == "1" {
            renderLive(root, name: name)
        } else {
            renderCycle(root, name: name)
        }
    }

    /// A page that schedules its work on the main queue or a timer (run.sh sets RC_LIVE) is
    /// sampled as Xcode's live view shows it: the main run loop runs (committing each turn's
    /// transaction) and frames are drawn at real times, evenly over RC_LIVE_SECONDS (12 s).
    static func renderLive(_ root: CALayer, name: String) {
        let seconds = Double(ProcessInfo.processInfo.environment["RC_LIVE_SECONDS"] ?? "") ?? 12
        CATransaction.flush()
        let start = Date()
        let w = max(1, Int(root.bounds.width.rounded())), h = max(1, Int(root.bounds.height.rounded()))
        var frames: [RenderedImage] = []
        var count = 0
        do {
            let renderer = try OffscreenRenderer(width: min(w, 1024), height: min(h, 1024))
            for i in 0..<frameCount {
                let due = start.addingTimeInterval(seconds * Double(i + 1) / Double(frameCount))
                RunLoop.main.run(until: due)
                CATransaction.flush()
                count = max(count, animations(in: root).count)
                frames.append(try renderer.render(root, at: CACurrentMediaTime()))
            }
        } catch {
            writeResult(name: name, fields: ["runs": false, "note": "render failed: \(error)"])
            return
        }
        report(
            frames, of: root, name: name,
            note: count == 0 && (root.sublayers ?? []).isEmpty ? "no animation attached" : "sampled live over \(Int(seconds)) s",
            animations: count, period: seconds, delay: 0)
    }

    /// Writes the contact sheet of `frames` and the result: whether they draw and animate.
    static func report(
        _ frames: [RenderedImage], of root: CALayer, name: String, note: String, animations: Int, period: Double,
        delay: Double
    ) {
        let background = rgba(root.backgroundColor)
        let drawn = frames.map { differing($0, from: background) }
        let moved = frames.dropFirst().map { changed(frames[0], $0) }
        try? contactSheet(frames).write(to: outDir.appendingPathComponent("\(name).png"))
        writeResult(name: name, fields: [
            "note": note, "runs": true, "draws": (drawn.max() ?? 0) >= 10, "animates": (moved.max() ?? 0) >= 10,
            "animations": animations, "period": period, "delay": delay, "drawnPixels": drawn.max() ?? 0,
            "changedPixels": moved.max() ?? 0,
        ])
    }

    /// Every animation attached in the tree, with its layer.
    static func animations(in layer: CALayer) -> [CAAnimation] {
        var found = (layer.animationKeys() ?? []).compactMap { layer.animation(forKey: $0) }
        for sub in layer.sublayers ?? [] { found += animations(in: sub) }
        if let mask = layer.mask { found += animations(in: mask) }
        return found
    }

    /// One cycle: the longest animation's active duration (one repetition, both ways when it
    /// autoreverses), 1 s when nothing animates; frames start once the last delayed start passed.
    /// Animations added with a nil key are not in `animationKeys()`, so they do not count here.
    static func cycle(of animations: [CAAnimation], now: CFTimeInterval) -> (delay: Double, period: Double) {
        var period = 0.0, delay = 0.0
        for a in animations {
            let d = a.duration > 0 ? a.duration : 0.25
            period = max(period, d * (a.autoreverses ? 2 : 1) / Double(a.speed == 0 ? 1 : abs(a.speed)))
            if a.beginTime > now { delay = max(delay, min(a.beginTime - now, 5)) }
        }
        if period == 0 { period = 1 }
        // RC_PERIOD sets the cycle by hand (for animations added with a nil key, which
        // animationKeys() does not list, so the harness cannot see their length).
        if let p = Double(ProcessInfo.processInfo.environment["RC_PERIOD"] ?? ""), p > 0 { period = p }
        period = min(max(period, 0.25), 12)
        // Endless animations are sampled from their second cycle, past the start-up (a
        // replicator's delayed instances show their model values until their start, on Apple too).
        if !animations.isEmpty, animations.allSatisfy({ $0.repeatCount.isInfinite || $0.repeatCount > 1e6 }) {
            delay += period
        }
        return (delay, period)
    }

    static func renderCycle(_ root: CALayer, name: String) {
        CATransaction.flush()
        let t0 = CACurrentMediaTime()
        let list = animations(in: root)
        let (delay, period) = cycle(of: list, now: t0)
        let w = max(1, Int(root.bounds.width.rounded())), h = max(1, Int(root.bounds.height.rounded()))
        var frames: [RenderedImage] = []
        do {
            let renderer = try OffscreenRenderer(width: min(w, 1024), height: min(h, 1024))
            for i in 0..<frameCount {
                let t = t0 + delay + period * Double(i) / Double(frameCount)
                frames.append(try renderer.render(root, at: t))
            }
        } catch {
            writeResult(name: name, fields: ["runs": false, "note": "render failed: \(error)"])
            return
        }
        report(
            frames, of: root, name: name,
            note: list.isEmpty && (root.sublayers ?? []).isEmpty ? "no animation attached" : "",
            animations: list.count, period: period, delay: delay)
    }

    static func rgba(_ color: CGColor?) -> (Int, Int, Int, Int) {
        guard let c = color?.components else { return (0, 0, 0, 0) }
        let comps = c.count == 2 ? [c[0], c[0], c[0], c[1]] : Array(c.prefix(4))
        guard comps.count == 4 else { return (0, 0, 0, 0) }
        let a = Int((comps[3] * 255).rounded())
        return a == 0 ? (0, 0, 0, 0) : (Int((comps[0] * 255).rounded()), Int((comps[1] * 255).rounded()), Int((comps[2] * 255).rounded()), a)
    }

    /// Pixels whose colour differs from the background by more than a small tolerance.
    static func differing(_ image: RenderedImage, from bg: (Int, Int, Int, Int)) -> Int {
        var n = 0
        let p = image.pixels
        var i = 0
        while i < p.count {
            let a = Int(p[i + 3])
            if bg.3 == 0 {
                if a > 24 { n += 1 }
            } else if abs(Int(p[i]) - bg.0) > 24 || abs(Int(p[i + 1]) - bg.1) > 24 || abs(Int(p[i + 2]) - bg.2) > 24
                        || abs(a - bg.3) > 24 {
                n += 1
            }
            i += 4
        }
        return n
    }

    static func changed(_ a: RenderedImage, _ b: RenderedImage) -> Int {
        var n = 0
        for i in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            if abs(Int(a.pixels[i]) - Int(b.pixels[i])) > 8 || abs(Int(a.pixels[i + 1]) - Int(b.pixels[i + 1])) > 8
                || abs(Int(a.pixels[i + 2]) - Int(b.pixels[i + 2])) > 8 || abs(Int(a.pixels[i + 3]) - Int(b.pixels[i + 3])) > 8 {
                n += 1
            }
        }
        return n
    }

    /// The frames side by side on a mid-grey strip, each scaled down to at most 200 pixels.
    static func contactSheet(_ frames: [RenderedImage]) throws -> Data {
        let maxSide = 200, gap = 4
        guard let first = frames.first else { return Data() }
        let scale = max(1, Int((Double(max(first.width, first.height)) / Double(maxSide)).rounded(.up)))
        let fw = first.width / scale, fh = first.height / scale
        let sw = frames.count * (fw + gap) + gap, sh = fh + 2 * gap
        var sheet = [UInt8](repeating: 128, count: sw * sh * 4)
        for (k, f) in frames.enumerated() {
            let ox = gap + k * (fw + gap)
            for y in 0..<fh {
                for x in 0..<fw {
                    var acc = [0, 0, 0, 0]
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            let p = f.pixel(x: x * scale + dx, y: y * scale + dy)
                            // Composite over a checkerboard-free light grey so transparency shows.
                            let a = Int(p.a)
                            acc[0] += (Int(p.r) * a + 200 * (255 - a)) / 255
                            acc[1] += (Int(p.g) * a + 200 * (255 - a)) / 255
                            acc[2] += (Int(p.b) * a + 200 * (255 - a)) / 255
                            acc[3] += 255
                        }
                    }
                    let j = ((gap + y) * sw + ox + x) * 4
                    for c in 0..<4 { sheet[j + c] = UInt8(acc[c] / (scale * scale)) }
                }
            }
        }
        return try PNGEncoder.encode(straightRGBA: sheet, width: sw, height: sh)
    }

    static func writeResult(name: String, fields: [String: Any]) {
        var all = fields
        all["name"] = name
        if let data = try? JSONSerialization.data(withJSONObject: all, options: [.sortedKeys]) {
            try? data.write(to: outDir.appendingPathComponent("\(name).json"))
        }
    }
}
