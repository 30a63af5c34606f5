import Foundation
import Testing

@testable import SceneCore

/// The layer tree operations (Apple's CALayer documentation"Tree operations").
@Suite struct LayerHierarchyTests {
    private func named(_ names: String...) -> [CALayer] {
        names.map { name in
            let layer = CALayer()
            layer.name = name
            return layer
        }
    }

    private func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    @Test func addSublayerAppendsAndSetsTheSuperlayer() {
        let parent = CALayer()
        let children = named("a", "b", "c")
        for child in children { parent.addSublayer(child) }
        #expect(names(parent) == ["a", "b", "c"])
        #expect(children.allSatisfy { $0.superlayer === parent })
    }

    @Test func insertSublayerAtIndex() {
        let parent = CALayer()
        let (a, b, c, d) = {
            let l = named("a", "b", "c", "d")
            return (l[0], l[1], l[2], l[3])
        }()
        parent.insertSublayer(a, at: 0)
        parent.insertSublayer(b, at: 0)
        parent.insertSublayer(c, at: 1)
        #expect(names(parent) == ["b", "c", "a"])
        // An index past the end appends.
        parent.insertSublayer(d, at: 99)
        #expect(names(parent) == ["b", "c", "a", "d"])
        #expect(d.superlayer === parent)
    }

    @Test func insertSublayerBelowAndAbove() {
        let parent = CALayer()
        let l = named("a", "b", "c", "d")
        parent.addSublayer(l[0])
        parent.addSublayer(l[1])
        parent.insertSublayer(l[2], below: l[1])
        #expect(names(parent) == ["a", "c", "b"])
        parent.insertSublayer(l[3], above: l[0])
        #expect(names(parent) == ["a", "d", "c", "b"])
    }

    @Test func insertingAnExistingSublayerMovesIt() {
        let parent = CALayer()
        let l = named("a", "b", "c")
        for layer in l { parent.addSublayer(layer) }
        parent.insertSublayer(l[0], above: l[2])
        #expect(names(parent) == ["b", "c", "a"])
        parent.insertSublayer(l[0], below: l[1])
        #expect(names(parent) == ["a", "b", "c"])
        parent.insertSublayer(l[2], at: 0)
        #expect(names(parent) == ["c", "a", "b"])
        // Adding again moves it to the top.
        parent.addSublayer(l[2])
        #expect(names(parent) == ["a", "b", "c"])
    }

    @Test func addingALayerWithAnotherSuperlayerMovesIt() {
        let old = CALayer()
        let new = CALayer()
        let l = named("a", "b")
        old.addSublayer(l[0])
        old.addSublayer(l[1])
        new.addSublayer(l[0])
        #expect(names(old) == ["b"])
        #expect(names(new) == ["a"])
        #expect(l[0].superlayer === new)
    }

    @Test func replaceSublayerPutsTheNewLayerInTheOldOnesPlace() {
        let parent = CALayer()
        let l = named("a", "b", "c", "x")
        for layer in l.prefix(3) { parent.addSublayer(layer) }
        parent.replaceSublayer(l[1], with: l[3])
        #expect(names(parent) == ["a", "x", "c"])
        #expect(l[1].superlayer == nil)
        #expect(l[3].superlayer === parent)
    }

    @Test func replaceSublayerTakesTheNewLayerFromItsOldSuperlayer() {
        let parent = CALayer()
        let other = CALayer()
        let l = named("a", "b", "x")
        parent.addSublayer(l[0])
        parent.addSublayer(l[1])
        other.addSublayer(l[2])
        parent.replaceSublayer(l[0], with: l[2])
        #expect(names(parent) == ["x", "b"])
        #expect(other.sublayers == nil, "a layer with no sublayers answers nil")
    }

    @Test func removeFromSuperlayer() {
        let parent = CALayer()
        let l = named("a", "b")
        parent.addSublayer(l[0])
        parent.addSublayer(l[1])
        l[0].removeFromSuperlayer()
        #expect(names(parent) == ["b"])
        #expect(l[0].superlayer == nil)
        // Removing a layer that has no superlayer does nothing.
        l[0].removeFromSuperlayer()
        #expect(names(parent) == ["b"])
    }

    @Test func removeFromSuperlayerClearsAMask() {
        let owner = CALayer()
        let mask = CALayer()
        owner.mask = mask
        #expect(owner.mask === mask)
        mask.removeFromSuperlayer()
        #expect(owner.mask == nil)
    }

    @Test func aMaskIsTakenFromItsSuperlayer() {
        let parent = CALayer()
        let owner = CALayer()
        let mask = CALayer()
        parent.addSublayer(mask)
        owner.mask = mask
        #expect(owner.mask === mask)
        #expect(parent.sublayers == nil)
        #expect(mask.superlayer === owner, "a mask's superlayer is the layer it masks")
        owner.mask = nil
        #expect(mask.superlayer == nil)
    }

    @Test func sublayersIsNilWheneverThereAreNone() {
        let parent = CALayer()
        #expect(parent.sublayers == nil)
        parent.sublayers = []
        #expect(parent.sublayers == nil)
        let child = CALayer()
        parent.addSublayer(child)
        #expect(parent.sublayers?.count == 1)
        child.removeFromSuperlayer()
        #expect(parent.sublayers == nil)
    }

    @Test func contentsAreFlippedIsTheExclusiveOrOverTheLayerAndItsAncestors() {
        let detached = CALayer()
        detached.isGeometryFlipped = true
        #expect(detached.contentsAreFlipped())
        let root = CALayer()
        root.isGeometryFlipped = true
        root.addSublayer(detached)
        #expect(!detached.contentsAreFlipped(), "two flips cancel")
        detached.isGeometryFlipped = false
        #expect(detached.contentsAreFlipped())
    }

    @Test func aLayerIsMaskOfOneLayerAtATime() {
        let first = CALayer()
        let second = CALayer()
        let mask = CALayer()
        first.mask = mask
        second.mask = mask
        #expect(first.mask == nil)
        #expect(second.mask === mask)
        mask.removeFromSuperlayer()
        #expect(second.mask == nil)
    }

    @Test func sublayersSetterAdoptsNewLayersAndReleasesRemovedOnes() {
        let parent = CALayer()
        let elsewhere = CALayer()
        let l = named("a", "b", "c")
        parent.addSublayer(l[0])
        parent.addSublayer(l[1])
        elsewhere.addSublayer(l[2])
        parent.sublayers = [l[2], l[0]]
        #expect(names(parent) == ["c", "a"])
        #expect(l[2].superlayer === parent)
        #expect(l[0].superlayer === parent)
        #expect(l[1].superlayer == nil)
        #expect(elsewhere.sublayers == nil)
    }

    /// A layer listed more than once appears once, at its last position, as adding it again
    /// would move it; every other layer keeps its place and its superlayer.
    @Test func sublayersSetterKeepsEachLayerOnceAtItsLastPosition() {
        let parent = CALayer()
        let elsewhere = CALayer()
        let l = named("a", "b", "c", "d")
        parent.addSublayer(l[3])
        elsewhere.addSublayer(l[1])
        parent.sublayers = [l[0], l[0], l[0]]
        #expect(names(parent) == ["a"])
        #expect(l[0].superlayer === parent)
        #expect(l[3].superlayer == nil)
        parent.sublayers = [l[0], l[1], l[2], l[0], l[1], l[2], l[1]]
        #expect(names(parent) == ["a", "c", "b"])
        #expect(l[0...2].allSatisfy { $0.superlayer === parent })
        #expect(elsewhere.sublayers == nil)
        l[2].removeFromSuperlayer()
        #expect(names(parent) == ["a", "b"])
        parent.addSublayer(l[0])
        #expect(names(parent) == ["b", "a"])
    }

    /// `sublayers` hands out a copy: changing the tree afterwards leaves a kept array as it was.
    @Test func aKeptSublayersArrayDoesNotChangeWithTheTree() {
        let parent = CALayer()
        let l = named("a", "b", "c")
        parent.sublayers = l
        let kept = parent.sublayers!
        l[1].removeFromSuperlayer()
        parent.addSublayer(l[0])
        #expect(kept.map { $0.name } == ["a", "b", "c"])
        #expect(names(parent) == ["c", "a"])
        #expect(parent.sublayers! == parent.sublayers!)
    }

    @Test func sublayersSetToNilClearsEverySuperlayer() {
        let parent = CALayer()
        let l = named("a", "b")
        parent.sublayers = l
        #expect(names(parent) == ["a", "b"])
        parent.sublayers = nil
        #expect(parent.sublayers == nil)
        #expect(l.allSatisfy { $0.superlayer == nil })
    }

    @Test func aLayerAddedToItselfIsRefused() {
        let layer = CALayer()
        layer.name = LayerTest.uniqueName("self")
        layer.addSublayer(layer)
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer == nil)
        #expect(LayerTest.reported("own subtree", layer.name!))
    }

    @Test func aLayerAddedToItsOwnDescendantIsRefused() {
        let root = CALayer()
        let child = CALayer()
        let grandchild = CALayer()
        root.name = LayerTest.uniqueName("root")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        grandchild.addSublayer(root)
        #expect(root.superlayer == nil)
        #expect(grandchild.sublayers == nil)
        #expect(root.sublayers?.count == 1 && child.superlayer === root && grandchild.superlayer === child)
        #expect(LayerTest.reported("addSublayer", "own subtree", root.name!))
    }

    @Test func everyInsertionPathRefusesACycle() {
        let root = CALayer()
        let child = CALayer()
        let other = CALayer()
        root.name = LayerTest.uniqueName("cycle")
        root.addSublayer(child)
        child.addSublayer(other)
        child.insertSublayer(root, at: 0)
        child.insertSublayer(root, below: other)
        child.insertSublayer(root, above: other)
        child.replaceSublayer(other, with: root)
        child.sublayers = [other, root]
        child.mask = root
        #expect(child.sublayers?.count == 1 && child.sublayers?.first === other)
        #expect(child.mask == nil)
        #expect(root.superlayer == nil && child.superlayer === root && other.superlayer === child)
        for operation in [
            "insertSublayer(_:at:)", "insertSublayer(_:below:)", "insertSublayer(_:above:)",
            "replaceSublayer", "sublayers", "mask",
        ] {
            #expect(LayerTest.reported("CALayer.\(operation):", root.name!))
        }
    }

    @Test func aLayerCannotBecomeASublayerOfItsOwnMask() {
        let owner = CALayer()
        let mask = CALayer()
        owner.name = LayerTest.uniqueName("mask-cycle")
        owner.mask = mask
        mask.addSublayer(owner)
        #expect(mask.sublayers == nil)
        #expect(owner.superlayer == nil)
        #expect(LayerTest.reported("own subtree", owner.name!))
    }
}
