import CSceneCoreGL
import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CAOpenGLLayer`: what the layer draws with GL on the render side, when it is asked to draw,
/// and its picture composited like content (transforms, rounded clips, opacity), read back
/// pixel by pixel.
@Suite struct GLContentLayerTests {
    let white: Pixel = (255, 255, 255, 255)
    let red: Pixel = (255, 0, 0, 255)
    let green: Pixel = (0, 255, 0, 255)
    let blue: Pixel = (0, 0, 255, 255)

    /// A 100x100 white root holding an 80x80 parent at (10, 10) that clips to its bounds with
    /// corner radius 16, holding a 120x100 GL layer centred in it, turned 90°.
    func turnedScene() -> (root: CALayer, layer: FillGLLayer) {
        let root = whiteRoot()
        let parent = solidLayer(CGRect(x: 10, y: 10, width: 80, height: 80))
        parent.masksToBounds = true
        parent.cornerRadius = 16
        let layer = FillGLLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 100)
        layer.position = CGPoint(x: 40, y: 40)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        parent.addSublayer(layer)
        root.addSublayer(parent)
        return (root, layer)
    }

    /// A 40x30 GL layer at (10, 10) in a 60x50 white root.
    func plainScene() -> (root: CALayer, layer: FillGLLayer) {
        let root = whiteRoot(60, 50)
        let layer = FillGLLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        root.addSublayer(layer)
        return (root, layer)
    }

    @Test func theQuarterFilledPictureIsTurnedAndClippedByTheRoundedParent() throws {
        let (root, layer) = turnedScene()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.glContentDraws == 1)
        let drawing = try #require(layer.drawings.first)
        #expect(drawing.context.width == 120 && drawing.context.height == 100)
        #expect(drawing.context.scale == CGSize(width: 1, height: 1))
        // Unturned, the green quarter is the layer's top-left (x 0...60, y 0...50 of its
        // bounds). Turned 90° clockwise about its centre, window (50, 50), that quarter lies
        // right of the centre and above it: window x 50...100, y −10...50, cut to the parent.
        for (x, y) in [(70, 30), (80, 20), (55, 45), (60, 20), (88, 40)] {
            expectPixel(image, x, y, green, tolerance: 0)
        }
        for (x, y) in [(30, 30), (30, 70), (70, 70), (45, 55), (15, 50), (50, 85)] {
            expectPixel(image, x, y, red, tolerance: 0)
        }
        // Outside the parent, and outside its rounded corners (radius 16, centres 16 in).
        for (x, y) in [(5, 50), (95, 50), (50, 5), (50, 95), (11, 11), (88, 11), (11, 88), (88, 88)] {
            expectPixel(image, x, y, white, tolerance: 0)
        }
        // The corner's arc is anti-aliased: a pixel on it is a mix of white and the picture.
        let arc = image.pixel(x: 14, y: 14)
        #expect(arc.r == 255 && arc.g > 20 && arc.g < 235, "arc pixel \(arc)")
    }

    @Test func thePictureIsCompositedWithTheLayersOpacity() throws {
        let (root, layer) = plainScene()
        layer.opacity = 0.5
        let image = try render(root)
        // Red and green at half opacity over white: (255, 128, 128) and (128, 255, 128).
        expectPixel(image, 40, 35, (255, 128, 128, 255), tolerance: 1)
        expectPixel(image, 15, 15, (128, 255, 128, 255), tolerance: 1)
        expectPixel(image, 5, 5, white, tolerance: 0)
    }

    @Test func aSynchronousLayerDrawsOnceThenAgainOnlyAfterSetNeedsDisplay() throws {
        let (root, layer) = plainScene()
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        for _ in 0..<3 { _ = try renderer.render(root) }
        #expect(layer.drawings.count == 1)
        #expect(!renderer.isAnimating)
        layer.quarter = [0, 0, 1, 1]
        layer.setNeedsDisplay()
        var image = try renderer.render(root)
        #expect(layer.drawings.count == 2)
        #expect(renderer.statistics.glContentDraws == 1)
        expectPixel(image, 15, 15, blue, tolerance: 0)
        image = try renderer.render(root)
        #expect(layer.drawings.count == 2)
        #expect(renderer.statistics.glContentDraws == 0)
        expectPixel(image, 15, 15, blue, tolerance: 0)
        expectPixel(image, 40, 35, red, tolerance: 0)
    }

    @Test func anAsynchronousLayerDrawsOncePerFrameAtTheFramesTimes() throws {
        let (root, layer) = plainScene()
        layer.isAsynchronous = true
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        for (frame, time) in [100.0, 100.5, 101.25].enumerated() {
            layer.quarter = frame == 2 ? [0, 0, 1, 1] : [0, 1, 0, 1]
            let image = try renderer.render(root, at: time)
            #expect(layer.drawings.count == frame + 1)
            #expect(layer.drawings.last?.displayTime == time)
            #expect(layer.drawings.last?.layerTime == time, "a layer with default timing runs on media time")
            #expect(renderer.isAnimating, "an asynchronous layer keeps frames coming")
            expectPixel(image, 15, 15, frame == 2 ? blue : green, tolerance: 0)
        }
    }

    @Test func theLayerTimeFollowsTheLayersTiming() throws {
        let (root, layer) = plainScene()
        layer.isAsynchronous = true
        layer.speed = 2
        layer.timeOffset = 3
        layer.beginTime = 10
        _ = try render(root, at: 20)
        // (20 − 10) × 2 + 3.
        #expect(layer.drawings.last?.layerTime == 23)
    }

    @Test func canDrawFalseKeepsTheLastPicture() throws {
        let (root, layer) = plainScene()
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        _ = try renderer.render(root)
        layer.allowsDrawing = false
        layer.clear = [0, 0, 1, 1]
        layer.setNeedsDisplay()
        var image = try renderer.render(root)
        #expect(layer.askedContexts.count == 2)
        #expect(layer.drawings.count == 1)
        expectPixel(image, 40, 35, red, tolerance: 0)
        // The request stands until the layer draws.
        layer.allowsDrawing = true
        image = try renderer.render(root)
        #expect(layer.drawings.count == 2)
        expectPixel(image, 40, 35, blue, tolerance: 0)
    }

    @Test func aLayerThatNeverDrewShowsNothing() throws {
        let (root, layer) = plainScene()
        layer.allowsDrawing = false
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let image = try render(root)
        #expect(layer.askedContexts.count == 1)
        expectPixel(image, 40, 35, blue, tolerance: 0)
    }

    @Test func aSizeChangeRedrawsAtTheNewSize() throws {
        let (root, layer) = plainScene()
        layer.contentsScale = 2
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        _ = try renderer.render(root)
        #expect(layer.drawings.map(\.context.width) == [80])
        #expect(layer.drawings.map(\.context.height) == [60])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 20.25, height: 10)
        CATransaction.commit()
        let image = try renderer.render(root)
        #expect(layer.drawings.map(\.context.width) == [80, 41])
        #expect(layer.drawings.map(\.context.height) == [60, 20])
        #expect(layer.drawings.last?.context.scale == CGSize(width: 41 / 20.25, height: 2))
        // The layer is now 20.25x10 about the same centre (30, 25): green top-left quarter.
        expectPixel(image, 22, 22, green, tolerance: 0)
        expectPixel(image, 37, 27, red, tolerance: 0)
        expectPixel(image, 15, 15, white, tolerance: 0)
    }

    @Test func aHugeLayerIsDrawnIntoTheLargestFramebuffer() throws {
        let root = whiteRoot(60, 50)
        let layer = FillGLLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1_000_000, height: 10)
        root.addSublayer(layer)
        _ = try render(root)
        let context = try #require(layer.drawings.first?.context)
        #expect(context.width == CAOpenGLLayer.maximumDrawableSize)
        #expect(context.height == 1)
    }

    @Test func aLayerOfZeroSizeIsNotAskedToDraw() throws {
        let root = whiteRoot(60, 50)
        let layer = FillGLLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 0, height: 30)
        root.addSublayer(layer)
        let image = try render(root)
        #expect(layer.askedContexts.isEmpty)
        expectPixel(image, 10, 20, white, tolerance: 0)
    }

    @Test func glStateLeftByTheLayerDoesNotDisturbWhatIsDrawnAfterIt() throws {
        func scene(leavingState: Bool) throws -> RenderedImage {
            let (root, layer) = plainScene()
            if leavingState { layer.afterDrawing = { Self.leaveState() } }
            // After the GL layer: a translucent layer, an image, and a rounded clip with a sublayer.
            root.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 20, height: 20), CGColor(gray: 0, alpha: 0.5)))
            let picture = CALayer()
            picture.frame = CGRect(x: 30, y: 5, width: 20, height: 20)
            picture.contents = quadrantImage(size: 2)
            root.addSublayer(picture)
            let clip = solidLayer(CGRect(x: 25, y: 25, width: 30, height: 20))
            clip.masksToBounds = true
            clip.cornerRadius = 8
            clip.addSublayer(solidLayer(CGRect(x: -10, y: -10, width: 60, height: 60), CGColor(gray: 0.2, alpha: 1)))
            root.addSublayer(clip)
            return try render(root)
        }
        let clean = try scene(leavingState: false)
        let messy = try scene(leavingState: true)
        for y in 0..<50 {
            for x in 0..<60 {
                let (a, b): (Pixel, Pixel) = (clean.pixel(x: x, y: y), messy.pixel(x: x, y: y))
                guard isClose(a, b, tolerance: 0) else {
                    Issue.record("pixel (\(x), \(y)) is \(b), drawn \(a) when no state is left")
                    return
                }
            }
        }
        expectPixel(messy, 7, 7, (128, 128, 128, 255), tolerance: 1)
        expectPixel(messy, 32, 7, (255, 0, 0, 255), tolerance: 0)
        expectPixel(messy, 40, 35, (51, 51, 51, 255), tolerance: 0)
    }

    @Test func anAsynchronousLayerUnderAMaskShowsEveryFramesPicture() throws {
        // A masked layer is drawn from a kept bitmap while its content does not change (a
        // raster cache hit); an asynchronous GL layer inside changes it every frame.
        func scene(asynchronous: Bool) -> (root: CALayer, layer: FillGLLayer) {
            let root = whiteRoot(60, 50)
            let parent = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 30))
            parent.mask = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 30), CGColor(gray: 0, alpha: 1))
            let layer = FillGLLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            layer.isAsynchronous = asynchronous
            parent.addSublayer(layer)
            root.addSublayer(parent)
            return (root, layer)
        }
        let still = scene(asynchronous: false)
        let stillRenderer = try OffscreenRenderer(width: 60, height: 50)
        _ = try stillRenderer.render(still.root, at: 10)
        _ = try stillRenderer.render(still.root, at: 11)
        #expect(stillRenderer.statistics.rasterCacheHits == 1, "a still masked layer is drawn from its kept bitmap")

        let (root, layer) = scene(asynchronous: true)
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        for (frame, quarter) in [SIMD4<Float>(0, 1, 0, 1), [0, 0, 1, 1], [0, 1, 0, 1]].enumerated() {
            layer.quarter = quarter
            let image = try renderer.render(root, at: 10 + Double(frame))
            #expect(renderer.statistics.rasterCacheHits == 0, "frame \(frame)")
            expectPixel(image, 15, 15, quarter == [0, 1, 0, 1] ? green : blue, tolerance: 0, "frame \(frame)")
            expectPixel(image, 40, 35, red, tolerance: 0)
        }
        #expect(layer.drawings.count == 3)
    }

    @Test func replicatedInstancesShowTheOnePicture() throws {
        let root = whiteRoot(60, 50)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 50)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let layer = FillGLLayer()
        layer.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
        replicator.addSublayer(layer)
        root.addSublayer(replicator)
        let renderer = try OffscreenRenderer(width: 60, height: 50)
        let image = try renderer.render(root)
        #expect(renderer.statistics.glContentDraws == 1, "drawn once for both instances")
        for x in [2, 32] {
            expectPixel(image, x, 12, green, tolerance: 0)
            expectPixel(image, x + 15, 25, red, tolerance: 0)
        }
        expectPixel(image, 25, 20, white, tolerance: 0)
    }

    @Test func aLayerReleasedBeforeItsFrameIsDrawnIsNotAskedAndTheFrameIsDrawn() throws {
        // A display list built while the layer lived, drawn after it is gone.
        var layer: FillGLLayer? = FillGLLayer()
        let source = try #require(layer?.state.glContent?.source)
        let canvas = TestCanvas(width: 40, height: 30)
        let request = GLContentRequest(
            layer: LayerID.next(), source: source, version: 0, isAsynchronous: false, width: 20, height: 10,
            scale: CGSize(width: 1, height: 1), layerTime: 0, displayTime: 0)
        let list = canvas.list(
            [canvas.textured(x: 10, y: 10, w: 20, h: 10, uv: SIMD4(0, 1, 1, 0))],
            [.drawGLContent(request, batch: DrawBatch(first: 0, count: 1, image: nil, sampling: TextureSampling()))])
        layer = nil
        #expect(!source.isAlive)
        let surface = try HeadlessSurface(width: 40, height: 30)
        let image = try surface.render(list)
        #expect(surface.statistics.glContentDraws == 0)
        expectPixel(image, 20, 15, white, tolerance: 0)
    }

    /// Leaves behind, in the context, about everything the renderer's drawing depends on, and a GL error.
    static func leaveState() {
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthFunc(GLenum(GL_NEVER))
        glDepthMask(GLboolean(GL_FALSE))
        glEnable(GLenum(GL_CULL_FACE))
        glCullFace(GLenum(GL_FRONT_AND_BACK))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, 0, 1, 1)
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
        glBlendEquation(GLenum(GL_FUNC_REVERSE_SUBTRACT))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
        glStencilMask(0)
        glFrontFace(GLenum(GL_CW))
        var vertexArray: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        var buffers: [GLuint] = [0, 0]
        glGenBuffers(2, &buffers)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffers[0])
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), buffers[1])
        glBufferData(GLenum(GL_PIXEL_UNPACK_BUFFER), 64, nil, GLenum(GL_STREAM_DRAW))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 1)
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glBindSampler(0, sampler)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST_MIPMAP_NEAREST)
        glEnable(GLenum(GL_RASTERIZER_DISCARD))
        glEnable(GLenum(GL_INVALID_ENUM))  // raises GL_INVALID_ENUM
    }
}
