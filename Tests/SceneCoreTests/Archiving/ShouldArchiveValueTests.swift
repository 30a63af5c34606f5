import Foundation
import Testing

@testable import SceneCore

/// `shouldArchiveValue(forKey:)` answers as Apple's QuartzCore does: a fresh layer archives only
/// `allowsEdgeAntialiasing`, `allowsGroupOpacity`, `cornerCurve` and `contentsFormat`; a key is
/// archived once set, by its setter or by key-value coding; `frame` and `superlayer` never are.
@Suite struct ShouldArchiveValueTests {
    /// The keys Core Animation archives for a layer nobody has changed.
    static let archivedWhenFresh: Set<String> = [
        "allowsEdgeAntialiasing", "allowsGroupOpacity", "cornerCurve", "contentsFormat",
    ]

    /// Every built-in key: the declared properties under both names, and the rest.
    static let builtInKeys: [String] =
        PropertyID.declarations.flatMap { [$0.key] + ($0.swiftKey.map { [$0] } ?? []) } + [
            "frame", "superlayer", "sublayers", "mask", "filters", "backgroundFilters", "compositingFilter", "name",
            "style", "actions", "delegate", "layoutManager", "needsDisplayOnBoundsChange", "drawsAsynchronously",
            "autoresizingMask", "constraints",
        ]

    @Test func aFreshLayerArchivesOnlyFourKeys() {
        let keys = Self.builtInKeys + ["path", "fillColor", "string", "fontSize", "wrapped", "colors", "custom"]
        for layer in [CALayer(), CAShapeLayer(), CATextLayer(), CAGradientLayer()] {
            for key in keys {
                #expect(
                    layer.shouldArchiveValue(forKey: key) == Self.archivedWhenFresh.contains(key),
                    "\(type(of: layer)).shouldArchiveValue(forKey: \"\(key)\")")
            }
        }
    }

    @Test(arguments: PropertyID.allCases)
    func aPropertySetByKeyValueCodingIsArchived(_ id: PropertyID) {
        let layer =
            id.isEmitterProperty
            ? CAEmitterLayer()
            : id.isReplicatorProperty ? CAReplicatorLayer() : id.isOpenGLProperty ? CAOpenGLLayer() : CALayer()
        let key = id.declared.key
        layer.setValue(PropertyTableTests.sampleObject(id), forKey: key)
        #expect(layer.shouldArchiveValue(forKey: key))
        if let swiftKey = id.declared.swiftKey { #expect(layer.shouldArchiveValue(forKey: swiftKey)) }
        let others = PropertyID.allCases.filter { $0 != id && !Self.archivedWhenFresh.contains($0.declared.key) }
        for other in others where other != .bounds && other != .position {
            #expect(!layer.shouldArchiveValue(forKey: other.declared.key), "setting \(key) archives only \(key)")
        }
    }

    @Test func aPropertySetByItsSetterIsArchivedEvenAtItsDefault() {
        let layer = CALayer()
        layer.opacity = 1
        layer.isHidden = false
        layer.backgroundColor = nil
        layer.speed = 1
        for key in ["opacity", "hidden", "isHidden", "backgroundColor", "speed"] {
            #expect(layer.shouldArchiveValue(forKey: key), "\(key)")
        }
        #expect(!layer.shouldArchiveValue(forKey: "zPosition"))
    }

    @Test func aRefusedValueIsNotASetValue() {
        let layer = CALayer()
        layer.opacity = .nan
        layer.contentsScale = -1
        #expect(!layer.shouldArchiveValue(forKey: "opacity"))
        #expect(!layer.shouldArchiveValue(forKey: "contentsScale"))
    }

    @Test func settingTheFrameArchivesBoundsAndPositionButNeverTheFrame() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(layer.shouldArchiveValue(forKey: "bounds"))
        #expect(layer.shouldArchiveValue(forKey: "position"))
        #expect(!layer.shouldArchiveValue(forKey: "frame"))
        layer.setValue(CGRect(x: 0, y: 0, width: 5, height: 5), forKey: "frame")
        #expect(!layer.shouldArchiveValue(forKey: "frame"))
        #expect(!layer.shouldArchiveValue(forKey: "anchorPoint"))
    }

    @Test func theSuperlayerIsNeverArchivedAndSublayersAreOnceThereAreAny() {
        let parent = CALayer()
        let child = CALayer()
        #expect(!parent.shouldArchiveValue(forKey: "sublayers"))
        parent.addSublayer(child)
        #expect(parent.shouldArchiveValue(forKey: "sublayers"))
        #expect(!child.shouldArchiveValue(forKey: "superlayer"))
        #expect(!child.shouldArchiveValue(forKey: "sublayers"))
        let other = CALayer()
        other.sublayers = [CALayer()]
        #expect(other.shouldArchiveValue(forKey: "sublayers"))
    }

    @Test func maskFiltersAndContentsCenterAreArchivedOnceSet() {
        let layer = CALayer()
        layer.mask = CALayer()
        layer.filters = []
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        for key in ["mask", "filters", "contentsCenter"] { #expect(layer.shouldArchiveValue(forKey: key), "\(key)") }
        #expect(!layer.shouldArchiveValue(forKey: "backgroundFilters"))

        let byKey = CALayer()
        byKey.setValue([Any](), forKey: "filters")
        byKey.setValue(CALayer(), forKey: "mask")
        #expect(byKey.shouldArchiveValue(forKey: "filters"))
        #expect(byKey.shouldArchiveValue(forKey: "mask"))
    }

    @Test func otherLayerKeysAreArchivedOnceSet() {
        let layer = CALayer()
        layer.name = "n"
        layer.style = [:]
        layer.actions = [:]
        layer.needsDisplayOnBoundsChange = false
        layer.drawsAsynchronously = true
        layer.autoresizingMask = .layerWidthSizable
        layer.compositingFilter = "multiply"
        layer.backgroundFilters = []
        layer.contents = PropertyTableTests.sample(.contents).defaultObject
        layer.setValue(3, forKey: "custom")
        let keys = [
            "name", "style", "actions", "needsDisplayOnBoundsChange", "drawsAsynchronously", "autoresizingMask",
            "compositingFilter", "backgroundFilters", "contents", "custom",
        ]
        for key in keys { #expect(layer.shouldArchiveValue(forKey: key), "\(key)") }
        #expect(!layer.shouldArchiveValue(forKey: "other"))
    }

    @Test func aShapeLayersPathIsArchivedOnlyOnceSet() {
        let shape = CAShapeLayer()
        #expect(!shape.shouldArchiveValue(forKey: "path"))
        #expect(shape.path == nil)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        #expect(shape.shouldArchiveValue(forKey: "path"))
        #expect(!shape.shouldArchiveValue(forKey: "strokeColor"))
        shape.setValue(CGColor.white, forKey: "strokeColor")
        #expect(shape.shouldArchiveValue(forKey: "strokeColor"))
    }

    @Test func textAndGradientKeysAreArchivedOnceSet() {
        let text = CATextLayer()
        text.string = "hi"
        text.isWrapped = true
        #expect(text.shouldArchiveValue(forKey: "string"))
        #expect(text.shouldArchiveValue(forKey: "wrapped"))
        #expect(text.shouldArchiveValue(forKey: "isWrapped"))
        #expect(!text.shouldArchiveValue(forKey: "fontSize"))
        text.setValue(CGFloat(12), forKey: "fontSize")
        #expect(text.shouldArchiveValue(forKey: "fontSize"))
        #expect(text.needsDisplayOnBoundsChange)
        #expect(!text.shouldArchiveValue(forKey: "needsDisplayOnBoundsChange"))

        let gradient = CAGradientLayer()
        gradient.colors = [CGColor.white, CGColor.black]
        #expect(gradient.shouldArchiveValue(forKey: "colors"))
        #expect(!gradient.shouldArchiveValue(forKey: "locations"))
    }

    @Test func aSubclassDecidesWhatItArchives() {
        final class Unarchived: CALayer {
            override func shouldArchiveValue(forKey key: String) -> Bool {
                key == "opacity" ? false : super.shouldArchiveValue(forKey: key)
            }
        }
        let layer = Unarchived()
        layer.opacity = 0.5
        layer.zPosition = 2
        #expect(!layer.shouldArchiveValue(forKey: "opacity"))
        #expect(layer.shouldArchiveValue(forKey: "zPosition"))
    }
}
