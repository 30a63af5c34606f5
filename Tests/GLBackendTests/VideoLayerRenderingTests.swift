import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Video layers on the render side: frames of planar Y′CbCr made by hand, converted to RGB in
/// the shader, placed by the layer's gravity, composited like any content, uploaded once per
/// frame, and redrawn only within the picture when the next frame comes.
@Suite struct VideoLayerRenderingTests {
    /// A `width` x `height` frame of one colour, given as its Y, U and V samples.
    static func frame(
        _ y: UInt8, _ u: UInt8, _ v: UInt8, format: VideoFrame.Format = .i420, width: Int = 16, height: Int = 16,
        time: Double = 0, matrix: VideoFrame.Matrix = .bt601, isFullRange: Bool = false
    ) -> VideoFrame {
        let (luma, chroma) = (width * height, ((width + 1) / 2) * ((height + 1) / 2))
        let planes: [[UInt8]] =
            switch format {
            case .i420:
                [
                    Array(repeating: y, count: luma), Array(repeating: u, count: chroma),
                    Array(repeating: v, count: chroma),
                ]
            case .nv12: [Array(repeating: y, count: luma), (0..<chroma).flatMap { _ in [u, v] }]
            }
        return VideoFrame(
            copying: planes, format: format, width: width, height: height, time: time, matrix: matrix,
            isFullRange: isFullRange)!
    }

    /// A video layer with `frame` showing on a `feed` of its own, stopped.
    static func videoLayer(
        _ frame: CGRect, gravity: CALayerContentsGravity = .resizeAspect, showing first: VideoFrame? = nil
    ) -> (layer: CALayer, feed: VideoFeed) {
        let layer = CALayer()
        layer.frame = frame
        let feed = VideoFeed()
        layer.videoContent = VideoContent(feed: feed, gravity: gravity)
        if let first { feed.enqueue(first) }
        return (layer, feed)
    }

    /// Renders a 64x64 black root holding a video layer over it all that shows `frame`.
    func rendered(_ frame: VideoFrame) throws -> RenderedImage {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 64, height: 64), CGColor(gray: 0, alpha: 1))
        root.addSublayer(Self.videoLayer(root.bounds, gravity: .resize, showing: frame).layer)
        return try render(root)
    }

    @Test func theLayerIsAVideoLayerAndItsFirstCommitCarriesTheFeed() {
        let (layer, feed) = Self.videoLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(layer.state.kind == .video)
        #expect(layer.videoContent == VideoContent(feed: feed))
        #expect(layer.state.drawsOwnContent)
    }

    /// Pure colours coded as 8-bit video-range BT.601, BT.709 and full-range (JPEG) samples.
    @Test(
        arguments: [
            (81, 90, 240, VideoFrame.Matrix.bt601, false, (255, 0, 0)),
            (145, 54, 34, .bt601, false, (0, 255, 0)),
            (41, 240, 110, .bt601, false, (0, 0, 255)),
            (235, 128, 128, .bt601, false, (255, 255, 255)),
            (16, 128, 128, .bt601, false, (0, 0, 0)),
            (63, 102, 240, .bt709, false, (255, 0, 0)),
            (173, 42, 26, .bt709, false, (0, 255, 0)),
            (76, 85, 255, .bt601, true, (254, 0, 0)),
        ] as [(UInt8, UInt8, UInt8, VideoFrame.Matrix, Bool, (Int, Int, Int))])
    func samplesAreConvertedToRGBInTheShader(
        y: UInt8, u: UInt8, v: UInt8, matrix: VideoFrame.Matrix, fullRange: Bool, rgb: (Int, Int, Int)
    ) throws {
        for format in [VideoFrame.Format.i420, .nv12] {
            let image = try rendered(Self.frame(y, u, v, format: format, matrix: matrix, isFullRange: fullRange))
            let expected: Pixel = (UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255)
            expectPixel(image, 32, 32, expected, tolerance: 2, "\(format) \(matrix)")
        }
    }

    /// A 100x100 picture in a 200x100 layer at (50, 100) of a 300x300 black root: fitted inside
    /// (x 50...150 of the layer), covering it (y −50...150, past the bounds unless they clip) or
    /// stretched.
    @Test(
        arguments: [
            (
                CALayerContentsGravity.resizeAspect, false,
                [(95, 150, false), (105, 150, true), (195, 150, true), (205, 150, false), (150, 95, false)]
            ),
            (
                .resizeAspectFill, false,
                [(55, 150, true), (245, 150, true), (150, 55, true), (150, 245, true), (150, 45, false)]
            ),
            (.resizeAspectFill, true, [(150, 95, false), (150, 105, true), (150, 195, true), (150, 205, false)]),
            (.resize, false, [(55, 105, true), (245, 195, true), (45, 150, false), (150, 95, false)]),
        ] as [(CALayerContentsGravity, Bool, [(Int, Int, Bool)])])
    func gravityPlacesThePicture(gravity: CALayerContentsGravity, clips: Bool, points: [(Int, Int, Bool)]) throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 300, height: 300), CGColor(gray: 0, alpha: 1))
        let (layer, _) = Self.videoLayer(
            CGRect(x: 50, y: 100, width: 200, height: 100), gravity: gravity,
            showing: Self.frame(235, 128, 128, width: 100, height: 100))
        layer.masksToBounds = clips
        root.addSublayer(layer)
        let image = try render(root)
        for (x, y, white) in points {
            expectPixel(image, x, y, white ? (255, 255, 255, 255) : (0, 0, 0, 255), "\(gravity) at (\(x), \(y))")
        }
    }

    @Test func theLayerCompositesWithItsCornerRadiusOpacityAndTransform() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        let (layer, _) = Self.videoLayer(
            CGRect(x: 10, y: 10, width: 80, height: 80), gravity: .resize, showing: Self.frame(235, 128, 128))
        layer.cornerRadius = 20
        layer.masksToBounds = true
        layer.opacity = 0.5
        root.addSublayer(layer)
        let image = try render(root)
        expectPixel(image, 50, 50, (128, 128, 128, 255), tolerance: 2)
        // Outside the rounded corner (its circle's centre is 20 in from each edge).
        expectPixel(image, 12, 12, (0, 0, 0, 255))
        // Turned 90° about its centre and scaled to half: only the middle 40x40 shows.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DScale(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 0.5, 0.5, 1)
        layer.opacity = 1
        CATransaction.commit()
        let turned = try render(root)
        expectPixel(turned, 50, 50, (255, 255, 255, 255))
        expectPixel(turned, 25, 50, (0, 0, 0, 255))
    }

    @Test func aReplicatorDrawsEveryInstanceWithTheFrame() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 40), CGColor(gray: 0, alpha: 1))
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        replicator.addSublayer(
            Self.videoLayer(
                CGRect(x: 5, y: 5, width: 20, height: 20), gravity: .resize, showing: Self.frame(81, 90, 240)
            )
            .layer)
        root.addSublayer(replicator)
        let image = try render(root)
        for x in [15, 45, 75] { expectPixel(image, x, 15, (255, 0, 0, 255), tolerance: 2) }
        expectPixel(image, 30, 15, (0, 0, 0, 255))
    }

    /// A still scene with a 40x30 video over part of it: each new frame uploads once and redraws
    /// only the picture's box; a frame with no new video frame draws nothing.
    @Test func eachNewFrameIsUploadedOnceAndRedrawsOnlyThePicture() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), CGColor(gray: 0.5, alpha: 1))
        for i in 0..<20 {
            root.addSublayer(
                solidLayer(
                    CGRect(x: i * 10, y: 60, width: 8, height: 30), CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)))
        }
        let (layer, feed) = Self.videoLayer(
            CGRect(x: 20, y: 10, width: 40, height: 30), gravity: .resize, showing: Self.frame(81, 90, 240))
        root.addSublayer(layer)
        let damaged = try OffscreenRenderer(width: 200, height: 100)
        damaged.limitsRedrawToDamage = true
        let whole = try OffscreenRenderer(width: 200, height: 100)
        _ = try damaged.render(root, at: 1000)
        #expect(damaged.statistics.textureUploads == 1)
        _ = try damaged.render(root, at: 1000.02)
        #expect(damaged.statistics.damagedPixels == 0)
        #expect(damaged.statistics.textureUploads == 0)
        // Stopped at no time, the feed shows the earliest frame waiting: the green one.
        feed.enqueue(Self.frame(145, 54, 34))
        let partial = try damaged.render(root, at: 1000.04)
        #expect(damaged.statistics.textureUploads == 1)
        // The 40x30 picture and its two-pixel anti-aliasing margin.
        #expect(damaged.statistics.damagedPixels == 44 * 34)
        expectPixel(partial, 40, 25, (0, 255, 0, 255), tolerance: 2)
        #expect(largestDifference(partial, try whole.render(root, at: 1000.04)) == 0)
        #expect((feed.statistics.received, feed.statistics.shown, feed.statistics.dropped) == (2, 2, 0))
    }

    /// Playing, the frame shown is the last whose running time has come; the renderer wakes when
    /// the next is due, and frames passed over count as dropped.
    @Test func aRunningClockShowsTheFrameDueAndWakesForTheNext() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(gray: 0, alpha: 1))
        let (layer, feed) = Self.videoLayer(root.bounds, gravity: .resize)
        root.addSublayer(layer)
        let colours: [(UInt8, UInt8, UInt8)] = [(81, 90, 240), (145, 54, 34), (41, 240, 110), (235, 128, 128)]
        for (index, c) in colours.enumerated() { feed.enqueue(Self.frame(c.0, c.1, c.2, time: Double(index) * 0.1)) }
        feed.setClock(.running(offset: 500))
        let renderer = try OffscreenRenderer(width: 20, height: 20)
        expectPixel(try renderer.render(root, at: 500.15), 10, 10, (0, 255, 0, 255), tolerance: 2)
        #expect(renderer.wakeTime == 500.2)
        #expect(!renderer.isAnimating)
        expectPixel(try renderer.render(root, at: 500.35), 10, 10, (255, 255, 255, 255), tolerance: 2)
        #expect(renderer.wakeTime == nil)
        #expect((feed.statistics.received, feed.statistics.shown, feed.statistics.dropped) == (4, 2, 2))
        // Stopped at running time 0.35, the last frame stays.
        feed.setClock(.stopped(at: 0.35))
        expectPixel(try renderer.render(root, at: 900), 10, 10, (255, 255, 255, 255), tolerance: 2)
    }
}

extension VideoLayerRenderingTests {
    /// A frame larger than the renderer's textures can hold is left out (logged once); the rest
    /// of the frame is drawn.
    @Test func aFrameLargerThanATextureIsNotDrawn() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor(gray: 0, alpha: 1))
        root.addSublayer(
            Self.videoLayer(
                CGRect(x: 0, y: 0, width: 20, height: 20), gravity: .resize,
                showing: Self.frame(235, 128, 128, width: 64)
            )
            .layer)
        root.addSublayer(
            solidLayer(CGRect(x: 20, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let renderer = try OffscreenRenderer(width: 40, height: 20, options: GLRendererOptions(maxTextureSize: 32))
        let image = try renderer.render(root)
        expectPixel(image, 10, 10, (0, 0, 0, 255))
        expectPixel(image, 30, 10, (255, 0, 0, 255))
        #expect(renderer.statistics.textureUploads == 0)
    }
}

extension VideoLayerRenderingTests {
    /// A video layer casts its `shadowPath` shadow and takes its filters as any layer: a red
    /// picture desaturated to its luminance's grey, over a black shadow offset below it.
    @Test func aVideoLayerCastsItsShadowAndTakesItsFilters() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), CGColor(gray: 1, alpha: 1))
        let (layer, _) = Self.videoLayer(
            CGRect(x: 10, y: 10, width: 30, height: 30), gravity: .resize, showing: Self.frame(81, 90, 240))
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 0, height: 12)
        layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
        let saturation = CAFilter(type: .colorSaturate)
        saturation.setValue(0, forKey: "inputAmount")
        layer.filters = [saturation]
        root.addSublayer(layer)
        let image = try render(root)
        // Red's luminance (Rec. 709 weights, as the saturation filter's): 0.2126 of white.
        expectPixel(image, 25, 25, (54, 54, 54, 255), tolerance: 3)
        // The shadow shows below the layer, where the layer does not cover it.
        expectPixel(image, 25, 46, (0, 0, 0, 255))
        expectPixel(image, 25, 55, (255, 255, 255, 255))
    }
}
