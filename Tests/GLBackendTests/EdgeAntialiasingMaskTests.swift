import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `edgeAntialiasingMask`: with `allowsEdgeAntialiasing`, only the named edges of the layer's
/// bounds (minX, maxX, minY, maxY) are anti-aliased; the others are hard, a pixel covered exactly
/// when its centre is inside.
@Suite struct EdgeAntialiasingMaskTests {
    let white: Pixel = (255, 255, 255, 255)
    let blue: Pixel = (0, 0, 255, 255)
    let blueColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Every layer here is turned 30° about the centre of a 100x100 white window.
    let angle = CGFloat.pi / 6
    let centre = CGPoint(x: 50, y: 50)

    /// The point of a layer `size` big, centred on `centre` and turned by `angle`, under the
    /// centre of window pixel (x, y): the inverse of the rotation (x cos − y sin, x sin + y cos).
    func layerPoint(x: Int, y: Int, size: CGSize) -> CGPoint {
        let (dx, dy) = (CGFloat(x) + 0.5 - centre.x, CGFloat(y) + 0.5 - centre.y)
        let (c, s) = (cos(angle), sin(angle))
        return CGPoint(x: dx * c + dy * s + size.width / 2, y: -dx * s + dy * c + size.height / 2)
    }

    /// The layer points under the pixels that are neither exactly white nor exactly blue.
    func partialPixels(_ image: RenderedImage, size: CGSize) -> [(point: CGPoint, pixel: Pixel)] {
        var found: [(CGPoint, Pixel)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if !isClose(p, white, tolerance: 0) && !isClose(p, blue, tolerance: 0) {
                    found.append((layerPoint(x: x, y: y, size: size), p))
                }
            }
        }
        return found
    }

    /// How many of `points` lie nearest to each edge of a `size` rectangle: minX, maxX, minY, maxY.
    func countByNearestEdge(_ points: [CGPoint], size: CGSize) -> [Int] {
        var counts = [0, 0, 0, 0]
        for p in points {
            let distances = [abs(p.x), abs(p.x - size.width), abs(p.y), abs(p.y - size.height)]
            counts[distances.firstIndex(of: distances.min()!)!] += 1
        }
        return counts
    }

    /// The pixel centres whose layer point is less than 0.498 inside or outside the minX edge,
    /// within the hard minY and maxY edges: where a ramp of coverage 0.5 + x is neither 0 nor
    /// 1 in 8 bits.
    func expectedLeftEdgePixels(size: CGSize) -> Int {
        var count = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = layerPoint(x: x, y: y, size: size)
                if abs(p.x) < 0.498 && p.y >= 0 && p.y <= size.height { count += 1 }
            }
        }
        return count
    }

    /// The expected red (and green) of every pixel of a 40x40 blue square over white, with the
    /// edges in `mask` anti-aliased: each straight edge on the pixel centre's side covers
    /// 0.5 − d (d its distance outside the edge, in points, which are pixels here) when
    /// anti-aliased, else all or nothing as the centre is inside or not; the pixel takes the
    /// smaller, and off a corner also 0.5 − its distance from the corner.
    func expectMatchesModel(
        _ image: RenderedImage, mask: CAEdgeAntialiasingMask, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let size = CGSize(width: 40, height: 40)
        var mismatches: [String] = []
        for y in 0..<100 {
            for x in 0..<100 {
                let p = layerPoint(x: x, y: y, size: size)
                let (dx, dy) = (abs(p.x - 20) - 20, abs(p.y - 20) - 20)
                let xEdge: CAEdgeAntialiasingMask = p.x < 20 ? .layerLeftEdge : .layerRightEdge
                let yEdge: CAEdgeAntialiasingMask = p.y < 20 ? .layerBottomEdge : .layerTopEdge
                func cover(_ d: CGFloat, smooth: Bool) -> CGFloat {
                    smooth ? min(max(0.5 - d, 0), 1) : (d <= 0 ? 1 : 0)
                }
                var coverage = min(cover(dx, smooth: mask.contains(xEdge)), cover(dy, smooth: mask.contains(yEdge)))
                if dx > 0 && dy > 0 && !mask.isEmpty { coverage = min(coverage, cover(hypot(dx, dy), smooth: true)) }
                let red = Int((255 * (1 - coverage)).rounded())
                let actual = image.pixel(x: x, y: y)
                if abs(Int(actual.r) - red) > 2 || actual.g != actual.r || actual.b != 255 {
                    mismatches.append("(\(x), \(y)): \(actual), expected red \(red)")
                }
            }
        }
        #expect(
            mismatches.isEmpty, "\(mismatches.count) pixels: \(mismatches.prefix(5))", sourceLocation: sourceLocation)
    }

    /// A 40x40 blue square turned 30° about the window's centre.
    func turnedSquare(in root: CALayer, mask: CAEdgeAntialiasingMask) -> CALayer {
        let layer = solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), blueColor)
        layer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        layer.allowsEdgeAntialiasing = true
        layer.edgeAntialiasingMask = mask
        root.addSublayer(layer)
        return layer
    }

    /// Writes `image` for a person to look at when `SCENECORE_TEST_PNG_DIRECTORY` is set.
    func keep(_ image: RenderedImage, _ name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["SCENECORE_TEST_PNG_DIRECTORY"] else { return }
        try image.writePNG(to: URL(fileURLWithPath: directory).appendingPathComponent(name + ".png"))
    }

    @Test func everyMaskedEdgeOfATurnedSquareIsAntialiased() throws {
        let root = whiteRoot()
        _ = turnedSquare(in: root, mask: .all)
        let image = try render(root)
        try keep(image, "edge-aa-all")
        expectMatchesModel(image, mask: .all)
        let size = CGSize(width: 40, height: 40)
        let counts = countByNearestEdge(partialPixels(image, size: size).map(\.point), size: size)
        // Each 40-point edge crosses about one pixel per point of its length.
        #expect(counts.allSatisfy { $0 >= 36 && $0 <= 48 }, "partial pixels by edge: \(counts)")
    }

    @Test func onlyTheLeftEdgeIsAntialiasedWhenTheMaskNamesOnlyIt() throws {
        let root = whiteRoot()
        _ = turnedSquare(in: root, mask: .layerLeftEdge)
        let image = try render(root)
        try keep(image, "edge-aa-left")
        expectMatchesModel(image, mask: .layerLeftEdge)
        let size = CGSize(width: 40, height: 40)
        let partial = partialPixels(image, size: size)
        #expect(countByNearestEdge(partial.map(\.point), size: size) == [expectedLeftEdgePixels(size: size), 0, 0, 0])
        for (point, pixel) in partial {
            // Coverage 0.5 + x of blue over white.
            let red = Int((255 * (0.5 - point.x)).rounded())
            #expect(abs(Int(pixel.r) - red) <= 2 && pixel.r == pixel.g && pixel.b == 255, "\(point): \(pixel)")
        }
        // Along the hard maxX edge, the pixels inside it are blue and those outside white.
        for y in 0..<100 {
            for x in 0..<100 {
                let p = layerPoint(x: x, y: y, size: size)
                guard abs(p.x - 40) < 2, p.y > 1, p.y < 39 else { continue }
                expectPixel(image, x, y, p.x <= 40 ? blue : white, tolerance: 0)
            }
        }
    }

    @Test func abuttingTilesWithoutAntialiasingWhereTheyMeetShowNoSeam() throws {
        // Two 20x40 tiles side by side in a turned 40x40 container.
        func render(sharedEdgeSmooth: Bool) throws -> RenderedImage {
            let root = whiteRoot()
            let container = CALayer()
            container.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            container.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            root.addSublayer(container)
            for (x, shared) in [(0, CAEdgeAntialiasingMask.layerRightEdge), (20, .layerLeftEdge)] {
                let tile = solidLayer(CGRect(x: CGFloat(x), y: 0, width: 20, height: 40), blueColor)
                tile.allowsEdgeAntialiasing = true
                if !sharedEdgeSmooth { tile.edgeAntialiasingMask.remove(shared) }
                container.addSublayer(tile)
            }
            return try SceneCoreTestSupport.render(root)
        }
        let seamless = try render(sharedEdgeSmooth: false)
        let seamed = try render(sharedEdgeSmooth: true)
        try keep(seamless, "edge-aa-tiles")
        try keep(seamed, "edge-aa-tiles-seam")
        let size = CGSize(width: 40, height: 40)
        var along = 0
        var seams = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = layerPoint(x: x, y: y, size: size)
                guard abs(p.x - 20) < 1, p.y > 1, p.y < 39 else { continue }
                along += 1
                expectPixel(seamless, x, y, blue, tolerance: 0)
                if !isClose(seamed.pixel(x: x, y: y), blue, tolerance: 0) { seams += 1 }
            }
        }
        #expect(along >= 70)
        // With the shared edges anti-aliased, each tile half covers the pixels on the line and
        // the white shows through.
        #expect(seams >= 30)
        // The outer edges stay anti-aliased.
        let counts = countByNearestEdge(partialPixels(seamless, size: size).map(\.point), size: size)
        #expect(counts.allSatisfy { $0 >= 36 && $0 <= 48 }, "partial pixels by edge: \(counts)")
    }

    @Test func theMaskAppliesToTheClipTheBorderAndTheRasterizedBitmap() throws {
        let size = CGSize(width: 40, height: 40)
        // A clear layer whose masksToBounds clip cuts a larger blue sublayer.
        let clipRoot = whiteRoot()
        let clip = turnedSquare(in: clipRoot, mask: .layerLeftEdge)
        clip.backgroundColor = nil
        clip.masksToBounds = true
        clip.addSublayer(solidLayer(CGRect(x: -10, y: -10, width: 60, height: 60), blueColor))
        // A blue layer drawn into a bitmap.
        let rasterRoot = whiteRoot()
        turnedSquare(in: rasterRoot, mask: .layerLeftEdge).shouldRasterize = true
        for (name, root) in [("clip", clipRoot), ("raster", rasterRoot)] {
            let image = try render(root)
            try keep(image, "edge-aa-left-\(name)")
            let counts = countByNearestEdge(partialPixels(image, size: size).map(\.point), size: size)
            #expect(counts[1...] == [0, 0, 0], "\(name): partial pixels by edge \(counts)")
            #expect(counts[0] >= 36, "\(name): partial pixels by edge \(counts)")
        }

        // A 4-point blue border on a clear layer: its outer and inner left edges are soft.
        let borderRoot = whiteRoot()
        let bordered = turnedSquare(in: borderRoot, mask: .layerLeftEdge)
        bordered.backgroundColor = nil
        bordered.borderWidth = 4
        bordered.borderColor = blueColor
        let image = try render(borderRoot)
        try keep(image, "edge-aa-left-border")
        let partial = partialPixels(image, size: size).map(\.point)
        let outer = partial.filter { abs($0.x) < 0.75 }.count
        let inner = partial.filter { abs($0.x - 4) < 0.75 }.count
        #expect(outer >= 36 && inner >= 28 && outer + inner == partial.count, "\(outer) + \(inner) of \(partial.count)")
    }

    @Test func anEmptyMaskDrawsHardEdgesAsWithoutEdgeAntialiasing() throws {
        let root = whiteRoot()
        let layer = turnedSquare(in: root, mask: [])
        let image = try render(root)
        #expect(partialPixels(image, size: CGSize(width: 40, height: 40)).isEmpty)
        expectMatchesModel(image, mask: [])
        layer.allowsEdgeAntialiasing = false
        let plain = try render(root)
        let differing = (0..<100 * 100).filter {
            !isClose(image.pixel(x: $0 % 100, y: $0 / 100), plain.pixel(x: $0 % 100, y: $0 / 100), tolerance: 0)
        }
        #expect(differing.isEmpty)
    }

    @Test func roundedCornersStayAntialiasedWhenTheMaskNamesNoEdge() throws {
        let root = whiteRoot()
        let layer = turnedSquare(in: root, mask: [])
        layer.cornerRadius = 8
        let image = try render(root)
        try keep(image, "edge-aa-rounded-none")
        let size = CGSize(width: 40, height: 40)
        let partial = partialPixels(image, size: size).map(\.point)
        // Soft pixels only where a corner curves: within the 8-point square of a corner.
        let inCorners = partial.filter {
            min($0.x, size.width - $0.x) < 8 && min($0.y, size.height - $0.y) < 8
        }
        #expect(inCorners.count == partial.count && partial.count >= 4 * 8, "\(inCorners.count) of \(partial.count)")
    }
}
