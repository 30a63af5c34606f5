import Foundation
import Testing

@testable import SceneCore

/// What a commit carries for each layer (the `LayerTreeCommit` contract).
///
/// Every test attaches its own sink; the distributor is process-wide, so the sink also sees
/// other tests' commits and every check looks only at this test's layer ids.
@Suite struct CommitEncodingTests {
    private func whole(_ layer: CALayer) -> [LayerField] {
        [.all(layer.state), .sublayers(layer.sublayerIDs), .mask(layer.mask?.layerID)]
    }

    @Test func theFirstCommitOfALayerCarriesEverything() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        let child = CALayer()
        let mask = CALayer()
        LayerTest.commitNow {
            layer.position = CGPoint(x: 10, y: 20)
            layer.opacity = 0.25
            layer.addSublayer(child)
            layer.mask = mask
        }
        #expect(
            sink.fields(of: layer.layerID) == [[.all(layer.state), .sublayers([child.layerID]), .mask(mask.layerID)]])
        #expect(sink.fields(of: child.layerID) == [[.all(child.state), .sublayers([]), .mask(nil)]])
        #expect(sink.fields(of: mask.layerID) == [whole(mask)])
        guard case .all(let state)? = sink.fields(of: layer.layerID).first?.first else {
            Issue.record("no whole-layer update")
            return
        }
        #expect(state.position == CGPoint(x: 10, y: 20) && state.opacity == 0.25)
    }

    @Test func afterwardsOnlyTheChangedFieldTravels() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow { layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let mark = sink.count
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 7, y: 8) }
        #expect(sink.fields(of: layer.layerID, since: mark) == [[.property(.point(CGPoint(x: 7, y: 8)), .position)]])
    }

    @Test func settingAnEqualValueCarriesNothing() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow {
            layer.position = CGPoint(x: 7, y: 8)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let mark = sink.count
        LayerTest.commitNow {
            layer.position = CGPoint(x: 7, y: 8)
            layer.opacity = 1
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.transform = CATransform3DIdentity
        }
        #expect(sink.fields(of: layer.layerID, since: mark).isEmpty)
        #expect(layer.pendingChanges.isEmpty)
    }

    @Test func severalChangesCarryExactlyThoseFields() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow { layer.opacity = 0.9 }
        let mark = sink.count
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        LayerTest.commitWithoutActions {
            layer.opacity = 0.5
            layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
            layer.zPosition = 3
            layer.backgroundColor = red
            layer.shadowRadius = 9
        }
        let fields = sink.fields(of: layer.layerID, since: mark)
        #expect(fields.count == 1)
        let carried = fields.first ?? []
        #expect(carried.count == 5)
        for expected: LayerField in [
            .property(.number(0.5), .opacity), .property(.rect(CGRect(x: 0, y: 0, width: 30, height: 40)), .bounds),
            .property(.number(3), .zPosition), .property(.color(red), .backgroundColor),
            .property(.number(9), .shadowRadius),
        ] {
            #expect(carried.contains(expected))
        }
    }

    @Test func timingAndContentsFieldsTravel() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow { layer.opacity = 0.9 }
        let mark = sink.count
        let image = CGImage(rgbaPixels: [255, 0, 0, 255], width: 1, height: 1)!
        // Without actions: the contents would fade in, and the animation travel too.
        LayerTest.commitWithoutActions {
            layer.speed = 2
            layer.contents = image
            layer.contentsGravity = .center
        }
        let carried = sink.fields(of: layer.layerID, since: mark).first ?? []
        #expect(carried.count == 3)
        #expect(carried.contains(.property(.number(2), .speed)))
        #expect(carried.contains(.property(.image(image), .contents)))
        #expect(carried.contains(.property(.name("center"), .contentsGravity)))
    }

    @Test func aStructuralChangeCarriesTheWholeSublayerList() {
        let sink = RecordingSink.attached()
        let parent = CALayer()
        let a = CALayer()
        let b = CALayer()
        let c = CALayer()
        LayerTest.commitNow {
            parent.addSublayer(a)
            parent.addSublayer(b)
        }
        var mark = sink.count
        LayerTest.commitNow { parent.addSublayer(c) }
        #expect(sink.fields(of: parent.layerID, since: mark) == [[.sublayers([a.layerID, b.layerID, c.layerID])]])
        #expect(sink.fields(of: c.layerID, since: mark) == [whole(c)])
        #expect(sink.fields(of: a.layerID, since: mark).isEmpty)
        mark = sink.count
        LayerTest.commitNow { b.removeFromSuperlayer() }
        #expect(sink.fields(of: parent.layerID, since: mark) == [[.sublayers([a.layerID, c.layerID])]])
        #expect(sink.fields(of: b.layerID, since: mark).isEmpty)
    }

    @Test func reorderingSublayersCarriesOnlyTheList() {
        let sink = RecordingSink.attached()
        let parent = CALayer()
        let a = CALayer()
        let b = CALayer()
        LayerTest.commitNow {
            parent.addSublayer(a)
            parent.addSublayer(b)
        }
        let mark = sink.count
        LayerTest.commitNow { parent.addSublayer(a) }  // bring to front
        #expect(sink.fields(of: parent.layerID, since: mark) == [[.sublayers([b.layerID, a.layerID])]])
        #expect(sink.fields(of: a.layerID, since: mark).isEmpty)
    }

    @Test func aNewSubtreeInsertedIntoACommittedTreeIsEncodedWhole() {
        let sink = RecordingSink.attached()
        let root = CALayer()
        LayerTest.commitNow { root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100) }
        let mark = sink.count
        let top = CALayer()
        let left = CALayer()
        let right = CALayer()
        let leaf = CALayer()
        let mask = CALayer()
        LayerTest.commitNow {
            top.addSublayer(left)
            top.addSublayer(right)
            left.addSublayer(leaf)
            top.mask = mask
            leaf.opacity = 0.3
            root.addSublayer(top)
        }
        #expect(sink.fields(of: root.layerID, since: mark) == [[.sublayers([top.layerID])]])
        for layer in [top, left, right, leaf, mask] {
            #expect(sink.fields(of: layer.layerID, since: mark) == [whole(layer)])
        }
    }

    @Test func aCommittedSubtreeMovedToAnotherParentIsEncodedWholeAgain() {
        let sink = RecordingSink.attached()
        let root = CALayer()
        let from = CALayer()
        let to = CALayer()
        let moved = CALayer()
        let inside = CALayer()
        LayerTest.commitNow {
            root.addSublayer(from)
            root.addSublayer(to)
            from.addSublayer(moved)
            moved.addSublayer(inside)
        }
        let mark = sink.count
        LayerTest.commitNow { to.addSublayer(moved) }
        #expect(sink.fields(of: from.layerID, since: mark) == [[.sublayers([])]])
        #expect(sink.fields(of: to.layerID, since: mark) == [[.sublayers([moved.layerID])]])
        #expect(sink.fields(of: moved.layerID, since: mark) == [whole(moved)])
        #expect(sink.fields(of: inside.layerID, since: mark) == [whole(inside)])
    }

    @Test func aNewMaskIsEncodedWholeWithTheOwnersMaskField() {
        let sink = RecordingSink.attached()
        let owner = CALayer()
        let mask = CALayer()
        LayerTest.commitNow { owner.opacity = 0.5 }
        var mark = sink.count
        LayerTest.commitNow { owner.mask = mask }
        #expect(sink.fields(of: owner.layerID, since: mark) == [[.mask(mask.layerID)]])
        #expect(sink.fields(of: mask.layerID, since: mark) == [whole(mask)])
        mark = sink.count
        LayerTest.commitNow { mask.removeFromSuperlayer() }
        #expect(sink.fields(of: owner.layerID, since: mark) == [[.mask(nil)]])
    }

    @Test func aDeallocatedCommittedLayerIsReleasedInTheNextCommit() {
        let sink = RecordingSink.attached()
        var doomed: CALayer? = CALayer()
        let id = doomed!.layerID
        let survivor = CALayer()
        LayerTest.commitNow { doomed?.position = CGPoint(x: 1, y: 1) }
        let mark = sink.count
        doomed = nil
        LayerTest.commitNow { survivor.position = CGPoint(x: 2, y: 2) }
        // Commits of parallel tests may carry it first; it must have arrived by now, once.
        #expect(sink.released(since: mark).filter { $0 == id }.count == 1)
    }

    @Test func aLayerNeverCommittedIsNotReleased() {
        let sink = RecordingSink.attached()
        let id = CALayer().layerID  // gone at once, never committed
        let survivor = CALayer()
        LayerTest.commitNow { survivor.position = CGPoint(x: 2, y: 2) }
        #expect(!sink.released().contains(id))
    }

    @Test func anAttachedSinkFirstReceivesASnapshotOfTheWholeTree() {
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        let mask = CALayer()
        LayerTest.commitNow {
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            a.position = CGPoint(x: 5, y: 6)
            root.addSublayer(a)
            a.addSublayer(b)
            root.mask = mask
        }
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: root)
        let snapshot = sink.commits.first
        #expect(Set(snapshot?.changedLayers ?? []) == Set([root, a, b, mask].map(\.layerID)))
        for layer in [root, a, b, mask] {
            #expect(snapshot?.fields(of: layer.layerID) == whole(layer))
        }
        #expect(snapshot?.released.isEmpty == true)
        // The snapshot commits nothing: later changes still travel as deltas.
        let mark = sink.count
        LayerTest.commitWithoutActions { b.opacity = 0.5 }
        #expect(sink.fields(of: b.layerID, since: mark) == [[.property(.number(0.5), .opacity)]])
        #expect(sink.commits(since: mark).allSatisfy { $0.sequence > snapshot!.sequence })
        CommitDistributor.shared.detach(sink)
    }

    @Test func attachingDoesNotTakeReleasedLayersFromOtherSinks() {
        let sink = RecordingSink.attached()
        var doomed: CALayer? = CALayer()
        let id = doomed!.layerID
        LayerTest.commitNow { doomed?.position = CGPoint(x: 1, y: 1) }
        let trigger = CALayer()
        CATransaction.begin()  // keeps attach's flush from committing now
        doomed = nil
        let late = RecordingSink()
        CommitDistributor.shared.attach(late, root: CALayer())
        trigger.position = CGPoint(x: 3, y: 3)
        CATransaction.commit()
        #expect(sink.released().contains(id))
        #expect(late.commits.first?.released.isEmpty == true)
    }

    @Test func aDetachedSinkReceivesNothing() {
        let sink = RecordingSink.attached()
        CommitDistributor.shared.detach(sink)
        let layer = CALayer()
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 1) }
        #expect(sink.fields(of: layer.layerID).isEmpty)
    }

    @Test func sequenceNumbersIncrease() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 1) }
        LayerTest.commitNow { layer.position = CGPoint(x: 2, y: 2) }
        LayerTest.commitNow { layer.position = CGPoint(x: 3, y: 3) }
        let mine = sink.commits.filter { !$0.fields(of: layer.layerID).isEmpty }
        #expect(mine.count == 3)
        #expect(mine.map(\.sequence) == mine.map(\.sequence).sorted())
        #expect(Set(mine.map(\.sequence)).count == 3)
        #expect(mine.map(\.timestamp) == mine.map(\.timestamp).sorted())
    }

    @Test func presentationLayersNeverTravel() {
        let sink = RecordingSink.attached()
        let layer = CALayer()
        LayerTest.commitNow { layer.position = CGPoint(x: 1, y: 1) }
        let presentation = layer.presentation()!
        presentation.position = CGPoint(x: 9, y: 9)
        LayerTest.commitNow { layer.opacity = 0.5 }
        #expect(sink.fields(of: presentation.layerID).isEmpty)
    }
}
