import Foundation
import SceneCore

/// Rounded cards casting shadows: a row whose shadows are blurred from what the cards draw
/// (rounded backgrounds, a badge sticking out casts too) and a row whose shadows come from a
/// `shadowPath`, the fast path. Each card shows an image masked to a circle. One card's shadow
/// breathes (its radius, offset and opacity animate on the render thread), and another's
/// `shadowPath` spreads and settles (the path itself animates there). Across the top, a
/// frosted header (a translucent layer whose `backgroundFilters` blur what lies behind it)
/// floats over a strip of coloured chips that scrolls by on the render thread.
enum CardsScene {
    /// Height of the header band at the top.
    static let headerHeight: CGFloat = 56
    /// The caption shown under the cards.
    static let caption =
        "cards: shadows blurred from each card's alpha (top row) and from shadowPath (bottom row), images masked to circles"

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let columns = 4
        let margin: CGFloat = 24
        let captionHeight: CGFloat = 28
        let width = max((size.width - margin * CGFloat(columns + 1)) / CGFloat(columns), 1)
        let height = max((size.height - headerHeight - captionHeight - 3 * margin) / 2, 1)
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
        for row in 0..<2 {
            for column in 0..<columns {
                let frame = CGRect(
                    x: margin + CGFloat(column) * (width + margin),
                    y: headerHeight + margin + CGFloat(row) * (height + margin), width: width, height: height)
                let card = makeCard(frame, accent: colors[column], usesShadowPath: row == 1)
                card.name = "card-\(row)-\(column)"
                if row == 0 && column == 3 { card.addSublayer(badge(in: card.bounds)) }
                if row == 1 && column == 0 { card.add(breathing(), forKey: "breathe") }
                if row == 1 && column == 2 { card.add(spreading(card), forKey: "spread") }
                root.addSublayer(card)
            }
        }
        root.addSublayer(chipStrip(width: size.width))
        root.addSublayer(header(width: size.width))
        let text = CATextLayer()
        text.name = "caption"
        text.frame = CGRect(x: margin, y: size.height - captionHeight, width: size.width - 2 * margin, height: 20)
        text.fontSize = 13
        text.foregroundColor = Palette.ink
        text.contentsScale = 2
        text.string = caption
        root.addSublayer(text)
        return root
    }

    /// A white rounded card with a coloured band, a circular image and a shadow.
    static func makeCard(_ frame: CGRect, accent: CGColor, usesShadowPath: Bool) -> CALayer {
        let card = CALayer.filled(frame, CGColor(gray: 1, alpha: 1))
        card.cornerRadius = 16
        card.shadowColor = CGColor(gray: 0, alpha: 1)
        card.shadowOpacity = 0.35
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        if usesShadowPath {
            card.shadowPath = CGPath(
                roundedRect: card.bounds, cornerWidth: card.cornerRadius, cornerHeight: card.cornerRadius,
                transform: nil)
        }
        let band = CALayer.filled(CGRect(x: 0, y: 0, width: frame.width, height: frame.height * 0.3), accent)
        band.cornerRadius = 16
        band.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.addSublayer(band)

        let side = min(frame.width, frame.height) * 0.45
        let image = CALayer()
        image.frame = CGRect(x: (frame.width - side) / 2, y: frame.height * 0.3 - side / 2, width: side, height: side)
        image.contents = Palette.quadrants
        image.contentsGravity = .resizeAspectFill
        image.maskToCentredCircle()
        card.addSublayer(image)
        return card
    }

    /// Coloured chips under the header, twice the window wide, scrolling left by one window
    /// width every 8 s and starting over: content for the frosted header to blur.
    static func chipStrip(width: CGFloat) -> CALayer {
        let strip = CALayer()
        strip.name = "chips"
        strip.frame = CGRect(x: 0, y: 10, width: 2 * width, height: headerHeight - 20)
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
        let chipWidth: CGFloat = 90
        for index in 0..<Int(2 * width / (chipWidth + 20)) {
            let chip = CALayer.filled(
                CGRect(x: CGFloat(index) * (chipWidth + 20), y: 0, width: chipWidth, height: strip.bounds.height),
                colors[index % colors.count])
            chip.cornerRadius = strip.bounds.height / 2
            strip.addSublayer(chip)
        }
        let scroll = CABasicAnimation(keyPath: "position.x")
        scroll.byValue = -width
        scroll.duration = 8
        scroll.repeatCount = .infinity
        strip.add(scroll, forKey: "scroll")
        return strip
    }

    /// The frosted header: white at 55 % over what lies behind it blurred by 10 px, with a title.
    static func header(width: CGFloat) -> CALayer {
        let header = CALayer.filled(
            CGRect(x: 0, y: 0, width: width, height: headerHeight), CGColor(gray: 1, alpha: 0.55))
        header.name = "header"
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(10, forKey: "inputRadius")
        header.backgroundFilters = [blur]
        let title = CATextLayer()
        title.frame = CGRect(x: 24, y: 16, width: width - 48, height: 24)
        title.fontSize = 17
        title.foregroundColor = Palette.ink
        title.contentsScale = 2
        title.string = "Cards — a frosted header (backgroundFilters: gaussianBlur) over scrolling chips"
        header.addSublayer(title)
        return header
    }

    /// A round badge over the card's top-right corner: its shadow is part of the card's.
    static func badge(in bounds: CGRect) -> CALayer {
        let badge = CALayer.filled(CGRect(x: bounds.maxX - 22, y: -14, width: 36, height: 36), Palette.orange)
        badge.cornerRadius = 18
        badge.name = "badge"
        return badge
    }

    /// The card's shadow path widening by 10 px a side and dropping 8 px, then settling, every
    /// three seconds: two rounded rectangles with the same elements, blended point by point on
    /// the render thread.
    static func spreading(_ card: CALayer) -> CABasicAnimation {
        let spread = CABasicAnimation(keyPath: "shadowPath")
        spread.fromValue = card.shadowPath
        spread.toValue = CGPath(
            roundedRect: card.bounds.insetBy(dx: -10, dy: -4).offsetBy(dx: 0, dy: 8),
            cornerWidth: card.cornerRadius, cornerHeight: card.cornerRadius, transform: nil)
        spread.duration = 1.5
        spread.autoreverses = true
        spread.repeatCount = .infinity
        spread.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return spread
    }

    /// The shadow lifting and settling every two seconds, on the render thread.
    static func breathing() -> CAAnimationGroup {
        let radius = CABasicAnimation(keyPath: "shadowRadius")
        radius.toValue = 18
        let offset = CABasicAnimation(keyPath: "shadowOffset")
        offset.toValue = CGSize(width: 0, height: 16)
        let opacity = CABasicAnimation(keyPath: "shadowOpacity")
        opacity.toValue = 0.5
        // A group's animations run for their own duration (0.25 s when unset), not the group's.
        for animation in [radius, offset, opacity] { animation.duration = 1 }
        let group = CAAnimationGroup()
        group.animations = [radius, offset, opacity]
        group.duration = 1
        group.autoreverses = true
        group.repeatCount = .infinity
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return group
    }
}
