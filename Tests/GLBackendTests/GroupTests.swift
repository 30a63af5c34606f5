import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct GroupTests {
    let canvas = TestCanvas(width: 64, height: 48)

    @Test func groupOpacityAppliesToTheFlattenedGroup() throws {
        let below = canvas.rect(x: 10, y: 10, w: 30, h: 20, color: red)
        let above = canvas.rect(x: 20, y: 15, w: 30, h: 20, color: blue)
        let list = canvas.list([below, above], [.beginGroup, batch(0, 2), .endGroup(opacity: 0.5)])
        let surface = try HeadlessSurface(width: 64, height: 48)
        let image = try surface.render(list)
        // The overlap shows only the top quad, as where it does not overlap.
        expectPixel(image, 25, 20, (128, 128, 255, 255))
        expectPixel(image, 45, 30, (128, 128, 255, 255))
        expectPixel(image, 12, 12, (255, 128, 128, 255))
        expectPixel(image, 5, 5, (255, 255, 255, 255))
        #expect(surface.statistics.groups == 1)
        #expect(surface.statistics.drawCalls == 2)

        // Per-quad alpha instead lets the lower quad show through the overlap.
        var faded = [below, above]
        for i in faded.indices { faded[i].color *= 0.5 }
        let perQuad = try canvas.render(canvas.list(drawing: faded))
        expectPixel(perQuad, 25, 20, (128, 64, 191, 255))
    }

    @Test func nestedGroupsMultiplyTheirOpacities() throws {
        let quad = canvas.rect(x: 0, y: 0, w: 20, h: 20, color: red)
        let list = canvas.list(
            [quad], [.beginGroup, .beginGroup, batch(0, 1), .endGroup(opacity: 0.5), .endGroup(opacity: 0.5)])
        let surface = try HeadlessSurface(width: 64, height: 48)
        let image = try surface.render(list)
        expectPixel(image, 10, 10, (255, 191, 191, 255))
        #expect(surface.statistics.groups == 2)

        // Targets come back from the pool on the next frame.
        let again = try surface.render(list)
        #expect(again == image)
    }

    @Test func groupCompositesInsideTheClipOfItsBeginGroup() throws {
        let clip = canvas.rect(x: 0, y: 0, w: 32, h: 48, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let list = canvas.list(
            [clip, fill],
            [.pushClip(instance: 0), .beginGroup, batch(1, 1), .endGroup(opacity: 1), .popClip(instance: 0)])
        let image = try canvas.render(list)
        expectPixel(image, 31, 20, (255, 0, 0, 255))
        expectPixel(image, 32, 20, (255, 255, 255, 255))
    }

    @Test func clipsInsideAGroupApplyToItsContents() throws {
        let clip = canvas.rect(x: 0, y: 0, w: 16, h: 48, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let list = canvas.list(
            [clip, fill],
            [.beginGroup, .pushClip(instance: 0), batch(1, 1), .popClip(instance: 0), .endGroup(opacity: 0.5)])
        let image = try canvas.render(list)
        expectPixel(image, 8, 20, (255, 128, 128, 255))
        expectPixel(image, 40, 20, (255, 255, 255, 255))
    }

    @Test func groupsDeeperThanTheLimitDrawIntoTheirParent() throws {
        let quad = canvas.rect(x: 0, y: 0, w: 20, h: 20, color: red)
        let list = canvas.list(
            [quad], [.beginGroup, .beginGroup, batch(0, 1), .endGroup(opacity: 0.5), .endGroup(opacity: 0.5)])
        let surface = try HeadlessSurface(width: 64, height: 48, options: GLRendererOptions(maxGroupDepth: 1))
        let (image, messages) = try Diagnostics.capturing { try surface.render(list) }
        expectPixel(image, 10, 10, (255, 128, 128, 255))
        #expect(surface.statistics.groups == 1)
        #expect(messages.contains { $0.contains("groups nest deeper than 1") })
    }
}
