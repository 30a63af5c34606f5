import Foundation
import Testing

@testable import SceneCore

/// `debugDescription`: a layer's tree as text, one layer a line, for reading a tree in a
/// debugger as the view debugger's recursive description shows one.
@Suite struct LayerTreeDescriptionTests {
    @Test func theTreeIsListedOneLayerALineIndentedByDepthWithMasksMarked() {
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let card = CAShapeLayer()
        card.name = "card"
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        card.opacity = 0.5
        let label = CATextLayer()
        label.frame = CGRect(x: 2, y: 2, width: 20, height: 10)
        label.isHidden = true
        let mask = CALayer()
        mask.frame = card.bounds
        let badge = CALayer()
        badge.frame = CGRect(x: 60, y: 10, width: 8, height: 8)
        card.addSublayer(label)
        card.mask = mask
        root.addSublayer(card)
        root.addSublayer(badge)
        #expect(
            root.debugDescription == """
                \(root.description)
                  \(card.description) opacity=0.5
                    \(label.description) hidden
                    mask: \(mask.description)
                  \(badge.description)
                """)
        #expect(label.debugDescription == "\(label.description) hidden")
        #expect(card.description.hasPrefix("<CAShapeLayer \"card\" "))
    }

    /// A chain 10,000 deep is listed without recursion.
    @Test func aDeepChainIsListed() {
        let root = CALayer()
        var last = root
        for _ in 0..<10_000 {
            let next = CALayer()
            last.addSublayer(next)
            last = next
        }
        let lines = root.debugDescription.split(separator: "\n")
        #expect(lines.count == 10_001)
        #expect(lines.last?.prefix(20_000).allSatisfy { $0 == " " } == true)
    }
}
