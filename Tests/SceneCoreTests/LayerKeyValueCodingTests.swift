import Foundation
import Testing

@testable import SceneCore

@Suite struct LayerKeyValueCodingTests {
    @Test func everyBuiltInKeyReadsTheProperty() throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 3, y: 4)
        layer.opacity = 0.5
        layer.isHidden = true
        layer.contentsGravity = .topLeft
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        #expect(layer.value(forKey: "hidden") as? Bool == true)
        #expect(layer.value(forKey: "isHidden") as? Bool == true)
        #expect(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity == .topLeft)
        #expect(layer.value(forKey: "borderColor") as? CGColor == CGColor.black)
    }

    @Test func setValueConvertsNumbersAndStrings() {
        let layer = CALayer()
        layer.setValue(NSNumber(value: 0.25), forKey: "opacity")
        layer.setValue(12, forKey: "cornerRadius")
        layer.setValue("nearest", forKey: "magnificationFilter")
        layer.setValue(5, forKey: "maskedCorners")
        #expect(layer.opacity == 0.25)
        #expect(layer.cornerRadius == 12)
        #expect(layer.magnificationFilter == .nearest)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMinXMaxYCorner])
    }

    @Test func whatValueForKeyReturnsSetValueForKeyAccepts() {
        let layer = CALayer()
        layer.setValue(CALayerContentsGravity.bottomRight, forKey: "contentsGravity")
        layer.setValue(CACornerMask.layerMaxXMinYCorner, forKey: "maskedCorners")
        layer.setValue(CAEdgeAntialiasingMask.layerTopEdge, forKey: "edgeAntialiasingMask")
        #expect(layer.contentsGravity == .bottomRight)
        #expect(layer.maskedCorners == .layerMaxXMinYCorner)
        #expect(layer.edgeAntialiasingMask == .layerTopEdge)
        let copy = CALayer()
        for key in ["contentsGravity", "maskedCorners", "edgeAntialiasingMask"] {
            copy.setValue(layer.value(forKey: key), forKey: key)
        }
        #expect(copy.state == layer.state)
    }

    @Test func styleActionsAndLayoutKeysAreKeyValueCoded() throws {
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        let manager = CAConstraintLayoutManager()
        layer.setValue(["k": 1], forKey: "style")
        layer.setValue(["opacity": fade, "hidden": NSNull()] as [String: Any], forKey: "actions")
        layer.setValue(true, forKey: "needsDisplayOnBoundsChange")
        layer.setValue(true, forKey: "drawsAsynchronously")
        layer.setValue(CAAutoresizingMask.layerHeightSizable, forKey: "autoresizingMask")
        layer.setValue(manager, forKey: "layoutManager")
        #expect(layer.style?["k"] as? Int == 1)
        #expect(layer.actions?["opacity"] as? CABasicAnimation === fade)
        #expect(layer.actions?["hidden"] is NSNull)
        #expect(layer.needsDisplayOnBoundsChange)
        #expect(layer.drawsAsynchronously)
        #expect(layer.autoresizingMask == .layerHeightSizable)
        #expect(layer.layoutManager === manager)
        #expect(layer.value(forKey: "autoresizingMask") as? CAAutoresizingMask == .layerHeightSizable)
        #expect((layer.value(forKey: "style") as? [AnyHashable: Any])?["k"] as? Int == 1)
        layer.setValue(2, forKey: "autoresizingMask")
        #expect(layer.autoresizingMask == .layerWidthSizable)
        layer.setValue(["opacity": 3], forKey: "actions")
        #expect(layer.actions?["opacity"] as? CABasicAnimation === fade, "a table with a non-action is refused")
        layer.setValue(nil, forKey: "layoutManager")
        #expect(layer.layoutManager == nil)
    }

    @Test func structFieldKeyPathsReadAndWrite() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.setValue(7, forKeyPath: "position.x")
        layer.setValue(55, forKeyPath: "bounds.size.height")
        #expect(layer.position == CGPoint(x: 7, y: 0))
        #expect(layer.bounds.size == CGSize(width: 100, height: 55))
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 100)
        #expect(layer.value(forKeyPath: "position.y") as? CGFloat == 0)
    }

    @Test func transformKeyPathsReadAndWrite() throws {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(abs(layer.transform.m12 - 1) < 1e-12 && abs(layer.transform.m11) < 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale")
        let rotation = try #require(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(rotation - .pi / 2) < 1e-12)
        #expect(abs((layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0) - 2) < 1e-12)
        layer.setValue(15, forKeyPath: "transform.translation.x")
        #expect(layer.transform.m41 == 15)
    }

    @Test func arbitraryKeysAreStoredAndDefaultsAnswerUnsetOnes() {
        let layer = CALayer()
        layer.setValue("hello", forKey: "customTag")
        #expect(layer.value(forKey: "customTag") as? String == "hello")
        #expect(layer.value(forKey: "neverSet") == nil)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
    }

    @Test func wrongTypesAndUnknownPathsAreRefusedWithAnError() {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 2)
        var messages = Diagnostics.capturing { layer.setValue("not a point", forKey: "position") }
        #expect(layer.position == CGPoint(x: 1, y: 2))
        #expect(messages.contains { $0.contains("\"position\"") && $0.contains("String") })
        messages = Diagnostics.capturing { layer.setValue(3, forKeyPath: "position.z") }
        #expect(layer.position == CGPoint(x: 1, y: 2))
        #expect(layer.value(forKeyPath: "position.z") == nil)
        #expect(messages.contains { $0.contains("position.z") })
        layer.setValue(CGFloat.nan, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 1, y: 2))
    }
}
