import Foundation
import SceneCore

/// Layer content provided the ways Core Animation code does: a delegate drawing into a
/// `CGContext` (the programming guide's Bézier curve), a subclass overriding `draw(in:)`, an
/// image as `contents` under three gravities (one cut to a circle by a `CAShapeLayer` mask, one
/// revealed and hidden again by a mask whose width animates), a `CAShapeLayer` whose `strokeEnd` animates (the
/// "draw the line" animation), `CAGradientLayer`s of each type (their colours shifting) and
/// `CATextLayer`s (wrapped, truncated, aligned, in several fonts and sizes; the title's colour
/// pulsing). The delegate's and the subclass's drawing happens during the commit, on the app
/// thread; the render side draws the shape, the gradients and the text from the glyph atlas, and
/// animates them, so they keep moving while the app thread is busy.
enum ContentScene {
    /// The panels' names, in grid order.
    static let panels = ["curve", "dial", "image", "shape", "gradients", "text"]

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        for (index, name) in panels.enumerated() {
            root.addSublayer(CALayer.panel(panelFrame(index, in: size), named: name))
        }
        addCurve(to: root.descendant(named: "panel-curve")!)
        addDial(to: root.descendant(named: "panel-dial")!)
        addImages(to: root.descendant(named: "panel-image")!)
        addShape(to: root.descendant(named: "panel-shape")!)
        addGradients(to: root.descendant(named: "panel-gradients")!)
        addText(to: root.descendant(named: "panel-text")!)
        return root
    }

    /// The frame of panel `index` in a three-column grid.
    static func panelFrame(_ index: Int, in size: CGSize) -> CGRect {
        let columns = 3
        let rows = 2
        let width = (size.width - 20 * CGFloat(columns + 1)) / CGFloat(columns)
        let height = (size.height - 20 * CGFloat(rows + 1)) / CGFloat(rows)
        return CGRect(
            x: 20 + CGFloat(index % columns) * (width + 20), y: 20 + CGFloat(index / columns) * (height + 20),
            width: width, height: height)
    }

    /// The delegate of the curve layer: the programming guide's example, a cubic Bézier from
    /// (15, 15) through control points (15, 250) and (295, 250) to (295, 15), stroked 5 wide,
    /// scaled to the layer.
    final class CurveDrawer: CALayerDelegate, @unchecked Sendable {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let b = layer.bounds
            ctx.scaleBy(x: b.width / 310, y: b.height / 265)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 15, y: 15))
            path.addCurve(
                to: CGPoint(x: 295, y: 15), control1: CGPoint(x: 15, y: 250), control2: CGPoint(x: 295, y: 250))
            ctx.beginPath()
            ctx.addPath(path)
            ctx.setLineWidth(5)
            ctx.setStrokeColor(Palette.blue)
            ctx.strokePath()
        }
    }

    /// Held for the life of the process: layers hold their delegates weakly.
    static let curveDrawer = CurveDrawer()

    static func addCurve(to panel: CALayer) {
        let curve = CALayer()
        curve.frame = panel.bounds.insetBy(dx: 20, dy: 20)
        curve.name = "curve"
        curve.delegate = curveDrawer
        curve.needsDisplayOnBoundsChange = true
        curve.setNeedsDisplay()
        panel.addSublayer(curve)
    }

    /// A layer subclass that draws itself: a dial of twelve ticks and a filled centre.
    final class DialLayer: CALayer {
        override func draw(in ctx: CGContext) {
            let b = bounds
            let centre = CGPoint(x: b.midX, y: b.midY)
            let radius = min(b.width, b.height) / 2 - 4
            ctx.setFillColor(Palette.orange)
            ctx.fillEllipse(in: CGRect(x: centre.x - 10, y: centre.y - 10, width: 20, height: 20))
            ctx.setStrokeColor(Palette.ink)
            ctx.setLineWidth(3)
            ctx.setLineCap(.round)
            for tick in 0..<12 {
                let angle = CGFloat(tick) * .pi / 6
                let inner = radius * (tick % 3 == 0 ? 0.7 : 0.82)
                ctx.strokeLineSegments(between: [
                    CGPoint(x: centre.x + inner * cos(angle), y: centre.y + inner * sin(angle)),
                    CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle)),
                ])
            }
            ctx.strokeEllipse(
                in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        }
    }

    static func addDial(to panel: CALayer) {
        let dial = DialLayer()
        dial.frame = panel.bounds.insetBy(dx: 20, dy: 20)
        dial.name = "dial"
        dial.contentsScale = 2
        dial.setNeedsDisplay()
        panel.addSublayer(dial)
    }

    /// The same image under `resize`, `resizeAspect` (masked to a circle) and `center` (wiped in
    /// and out by an animated mask).
    static func addImages(to panel: CALayer) {
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .center]
        let width = (panel.bounds.width - 40) / 3
        for (index, gravity) in gravities.enumerated() {
            let image = CALayer.filled(
                CGRect(x: 10 + CGFloat(index) * (width + 10), y: 20, width: width, height: panel.bounds.height - 40),
                CGColor(gray: 0.85, alpha: 1))
            image.contents = Palette.quadrants
            image.contentsGravity = gravity
            image.magnificationFilter = .nearest
            image.name = "image-\(gravity.rawValue)"
            panel.addSublayer(image)
        }
        panel.descendant(named: "image-resizeAspect")?.maskToCentredCircle()
        panel.descendant(named: "image-center")?.maskWithWipe(duration: 1.5)
    }

    /// A star stroked by a `CAShapeLayer` whose `strokeEnd` runs from 0 to 1 and back, endlessly.
    static func addShape(to panel: CALayer) {
        let shape = CAShapeLayer()
        shape.frame = panel.bounds.insetBy(dx: 20, dy: 20)
        shape.name = "shape"
        let centre = CGPoint(x: shape.bounds.midX, y: shape.bounds.midY)
        let outer = min(shape.bounds.width, shape.bounds.height) / 2
        let inner = outer * 0.45
        let star = CGMutablePath()
        star.addLines(
            between: (0..<10).map { i in
                let radius = i % 2 == 0 ? outer : inner
                let angle = CGFloat(i) * .pi / 5 - .pi / 2
                return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            })
        star.closeSubpath()
        shape.path = star
        shape.fillColor = nil
        shape.strokeColor = Palette.purple
        shape.lineWidth = 6
        shape.lineJoin = .round
        shape.lineCap = .round
        shape.add(CABasicAnimation.backAndForth("strokeEnd", from: 0, to: 1, duration: 2), forKey: "draw")
        panel.addSublayer(shape)
    }

    /// One gradient of each type, with rounded corners, shifting their colours round (the
    /// render side blends the colour lists, so they keep shifting while the app thread is busy).
    static func addGradients(to panel: CALayer) {
        let types: [CAGradientLayerType] = [.axial, .radial, .conic]
        let width = (panel.bounds.width - 40) / 3
        for (index, type) in types.enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(
                x: 10 + CGFloat(index) * (width + 10), y: 20, width: width, height: panel.bounds.height - 40)
            gradient.name = "gradient-\(type.rawValue)"
            gradient.type = type
            gradient.colors = [Palette.blue, Palette.orange, Palette.green]
            gradient.cornerRadius = 12
            if type == .radial {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = CGPoint(x: 1, y: 1)
            } else if type == .conic {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = CGPoint(x: 0.5, y: 0)
            }
            let colors = [Palette.blue, Palette.orange, Palette.green]
            let shifted = [Palette.green, Palette.blue, Palette.orange]
            gradient.add(
                CABasicAnimation.backAndForth("colors", from: colors, to: shifted, duration: 3), forKey: "shift")
            panel.addSublayer(gradient)
        }
    }

    /// The text panel's layers: (name, font, size, alignment, wrapped, truncation, string).
    static let texts: [(String, String, CGFloat, CATextLayerAlignmentMode, Bool, CATextLayerTruncationMode, String)] = [
        ("text-title", "DejaVu Sans Bold", 22, .center, false, .none, "Core Animation text"),
        (
            "text-wrapped", "DejaVu Serif", 14, .left, true, .none,
            "A wrapped CATextLayer breaks its string into lines at the width of its bounds."
        ),
        (
            "text-truncated", "DejaVu Sans", 14, .left, false, .end,
            "A single line that is far too long for its layer ends in an ellipsis"
        ),
        ("text-right", "DejaVu Sans Mono", 12, .right, false, .none, "right aligned, monospaced"),
    ]

    static func addText(to panel: CALayer) {
        var y: CGFloat = 14
        for (name, font, size, alignment, wrapped, truncation, string) in texts {
            let text = CATextLayer()
            let height = wrapped ? size * 4.2 : size * 1.6
            text.frame = CGRect(x: 14, y: y, width: panel.bounds.width - 28, height: height)
            text.name = name
            text.font = font
            text.fontSize = size
            text.foregroundColor = Palette.ink
            text.alignmentMode = alignment
            text.isWrapped = wrapped
            text.truncationMode = truncation
            text.contentsScale = 2
            text.string = string
            if name == "text-title" {
                text.add(
                    CABasicAnimation.backAndForth(
                        "foregroundColor", from: Palette.ink, to: Palette.purple, duration: 1.5),
                    forKey: "pulse")
            }
            panel.addSublayer(text)
            y += height + 8
        }
    }
}
