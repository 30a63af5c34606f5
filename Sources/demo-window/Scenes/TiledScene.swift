import Foundation
import SceneCore

/// A map 100,000 points square drawn by a `CATiledLayer`: coloured districts 2,000 points
/// across, a street grid every 100 points (every 1,000 bolder) and a town in each 1,000-point
/// block, all worked out from the tile's clip, so any part at any zoom is drawn on demand.
/// Arrow keys pan (40 % of the view), + and − (or the wheel) zoom by 2×, each change animated
/// by the render thread (0.4 s); the caption shows the level of detail and the tiles drawn and
/// held. The map has 8 levels of detail and 2 magnified ones (4× to 1/128×).
///
/// `bench` is the benchmark: the same map panned diagonally by a render-thread animation of
/// its position at 600 screen points a second (4,800 map points at 1/8 zoom, about two new
/// tiles a second along each axis), so new tiles are drawn on background threads all the time.
enum TiledScene {
    static let worldSide: CGFloat = 100_000
    static let captionHeight: CGFloat = 28
    static let panDuration = 0.4
    static let zooms: ClosedRange<CGFloat> = 1.0 / 64...8

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let viewport = CALayer.filled(
            CGRect(x: 0, y: captionHeight, width: size.width, height: max(size.height - captionHeight, 1)), .white)
        viewport.name = "viewport"
        viewport.masksToBounds = true
        let map = CATiledLayer()
        map.name = "map"
        map.delegate = MapDrawing.shared
        map.levelsOfDetail = 8
        map.levelsOfDetailBias = 2
        map.anchorPoint = .zero
        map.bounds = CGRect(x: 0, y: 0, width: worldSide, height: worldSide)
        viewport.addSublayer(map)
        root.addSublayer(viewport)
        let caption = CATextLayer()
        caption.name = "caption"
        caption.frame = CGRect(x: 12, y: 6, width: max(size.width - 24, 1), height: 18)
        caption.fontSize = 13
        caption.foregroundColor = Palette.ink
        caption.contentsScale = 2
        root.addSublayer(caption)
        CALayer.withoutActions { show(root, centre: CGPoint(x: 51_234, y: 48_765), zoom: 0.125) }
        return root
    }

    /// The benchmark: the map panned at 600 screen points a second by a render-thread animation.
    static func bench(_ size: CGSize) -> CALayer {
        let root = make(size)
        guard let map = root.descendant(named: "map") else { return root }
        let pan = CABasicAnimation(keyPath: "position")
        pan.fromValue = map.position
        pan.toValue = CGPoint(x: map.position.x - 42_426, y: map.position.y - 42_426)
        pan.duration = 100
        pan.repeatCount = .infinity
        map.add(pan, forKey: "pan")
        return root
    }

    /// The caption: level of detail, tiles drawn and held, zoom, and the keys.
    static func caption(_ root: CALayer) -> String {
        guard let map = root.descendant(named: "map") as? CATiledLayer else { return "" }
        let s = map.tileStatistics
        let level = s.level.map { $0 >= 0 ? "\(1 << $0)×" : "1/\(1 << -$0)×" } ?? "–"
        return "level of detail \(level) · tiles drawn \(s.drawn), held \(s.cached) (\(s.bytes >> 20) MB), "
            + "evicted \(s.evicted) · zoom \(zoom(of: map))× · arrows pan, +/− or wheel zoom"
    }

    /// Refreshes the caption (four times a second).
    static func tick(_ root: CALayer, _ t: Double) {
        let text = caption(root)
        CALayer.withoutActions { (root.descendant(named: "caption") as? CATextLayer)?.string = text }
    }

    static func zoom(of map: CALayer) -> CGFloat { map.transform.m11 }

    /// The map point at the viewport's centre.
    static func centre(of root: CALayer) -> CGPoint? {
        guard let viewport = root.descendant(named: "viewport"), let map = root.descendant(named: "map") else {
            return nil
        }
        let zoom = zoom(of: map)
        return CGPoint(
            x: (viewport.bounds.midX - map.position.x) / zoom, y: (viewport.bounds.midY - map.position.y) / zoom)
    }

    /// Places the map so that `centre` is at the viewport's centre at `zoom`, kept on the map.
    static func show(_ root: CALayer, centre: CGPoint, zoom: CGFloat) {
        guard let viewport = root.descendant(named: "viewport"), let map = root.descendant(named: "map") else { return }
        let zoom = min(max(zoom, zooms.lowerBound), zooms.upperBound)
        let x = min(max(centre.x, 0), worldSide)
        let y = min(max(centre.y, 0), worldSide)
        map.transform = CATransform3DMakeScale(zoom, zoom, 1)
        map.position = CGPoint(x: viewport.bounds.midX - x * zoom, y: viewport.bounds.midY - y * zoom)
        (root.descendant(named: "caption") as? CATextLayer)?.string = caption(root)
    }

    /// Pans by a fraction of the view, or zooms by a factor, animated.
    static func move(_ root: CALayer, panBy fraction: CGSize = .zero, zoomBy factor: CGFloat = 1) -> String {
        guard let viewport = root.descendant(named: "viewport"), let map = root.descendant(named: "map"),
            let centre = centre(of: root)
        else { return "" }
        let zoom = zoom(of: map)
        let target = CGPoint(
            x: centre.x + fraction.width * viewport.bounds.width / zoom,
            y: centre.y + fraction.height * viewport.bounds.height / zoom)
        CATransaction.begin()
        CATransaction.setAnimationDuration(panDuration)
        show(root, centre: target, zoom: zoom * factor)
        CATransaction.commit()
        return caption(root)
    }

    /// + and − (and =) zoom.
    static func key(_ root: CALayer, _ characters: String) -> String? {
        switch characters {
        case "+", "=": move(root, zoomBy: 2)
        case "-": move(root, zoomBy: 0.5)
        default: nil
        }
    }

    /// The arrow keys pan (X11 keysyms).
    static func navigationKey(_ root: CALayer, _ keySym: UInt) -> String? {
        switch keySym {
        case 0xff51: move(root, panBy: CGSize(width: -0.4, height: 0))
        case 0xff53: move(root, panBy: CGSize(width: 0.4, height: 0))
        case 0xff52: move(root, panBy: CGSize(width: 0, height: -0.4))
        case 0xff54: move(root, panBy: CGSize(width: 0, height: 0.4))
        default: nil
        }
    }

    /// The wheel zooms: up (negative `height`) in, down out.
    static func scroll(_ root: CALayer, _ delta: CGSize, _ point: CGPoint) -> String? {
        guard delta.height != 0 else { return nil }
        return move(root, zoomBy: delta.height < 0 ? 2 : 0.5)
    }
}

/// Draws the map's tiles, on the tiled layer's background threads: everything is worked out
/// from the clip, nothing is shared.
final class MapDrawing: CALayerDelegate, Sendable {
    static let shared = MapDrawing()

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        let scale = max(ctx.ctm.a, 1e-9)
        // Districts: 2,000 points, a pastel colour each.
        let district: CGFloat = 2000
        for i in cells(clip.minX, clip.maxX, district) {
            for j in cells(clip.minY, clip.maxY, district) {
                let h = MapDrawing.hash(i, j)
                ctx.setFillColor(
                    CGColor(
                        red: 0.80 + 0.15 * CGFloat(h & 0xff) / 255, green: 0.82 + 0.15 * CGFloat((h >> 8) & 0xff) / 255,
                        blue: 0.78 + 0.15 * CGFloat((h >> 16) & 0xff) / 255, alpha: 1))
                ctx.fill(CGRect(x: CGFloat(i) * district, y: CGFloat(j) * district, width: district, height: district))
            }
        }
        // Streets every 100 points while they are at least 6 pixels apart, avenues every 1,000.
        for (spacing, width, grey) in [(CGFloat(100), CGFloat(0.8), CGFloat(0.62)), (1000, 2, 0.35)]
        where spacing * scale >= 6 {
            ctx.setStrokeColor(gray: grey, alpha: 1)
            ctx.setLineWidth(max(width, 1 / scale))
            for i in cells(clip.minX, clip.maxX + spacing, spacing) {
                ctx.move(to: CGPoint(x: CGFloat(i) * spacing, y: clip.minY))
                ctx.addLine(to: CGPoint(x: CGFloat(i) * spacing, y: clip.maxY))
            }
            for j in cells(clip.minY, clip.maxY + spacing, spacing) {
                ctx.move(to: CGPoint(x: clip.minX, y: CGFloat(j) * spacing))
                ctx.addLine(to: CGPoint(x: clip.maxX, y: CGFloat(j) * spacing))
            }
            ctx.strokePath()
        }
        // A town in each 1,000-point block, 60 to 180 points across, while it covers 2 pixels.
        let block: CGFloat = 1000
        guard 60 * scale >= 2 else { return }
        for i in cells(clip.minX - 200, clip.maxX + 200, block) {
            for j in cells(clip.minY - 200, clip.maxY + 200, block) {
                let h = MapDrawing.hash(i &+ 7919, j &+ 104_729)
                let radius = 30 + CGFloat(h % 61)
                let x = CGFloat(i) * block + 200 + CGFloat((h >> 8) % 600)
                let y = CGFloat(j) * block + 200 + CGFloat((h >> 20) % 600)
                ctx.setFillColor(h % 3 == 0 ? Palette.orange : h % 3 == 1 ? Palette.blue : Palette.green)
                ctx.addEllipse(in: CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius))
                ctx.fillPath()
            }
        }
    }

    /// The indices of the cells `size` wide that meet `min...max`, at most 4,096.
    private func cells(_ min: CGFloat, _ max: CGFloat, _ size: CGFloat) -> [Int] {
        let first = Int((min / size).rounded(.down))
        let last = Int((max / size).rounded(.up)) - 1
        guard last >= first else { return [] }
        return Array(first...Swift.min(last, first + 4095))
    }

    private static func hash(_ i: Int, _ j: Int) -> UInt64 {
        var h =
            UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(j))
            &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }
}
