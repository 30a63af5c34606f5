import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `AnimationEventMarks`: which animations of a layer's list sent their started and finished
/// events, kept beside the list so that the render side runs the very list the app committed.
@Suite struct AnimationEventMarksTests {
    /// Compiled animations with the given serials (opacity, 1 s from `beginTime`).
    func animations(_ serials: [UInt64], beginTime: Double = 0, removedOnCompletion: Bool = true) -> [RenderAnimation] {
        let layer = CALayer()
        return serials.map { serial in
            let animation = basic("opacity", from: 0, to: 1) {
                $0.beginTime = beginTime
                $0.isRemovedOnCompletion = removedOnCompletion
            }
            guard
                case .success(let compiled) = AnimationCompiler.compile(animation, for: layer, serial: serial)
            else { fatalError("opacity compiles") }
            return compiled
        }
    }

    @Test func eachAnimationHasTwoMarksOfItsOwn() {
        var marks = AnimationEventMarks()
        for index in [0, 31, 32, 63, 64, 200] { marks.markStarted(index) }
        marks.markFinished(32)
        marks.markFinished(200)
        for index in 0...201 {
            #expect(marks.hasStarted(index) == [0, 31, 32, 63, 64, 200].contains(index), "started \(index)")
            #expect(marks.hasFinished(index) == [32, 200].contains(index), "finished \(index)")
        }
    }

    @Test func marksFollowTheirAnimationsIntoANewListBySerial() {
        let old = animations([7, 8, 9])
        var marks = AnimationEventMarks()
        marks.markStarted(0)
        marks.markStarted(2)
        marks.markFinished(2)
        // 9 moved to the front, 8 left, 10 is new.
        let new = animations([9, 7, 10])
        let carried = marks.carried(from: old, to: new)
        #expect([0, 1, 2].map(carried.hasStarted) == [true, true, false])
        #expect([0, 1, 2].map(carried.hasFinished) == [true, false, false])
        // Past 16 animations the serials are looked up through a dictionary: the same result.
        let long = animations(Array(1...40))
        var longMarks = AnimationEventMarks()
        longMarks.markStarted(39)
        let reversed = longMarks.carried(from: long, to: Array(long.reversed()))
        #expect((0..<40).filter(reversed.hasStarted) == [0])
    }

    @Test func theEventPassSendsEachEventOnceAndDropsFinishedAnimations() {
        var list = animations([1]) + animations([2], removedOnCompletion: false) + animations([3], beginTime: 5)
        var marks = AnimationEventMarks()
        var removed: Set<UInt64> = []
        var events: [AnimationEvent] = []
        let id = LayerID.next()
        list.recordEvents(layerTime: 0.5, id: id, marks: &marks, removed: &removed, events: &events)
        #expect(events.map(\.serial) == [1, 2] && events.allSatisfy { $0.kind == .started })
        events = []
        list.recordEvents(layerTime: 0.6, id: id, marks: &marks, removed: &removed, events: &events)
        #expect(events.isEmpty, "started once")
        list.recordEvents(layerTime: 1, id: id, marks: &marks, removed: &removed, events: &events)
        #expect(events.map(\.serial) == [1, 2])
        #expect(events.map(\.kind) == [.finished(removed: true), .finished(removed: false)])
        #expect(removed == [1])
        // The first animation is gone; the second keeps both marks, the third none.
        #expect(list.map(\.serial) == [2, 3])
        #expect(marks.hasStarted(0) && marks.hasFinished(0))
        #expect(!marks.hasStarted(1) && !marks.hasFinished(1))
        events = []
        list.recordEvents(layerTime: 5, id: id, marks: &marks, removed: &removed, events: &events)
        #expect(events == [AnimationEvent(layer: id, serial: 3, kind: .started)])
    }

    @Test func theRenderTreeRunsTheListTheLayerCommitted() {
        let layer = CALayer()
        layer.add(basic("opacity", from: 0, to: 1) { $0.beginTime = 1 }, forKey: "fade")
        var builder = CommitBuilder()
        builder.encodeWhole(layer, markingCommitted: true)
        var tree = RenderTree()
        tree.apply(builder.finish())
        let committed = layer.committedAnimations
        let started = tree.evaluateAnimations(at: 1.5)
        #expect(started.events.map(\.kind) == [.started])
        let shown = tree[layer.layerID]!.animations
        #expect(shown.count == 1)
        // Marking the animation started copied nothing: both sides hold one list.
        let storage = { (list: [RenderAnimation]) in list.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage(shown) == storage(committed))
        // The layer keeps no second typed form of its animations either.
        #expect(storage(layer.attachedAnimations.compiled) == storage(committed))
        #expect(tree.evaluateAnimations(at: 1.6).events.isEmpty)
    }
}
