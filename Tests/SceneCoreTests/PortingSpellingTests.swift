import Foundation
import Testing

@testable import SceneCore

/// Code written against Apple's Swift overlay of QuartzCore compiles unchanged and round-trips the
/// values of API that has no rendering meaning here yet, with Apple's defaults.
@Suite struct PortingSpellingTests {
    @Test func timingFunctionAndValueFunctionNamesAreTopLevelTypes() {
        let name: CAMediaTimingFunctionName = .linear
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(name.rawValue == "linear")
        #expect(easeIn == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        let nested: CAMediaTimingFunction.Name = .easeOut
        #expect(nested == CAMediaTimingFunctionName.easeOut)
        let function: CAValueFunctionName = .rotateZ
        #expect(CAValueFunction(name: function)?.name == .rotateZ)
        #expect(CAValueFunction.Name.scale == CAValueFunctionName.scale)
    }

    @Test func filtersAreStoredAndReturned() {
        let layer = CALayer()
        #expect(layer.filters == nil && layer.backgroundFilters == nil && layer.compositingFilter == nil)
        var filters: [Any] = ["CIGaussianBlur"]
        layer.filters = filters
        filters.append("CIBloom")
        #expect(layer.filters?.count == 1, "the array is copied on set")
        layer.backgroundFilters = []
        #expect(layer.backgroundFilters?.isEmpty == true)
        let filter = NSObject()
        layer.compositingFilter = filter
        #expect(layer.compositingFilter as AnyObject? === filter, "the same object is kept")
        layer.setValue(["a", "b"], forKey: "filters")
        #expect((layer.value(forKey: "filters") as? [String]) == ["a", "b"])
        #expect(layer.value(forKey: "compositingFilter") as AnyObject? === filter)

        let transition = CATransition()
        #expect(transition.filter == nil)
        transition.filter = filter
        #expect(transition.filter as AnyObject? === filter)
        #expect((transition.copy() as? CATransition)?.filter as AnyObject? === filter, "a copy keeps the filter")
    }

    @Test func dynamicRangePropertiesHaveApplesDefaults() {
        let layer = CALayer()
        #expect(layer.preferredDynamicRange == .standard)
        #expect(layer.toneMapMode == .automatic)
        #expect(layer.contentsHeadroom == 0)
        #expect(layer.wantsExtendedDynamicRangeContent == false)
        layer.contentsHeadroom = -1.5
        #expect(layer.contentsHeadroom == -1.5, "negative headroom is kept")
        let range: CALayer.DynamicRange = .high
        layer.preferredDynamicRange = range
        let mode: CALayer.ToneMapMode = .never
        layer.toneMapMode = mode
        #expect(layer.preferredDynamicRange == .high && layer.toneMapMode == .never)
        #expect(CALayerContentsFormat.automatic.rawValue == "Automatic")
    }

    @Test func cornerCurveExpansionFactors() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
        #expect(CALayer.cornerCurveExpansionFactor(CALayerCornerCurve(rawValue: "squircle")) == 1)
    }

    @Test func shadowPathIsAnImmutableCopyAlsoByKey() {
        let layer = CALayer()
        #expect(layer.shadowPath == nil)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.shadowPath = path
        path.addRect(CGRect(x: 20, y: 20, width: 5, height: 5))
        #expect(layer.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 8), transform: nil)
        layer.setValue(ellipse, forKey: "shadowPath")
        #expect((layer.value(forKey: "shadowPath") as? CGPath) == ellipse)
    }

    @Test func unknownNamesReadBackAsTheDefaultOfTheirType() {
        let layer = CALayer()
        layer.contentsGravity = CALayerContentsGravity(rawValue: "sideways")
        #expect(layer.contentsGravity == .center)
        layer.cornerCurve = CALayerCornerCurve(rawValue: "squircle")
        #expect(layer.cornerCurve == .circular)
        layer.contentsFormat = CALayerContentsFormat(rawValue: "RGB10")
        #expect(layer.contentsFormat == .RGBA8Uint)
        layer.setValue("nowhere", forKey: "contentsGravity")
        #expect(layer.contentsGravity == .center)
        layer.maskedCorners = CACornerMask(rawValue: 0xFF)
        #expect(layer.maskedCorners.rawValue == 0x0F, "only the four corner bits are kept")
    }
}
