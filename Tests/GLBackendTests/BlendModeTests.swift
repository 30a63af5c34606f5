import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `compositingFilter` blend modes through the headless renderer, against the W3C compositing
/// formulas computed here on premultiplied colour.
@Suite struct BlendModeTests {
    /// Straight-alpha colours: the blended layer's and the backdrop's.
    static let source = SIMD4<Double>(0.8, 0.4, 0.2, 1)
    static let backdrop = SIMD4<Double>(0.3, 0.6, 0.9, 1)

    /// The pixel `mode` gives for straight colours `s` over `d` (W3C Compositing and Blending).
    static func expected(_ mode: BlendMode, _ s: SIMD4<Double>, _ d: SIMD4<Double>) -> Pixel {
        let (sa, da) = (s.w, d.w)
        let sc = SIMD3(s.x, s.y, s.z) * sa
        let dc = SIMD3(d.x, d.y, d.z) * da
        var color: SIMD3<Double>
        var alpha = sa + da - sa * da
        func mixed(_ b: (Double, Double) -> Double) -> SIMD3<Double> {
            let blended = SIMD3(b(s.x, d.x), b(s.y, d.y), b(s.z, d.z))
            return sc * (1 - da) + dc * (1 - sa) + sa * da * blended
        }
        switch mode {
        case .sourceOver: color = sc + dc * (1 - sa)
        case .plusLighter:
            color = SIMD3(min(1, sc.x + dc.x), min(1, sc.y + dc.y), min(1, sc.z + dc.z))
            alpha = min(1, sa + da)
        case .multiply: color = mixed { $0 * $1 }
        case .screen: color = mixed { $0 + $1 - $0 * $1 }
        case .overlay: color = mixed { s, d in d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d) }
        case .darken: color = mixed(min)
        case .lighten: color = mixed(max)
        case .difference: color = mixed { abs($0 - $1) }
        }
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return (byte(color.x / alpha), byte(color.y / alpha), byte(color.z / alpha), byte(alpha))
    }

    static func cgColor(_ c: SIMD4<Double>) -> CGColor {
        CGColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    /// A 40x40 transparent root: a backdrop over all of it, and a 20x20 layer composited by
    /// `filter` at (10, 10).
    func scene(_ filter: Any?, source: SIMD4<Double> = source, backdrop: SIMD4<Double> = backdrop) -> (
        root: CALayer, top: CALayer
    ) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(solidLayer(root.bounds, Self.cgColor(backdrop)))
        let top = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), Self.cgColor(source))
        top.compositingFilter = filter
        root.addSublayer(top)
        return (root, top)
    }

    static let modes: [(String, BlendMode)] = [
        ("sourceOver", .sourceOver), ("multiplyBlendMode", .multiply), ("screenBlendMode", .screen),
        ("overlayBlendMode", .overlay), ("darkenBlendMode", .darken), ("lightenBlendMode", .lighten),
        ("differenceBlendMode", .difference), ("plusL", .plusLighter),
    ]

    @Test(arguments: modes)
    func eachModeMatchesItsFormulaOverAnOpaqueBackdrop(_ name: String, _ mode: BlendMode) throws {
        let image = try render(scene(name).root)
        expectPixel(image, 20, 20, Self.expected(mode, Self.source, Self.backdrop), "\(name)")
        expectPixel(image, 5, 5, Self.expected(.sourceOver, Self.backdrop, .zero), "outside the layer: the backdrop")
        expectPixel(image, 30, 20, Self.expected(.sourceOver, Self.backdrop, .zero), "just past the layer's edge")
    }

    @Test(arguments: modes)
    func eachModeMatchesItsFormulaForTranslucentColours(_ name: String, _ mode: BlendMode) throws {
        let source = SIMD4<Double>(0.9, 0.2, 0.5, 0.6)
        let backdrop = SIMD4<Double>(0.2, 0.7, 0.4, 0.5)
        let image = try render(scene(name, source: source, backdrop: backdrop).root)
        // Unpremultiplying 8-bit colour at alpha about 0.8 magnifies rounding a little.
        expectPixel(image, 20, 20, Self.expected(mode, source, backdrop), tolerance: 2, "\(name)")
        expectPixel(image, 5, 5, Self.expected(.sourceOver, backdrop, .zero), tolerance: 2)
    }

    @Test func aModeAppliesAfterTheLayersOpacityToTheWholeGroup() throws {
        let (root, top) = scene("multiplyBlendMode")
        top.opacity = 0.5
        // A sublayer in the right half, blended with its parent as one group.
        top.addSublayer(
            solidLayer(CGRect(x: 10, y: 0, width: 10, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
        let image = try render(root)
        // Group opacity 0.5, then multiply: the source is the group at alpha 0.5.
        expectPixel(image, 15, 20, Self.expected(.multiply, SIMD4(0.8, 0.4, 0.2, 0.5), Self.backdrop))
        expectPixel(image, 25, 20, Self.expected(.multiply, SIMD4(0, 1, 0, 0.5), Self.backdrop))
    }

    @Test func modesAreAcceptedAsFiltersAndUnderCoreImageNames() throws {
        let asFilter = try render(scene(CAFilter(type: .differenceBlendMode)).root)
        expectPixel(asFilter, 20, 20, Self.expected(.difference, Self.source, Self.backdrop))
        let coreImage = try render(scene("CIScreenBlendMode").root)
        expectPixel(coreImage, 20, 20, Self.expected(.screen, Self.source, Self.backdrop))
        let disabled = CAFilter(type: .multiplyBlendMode)
        disabled.isEnabled = false
        let plain = try render(scene(disabled).root)
        expectPixel(plain, 20, 20, Self.expected(.sourceOver, Self.source, Self.backdrop), "a disabled filter")
    }

    @Test func anUnknownModeIsLoggedAndCompositesSourceOver() throws {
        let (image, messages) = try Diagnostics.capturing { try render(scene("glowBlendMode").root) }
        expectPixel(image, 20, 20, Self.expected(.sourceOver, Self.source, Self.backdrop))
        #expect(messages.contains { $0.contains("unknown blend mode \"glowBlendMode\"") })
        let colour = try render(scene(CAFilter(type: .gaussianBlur)).root)
        expectPixel(colour, 20, 20, Self.expected(.sourceOver, Self.source, Self.backdrop), "a blur is no blend mode")
    }

    @Test func aTurnedLayerIsBlendedAllOverItsTurnedShape() throws {
        let (root, top) = scene("differenceBlendMode")
        top.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let image = try render(root)
        // The turned square reaches 14.1 px from its centre (20, 20) along the axes.
        for (x, y) in [(20, 20), (33, 20), (20, 7), (7, 20)] {
            expectPixel(image, x, y, Self.expected(.difference, Self.source, Self.backdrop), "(\(x), \(y))")
        }
        expectPixel(image, 11, 11, Self.expected(.sourceOver, Self.backdrop, .zero), "outside the turned square")
    }

    @Test func aLayerInsideAGroupBlendsWithWhatTheGroupDrew() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(solidLayer(root.bounds, Self.cgColor(Self.backdrop)))
        // A group (group opacity) holding a blended layer over nothing of its own on the left,
        // and over a black layer of its own on the right.
        let group = solidLayer(root.bounds)
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 20, y: 0, width: 20, height: 40), CGColor(gray: 0, alpha: 1)))
        let top = solidLayer(CGRect(x: 0, y: 10, width: 40, height: 20), Self.cgColor(Self.source))
        top.compositingFilter = "screenBlendMode"
        group.addSublayer(top)
        root.addSublayer(group)
        let image = try render(root)
        // Left: screen over the group's transparent pixels is the source, then faded over the backdrop.
        expectPixel(image, 10, 20, Self.expected(.sourceOver, SIMD4(0.8, 0.4, 0.2, 0.5), Self.backdrop))
        // Right: screen over black is the source again, now opaque within the group.
        expectPixel(image, 30, 20, Self.expected(.sourceOver, SIMD4(0.8, 0.4, 0.2, 0.5), Self.backdrop))
        expectPixel(image, 30, 5, Self.expected(.sourceOver, SIMD4(0, 0, 0, 0.5), Self.backdrop))
    }

    @Test func aBlendedLayerInsideAClipIsBlendedOnlyInsideIt() throws {
        let (root, top) = scene("differenceBlendMode")
        root.sublayers?.first?.removeFromSuperlayer()
        let clip = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 40), Self.cgColor(Self.backdrop))
        clip.masksToBounds = true
        top.removeFromSuperlayer()
        clip.addSublayer(top)
        root.addSublayer(clip)
        let image = try render(root)
        expectPixel(image, 15, 20, Self.expected(.difference, Self.source, Self.backdrop))
        expectPixel(image, 25, 20, (0, 0, 0, 0), "clipped away: the transparent root")
    }
}
