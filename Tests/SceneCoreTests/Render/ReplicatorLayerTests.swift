import Foundation
import Testing

@testable import SceneCore

/// `CAReplicatorLayer`'s defaults, setters, and the frame builder drawing its instances from
/// one walk of its sublayers.
@Suite struct ReplicatorLayerTests {
    @Test func theDefaultsAreCoreAnimations() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1)
        #expect(CATransform3DIsIdentity(layer.instanceTransform))
        #expect(layer.instanceDelay == 0)
        #expect(layer.instanceColor?.value == RGBA(r: 1, g: 1, b: 1, a: 1))
        #expect(layer.instanceRedOffset == 0 && layer.instanceGreenOffset == 0)
        #expect(layer.instanceBlueOffset == 0 && layer.instanceAlphaOffset == 0)
        #expect(layer.preservesDepth == false)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") == nil)
        #expect(CALayer.defaultValue(forKey: "instanceCount") == nil, "an arbitrary key on other layers")
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceColor") as? CGColor == CGColor.white)
    }

    @Test func settersStoreWhatTheyAreGivenAndTheColourObjectIsKept() {
        let layer = CAReplicatorLayer()
        let color = CGColor(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        layer.instanceCount = 12
        layer.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        layer.instanceDelay = 0.125
        layer.instanceColor = color
        layer.instanceRedOffset = -0.1
        layer.instanceGreenOffset = 0.2
        layer.instanceBlueOffset = -0.3
        layer.instanceAlphaOffset = 0.4
        layer.preservesDepth = true
        #expect(layer.instanceCount == 12)
        #expect(CATransform3DEqualToTransform(layer.instanceTransform, CATransform3DMakeRotation(.pi / 6, 0, 0, 1)))
        #expect(layer.instanceDelay == 0.125)
        #expect(layer.instanceColor === color)
        #expect(layer.value(forKey: "instanceColor") as AnyObject === color)
        #expect(layer.instanceRedOffset == -0.1 && layer.instanceGreenOffset == 0.2)
        #expect(layer.instanceBlueOffset == -0.3 && layer.instanceAlphaOffset == 0.4)
        #expect(layer.preservesDepth)
        #expect(layer.value(forKey: "instanceCount") as? Int == 12)
        layer.setValue(NSNumber(value: 3), forKey: "instanceCount")
        #expect(layer.instanceCount == 3)
        layer.instanceColor = nil
        #expect(layer.instanceColor == nil)
    }

    @Test func everyInstancePropertyButPreservesDepthAnimates() {
        for key in [
            "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
            "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
        ] {
            #expect(AnimatableProperty(key: key) != nil, "\(key) animates")
        }
        #expect(AnimatableProperty(key: "preservesDepth") == nil)
    }

    @Test func aPresentationCopyAndAnArchiveAreReplicators() throws {
        let layer = CAReplicatorLayer()
        LayerTest.commitWithoutActions {
            layer.instanceCount = 4
            layer.instanceGreenOffset = -0.25
        }
        let copy = try #require(layer.presentation())
        #expect(copy.instanceCount == 4 && copy.instanceGreenOffset == -0.25)
        #expect(copy.state.kind == .replicator)
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        let read = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: CAReplicatorLayer.self, from: data))
        #expect(read.instanceCount == 4 && read.instanceGreenOffset == -0.25)
    }

    /// A replicator of `count` instances of a sublayer that has three sublayers of its own.
    private func replicatorScene(count: Int) -> (root: CALayer, replicator: CAReplicatorLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeTranslation(0.1, 0, 0)
        let item = CALayer()
        item.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        for i in 0..<3 {
            let part = CALayer()
            part.frame = CGRect(x: CGFloat(i) * 3, y: 0, width: 2, height: 2)
            part.backgroundColor = red
            item.addSublayer(part)
        }
        replicator.addSublayer(item)
        root.addSublayer(replicator)
        return (root, replicator)
    }

    @Test func aThousandInstancesAreDrawnFromOneWalkOfTheSublayers() {
        let (root, _) = replicatorScene(count: 1000)
        let builder = FrameBuilder.walk(renderTree(for: root), root: root.layerID, width: 200, height: 100)
        // The root, the replicator, the item and its three parts: each visited once.
        #expect(builder.visitedLayers == 6)
        var batcher = builder.batcher
        let list = batcher.finish(width: 200, height: 100, clearColor: .zero)
        #expect(list.instances.count == 3000)
        #expect(list.drawCallCount == 1, "every instance joins the same instanced draw")
        // Instance 999 is moved by 999 × 0.1 = 99.9 pixels.
        let last = windowPoint(list.instances[2999], x: 0, y: 0, width: 200, height: 100)
        #expect(abs(last.x - (6 + 99.9)) < 0.01 && abs(last.y) < 0.01)
    }

    @Test func noInstancesVisitNoSublayers() {
        let (root, _) = replicatorScene(count: 0)
        let builder = FrameBuilder.walk(renderTree(for: root), root: root.layerID, width: 200, height: 100)
        #expect(builder.visitedLayers == 2)
    }

    @Test func aHugeCountDrawsABoundedNumberOfQuads() {
        let (root, _) = replicatorScene(count: Int.max)
        let list = displayList(for: root)
        #expect(list.instances.count <= FrameBuilder.maximumReplicatedQuads)
        #expect(list.instances.count >= FrameBuilder.maximumReplicatedQuads - 3)
    }
}
