import Foundation
import Testing

@testable import SceneCore

/// `CAConstraint` and `CAConstraintLayoutManager` (Apple's CAConstraint documentation and what was
/// measured on Core Animation), checked with exact frames computed by hand. Coordinates are
/// y-down: minY is the top edge, maxY the bottom.
@Suite struct ConstraintLayoutTests {
    private let manager = CAConstraintLayoutManager()

    private func superlayer(_ bounds: CGRect = CGRect(x: 0, y: 0, width: 300, height: 200)) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        return layer
    }

    private func sublayer(_ name: String, _ frame: CGRect, in parent: CALayer, _ constraints: [CAConstraint]) -> CALayer
    {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        for constraint in constraints { layer.addConstraint(constraint) }
        parent.addSublayer(layer)
        return layer
    }

    private func c(
        _ attribute: CAConstraintAttribute, _ source: String, _ sourceAttribute: CAConstraintAttribute,
        scale: CGFloat = 1, offset: CGFloat = 0
    ) -> CAConstraint {
        CAConstraint(attribute: attribute, relativeTo: source, attribute: sourceAttribute, scale: scale, offset: offset)
    }

    @Test func attributeRawValuesAreCoreAnimations() {
        let expected: [(CAConstraintAttribute, Int32)] = [
            (.minX, 0), (.midX, 1), (.maxX, 2), (.width, 3), (.minY, 4), (.midY, 5), (.maxY, 6), (.height, 7),
        ]
        for (attribute, raw) in expected {
            #expect(attribute.rawValue == raw)
            #expect(CAConstraintAttribute(rawValue: raw) == attribute)
        }
        #expect(CAConstraintAttribute(rawValue: 8) == nil)
    }

    @Test func initialisersStoreTheirArgumentsWithScaleOneAndOffsetZeroByDefault() {
        let full = CAConstraint(attribute: .maxY, relativeTo: "a", attribute: .minY, scale: 2, offset: -3)
        #expect(full.attribute == .maxY && full.sourceName == "a" && full.sourceAttribute == .minY)
        #expect(full.scale == 2 && full.offset == -3)
        let withOffset = CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .height, offset: 4)
        #expect(withOffset.scale == 1 && withOffset.offset == 4)
        let plain = CAConstraint(attribute: .midX, relativeTo: "b", attribute: .midX)
        #expect(plain.scale == 1 && plain.offset == 0)
    }

    @Test func nonFiniteScaleAndOffsetAreRefused() {
        let (constraint, messages) = Diagnostics.capturing {
            CAConstraint(attribute: .minX, relativeTo: "nanSource", attribute: .minX, scale: .nan, offset: .infinity)
        }
        #expect(constraint.scale == 1 && constraint.offset == 0)
        #expect(messages.contains { $0.contains("refused non-finite scale") })
        #expect(messages.contains { $0.contains("refused non-finite offset") })
    }

    @Test func constraintsAreStoredUnderTheConstraintsKey() {
        let layer = CALayer()
        #expect(layer.constraints == nil)
        let first = c(.minX, "superlayer", .minX)
        let second = c(.maxY, "superlayer", .maxY)
        layer.addConstraint(first)
        layer.addConstraint(second)
        #expect(layer.constraints?.map { ObjectIdentifier($0) } == [ObjectIdentifier(first), ObjectIdentifier(second)])
        #expect((layer.value(forKey: "constraints") as? [CAConstraint])?.count == 2)
        layer.constraints = nil
        #expect(layer.value(forKey: "constraints") == nil)
    }

    @Test func layoutManagerClassFunctionAndPreferredSize() {
        let made: CAConstraintLayoutManager = CAConstraintLayoutManager.layoutManager()
        let layer = CALayer()
        layer.frame = CGRect(x: 5, y: 6, width: 70, height: 30)
        #expect(made.preferredSize(of: layer) == CGSize(width: 70, height: 30))
    }

    /// The programming guide's example: layerA centred in its superlayer; layerB below it with
    /// A's width and centre, its top 10 points below A and its bottom 10 points above the
    /// superlayer's bottom.
    @Test func programmingGuideExample() {
        let root = superlayer()
        let a = sublayer(
            "layerA", CGRect(x: 0, y: 0, width: 100, height: 50), in: root,
            [
                c(.midX, "superlayer", .midX), c(.midY, "superlayer", .midY),
            ])
        let b = sublayer(
            "layerB", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.width, "layerA", .width), c(.midX, "layerA", .midX),
                c(.minY, "layerA", .maxY, offset: 10), c(.maxY, "superlayer", .maxY, offset: -10),
            ])
        manager.layoutSublayers(of: root)
        // A: centred in 300x200 with its own 100x50 size.
        #expect(a.frame == CGRect(x: 100, y: 75, width: 100, height: 50))
        // B: x from A (width 100 about midX 150); y from A.maxY + 10 = 135 down to 200 - 10 = 190.
        #expect(b.frame == CGRect(x: 100, y: 135, width: 100, height: 55))
    }

    @Test func superlayerAttributesAreMeasuredInItsBounds() {
        let root = superlayer(CGRect(x: 50, y: 20, width: 300, height: 200))
        let layer = sublayer(
            "inBounds", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minX, "superlayer", .minX), c(.maxY, "superlayer", .maxY),
            ])
        manager.layoutSublayers(of: root)
        // minX = bounds.minX = 50; maxY = bounds.maxY = 220, so the top is 210.
        #expect(layer.frame == CGRect(x: 50, y: 210, width: 10, height: 10))
    }

    @Test func leftAndRightSetTheWidth() {
        let root = superlayer()
        let layer = sublayer(
            "leftRight", CGRect(x: 0, y: 0, width: 10, height: 20), in: root,
            [
                c(.minX, "superlayer", .minX, offset: 20), c(.maxX, "superlayer", .maxX, offset: -30),
            ])
        manager.layoutSublayers(of: root)
        #expect(layer.frame == CGRect(x: 20, y: 0, width: 250, height: 20))
    }

    @Test func leftAndWidthMoveTheRightEdge() {
        let root = superlayer()
        // The source has a constraint on x, the axis it is read on, so it gives its frame.
        _ = sublayer(
            "anchorBox", CGRect(x: 0, y: 10, width: 50, height: 50), in: root,
            [c(.minX, "superlayer", .minX, offset: 10)])
        let layer = sublayer(
            "follower", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minX, "anchorBox", .maxX, offset: 5), c(.width, "anchorBox", .width, scale: 2),
            ])
        manager.layoutSublayers(of: root)
        // minX = 60 + 5 = 65, width = 2 * 50 = 100, so the right edge is at 165.
        #expect(layer.frame == CGRect(x: 65, y: 0, width: 100, height: 10))
    }

    @Test func topAndBottomInYDownCoordinates() {
        let root = superlayer()
        let layer = sublayer(
            "topBottom", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minY, "superlayer", .minY, offset: 15), c(.maxY, "superlayer", .maxY, offset: -25),
            ])
        manager.layoutSublayers(of: root)
        #expect(layer.frame == CGRect(x: 0, y: 15, width: 10, height: 160))
    }

    @Test func everyPairOfAttributesOnOneAxis() {
        // Each pair sets x = 40...100 (midX 70, width 60) in its own way.
        let pairs: [(CAConstraintAttribute, CGFloat, CAConstraintAttribute, CGFloat)] = [
            (.minX, 40, .midX, 70), (.minX, 40, .maxX, 100), (.minX, 40, .width, 60),
            (.midX, 70, .maxX, 100), (.midX, 70, .width, 60), (.maxX, 100, .width, 60),
        ]
        for (first, firstValue, second, secondValue) in pairs {
            let root = superlayer()
            // scale 0 makes the value a constant.
            let layer = sublayer(
                "pair", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
                [
                    c(second, "superlayer", .width, scale: 0, offset: secondValue),
                    c(first, "superlayer", .width, scale: 0, offset: firstValue),
                ])
            manager.layoutSublayers(of: root)
            #expect(layer.frame == CGRect(x: 40, y: 0, width: 60, height: 10), "\(first) + \(second)")
        }
    }

    @Test func aSinglePositionConstraintMovesTheLayerKeepingItsSize() {
        let root = superlayer()
        let byMin = sublayer(
            "byMin", CGRect(x: 1, y: 2, width: 30, height: 40), in: root, [c(.minX, "superlayer", .midX)])
        let byMid = sublayer(
            "byMid", CGRect(x: 1, y: 2, width: 30, height: 40), in: root, [c(.midY, "superlayer", .midY)])
        let byMax = sublayer(
            "byMax", CGRect(x: 1, y: 2, width: 30, height: 40), in: root, [c(.maxX, "superlayer", .maxX)])
        manager.layoutSublayers(of: root)
        #expect(byMin.frame == CGRect(x: 150, y: 2, width: 30, height: 40))
        #expect(byMid.frame == CGRect(x: 1, y: 80, width: 30, height: 40))
        #expect(byMax.frame == CGRect(x: 270, y: 2, width: 30, height: 40))
    }

    @Test func aSizeAloneLeavesItsAxisAlone() {
        let root = superlayer()
        let layer = sublayer(
            "sizeOnly", CGRect(x: 10, y: 10, width: 20, height: 20), in: root,
            [
                c(.width, "superlayer", .width, scale: 0.5, offset: 10),
                c(.height, "superlayer", .height, scale: 0.25, offset: -5),
            ])
        manager.layoutSublayers(of: root)
        #expect(layer.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func scaleAndOffsetApplyToTheSourceValue() {
        let root = superlayer()
        let layer = sublayer(
            "scaled", CGRect(x: 10, y: 10, width: 20, height: 20), in: root,
            [
                c(.width, "superlayer", .width, scale: 0.5, offset: 10), c(.minX, "superlayer", .midX, offset: -100),
                c(.height, "superlayer", .height, scale: 0.25, offset: -5),
                c(.midY, "superlayer", .height, scale: 0.5, offset: 2.5),
            ])
        manager.layoutSublayers(of: root)
        // width = 0.5 * 300 + 10 = 160 from x 150 - 100 = 50; height = 0.25 * 200 - 5 = 45 about y 102.5.
        #expect(layer.frame == CGRect(x: 50, y: 80, width: 160, height: 45))
    }

    @Test func aNegativeSizeBecomesZero() {
        let root = superlayer()
        let layer = sublayer(
            "inverted", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minX, "superlayer", .minX, offset: 100), c(.maxX, "superlayer", .minX, offset: 50),
            ])
        manager.layoutSublayers(of: root)
        #expect(layer.frame == CGRect(x: 100, y: 0, width: 0, height: 10))
    }

    @Test func dependencyChainDeclaredInReverseOrder() {
        let root = superlayer()
        // c depends on b, b on a, a on the superlayer; the sublayers are in the order c, b, a.
        let third = sublayer(
            "chainC", CGRect(x: 0, y: 0, width: 30, height: 10), in: root,
            [
                c(.minX, "chainB", .maxX, offset: 10), c(.minY, "chainB", .maxY, offset: 10),
            ])
        let second = sublayer(
            "chainB", CGRect(x: 0, y: 0, width: 20, height: 15), in: root,
            [
                c(.minX, "chainA", .maxX, offset: 10), c(.minY, "chainA", .minY),
            ])
        let first = sublayer(
            "chainA", CGRect(x: 0, y: 0, width: 20, height: 10), in: root,
            [
                c(.minX, "superlayer", .minX, offset: 10), c(.minY, "superlayer", .minY, offset: 10),
            ])
        manager.layoutSublayers(of: root)
        #expect(first.frame == CGRect(x: 10, y: 10, width: 20, height: 10))
        #expect(second.frame == CGRect(x: 40, y: 10, width: 20, height: 15))
        #expect(third.frame == CGRect(x: 70, y: 35, width: 30, height: 10))
    }

    @Test func dependenciesAcrossAxesAreNotCycles() {
        let root = superlayer()
        // A square: its height follows its own width.
        let square = sublayer(
            "square", CGRect(x: 0, y: 0, width: 40, height: 10), in: root,
            [
                c(.height, "square", .width), c(.minY, "superlayer", .minY), c(.minX, "superlayer", .minX, offset: 5),
            ])
        manager.layoutSublayers(of: root)
        #expect(square.frame == CGRect(x: 5, y: 0, width: 40, height: 40))
    }

    @Test func aCycleIsLeftAloneWithAWarning() {
        let root = superlayer()
        let p = sublayer("cycleP", CGRect(x: 1, y: 1, width: 10, height: 10), in: root, [c(.minX, "cycleQ", .maxX)])
        let q = sublayer("cycleQ", CGRect(x: 2, y: 2, width: 10, height: 10), in: root, [c(.minX, "cycleP", .maxX)])
        let dependent = sublayer(
            "cycleDependent", CGRect(x: 3, y: 3, width: 10, height: 10), in: root,
            [
                c(.minX, "cycleP", .minX), c(.minY, "superlayer", .minY, offset: 50),
            ])
        let free = sublayer(
            "cycleFree", CGRect(x: 4, y: 4, width: 10, height: 10), in: root, [c(.minX, "superlayer", .minX, offset: 5)]
        )
        let messages = Diagnostics.capturing { manager.layoutSublayers(of: root) }
        #expect(p.frame == CGRect(x: 1, y: 1, width: 10, height: 10))
        #expect(q.frame == CGRect(x: 2, y: 2, width: 10, height: 10))
        // Its x axis depends on the cycle and stays; its y axis does not and is laid out.
        #expect(dependent.frame == CGRect(x: 3, y: 50, width: 10, height: 10))
        #expect(free.frame == CGRect(x: 5, y: 4, width: 10, height: 10))
        #expect(
            messages.contains {
                $0.contains("cycleP, cycleQ, cycleDependent") && $0.contains("dependency cycle")
            })
    }

    @Test func aMissingSourceIsIgnoredWithAWarning() {
        let root = superlayer()
        let layer = sublayer(
            "orphan", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minX, "nobodyHere", .minX), c(.maxX, "superlayer", .maxX, offset: -7),
                c(.width, "superlayer", .width, scale: 0, offset: 20),
            ])
        let messages = Diagnostics.capturing { manager.layoutSublayers(of: root) }
        // The ignored constraint does not count: maxX and width are the two used.
        #expect(layer.frame == CGRect(x: 273, y: 0, width: 20, height: 10))
        #expect(messages.contains { $0.contains("orphan: no sibling named \"nobodyHere\"") })
    }

    /// Core Animation's measured rule in a 200-point-wide superlayer: the last constraint
    /// declared on the axis, paired with the lowest of the others (min < mid < max < size).
    @Test func moreThanTwoTheLastDecidesWithTheLowestOfTheOthers() {
        let root = superlayer(CGRect(x: 0, y: 0, width: 200, height: 100))
        // The last, width = 0.25 * 200 = 50, with minX = 0 (lower than maxX).
        let sized = sublayer(
            "lastIsWidth", CGRect(x: 7, y: 0, width: 10, height: 10), in: root,
            [
                c(.maxX, "superlayer", .maxX), c(.minX, "superlayer", .minX),
                c(.width, "superlayer", .width, scale: 0.25),
            ])
        // The last, midX = 100 - 30 = 70, with maxX = 200 (lower than width): width 2 * 130.
        let centred = sublayer(
            "lastIsMidX", CGRect(x: 7, y: 0, width: 10, height: 10), in: root,
            [
                c(.width, "superlayer", .width, scale: 0.25), c(.maxX, "superlayer", .maxX),
                c(.midX, "superlayer", .midX, offset: -30),
            ])
        // The last, minX = 0, with midX = 70 (lower than maxX): width 2 * 70.
        let left = sublayer(
            "lastIsMinX", CGRect(x: 7, y: 0, width: 10, height: 10), in: root,
            [
                c(.maxX, "superlayer", .maxX), c(.midX, "superlayer", .midX, offset: -30),
                c(.minX, "superlayer", .minX),
            ])
        // Of two equally low, the first declared: minY 5 (not 99) with the last, height 20.
        let repeated = sublayer(
            "lowestRepeated", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minY, "superlayer", .minY, offset: 5), c(.minY, "superlayer", .minY, offset: 99),
                c(.height, "superlayer", .height, scale: 0, offset: 20),
            ])
        let messages = Diagnostics.capturing { manager.layoutSublayers(of: root) }
        #expect(sized.frame == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(centred.frame == CGRect(x: -60, y: 0, width: 260, height: 10))
        #expect(left.frame == CGRect(x: 0, y: 0, width: 140, height: 10))
        #expect(repeated.frame == CGRect(x: 0, y: 5, width: 10, height: 20))
        #expect(
            messages.contains {
                $0.contains("lastIsWidth: 3 constraints on the x axis; using the last, width, and minX")
            })
        #expect(
            messages.contains {
                $0.contains("lowestRepeated: 3 constraints on the y axis; using the last, height, and minY")
            })
    }

    @Test func aPairNamingTheSameAttributeTwiceLeavesTheAxisAlone() {
        let root = superlayer()
        let twice = sublayer(
            "minXTwice", CGRect(x: 1, y: 2, width: 30, height: 40), in: root,
            [c(.minX, "superlayer", .minX, offset: 5), c(.minX, "superlayer", .minX, offset: 10)])
        // The last, maxY, pairs with the lowest of the others, the first maxY: the same attribute.
        let lastTwice = sublayer(
            "maxYTwice", CGRect(x: 1, y: 2, width: 30, height: 40), in: root,
            [
                c(.maxY, "superlayer", .maxY), c(.height, "superlayer", .height, scale: 0.5),
                c(.maxY, "superlayer", .midY),
            ])
        let messages = Diagnostics.capturing { manager.layoutSublayers(of: root) }
        #expect(twice.frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(lastTwice.frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(messages.contains { $0.contains("minXTwice: two constraints set minX; the x axis is left alone") })
        #expect(messages.contains { $0.contains("maxYTwice: two constraints set maxY; the y axis is left alone") })
    }

    @Test func aSiblingWithoutConstraintsOnTheAxisReadGivesNothing() {
        let root = superlayer()
        // Constrained on y only.
        let source = sublayer(
            "yOnly", CGRect(x: 10, y: 20, width: 50, height: 30), in: root, [c(.minY, "superlayer", .minY, offset: 40)])
        // x reads the source's x (unconstrained there): the x axis is left alone, even with a
        // second, usable constraint. y reads the source's y (constrained): it follows it.
        let dependent = sublayer(
            "readsYOnly", CGRect(x: 1, y: 2, width: 5, height: 6), in: root,
            [
                c(.minX, "yOnly", .maxX), c(.width, "superlayer", .width, scale: 0, offset: 20),
                c(.minY, "yOnly", .maxY, offset: 5),
            ])
        // y reads the source's x: nothing, so the y axis is left alone; x is laid out.
        let crossAxis = sublayer(
            "readsXForY", CGRect(x: 1, y: 2, width: 5, height: 6), in: root,
            [c(.minY, "yOnly", .maxX), c(.minX, "superlayer", .minX, offset: 3)])
        // An unconstrained sibling gives nothing on either axis.
        _ = sublayer("unconstrained", CGRect(x: 10, y: 20, width: 50, height: 30), in: root, [])
        let fromFree = sublayer(
            "readsFree", CGRect(x: 1, y: 2, width: 5, height: 6), in: root, [c(.midX, "unconstrained", .midX)])
        let messages = Diagnostics.capturing { manager.layoutSublayers(of: root) }
        #expect(source.frame == CGRect(x: 10, y: 40, width: 50, height: 30))
        #expect(dependent.frame == CGRect(x: 1, y: 75, width: 5, height: 6))
        #expect(crossAxis.frame == CGRect(x: 3, y: 2, width: 5, height: 6))
        #expect(fromFree.frame == CGRect(x: 1, y: 2, width: 5, height: 6))
        #expect(
            messages.contains {
                $0.contains(
                    "readsYOnly: reads yOnly.maxX, which has no constraints on the x axis; the x axis is left alone")
            })
        #expect(
            messages.contains { $0.contains("readsXForY: reads yOnly.maxX") && $0.contains("the y axis is left alone") }
        )
    }

    /// A layer's warnings are logged on the first layout pass and not again on the next ones,
    /// until its constraints are set anew.
    @Test func warningsAreLoggedOncePerLayer() {
        let root = superlayer()
        root.layoutManager = manager
        _ = sublayer("onceP", CGRect(x: 1, y: 1, width: 10, height: 10), in: root, [c(.minX, "onceQ", .maxX)])
        _ = sublayer("onceQ", CGRect(x: 2, y: 2, width: 10, height: 10), in: root, [c(.minX, "onceP", .maxX)])
        let orphan = sublayer(
            "onceOrphan", CGRect(x: 0, y: 0, width: 10, height: 10), in: root,
            [
                c(.minX, "nobodyHere", .minX), c(.minY, "superlayer", .minY), c(.maxY, "superlayer", .maxY),
                c(.height, "superlayer", .height),
            ])
        _ = sublayer("onceFree", CGRect(x: 0, y: 0, width: 10, height: 10), in: root, [])
        _ = sublayer(
            "onceReader", CGRect(x: 0, y: 0, width: 10, height: 10), in: root, [c(.minX, "onceFree", .minX)])
        let first = Diagnostics.capturing { root.layoutIfNeeded() }
        #expect(first.count == 4)
        #expect(first.contains { $0.contains("onceP, onceQ") && $0.contains("dependency cycle") })
        #expect(first.contains { $0.contains("onceOrphan: no sibling named \"nobodyHere\"") })
        #expect(first.contains { $0.contains("onceOrphan: 3 constraints on the y axis") })
        #expect(first.contains { $0.contains("onceReader: reads onceFree.minX") })
        for _ in 0..<2 {
            root.setNeedsLayout()
            let again = Diagnostics.capturing { root.layoutIfNeeded() }
            #expect(again.isEmpty, "a later layout pass logs nothing new: \(again)")
        }
        // New constraints on a layer are warned about again, once.
        let same = orphan.constraints
        orphan.constraints = same
        let renewed = Diagnostics.capturing { root.layoutIfNeeded() }
        #expect(renewed.count == 2 && renewed.allSatisfy { $0.contains("onceOrphan") })
    }

    @Test func unconstrainedSublayersAreLeftAlone() {
        let root = superlayer()
        let plain = sublayer("plain", CGRect(x: 7, y: 8, width: 9, height: 10), in: root, [])
        manager.layoutSublayers(of: root)
        #expect(plain.frame == CGRect(x: 7, y: 8, width: 9, height: 10))
    }
}
