import Foundation
import SceneCore

/// Layout following the window: a header bar and a corner badge placed by `autoresizingMask`;
/// a card area that autoresizes and whose delegate flows its cards into rows, so that a window
/// resize reflows them (the moves animate implicitly, as layout changes do in Core Animation);
/// and the programming guide's constraint example in a panel on the right: layerA centred,
/// layerB below it sharing its width and ending 10 points above the panel's bottom.
enum LayoutScene {
    static let cardCount = 12
    static let cardSize = CGSize(width: 120, height: 80)
    static let gap: CGFloat = 16

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let header = CALayer.filled(CGRect(x: 0, y: 0, width: size.width, height: 40), Palette.ink)
        header.name = "header"
        header.autoresizingMask = .layerWidthSizable
        root.addSublayer(header)

        let badge = CALayer.filled(
            CGRect(x: size.width - 60, y: size.height - 60, width: 40, height: 40), Palette.orange)
        badge.name = "badge"
        badge.cornerRadius = 20
        badge.autoresizingMask = [.layerMinXMargin, .layerMinYMargin]
        root.addSublayer(badge)

        let area = CALayer()
        area.frame = CGRect(x: 20, y: 60, width: size.width - 340, height: size.height - 80)
        area.name = "cards"
        area.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        area.delegate = flow
        for index in 0..<cardCount {
            let card = CALayer.filled(
                CGRect(origin: .zero, size: cardSize), index % 2 == 0 ? Palette.blue : Palette.green)
            card.name = "card-\(index)"
            card.cornerRadius = 8
            area.addSublayer(card)
        }
        root.addSublayer(area)
        root.addSublayer(constraintPanel(CGRect(x: size.width - 300, y: 60, width: 220, height: size.height - 140)))
        return root
    }

    /// The guide's example under a `CAConstraintLayoutManager`: layerA (100x50) centred in the
    /// panel; layerB as wide as layerA, centred under it 10 points below, down to 10 points
    /// above the panel's bottom.
    static func constraintPanel(_ frame: CGRect) -> CALayer {
        let panel = CALayer.filled(frame, .white)
        panel.name = "constraints"
        panel.cornerRadius = 10
        panel.autoresizingMask = [.layerMinXMargin, .layerHeightSizable]
        panel.layoutManager = CAConstraintLayoutManager()
        let a = CALayer.filled(CGRect(x: 0, y: 0, width: 100, height: 50), Palette.purple)
        a.name = "layerA"
        a.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        a.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        let b = CALayer.filled(CGRect(x: 0, y: 0, width: 100, height: 20), Palette.orange)
        b.name = "layerB"
        b.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        b.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        b.addConstraint(CAConstraint(attribute: .minY, relativeTo: "layerA", attribute: .maxY, offset: 10))
        b.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10))
        panel.addSublayer(a)
        panel.addSublayer(b)
        return panel
    }

    /// Places the cards of a layer in rows, left to right, wrapping at its width.
    final class FlowLayout: CALayerDelegate, @unchecked Sendable {
        func layoutSublayers(of layer: CALayer) {
            let columns = max(1, Int((layer.bounds.width + gap) / (cardSize.width + gap)))
            for (index, card) in (layer.sublayers ?? []).enumerated() {
                card.frame = LayoutScene.cardFrame(index, columns: columns)
            }
        }
    }

    /// Card `index`'s frame when `columns` fit in a row.
    static func cardFrame(_ index: Int, columns: Int) -> CGRect {
        CGRect(
            x: CGFloat(index % columns) * (cardSize.width + gap), y: CGFloat(index / columns) * (cardSize.height + gap),
            width: cardSize.width, height: cardSize.height)
    }

    /// Held for the life of the process: layers hold their delegates weakly.
    static let flow = FlowLayout()
}
