import Foundation
import Testing

@testable import SceneCore

/// `CAOpenGLLayer` on the model side: its defaults, how a redraw request travels in commits,
/// and the command the frame builder makes of it (the GL drawing is `GLContentLayerTests`).
@Suite struct OpenGLLayerTests {
    @Test func defaults() {
        let layer = CAOpenGLLayer()
        #expect(layer.isAsynchronous == false)
        #expect(layer.value(forKey: "asynchronous") as? Bool == false)
        #expect(layer.value(forKey: "isAsynchronous") as? Bool == false)
        #expect(CAOpenGLLayer.defaultValue(forKey: "asynchronous") == nil)
        #expect(CAOpenGLLayer.maximumDrawableSize == 4096)
        let context = CAOpenGLContext(
            contextIdentifier: 1, framebuffer: 7, width: 20, height: 10, scale: CGSize(width: 2, height: 2))
        #expect(layer.canDraw(in: context, forLayerTime: 0, displayTime: 0))
        #expect(layer.contents == nil)
        #expect(layer.needsDisplayOnBoundsChange == false)
    }

    @Test func asynchronousIsSetByItsSetterAndByKeyValueCoding() {
        let layer = CAOpenGLLayer()
        layer.isAsynchronous = true
        #expect(layer.value(forKey: "asynchronous") as? Bool == true)
        layer.setValue(false, forKey: "asynchronous")
        #expect(layer.isAsynchronous == false)
        layer.setValue(true, forKey: "isAsynchronous")
        #expect(layer.isAsynchronous)
        #expect(layer.shouldArchiveValue(forKey: "asynchronous"))
        // On other layers the key is an arbitrary key, as in Core Animation.
        let plain = CALayer()
        plain.setValue("anything", forKey: "asynchronous")
        #expect(plain.value(forKey: "asynchronous") as? String == "anything")
    }

    @Test func aPresentationCopyAndAnArchiveAreOpenGLLayers() throws {
        let layer = CAOpenGLLayer()
        layer.isAsynchronous = true
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        let back = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: CAOpenGLLayer.self, from: data))
        #expect(back.isAsynchronous)
        #expect(back.bounds == layer.bounds)
        #expect(back.state.glContent != nil, "an unarchived layer draws with GL too")
        #expect(back.state.glContent?.source != layer.state.glContent?.source)
        LayerTest.commitWithoutActions()
        let presentation = try #require(layer.presentation())
        #expect(presentation.isAsynchronous)
    }

    @Test func setNeedsDisplayCommitsOneRedrawRequestAndNoContents() throws {
        let sink = RecordingSink.attached()
        let layer = CAOpenGLLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        LayerTest.commitWithoutActions()
        let source = try #require(layer.state.glContent?.source)
        #expect(sink.fields(of: layer.layerID).count == 1, "the first commit carries the layer whole")

        let mark = sink.count
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        LayerTest.commitNow()
        #expect(sink.fields(of: layer.layerID, since: mark) == [[.glContent(GLContent(source: source, version: 1))]])
        #expect(!layer.needsDisplay())
        #expect(layer.contents == nil, "drawing happens on the render side, not into a backing store")

        let again = sink.count
        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        LayerTest.commitNow()
        #expect(sink.fields(of: layer.layerID, since: again) == [[.glContent(GLContent(source: source, version: 2))]])

        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        #expect(tree[layer.layerID]?.properties.glContent?.version == 2)
        #expect(tree.glLayers.contains(layer.layerID))
    }

    @Test func theFrameBuilderAsksForTheLayersPictureOverItsBounds() throws {
        let sink = RecordingSink.attached()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CAOpenGLLayer()
        layer.frame = CGRect(x: 10, y: 20, width: 30.5, height: 20)
        layer.contentsScale = 2
        layer.isAsynchronous = true
        layer.magnificationFilter = .nearest
        root.addSublayer(layer)
        LayerTest.commitWithoutActions()
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: 50, in: .tree(root.layerID))
        let list = FrameBuilder.build(tree, root: root.layerID, width: 100, height: 100)
        let (request, batch) = try #require(
            list.commands.lazy.compactMap { command -> (GLContentRequest, DrawBatch)? in
                if case .drawGLContent(let request, let batch) = command { (request, batch) } else { nil }
            }.first)
        #expect(request.layer == layer.layerID)
        #expect(request.width == 61 && request.height == 40)
        #expect(request.scale == CGSize(width: 61 / 30.5, height: 2))
        #expect(request.isAsynchronous)
        #expect(request.version == 0)
        #expect(request.displayTime == 50 && request.layerTime == 50)
        #expect(batch.count == 1 && batch.image == nil && batch.sampling.magnification == .nearest)
        let quad = list.instances[batch.first]
        #expect(quad.rect == SIMD4(0, 0, 30.5, 20))
        #expect(quad.uv == SIMD4(0, 1, 1, 0), "GL's bottom row at the layer's bottom edge")
    }

    @Test func theFramebufferSizeIsLimitedAndBadBoundsAreNotDrawn() throws {
        var p = LayerProperties()
        p.bounds = CGRect(x: 0, y: 0, width: 10, height: 0)
        #expect(FrameBuilder.glDrawableSize(of: p) == nil)
        p.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        #expect(FrameBuilder.glDrawableSize(of: p) == nil)
        p.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        #expect(FrameBuilder.glDrawableSize(of: p) == nil)
        p.bounds = CGRect(x: 0, y: 0, width: 10_000, height: 2_000)
        let limited = try #require(FrameBuilder.glDrawableSize(of: p))
        #expect(limited.width == 4096 && limited.height == 820)
        #expect(limited.scale == CGSize(width: 0.4096, height: 0.41))
        p.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 1e-300)
        let extreme = try #require(FrameBuilder.glDrawableSize(of: p))
        #expect(extreme.width == 4096 && extreme.height == 1)
        p.bounds = CGRect(x: 0, y: 0, width: 10.1, height: 3)
        p.contentsScale = 3
        let scaled = try #require(FrameBuilder.glDrawableSize(of: p))
        #expect(scaled.width == 31 && scaled.height == 9)
    }

    @Test func theRenderSideHandleDoesNotKeepTheLayerAlive() throws {
        var layer: CAOpenGLLayer? = CAOpenGLLayer()
        let source = try #require(layer?.state.glContent?.source)
        let context = CAOpenGLContext(
            contextIdentifier: 1, framebuffer: 0, width: 1, height: 1, scale: CGSize(width: 1, height: 1))
        #expect(source.isAlive)
        #expect(source.canDraw(in: context, layerTime: 0, displayTime: 0))
        layer = nil
        #expect(!source.isAlive)
        #expect(!source.canDraw(in: context, layerTime: 0, displayTime: 0))
        #expect(!source.draw(in: context, layerTime: 0, displayTime: 0))
    }
}
