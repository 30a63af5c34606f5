import Foundation
import SceneCore

/// The application benchmark (issue 36): a feed of cards in a `CAScrollLayer` scrolled by one
/// render-thread animation at `pointsPerSecond`. Each card is what a real list shows: a white
/// rounded rectangle casting a shadow from its `shadowPath`, a 64x64 picture, a title, two
/// wrapped lines of text and a small gradient badge. `--layers N` sets the number of cards
/// (1,000 by default); `Benchmarks/peers/qtquick-feed.qml` is the same list in Qt Quick.
enum FeedScene {
    static let cardHeight: CGFloat = 104
    /// Space between cards, and between the cards and the window's sides.
    static let spacing: CGFloat = 16
    static let pointsPerSecond: CGFloat = 2000
    /// Cards are at most this wide, centred (a feed's column).
    static let maximumCardWidth: CGFloat = 720
    static let cornerRadius: CGFloat = 12
    static let pictureSide = 64
    /// How many different pictures the cards cycle through.
    static let pictureCount = 8
    /// The key of the scroll animation on the list.
    static let scrollKey = "feed"

    static func make(_ options: SceneOptions) -> CALayer {
        let size = options.size
        let cards = options.layers
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let list = CAScrollLayer()
        list.name = "list"
        list.scrollMode = .vertically
        list.frame = root.bounds
        let content = CALayer()
        content.name = "content"
        let stride = cardHeight + spacing
        content.frame = CGRect(x: 0, y: 0, width: size.width, height: CGFloat(cards) * stride + spacing)
        let width = min(max(size.width - 2 * spacing, 1), maximumCardWidth)
        for index in 0..<cards {
            let card = card(index, width: width)
            card.position = CGPoint(x: size.width / 2, y: spacing + CGFloat(index) * stride + cardHeight / 2)
            content.addSublayer(card)
        }
        list.addSublayer(content)
        root.addSublayer(list)
        let distance = max(content.frame.height - size.height, 0)
        if distance > 0 {
            let scroll = CABasicAnimation(keyPath: "bounds.origin.y")
            scroll.fromValue = 0
            scroll.toValue = distance
            scroll.duration = Double(distance / pointsPerSecond)
            scroll.repeatCount = .infinity
            list.add(scroll, forKey: scrollKey)
        }
        return root
    }

    /// Card `index`, `width` points wide, centred on its position.
    static func card(_ index: Int, width: CGFloat) -> CALayer {
        let card = CALayer()
        card.name = "card-\(index)"
        card.bounds = CGRect(x: 0, y: 0, width: width, height: cardHeight)
        card.backgroundColor = .white
        card.cornerRadius = cornerRadius
        card.shadowPath = CGPath(
            roundedRect: card.bounds, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
        card.shadowOpacity = 0.25
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 0, height: 3)

        let picture = CALayer()
        picture.frame = CGRect(x: 20, y: 20, width: CGFloat(pictureSide), height: CGFloat(pictureSide))
        picture.contents = pictures[index % pictures.count]
        card.addSublayer(picture)

        let textWidth = max(width - 220, 1)
        let title = text("Card \(index + 1): \(titles[index % titles.count])", size: 17, height: 24)
        title.frame = CGRect(x: 104, y: 16, width: textWidth, height: 24)
        title.font = "DejaVu Sans Bold"
        card.addSublayer(title)

        let body = text(bodies[index % bodies.count], size: 13, height: 40)
        body.frame = CGRect(x: 104, y: 46, width: textWidth, height: 40)
        body.isWrapped = true
        body.foregroundColor = CGColor(red: 0.3, green: 0.3, blue: 0.35, alpha: 1)
        card.addSublayer(body)

        let badge = CAGradientLayer()
        badge.frame = CGRect(x: width - 84, y: 18, width: 64, height: 24)
        badge.cornerRadius = 12
        badge.colors = [Palette.blue, Palette.purple]
        badge.startPoint = CGPoint(x: 0, y: 0.5)
        badge.endPoint = CGPoint(x: 1, y: 0.5)
        card.addSublayer(badge)
        return card
    }

    /// A text layer in the ink colour at `size` points, drawn at two pixels a point.
    private static func text(_ string: String, size: CGFloat, height: CGFloat) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = size
        layer.foregroundColor = Palette.ink
        layer.contentsScale = 2
        layer.truncationMode = .end
        return layer
    }

    static let titles = [
        "Morning run", "Release notes", "Team lunch", "Build is green", "New photos", "Weekly report",
        "Design review", "Travel plans",
    ]

    static let bodies = [
        "Five kilometres along the river before work, with a stop at the bakery on the way back home.",
        "Layers now scroll at display rate on every machine we tried; the notes list every change since.",
        "Noodles at the corner place on Thursday at noon. Reply if you are coming so we book a table.",
        "All two thousand tests pass on both machines, and the sanitizers found nothing new this time.",
        "Twelve new pictures from the weekend in the hills, the lake at sunset and the old stone bridge.",
        "Frame times went down again this week, and the memory a layer needs is below three kilobytes.",
        "Wednesday at three in the large room: the new list design, its colours and its animations.",
        "Trains booked for the conference in March; the hotel is five minutes from the venue on foot.",
    ]

    /// The cards' 64x64 pictures: a disc over a diagonal gradient, in a different colour each.
    static let pictures: [CGImage] = (0..<pictureCount).map { index in
        let side = pictureSide
        let hue = Double(index) / Double(pictureCount)
        let (r, g, b) = rgb(hue: hue)
        var pixels = [UInt8]()
        pixels.reserveCapacity(side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let t = Double(x + y) / Double(2 * side)
                let dx = Double(x) - 31.5
                let dy = Double(y) - 26
                let inDisc = dx * dx + dy * dy < 18 * 18 || (y > 44 && dx * dx < Double((y - 40) * (y - 40)) * 1.2)
                let shade = inDisc ? 1.0 : 0.55 + 0.35 * t
                pixels += [r, g, b].map { UInt8(min(255, Double($0) * shade + (inDisc ? 60 : 0))) } + [255]
            }
        }
        return CGImage(rgbaPixels: pixels, width: side, height: side)!
    }

    /// A saturated colour of `hue` (0...1) as bytes.
    private static func rgb(hue: Double) -> (UInt8, UInt8, UInt8) {
        func channel(_ offset: Double) -> UInt8 {
            let k: Double = (hue * 6 + offset).truncatingRemainder(dividingBy: 6)
            let level: Double = 0.85 - 0.6 * max(min(k, 4 - k, 1), 0)
            return UInt8(255 * level)
        }
        return (channel(5), channel(3), channel(1))
    }
}
