import Foundation
import Testing

@testable import SceneCore

/// Every stored property of a new layer has Core Animation's default (Apple's CALayer documentation).
@Suite struct LayerDefaultsTests {
    @Test func geometryAndHierarchyDefaults() {
        let layer = CALayer()
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.zPosition == 0)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.affineTransform() == .identity)
        #expect(layer.frame == .zero)
        #expect(layer.isHidden == false)
        #expect(layer.isDoubleSided == true)
        #expect(layer.isGeometryFlipped == false)
        #expect(layer.masksToBounds == false)
        #expect(layer.mask == nil)
        // A new layer answers nil, not an empty array [GS#35].
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer == nil)
    }

    @Test func contentsDefaults() {
        let layer = CALayer()
        #expect(layer.contents == nil)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsScale == 1)
        #expect(layer.contentsFormat == .RGBA8Uint)
        #expect(layer.minificationFilter == .linear)
        #expect(layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0)
        #expect(layer.isOpaque == false)
    }

    @Test func appearanceDefaults() {
        let layer = CALayer()
        #expect(layer.opacity == 1)
        #expect(layer.allowsGroupOpacity == true)
        // iOS default (SceneCore follows the iOS conventions); macOS would say true [GS#91].
        #expect(layer.allowsEdgeAntialiasing == false)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(layer.backgroundColor == nil)
        #expect(layer.cornerRadius == 0)
        #expect(
            layer.maskedCorners == [
                .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
            ])
        #expect(layer.cornerCurve == .circular)
        #expect(layer.borderWidth == 0)
        #expect(layer.borderColor.map(opaqueBlack) == true)
        #expect(layer.shadowColor.map(opaqueBlack) == true)
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shouldRasterize == false)
        #expect(layer.rasterizationScale == 1)
    }

    @Test func mediaTimingDefaults() {
        let layer = CALayer()
        #expect(layer.beginTime == 0)
        #expect(layer.duration == .infinity)
        #expect(CALayer.defaultValue(forKey: "duration") as? CFTimeInterval == .infinity)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(layer.repeatCount == 0)
        #expect(layer.repeatDuration == 0)
        #expect(layer.autoreverses == false)
        #expect(layer.fillMode == .removed)
    }

    @Test func identityDefaults() {
        let layer = CALayer()
        #expect(layer.name == nil)
        #expect(layer.style == nil)
        #expect(layer.actions == nil)
        #expect(layer.delegate == nil)
        // Never committed: no presentation layer yet; a model layer is its own model [GS#35].
        #expect(layer.presentation() == nil)
        #expect(layer.model() === layer)
    }

    @Test func everyLayerHasItsOwnID() {
        let a = CALayer()
        let b = CALayer()
        #expect(a.layerID != b.layerID)
    }

    @Test func propertiesStructMatchesTheLayerDefaults() {
        // The commit carries `LayerProperties`; its defaults are the layer's.
        #expect(CALayer().state == LayerProperties())
    }

    private func opaqueBlack(_ color: CGColor) -> Bool {
        let (r, g, b, a) = color.rgba
        return r == 0 && g == 0 && b == 0 && a == 1
    }
}
