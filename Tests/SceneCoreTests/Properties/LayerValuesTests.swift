import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `LayerProperties` keeps its values in two boxes shared by copies (`Values`, and the
/// `ExtraValues` few layers set): a copy changes only its own values, and a layer that sets no
/// extra value, animated or not, keeps sharing the one box of default extra values.
@Suite struct LayerValuesTests {
    @Test func aCopyChangesOnlyItsOwnValuesInEitherBox() {
        var original = LayerProperties()
        original.opacity = 0.5
        var copy = original
        copy.shadowOpacity = 0.75
        copy.position = CGPoint(x: 3, y: 4)
        #expect(original.opacity == 0.5 && original.shadowOpacity == 0 && original.position == .zero)
        #expect(copy.opacity == 0.5 && copy.shadowOpacity == 0.75 && copy.position == CGPoint(x: 3, y: 4))
        #expect(original.values.extras.isSharing(with: LayerProperties.defaultExtras))
        #expect(!copy.values.extras.isSharing(with: LayerProperties.defaultExtras))
        #expect(original != copy)
        copy.shadowOpacity = 0
        copy.position = .zero
        #expect(original == copy, "equal values in boxes of their own")
    }

    @Test func valuesAtAddressesAreTheFieldsInBothBoxes() {
        var p = LayerProperties()
        let strokeEnd = LayerProperties.address(ofExtra: \.strokeEnd)!
        let position = LayerProperties.address(of: \.position)!
        p.store(CGFloat(0.25), at: strokeEnd)
        p.store(CGPoint(x: 7, y: 8), at: position)
        #expect(p.strokeEnd == 0.25 && p.position == CGPoint(x: 7, y: 8))
        #expect(p.load(CGFloat.self, at: strokeEnd) == 0.25)
        #expect(p.load(CGPoint.self, at: position) == CGPoint(x: 7, y: 8))
        #expect(LayerProperties.address(ofExtra: \.timing.fillMode) == nil, "a computed value has no address")
    }

    @Test func theRenderSideCopiesTheExtraValuesOnlyOfLayersWhoseAnimationsDriveOne() {
        let spun = CALayer()
        spun.add(basic("transform.rotation.z", from: 0, to: 2, duration: 4), forKey: "spin")
        let shadowed = CALayer()
        shadowed.add(basic("shadowOpacity", from: 0, to: 1, duration: 4), forKey: "shadow")
        let scene = SteadyAnimationTests.Scene([spun, shadowed])
        CATransaction.flush()
        scene.show(at: 0.5)
        scene.show(at: 1)
        let spinning = scene.tree[spun.layerID]!
        #expect(isClose(spinning.properties.transform, CATransform3DMakeRotation(0.5, 0, 0, 1)), "a quarter of the way")
        #expect(spinning.properties.values.extras.isSharing(with: LayerProperties.defaultExtras))
        #expect(spinning.model.values.extras.isSharing(with: LayerProperties.defaultExtras))
        let shadowing = scene.tree[shadowed.layerID]!
        #expect(shadowing.properties.shadowOpacity == 0.25)
        #expect(shadowing.model.shadowOpacity == 0)
        #expect(shadowing.model.values.extras.isSharing(with: LayerProperties.defaultExtras))
    }
}
