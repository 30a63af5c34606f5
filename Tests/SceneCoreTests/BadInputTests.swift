import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Bad input is refused with a message in `Diagnostics`, keeping the old value; it never crashes.
@Suite struct BadInputTests {
    /// Sets `good` and commits it, then sets `bad`: the layer must keep `good`, record no
    /// change, and report a message naming the property and the layer.
    private func expectRefused<T: Equatable>(
        _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T>, keeping good: T, refusing bad: T,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let layer = CALayer()
        layer.name = LayerTest.uniqueName(key)
        LayerTest.commitNow { layer[keyPath: path] = good }
        layer[keyPath: path] = bad
        #expect(layer[keyPath: path] == good, "\(key) = \(bad)", sourceLocation: sourceLocation)
        #expect(layer.pendingChanges.isEmpty, "\(key) = \(bad)", sourceLocation: sourceLocation)
        #expect(LayerTest.reported("CALayer.\(key)", layer.name!), "\(key) = \(bad)", sourceLocation: sourceLocation)
    }

    private static let nonFinite: [CGFloat] = [.nan, .infinity, -.infinity]

    @Test(arguments: nonFinite)
    func nonFinitePositionIsRefused(_ bad: CGFloat) {
        expectRefused("position", \.position, keeping: CGPoint(x: 1, y: 2), refusing: CGPoint(x: bad, y: 2))
        expectRefused("position", \.position, keeping: CGPoint(x: 1, y: 2), refusing: CGPoint(x: 1, y: bad))
    }

    @Test(arguments: nonFinite)
    func nonFiniteBoundsAreRefused(_ bad: CGFloat) {
        let good = CGRect(x: 0, y: 0, width: 10, height: 20)
        expectRefused("bounds", \.bounds, keeping: good, refusing: CGRect(x: bad, y: 0, width: 10, height: 20))
        expectRefused("bounds", \.bounds, keeping: good, refusing: CGRect(x: 0, y: 0, width: 10, height: bad))
    }

    @Test(arguments: nonFinite)
    func nonFiniteFrameIsRefused(_ bad: CGFloat) {
        let layer = CALayer()
        layer.name = LayerTest.uniqueName("frame")
        LayerTest.commitNow { layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20) }
        layer.frame = CGRect(x: 0, y: bad, width: 5, height: 5)
        layer.frame = CGRect(x: 0, y: 0, width: bad, height: 5)
        #expect(layer.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(layer.position == CGPoint(x: 20, y: 20))
        #expect(layer.pendingChanges.isEmpty)
        #expect(LayerTest.reported("CALayer.frame", layer.name!))
    }

    @Test(arguments: nonFinite)
    func nonFiniteTransformsAreRefused(_ bad: CGFloat) {
        let good = CATransform3DMakeScale(2, 2, 1)
        var broken = good
        broken.m41 = bad
        expectRefused("transform", \.transform, keeping: good, refusing: broken)
        broken = good
        broken.m34 = bad
        expectRefused("sublayerTransform", \.sublayerTransform, keeping: good, refusing: broken)
    }

    @Test(arguments: nonFinite)
    func nonFiniteScalarGeometryIsRefused(_ bad: CGFloat) {
        expectRefused("zPosition", \.zPosition, keeping: 4, refusing: bad)
        expectRefused("anchorPointZ", \.anchorPointZ, keeping: 4, refusing: bad)
        expectRefused("anchorPoint", \.anchorPoint, keeping: CGPoint(x: 0, y: 1), refusing: CGPoint(x: bad, y: 0))
        expectRefused("cornerRadius", \.cornerRadius, keeping: 5, refusing: bad)
        expectRefused("borderWidth", \.borderWidth, keeping: 2, refusing: bad)
        expectRefused("shadowRadius", \.shadowRadius, keeping: 6, refusing: bad)
        expectRefused(
            "shadowOffset", \.shadowOffset, keeping: CGSize(width: 1, height: 1),
            refusing: CGSize(width: bad, height: 1))
        expectRefused(
            "contentsRect", \.contentsRect, keeping: CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
            refusing: CGRect(x: 0, y: 0, width: bad, height: 0.5))
        expectRefused("rasterizationScale", \.rasterizationScale, keeping: 2, refusing: bad)
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteFloatsAreRefused(_ bad: Float) {
        expectRefused("opacity", \.opacity, keeping: 0.5, refusing: bad)
        expectRefused("shadowOpacity", \.shadowOpacity, keeping: 0.5, refusing: bad)
        if bad.isNaN { expectRefused("speed", \.speed, keeping: 2, refusing: bad) }
        expectRefused("minificationFilterBias", \.minificationFilterBias, keeping: 0.5, refusing: bad)
    }

    /// As measured on QuartzCore, the timing setters accept infinity (this test once expected
    /// infinite begin times and offsets to be refused); NaN is still refused.
    @Test func nanTimesAreRefused() {
        expectRefused("beginTime", \.beginTime, keeping: 3, refusing: .nan)
        expectRefused("timeOffset", \.timeOffset, keeping: 3, refusing: .nan)
        expectRefused("duration", \.duration, keeping: 3, refusing: .nan)
        expectRefused("repeatDuration", \.repeatDuration, keeping: 3, refusing: .nan)
    }

    @Test func layerTimingAcceptsInfinity() {
        let layer = CALayer()
        layer.repeatCount = .infinity
        layer.duration = 4
        layer.duration = .infinity
        layer.repeatDuration = .infinity
        layer.beginTime = -.infinity
        layer.timeOffset = .infinity
        layer.speed = .infinity
        #expect(layer.repeatCount == .infinity && layer.duration == .infinity && layer.repeatDuration == .infinity)
        #expect(layer.beginTime == -.infinity && layer.timeOffset == .infinity && layer.speed == .infinity)
        layer.repeatCount = .nan
        #expect(layer.repeatCount == .infinity)
    }

    @Test func aLayerWhoseTimeIsInfiniteShowsItsModelValues() throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 40, y: 0)
        CATransaction.flush()
        layer.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "move")
        layer.timeOffset = .infinity
        CATransaction.flush()
        #expect(layer.presentation()?.position.x == 40)
        var builder = CommitBuilder()
        builder.encodeWhole(layer, markingCommitted: false)
        var tree = RenderTree()
        tree.apply(builder.finish(snapshot: true))
        let tick = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tick.events.isEmpty)
        #expect(tree[layer.layerID]?.properties.position.x == 40)
    }

    @Test(arguments: [0, -1, .nan, .infinity, -.infinity] as [CGFloat])
    func contentsScaleMustBePositiveAndFinite(_ bad: CGFloat) {
        expectRefused("contentsScale", \.contentsScale, keeping: 2, refusing: bad)
    }

    @Test func negativeCornerRadiusAndBorderWidthBecomeZero() {
        let layer = CALayer()
        layer.cornerRadius = -4
        layer.borderWidth = -1
        #expect(layer.cornerRadius == 0)
        #expect(layer.borderWidth == 0)
    }

    @Test func contentsThatAreNotAnImageAreStoredButNotDisplayed() {
        let layer = CALayer()
        layer.name = LayerTest.uniqueName("contents")
        let image = CGImage(rgbaPixels: [0, 0, 255, 255], width: 1, height: 1)!
        LayerTest.commitNow { layer.contents = image }
        layer.contents = "not an image"
        #expect(layer.contents as? String == "not an image")
        #expect(layer.state.contents == nil)  // nothing to draw
        // The change clears the image (and animates that change implicitly).
        #expect(layer.pendingChanges.contains(LayerChanges(.contents)))
        #expect(LayerTest.reported("CALayer.contents", "String", "not displayable", layer.name!))
        layer.contents = image
        #expect(layer.contents as? CGImage === image)
        #expect(layer.state.contents === image)
    }

    /// Sizes whose byte counts overflow `Int` are refused with a logged error, not an overflow trap.
    @Test(
        arguments: [
            (Int.max / 2, Int.max / 2, nil), (1 << 40, 1 << 40, nil), (Int.max, 1, nil), (1, 1 << 62, nil),
            (1, 3, Int.max), (2, 2, -8),
        ] as [(Int, Int, Int?)])
    func imagesOfHugeSizesAreRefused(width: Int, height: Int, bytesPerRow: Int?) {
        var image: CGImage?
        let messages = Diagnostics.capturing {
            image = CGImage(
                rgbaPixels: [UInt8](repeating: 255, count: 64), width: width, height: height,
                bytesPerRow: bytesPerRow)
        }
        #expect(image == nil)
        #expect(messages.contains { $0.contains("CGImage: \(width)x\(height) RGBA pixels") }, "\(messages)")
    }

    @Test func replaceSublayerWithANonChildChangesNothing() {
        let parent = CALayer()
        let child = CALayer()
        let stranger = CALayer()
        let replacement = CALayer()
        stranger.name = LayerTest.uniqueName("stranger")
        let elsewhere = CALayer()
        elsewhere.addSublayer(stranger)
        parent.addSublayer(child)
        parent.replaceSublayer(stranger, with: replacement)
        #expect(parent.sublayers?.count == 1 && parent.sublayers?.first === child)
        #expect(replacement.superlayer == nil)
        #expect(stranger.superlayer === elsewhere)
        #expect(LayerTest.reported("CALayer.replaceSublayer", "not a sublayer", stranger.name!))
    }

    @Test func presentationLayersCannotJoinATree() throws {
        let parent = CALayer()
        let layer = CALayer()
        parent.name = LayerTest.uniqueName("presentation-parent")
        LayerTest.commitNow { layer.opacity = 0.5 }
        let presentation = try #require(layer.presentation())
        parent.addSublayer(presentation)
        #expect(parent.sublayers == nil)
        #expect(LayerTest.reported("CALayer.addSublayer", "presentation layers"))
    }
}
