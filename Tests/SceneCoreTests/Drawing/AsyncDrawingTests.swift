import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `drawsAsynchronously`: `draw(in:)` is recorded where the layer displays, its pixels are
/// filled in on `AsyncDisplay.queue` and committed when done. The tests hold the queue
/// (`suspend()`) to see the state in between, so they run one at a time.
@Suite(.serialized, .tags(.threads)) struct AsyncDrawingTests {
    /// A 20 x 20 layer that fills its top-left 10 x 10 points with `color` and counts its draws.
    final class Painted: CALayer {
        var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var draws = 0
        var drawnOnThread: Thread?

        override func draw(in ctx: CGContext) {
            draws += 1
            drawnOnThread = Thread.current
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    func painted(asynchronously: Bool = true) -> Painted {
        let layer = Painted()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.drawsAsynchronously = asynchronously
        return layer
    }

    /// Waits for every drawing handed to the queue so far.
    func drainQueue() { AsyncDisplay.queue.sync(flags: .barrier) {} }

    @Test func theDrawingIsRecordedHereAndFilledInOnTheQueue() throws {
        let layer = painted()
        AsyncDisplay.queue.suspend()
        layer.display()
        #expect(layer.draws == 1 && layer.drawnOnThread === Thread.current)
        #expect(layer.state.contents == nil, "no pixels until the queue has filled them in")
        AsyncDisplay.queue.resume()
        #expect(waitUntilBlocking { LayerLock.withLock { layer.state.contents != nil } })
        let image = try #require(LayerLock.withLock { layer.state.contents })
        let direct = painted(asynchronously: false)
        direct.display()
        #expect(image.pixels == direct.state.contents?.pixels, "the same pixels as drawing directly")
        #expect(image.pixel(x: 5, y: 5) == (255, 0, 0, 255) && image.pixel(x: 15, y: 15) == (0, 0, 0, 0))
        #expect(layer.draws == 1)
    }

    @Test func theCommitDoesNotWaitForThePixels() throws {
        let sink = RecordingSink.attached()
        let layer = painted()
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 1, y: 1) }
        func carriesContents(_ fields: [[LayerField]]) -> Bool {
            fields.joined().contains {
                if case .property(.image(let image), .contents) = $0 { image != nil } else { false }
            }
        }
        let mark = sink.count
        AsyncDisplay.queue.suspend()
        LayerTest.commitWithoutActions {
            layer.position = CGPoint(x: 5, y: 5)
            layer.setNeedsDisplay()
        }
        let committed = sink.fields(of: layer.layerID, since: mark)
        #expect(committed.joined().contains(.property(.point(CGPoint(x: 5, y: 5)), .position)))
        #expect(!carriesContents(committed))
        AsyncDisplay.queue.resume()
        #expect(waitUntilBlocking { carriesContents(sink.fields(of: layer.layerID, since: mark)) })
    }

    @Test func aLaterDisplayReplacesADrawingStillBeingFilledIn() throws {
        let layer = painted()
        AsyncDisplay.queue.suspend()
        layer.display()
        layer.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.display()
        AsyncDisplay.queue.resume()
        drainQueue()
        let image = try #require(LayerLock.withLock { layer.state.contents })
        #expect(image.pixel(x: 5, y: 5) == (0, 0, 255, 255))
    }

    @Test func aPartialRedrawIsPlayedOverTheLastDrawing() throws {
        let layer = painted()
        layer.display()
        drainQueue()
        layer.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        // Marks the left half of the filled square: the right half keeps red.
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 20))
        layer.displayIfNeeded()
        drainQueue()
        let image = try #require(LayerLock.withLock { layer.state.contents })
        #expect(image.pixel(x: 2, y: 5) == (0, 0, 255, 255))
        #expect(image.pixel(x: 7, y: 5) == (255, 0, 0, 255))
        #expect(image.pixel(x: 15, y: 15) == (0, 0, 0, 0))
    }
}
