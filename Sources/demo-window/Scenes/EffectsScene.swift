import Foundation
import SceneCore

/// Layer effects drawn by the render thread, each panel captioned on screen: masks revealing a
/// picture (a circle cut out, a wipe and a soft gradient edge), the same colour composited over
/// a picture in each `compositingFilter` blend mode, a `gaussianBlur` filter whose radius
/// animates beside a saturation filter that animates, and frosted glass (a background blur
/// under a translucent layer) sliding over moving content.
enum EffectsScene {
    /// The panels' names, in grid order.
    static let panels = ["masks", "blend", "filters", "glass"]

    /// What each panel's caption says it shows.
    static let captions = [
        "mask: a circle, an animated wipe, a gradient fade",
        "compositingFilter: orange in each blend mode",
        "filters: animated gaussianBlur and colorSaturate",
        "backgroundFilters: frosted glass over moving stripes",
    ]

    /// The blend modes of the blend panel, by their Core Animation names, with their labels.
    static let blendModes: [(filter: String, label: String)] = [
        ("sourceOver", "normal"), ("multiplyBlendMode", "multiply"), ("screenBlendMode", "screen"),
        ("overlayBlendMode", "overlay"), ("darkenBlendMode", "darken"), ("lightenBlendMode", "lighten"),
        ("differenceBlendMode", "difference"), ("plusL", "plusL"),
    ]

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        for (index, name) in panels.enumerated() {
            let panel = CALayer.panel(panelFrame(index, in: size), named: name)
            panel.addSublayer(caption(captions[index], width: panel.bounds.width))
            root.addSublayer(panel)
        }
        addMasks(to: root.descendant(named: "panel-masks")!)
        addBlendModes(to: root.descendant(named: "panel-blend")!)
        addFilters(to: root.descendant(named: "panel-filters")!)
        addGlass(to: root.descendant(named: "panel-glass")!)
        return root
    }

    /// The frame of panel `index` in a two-by-two grid.
    static func panelFrame(_ index: Int, in size: CGSize) -> CGRect {
        let width = (size.width - 60) / 2
        let height = (size.height - 60) / 2
        return CGRect(
            x: 20 + CGFloat(index % 2) * (width + 20), y: 20 + CGFloat(index / 2) * (height + 20), width: width,
            height: height)
    }

    /// The area under a panel's caption.
    static func stage(of panel: CALayer) -> CGRect {
        CGRect(x: 10, y: 34, width: panel.bounds.width - 20, height: max(panel.bounds.height - 44, 1))
    }

    /// A one-line caption at the top of a panel.
    static func caption(_ text: String, width: CGFloat) -> CATextLayer {
        let caption = CATextLayer()
        caption.name = "caption"
        caption.frame = CGRect(x: 10, y: 8, width: max(width - 20, 1), height: 20)
        caption.fontSize = 13
        caption.foregroundColor = Palette.ink
        caption.truncationMode = .end
        caption.contentsScale = 2
        caption.string = text
        return caption
    }

    /// A layer showing the quadrant picture, stretched over `frame`.
    static func picture(_ frame: CGRect) -> CALayer {
        let picture = CALayer.filled(frame, nil)
        picture.contents = Palette.quadrants
        picture.magnificationFilter = .nearest
        return picture
    }

    static func addMasks(to panel: CALayer) {
        let stage = stage(of: panel)
        let width = (stage.width - 20) / 3
        let frames = (0..<3).map {
            CGRect(x: stage.minX + CGFloat($0) * (width + 10), y: stage.minY, width: width, height: stage.height)
        }
        let circled = picture(frames[0])
        circled.name = "mask-circle"
        circled.maskToCentredCircle()

        let wiped = picture(frames[1])
        wiped.name = "mask-wipe"
        wiped.maskWithWipe(duration: 2)

        let faded = picture(frames[2])
        faded.name = "mask-gradient"
        let fade = CAGradientLayer()
        fade.frame = faded.bounds
        fade.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
        fade.startPoint = CGPoint(x: 0.5, y: 0.3)
        fade.endPoint = CGPoint(x: 0.5, y: 1)
        faded.mask = fade
        for layer in [circled, wiped, faded] { panel.addSublayer(layer) }
    }

    static func addBlendModes(to panel: CALayer) {
        let stage = stage(of: panel)
        let picture = picture(CGRect(x: stage.minX, y: stage.minY, width: stage.width, height: stage.height - 20))
        picture.name = "blend-picture"
        panel.addSublayer(picture)
        let count = CGFloat(blendModes.count)
        let width = (stage.width - 4 * (count + 1)) / count
        for (index, mode) in blendModes.enumerated() {
            let x = stage.minX + 4 + CGFloat(index) * (width + 4)
            let tile = CALayer.filled(
                CGRect(x: x, y: stage.minY + 10, width: width, height: max(stage.height - 40, 1)),
                CGColor(red: 0.98, green: 0.55, blue: 0.1, alpha: 0.85))
            tile.cornerRadius = 6
            tile.name = "blend-\(mode.label)"
            tile.compositingFilter = mode.filter
            panel.addSublayer(tile)
            let label = caption(mode.label, width: width + 20)
            label.name = "label-\(mode.label)"
            label.fontSize = 9
            label.alignmentMode = .center
            label.frame = CGRect(x: x - 4, y: stage.maxY - 16, width: width + 8, height: 14)
            panel.addSublayer(label)
        }
    }

    static func addFilters(to panel: CALayer) {
        let stage = stage(of: panel)
        let width = (stage.width - 10) / 2
        let blurred = picture(CGRect(x: stage.minX, y: stage.minY, width: width, height: stage.height))
        blurred.name = "filter-blur"
        addAnimatedFilter(.gaussianBlur, named: "blur", input: "inputRadius", from: 0, to: 12, duration: 2, to: blurred)
        let saturated = picture(CGRect(x: stage.minX + width + 10, y: stage.minY, width: width, height: stage.height))
        saturated.name = "filter-saturate"
        addAnimatedFilter(
            .colorSaturate, named: "saturate", input: "inputAmount", from: 0, to: 1.5, duration: 3, to: saturated)
        panel.addSublayer(blurred)
        panel.addSublayer(saturated)
    }

    /// Gives `layer` one filter of `type`, called `name`, whose `input` goes from `from` to `to`
    /// and back every `duration` seconds, endlessly, animated by key path on the render thread.
    static func addAnimatedFilter(
        _ type: CAFilter.FilterType, named name: String, input: String, from: Double, to: Double,
        duration: CFTimeInterval, to layer: CALayer
    ) {
        let filter = CAFilter(type: type)
        filter.name = name
        filter.setValue(from, forKey: input)
        layer.filters = [filter]
        layer.add(
            CABasicAnimation.backAndForth("filters.\(name).\(input)", from: from, to: to, duration: duration),
            forKey: name)
    }

    static func addGlass(to panel: CALayer) {
        let stage = stage(of: panel)
        let content = CALayer.filled(stage, nil)
        content.name = "glass-content"
        content.masksToBounds = true
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple, Palette.ink]
        let stripe: CGFloat = 24
        let stripes = CALayer()
        stripes.frame = CGRect(
            x: 0, y: 0, width: stage.width + CGFloat(colors.count * 2) * stripe, height: stage.height)
        for index in 0..<Int(stripes.bounds.width / stripe) {
            stripes.addSublayer(
                CALayer.filled(
                    CGRect(x: CGFloat(index) * stripe, y: 0, width: stripe, height: stage.height),
                    colors[index % colors.count]))
        }
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = stripes.position.x
        slide.toValue = stripes.position.x - CGFloat(colors.count) * stripe
        slide.duration = 4
        slide.repeatCount = .infinity
        stripes.add(slide, forKey: "slide")
        content.addSublayer(stripes)
        panel.addSublayer(content)

        let glass = CALayer.filled(
            CGRect(
                x: stage.midX - stage.width / 4, y: stage.minY + 14, width: stage.width / 2, height: stage.height - 28),
            CGColor(gray: 1, alpha: 0.35))
        glass.name = "glass"
        glass.cornerRadius = 14
        glass.borderWidth = 1
        glass.borderColor = CGColor(gray: 1, alpha: 0.8)
        let frost = CAFilter(type: .gaussianBlur)
        frost.setValue(8, forKey: "inputRadius")
        glass.backgroundFilters = [frost]
        panel.addSublayer(glass)
    }
}
