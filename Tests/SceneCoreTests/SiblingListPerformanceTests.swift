import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Long sibling lists: adding, reordering and removing sublayers takes (amortised) time per
/// change that does not grow with the list, and setting `sublayers` time linear in its length.
/// The bounds, on the thread's processor time, are generous (a debug build on a loaded two-core
/// machine); before the fix these took minutes.
@Suite(.tags(.scale)) struct SiblingListPerformanceTests {
    /// Processor seconds `body` takes, inside one explicit transaction whose commit is not counted.
    private func seconds(_ body: () -> Void) -> Double {
        CATransaction.begin()
        let elapsed = threadCPUSeconds(body).seconds
        CATransaction.commit()
        return elapsed
    }

    /// The identities of `layers`, in order, to compare lists exactly.
    private func ids(_ layers: [CALayer]?) -> [ObjectIdentifier] { (layers ?? []).map(ObjectIdentifier.init) }

    private func layers(_ count: Int) -> [CALayer] {
        (0..<count).map { _ in CALayer() }
    }

    @Test func oneHundredThousandSiblingsAreAddedAndReversed() {
        let parent = CALayer()
        let children = layers(100_000)
        let adding = seconds {
            for child in children { parent.addSublayer(child) }
        }
        #expect(adding < timeBudget(10), "100,000 addSublayer calls took \(adding) s")
        #expect(ids(parent.sublayers) == ids(children))

        let reversed = Array(children.reversed())
        let reversing = seconds { parent.sublayers = reversed }
        #expect(reversing < timeBudget(10), "sublayers = reversed took \(reversing) s")
        #expect(ids(parent.sublayers) == ids(reversed))
        #expect(children.allSatisfy { $0.superlayer === parent })
    }

    @Test func oneThousandOfTwentyThousandSiblingsAreRemoved() {
        let parent = CALayer()
        let children = layers(20_000)
        parent.sublayers = children
        // The caller keeps the array while the tree changes, as a loop over `sublayers` does.
        let kept = parent.sublayers!
        let removing = seconds {
            for index in stride(from: 0, to: kept.count, by: 20) { kept[index].removeFromSuperlayer() }
        }
        #expect(removing < timeBudget(10), "removing 1,000 of 20,000 sublayers took \(removing) s")
        let expected = children.enumerated().filter { $0.offset % 20 != 0 }.map(\.element)
        #expect(parent.sublayers!.count == 19_000)
        #expect(ids(parent.sublayers) == ids(expected))
        #expect(children.enumerated().allSatisfy { ($0.offset % 20 == 0) == ($0.element.superlayer == nil) })
    }

    @Test func oneHundredThousandSiblingsAreInsertedAtTheFrontAndRemovedFromIt() {
        let parent = CALayer()
        let children = layers(100_000)
        let inserting = seconds {
            for child in children { parent.insertSublayer(child, at: 0) }
        }
        #expect(inserting < 10, "100,000 insertions at index 0 took \(inserting) s")
        #expect(ids(parent.sublayers) == ids(children.reversed()))

        // Removed front first: the last one inserted is at the front.
        let removing = seconds {
            for child in children.reversed() { child.removeFromSuperlayer() }
        }
        #expect(removing < 10, "removing 100,000 sublayers from the front took \(removing) s")
        #expect(parent.sublayers == nil)
    }

    @Test func siblingsInsertedAtTheFrontAreFoundWhereTheyAre() {
        let parent = CALayer()
        let back = layers(3)
        for child in back { parent.addSublayer(child) }
        let front = layers(3)
        for child in front { parent.insertSublayer(child, at: 0) }
        // front[2], front[1], front[0], back[0], back[1], back[2]
        let sibling = CALayer()
        parent.insertSublayer(sibling, above: back[0])
        parent.insertSublayer(CALayer(), below: front[1])
        back[1].removeFromSuperlayer()
        front[2].removeFromSuperlayer()
        let order = parent.sublayers ?? []
        #expect(order.count == 6)
        #expect(order[1] === front[1] && order[2] === front[0] && order[3] === back[0])
        #expect(order[4] === sibling && order[5] === back[2])
    }
}
