import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct BadInputTests {
    let canvas = TestCanvas(width: 32, height: 32)
    var quad: QuadInstance { canvas.rect(x: 0, y: 0, w: 16, h: 16, color: red) }

    @Test(arguments: [(5, 10), (-1, 1), (0, -1), (Int.max, 2), (1, Int.max)])
    func batchOutsideTheInstancesIsIgnored(first: Int, count: Int) throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let (image, messages) = try Diagnostics.capturing {
            try surface.render(canvas.list([quad, quad, quad], [batch(first, count), batch(0, 1)]))
        }
        #expect(surface.statistics.rejectedCommands == 1)
        #expect(surface.statistics.drawCalls == 1)
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("is outside the list's 3 instances") })
    }

    @Test func emptyBatchDrawsNothing() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        _ = try surface.render(canvas.list([quad], [batch(1, 0)]))
        #expect(surface.statistics.drawCalls == 0)
        #expect(surface.statistics.rejectedCommands == 0)
    }

    @Test func unbalancedClipCommandsAreReportedAndSkipped() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let list = canvas.list(
            [quad],
            [.popClip(instance: 0), .pushClip(instance: 7), batch(0, 1), .popClip(instance: 7), .pushClip(instance: 0)])
        let (image, messages) = try Diagnostics.capturing { try surface.render(list) }
        #expect(surface.statistics.rejectedCommands == 2)
        #expect(surface.statistics.clipPushes == 1)
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("popClip of instance 0 without a matching pushClip") })
        #expect(messages.contains { $0.contains("pushClip without popClip at the end of the frame") })
    }

    @Test func mismatchedPopUndoesTheInnermostPush() throws {
        let clip = canvas.rect(x: 0, y: 0, w: 8, h: 32, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 32, h: 32, color: red)
        let (image, messages) = try Diagnostics.capturing {
            try canvas.render(canvas.list([clip, fill], [.pushClip(instance: 0), .popClip(instance: 1), batch(1, 1)]))
        }
        expectPixel(image, 20, 20, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("popClip of instance 1 closes pushClip of instance 0") })
    }

    @Test func unbalancedGroupCommandsAreReportedAndRecovered() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let (image, messages) = try Diagnostics.capturing {
            try surface.render(canvas.list([quad], [.endGroup(opacity: 0.5), .beginGroup, batch(0, 1)]))
        }
        #expect(surface.statistics.rejectedCommands == 1)
        #expect(surface.statistics.groups == 1)
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("endGroup without a matching beginGroup") })
        #expect(messages.contains { $0.contains("beginGroup without endGroup") })
    }

    @Test func clipsLeftOpenInsideAGroupDrawnIntoItsParentAreUndone() throws {
        let clip = canvas.rect(x: 0, y: 0, w: 8, h: 32, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 32, h: 32, color: red)
        let list = canvas.list(
            [clip, fill],
            [
                .beginGroup, .beginGroup, .pushClip(instance: 0), .endGroup(opacity: 1), batch(1, 1),
                .endGroup(opacity: 1),
            ])
        let image = try canvas.render(list, options: GLRendererOptions(maxGroupDepth: 1))
        expectPixel(image, 20, 20, (255, 0, 0, 255))
    }

    @Test(arguments: [Float.nan, .infinity, -3, 7])
    func groupOpacityOutsideZeroToOneIsSanitised(opacity: Float) throws {
        let image = try canvas.render(canvas.list([quad], [.beginGroup, batch(0, 1), .endGroup(opacity: opacity)]))
        let expected: Pixel = opacity < 0 ? (255, 255, 255, 255) : (255, 0, 0, 255)
        expectPixel(image, 4, 4, expected)
    }

    @Test func nonFiniteClearColourClearsToTransparent() throws {
        let image = try canvas.render(canvas.list(clear: SIMD4(.nan, 0, 0, 1), [], []))
        expectPixel(image, 4, 4, (0, 0, 0, 0))
    }

    @Test func nonFiniteGeometryDoesNotCrash() throws {
        var broken = quad
        broken.transform[0] = .nan
        broken.rect = SIMD4(.infinity, 0, -5, .nan)
        let image = try canvas.render(
            canvas.list(drawing: [broken, canvas.rect(x: 16, y: 16, w: 8, h: 8, color: blue)]))
        expectPixel(image, 20, 20, (0, 0, 255, 255))
    }

    @Test func surfaceOfNonPositiveSizeIsRefused() {
        #expect(throws: GLError.self) { try HeadlessSurface(width: 0, height: 10) }
        #expect(throws: GLError.self) { try HeadlessSurface(width: 10, height: -1) }
    }

    @Test func listOfNonPositiveSizeIsRefusedAndTheSurfaceStaysUsable() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        #expect(throws: GLError.self) { try surface.render(DisplayList(width: 0, height: 0)) }
        let image = try surface.render(canvas.list(drawing: [quad]))
        expectPixel(image, 4, 4, (255, 0, 0, 255))
    }

    @Test(arguments: [(-4, 10), (10, 0), (Int.max, 10), (10, 1 << 40)])
    func rendererDrawsNothingForAnUndrawableSize(width: Int, height: Int) throws {
        let context = try HeadlessGLContext()
        let (statistics, messages) = try Diagnostics.capturing {
            try context.withCurrent {
                let renderer = GLRenderer()
                renderer.draw(DisplayList(width: width, height: height, instances: [quad], commands: [batch(0, 1)]))
                return renderer.statistics
            }
        }
        #expect(statistics == FrameStatistics())
        #expect(messages.contains { $0.contains("display list size \(width)x\(height) is outside") })
    }

    @Test func surfaceRefusesAListLargerThanTheContextAllows() throws {
        let surface = try HeadlessSurface(width: 8, height: 8)
        #expect(throws: GLError.self) { try surface.render(DisplayList(width: Int.max, height: 8)) }
    }

    @Test func surfaceFollowsTheListSize() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let wide = TestCanvas(width: 80, height: 20)
        let image = try surface.render(wide.list(drawing: [wide.rect(x: 70, y: 10, w: 10, h: 10, color: blue)]))
        #expect((image.width, image.height) == (80, 20))
        expectPixel(image, 75, 15, (0, 0, 255, 255))
        expectPixel(image, 65, 15, (255, 255, 255, 255))
    }
}
