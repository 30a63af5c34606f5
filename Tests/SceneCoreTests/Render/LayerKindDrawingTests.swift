import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Every `LayerKind` through the frame step: the class sets its kind, the first commit carries
/// it, and the frame builder's one switch on it (`FrameBuilder.drawOwnContent`) draws what the
/// kind draws, as quads painted the way `QuadParameters` says. A kind added to `LayerKind` must
/// get a case in `sample(_:)` (the switch is exhaustive) and so a check here.
@Suite struct LayerKindDrawingTests {
    /// Draws the tiles of a `CATiledLayer` in one colour.
    final class TilePainter: CALayerDelegate, @unchecked Sendable {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(red)
            ctx.fill(ctx.boundingBoxOfClipPath)
        }
    }

    /// A 40x40 layer of `kind` that draws something of its own, and the paints of the quads its
    /// frame draws, in order (`drawGLContent` for the OpenGL layer's one quad, `drawVideo` for
    /// the video layer's, each in its command).
    static func sample(_ kind: LayerKind) -> (layer: CALayer, paints: [QuadPaint]) {
        let frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        switch kind {
        case .layer:
            let layer = CALayer()
            layer.backgroundColor = blue
            layer.contents = testImage()
            layer.frame = frame
            return (layer, [.color, .texture])
        case .transform:
            // Nothing of its own: its sublayer's background, placed in 3D.
            let layer = CATransformLayer()
            layer.frame = frame
            layer.addSublayer(solid(frame))
            return (layer, [.color])
        case .replicator:
            let layer = CAReplicatorLayer()
            layer.frame = frame
            layer.instanceCount = 3
            layer.addSublayer(solid(CGRect(x: 0, y: 0, width: 10, height: 10)))
            return (layer, [.color, .color, .color])
        case .gradient:
            let layer = CAGradientLayer()
            layer.frame = frame
            layer.colors = [red, blue]
            return (layer, [.interpolatedGradient])
        case .shape:
            let layer = CAShapeLayer()
            layer.frame = frame
            layer.path = CGPath(rect: CGRect(x: 5, y: 5, width: 20, height: 20), transform: nil)
            return (layer, [.texture])
        case .text:
            // One quad per glyph.
            let layer = CATextLayer()
            layer.frame = frame
            layer.string = "Hi"
            return (layer, [.texture, .texture])
        case .emitter:
            let cell = CAEmitterCell()
            cell.contents = testImage()
            cell.birthRate = 2
            cell.lifetime = 100
            let layer = CAEmitterLayer()
            layer.frame = frame
            layer.emitterCells = [cell]
            // Two particles a second: born at 0.5 s and 1 s into the emission.
            return (layer, [.texture, .texture])
        case .tiled:
            // One 256-point tile covers the layer.
            let layer = CATiledLayer()
            layer.frame = frame
            layer.delegate = sharedPainter
            return (layer, [.texture])
        case .openGL:
            let layer = CAOpenGLLayer()
            layer.frame = frame
            return (layer, [.texture])
        case .video:
            // The frame its feed holds, one quad.
            let layer = CALayer()
            layer.frame = frame
            let feed = VideoFeed()
            feed.enqueue(VideoFrame(copying: [[0, 0, 0, 0], [0], [0]], format: .i420, width: 2, height: 2, time: 0)!)
            layer.videoContent = VideoContent(feed: feed)
            return (layer, [.texture])
        }
    }

    static let sharedPainter = TilePainter()

    static func solid(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = green
        return layer
    }

    /// The paints of the quads `list` draws, in order.
    static func paints(_ list: DisplayList) -> [QuadPaint] {
        list.commands.flatMap { command -> [QuadPaint] in
            let batch: DrawBatch
            switch command {
            case .draw(let b), .drawGLContent(_, let b), .drawVideo(_, let b): batch = b
            default: return []
            }
            return list.instances[batch.first..<batch.first + batch.count].map(\.parameters.paint)
        }
    }

    @Test(arguments: LayerKind.allCases) func eachKindIsCommittedAndDrawsItsOwnQuads(_ kind: LayerKind) throws {
        let (layer, expected) = Self.sample(kind)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.addSublayer(layer)
        let probe = CommitProbe(root: root)
        let start = CACurrentMediaTime()
        var list = probe.frame(at: start).output.displayList
        #expect(probe.pipeline.tree[layer.layerID]?.properties.kind == kind)
        switch kind {
        case .emitter:
            list = probe.frame(at: start + 1).output.displayList
        case .tiled:
            // The tile drawn between frames fades in from the frame that first shows it.
            #expect(try #require(layer.state.tileStore).waitUntilIdle(timeout: 10 * testTimeScale))
            _ = probe.frame(at: start + 1)
            list = probe.frame(at: start + 2).output.displayList
        case .openGL:
            #expect(list.commands.filter { if case .drawGLContent = $0 { true } else { false } }.count == 1)
        default:
            break
        }
        #expect(Self.paints(list) == expected)
    }

    @Test func onlyWhatAKindDrawsCountsAsItsOwnContent() {
        var p = LayerProperties()
        for kind in LayerKind.allCases {
            p.kind = kind
            // Properties that set nothing else: no colours, path, glyphs, cells, store or content.
            #expect(!p.drawsOwnContent, "\(kind)")
        }
        #expect(CAGradientLayer().state.drawsOwnContent == false)
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        #expect(gradient.state.drawsOwnContent)
        #expect(CATiledLayer().state.drawsOwnContent)
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [CAEmitterCell()]
        #expect(emitter.state.drawsOwnContent)
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(shape.state.drawsOwnContent)
        shape.fillColor = nil
        #expect(!shape.state.drawsOwnContent)
    }

    /// Found by the property test: text shaped in bounds 1e300 points high is a picture beyond
    /// Float's range, whose glyph quads came out NaN. No backing store could hold it: no text.
    @Test func aTextLayerTooLargeForABackingStoreDrawsNoText() {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 2, y: -8, width: 40, height: 1e300)
        layer.string = "Hi"
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.addSublayer(layer)
        let probe = CommitProbe(root: root)
        let list = probe.frame(at: CACurrentMediaTime()).output.displayList
        #expect(probe.pipeline.tree[layer.layerID]?.properties.glyphs != nil)
        #expect(Self.paints(list) == [])
    }
}
