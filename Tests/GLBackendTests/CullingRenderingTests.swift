import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Culling changes no pixel: a frame drawn without the layers off screen is the frame drawn
/// with all of them (`FrameBuilder+Culling`).
@Suite struct CullingRenderingTests {
    /// A list of 40 cards in a clipping scroll view scrolled part of the way, and around it what
    /// reaches the target from off it: a shadow, a sublayer and a shape's path, and a blurred
    /// layer half on it.
    func scene() -> CALayer {
        let root = whiteRoot(160, 120)
        let view = CAScrollLayer()
        view.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        view.masksToBounds = true
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 100, height: 40 * 30)
        for index in 0..<40 {
            let card = CALayer()
            card.frame = CGRect(x: 6, y: CGFloat(index) * 30 + 4, width: 88, height: 22)
            card.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 1, alpha: 1)
            card.cornerRadius = 5
            card.shadowOpacity = 0.6
            card.shadowRadius = 3
            card.shadowOffset = CGSize(width: 0, height: 2)
            card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 5, cornerHeight: 5, transform: nil)
            let badge = CAGradientLayer()
            badge.frame = CGRect(x: 60, y: 4, width: 24, height: 14)
            badge.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            badge.cornerRadius = 7
            let label = CATextLayer()
            label.frame = CGRect(x: 4, y: 3, width: 50, height: 16)
            label.fontSize = 11
            label.string = "Card \(index)"
            label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            card.addSublayer(badge)
            card.addSublayer(label)
            content.addSublayer(card)
        }
        view.addSublayer(content)
        view.scroll(to: CGPoint(x: 0, y: 317))
        root.addSublayer(view)
        let caster = solidLayer(
            CGRect(x: 165, y: 10, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        caster.shadowOpacity = 1
        caster.shadowRadius = 2
        caster.shadowOffset = CGSize(width: -15, height: 5)
        caster.shadowPath = CGPath(rect: caster.bounds, transform: nil)
        let parent = solidLayer(
            CGRect(x: 120, y: 200, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        parent.addSublayer(solidLayer(CGRect(x: 5, y: -150, width: 10, height: 10), CGColor(gray: 0, alpha: 1)))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: -50, y: 80, width: 10, height: 10)
        shape.path = CGPath(ellipseIn: CGRect(x: 170, y: 0, width: 20, height: 20), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        let blurred = solidLayer(
            CGRect(x: 150, y: 60, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(4, forKey: "inputRadius")
        blurred.filters = [blur]
        // A rounded clipping panel whose sublayer reaches into a corner's square but not past its
        // circle: the clip cuts nothing.
        let panel = solidLayer(
            CGRect(x: 112, y: 2, width: 30, height: 30), CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        panel.cornerRadius = 8
        panel.masksToBounds = true
        let inner = solidLayer(
            CGRect(x: 4, y: 4, width: 14, height: 14), CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.7))
        inner.cornerRadius = 4
        panel.addSublayer(inner)
        for layer in [caster, parent, shape, blurred, panel] { root.addSublayer(layer) }
        return root
    }

    @Test func aCulledFrameIsTheWholeFrame() throws {
        let root = scene()
        // Each list from a tree of its own: a tree hands the pixels of its shapes and glyphs to
        // the first list built.
        func tree() -> RenderTree {
            var tree = RenderTree()
            var builder = CommitBuilder()
            builder.encodeWhole(root, markingCommitted: false)
            tree.apply(builder.finish())
            return tree
        }
        let culled = FrameBuilder.build(tree(), root: root.layerID, width: 160, height: 120)
        let whole = FrameBuilder.build(tree(), root: root.layerID, width: 160, height: 120, culls: false)
        #expect(
            culled.instances.count * 4 < whole.instances.count, "\(culled.instances.count) of \(whole.instances.count)")
        let shapeClips = { (list: DisplayList) in
            list.commands.filter { if case .beginShapeClip = $0 { true } else { false } }.count
        }
        #expect(shapeClips(culled) + 1 == shapeClips(whole), "the panel's clip is left out")
        let canvas = TestCanvas(width: 160, height: 120)
        let image = try canvas.render(culled)
        #expect(image == (try canvas.render(whole)))
        // What reaches in from off the target shows: the shadow, the sublayer and the shape; and
        // the blur spreads left of its layer.
        #expect(image.pixel(x: 155, y: 22).r < 100, "the shadow")
        expectPixel(image, 130, 55, (0, 0, 0, 255), tolerance: 0)
        #expect(image.pixel(x: 125, y: 90).g > 100 && image.pixel(x: 125, y: 90).r < 50, "the shape")
        #expect(image.pixel(x: 148, y: 70).b > image.pixel(x: 148, y: 70).r, "the blur")
    }
}
