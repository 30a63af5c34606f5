import Foundation
import Testing

@testable import SceneCore

/// A layer subclass defined by an app: it archives a property of its own next to the layer's.
final class BadgeLayer: CALayer {
    var count = 0

    override init() { super.init() }
    override init(layer: Any) {
        count = (layer as? BadgeLayer)?.count ?? 0
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) {
        count = coder.decodeInteger(forKey: "count")
        super.init(coder: coder)
    }
    override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(count, forKey: "count")
    }
}

/// Layers round-trip through `NSKeyedArchiver` and `NSKeyedUnarchiver` (secure coding): every
/// property set, sublayers and mask, the subclasses' properties, with exact values.
@Suite struct LayerArchivingTests {
    /// `layer` archived securely and unarchived as a `T`.
    static func roundTrip<T: CALayer>(_ layer: CALayer, as type: T.Type = CALayer.self) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// The image every contents test uses: four pixels, one of them half transparent.
    static let image = CGImage(
        rgbaPixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 128, 255, 255, 255, 255], width: 2, height: 2)!

    @Test func layersSupportSecureCoding() {
        #expect(CALayer.supportsSecureCoding)
        #expect(CAShapeLayer.supportsSecureCoding)
        #expect(CATextLayer.supportsSecureCoding)
        #expect(CAGradientLayer.supportsSecureCoding)
    }

    @Test func everyPropertySetRoundTrips() throws {
        let layer = CALayer()
        // The emitter's keys are a CAEmitterLayer's (EmitterArchivingTests archives those), the
        // replicator's a CAReplicatorLayer's (ReplicatorLayerTests archives those), the
        // gradient's a CAGradientLayer's (`gradientLayersRoundTrip`), `asynchronous` a
        // CAOpenGLLayer's (OpenGLLayerTests).
        let ids = PropertyID.allCases.filter { PropertyTableTests.owner(of: $0) == CALayer.self }
        for id in ids {
            layer.setValue(PropertyTableTests.sample(id).defaultObject, forKey: id.declared.key)
        }
        let back = try Self.roundTrip(layer)
        for id in ids where id != .contents {
            #expect(
                id.declared.propertyValue(in: back.state) == id.declared.propertyValue(in: layer.state),
                "\(id.declared.key)")
            #expect(back.shouldArchiveValue(forKey: id.declared.key))
        }
        let contents = try #require(back.contents as? CGImage)
        #expect(contents.pixels == (layer.contents as? CGImage)?.pixels)
        #expect(back.state.transform == layer.state.transform)
        #expect(back.shadowPath?.elements == layer.shadowPath?.elements)
        #expect(back.backgroundColor?.components == layer.backgroundColor?.components)
    }

    @Test func onlyTheKeysSetAreArchived() throws {
        let layer = CALayer()
        layer.opacity = 0.5
        layer.name = "only"
        let back = try Self.roundTrip(layer)
        #expect(back.opacity == 0.5)
        #expect(back.name == "only")
        let archived = ShouldArchiveValueTests.builtInKeys.filter { back.shouldArchiveValue(forKey: $0) }
        #expect(Set(archived) == ShouldArchiveValueTests.archivedWhenFresh.union(["opacity", "name"]))
    }

    @Test func aLayerTreeRoundTripsWithSublayersAndMask() throws {
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 10, y: 20, width: 300, height: 200)
        root.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        root.borderColor = CGColor(gray: 0.5, alpha: 1)
        root.borderWidth = 2
        root.cornerRadius = 12.5
        root.sublayerTransform.m34 = -1.0 / 800
        root.speed = 0
        root.timeOffset = 1.25
        root.beginTime = 3
        root.fillMode = .both
        let child = CALayer()
        child.name = "child"
        child.frame = CGRect(x: 5, y: 6, width: 50, height: 60)
        child.transform = CATransform3DMakeRotation(.pi / 5, 0, 0, 1)
        child.contents = Self.image
        child.contentsGravity = .resizeAspect
        child.contentsScale = 2
        let grandchild = CALayer()
        grandchild.name = "grandchild"
        grandchild.position = CGPoint(x: 1, y: 2)
        grandchild.isHidden = true
        child.addSublayer(grandchild)
        let sibling = CALayer()
        sibling.name = "sibling"
        sibling.zPosition = 4
        root.sublayers = [child, sibling]
        let mask = CALayer()
        mask.name = "mask"
        mask.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        mask.backgroundColor = CGColor.black
        root.mask = mask

        let back = try Self.roundTrip(root)
        #expect(back.name == "root")
        #expect(back.frame == root.frame)
        #expect(back.bounds == root.bounds)
        #expect(back.position == root.position)
        #expect(back.backgroundColor?.components == [0.2, 0.4, 0.6, 0.8])
        #expect(back.borderColor?.components == [0.5, 1])
        #expect(back.borderWidth == 2)
        #expect(back.cornerRadius == 12.5)
        #expect(back.sublayerTransform == root.sublayerTransform)
        #expect(back.speed == 0)
        #expect(back.timeOffset == 1.25)
        #expect(back.beginTime == 3)
        #expect(back.fillMode == .both)
        #expect(back.superlayer == nil)

        let sublayers = try #require(back.sublayers)
        #expect(sublayers.map(\.name) == ["child", "sibling"])
        #expect(sublayers.allSatisfy { $0.superlayer === back })
        let backChild = sublayers[0]
        #expect(backChild.frame == child.frame)
        #expect(backChild.transform == child.transform)
        #expect(backChild.contentsGravity == .resizeAspect)
        #expect(backChild.contentsScale == 2)
        let contents = try #require(backChild.contents as? CGImage)
        #expect(contents.width == 2 && contents.height == 2)
        #expect(contents.pixels == Self.image.pixels)
        #expect(contents.pixel(x: 0, y: 1) == Self.image.pixel(x: 0, y: 1))
        let backGrandchild = try #require(backChild.sublayers?.first)
        #expect(backGrandchild.name == "grandchild")
        #expect(backGrandchild.position == CGPoint(x: 1, y: 2))
        #expect(backGrandchild.isHidden)
        #expect(backGrandchild.superlayer === backChild)
        #expect(sublayers[1].zPosition == 4)
        #expect(sublayers[1].sublayers == nil)

        let backMask = try #require(back.mask)
        #expect(backMask.name == "mask")
        #expect(backMask.frame == mask.frame)
        #expect(backMask.superlayer === back, "a mask's superlayer is the layer it masks")
        #expect(backMask.backgroundColor == CGColor.black)
    }

    @Test func anUnarchivedLayerIsALiveLayer() throws {
        let layer = CALayer()
        layer.opacity = 0.25
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let back = try Self.roundTrip(layer)
        #expect(back.layerID != layer.layerID)
        #expect(back.presentation() == nil)
        LayerTest.commitWithoutActions { back.position = CGPoint(x: 5, y: 5) }
        let shown = try #require(back.presentation())
        #expect(shown.opacity == 0.25)
        #expect(shown.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func otherLayerKeysRoundTrip() throws {
        let layer = CALayer()
        layer.style = ["cornerRadius": CGFloat(3), "style": ["name": "nested"]]
        layer.filters = []
        layer.backgroundFilters = ["blur", CGFloat(2)]
        layer.compositingFilter = "multiplyBlendMode"
        layer.needsDisplayOnBoundsChange = true
        layer.drawsAsynchronously = true
        layer.autoresizingMask = [.layerWidthSizable, .layerMaxYMargin]
        layer.layoutManager = CAConstraintLayoutManager()
        layer.constraints = [
            CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, scale: 1, offset: 8)
        ]
        layer.setValue(CGPoint(x: 1, y: 2), forKey: "customPoint")
        layer.setValue(nil, forKey: "customNil")

        let back = try Self.roundTrip(layer)
        #expect(back.style?["cornerRadius"] as? CGFloat == 3)
        #expect((back.style?["style"] as? [AnyHashable: Any])?["name"] as? String == "nested")
        #expect(back.filters?.isEmpty == true)
        #expect(back.shouldArchiveValue(forKey: "filters"))
        #expect(back.backgroundFilters?.first as? String == "blur")
        #expect(back.backgroundFilters?.last as? CGFloat == 2)
        #expect(back.compositingFilter as? String == "multiplyBlendMode")
        #expect(back.needsDisplayOnBoundsChange)
        #expect(back.drawsAsynchronously)
        #expect(back.autoresizingMask == [.layerWidthSizable, .layerMaxYMargin])
        #expect(back.layoutManager is CAConstraintLayoutManager)
        #expect(back.constraints?.first?.offset == 8)
        #expect(back.constraints?.first?.sourceName == "superlayer")
        #expect(back.value(forKey: "customPoint") as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(back.shouldArchiveValue(forKey: "customNil"))
        #expect(back.value(forKey: "customNil") == nil)
    }

    @Test func whatCannotBeArchivedIsLeftOut() throws {
        final class Delegate: CALayerDelegate {}
        final class Manager: CALayoutManager {
            func preferredSize(of layer: CALayer) -> CGSize { .zero }
            func layoutSublayers(of layer: CALayer) {}
        }
        let delegate = Delegate()
        let layer = CALayer()
        layer.delegate = delegate
        layer.layoutManager = Manager()
        layer.opacity = 0.5
        let (back, messages) = try Diagnostics.capturing { try Self.roundTrip(layer) }
        #expect(back.delegate == nil)
        #expect(back.layoutManager == nil)
        #expect(back.opacity == 0.5)
        #expect(
            messages.contains { $0.contains("CALayer.layoutManager") && $0.contains("cannot be archived") })
    }

    @Test func shapeLayersRoundTrip() throws {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 5, y: 0), control2: CGPoint(x: 10, y: 5))
        path.closeSubpath()
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        shape.lineWidth = 3.5
        shape.lineDashPattern = [4, 2]
        shape.lineDashPhase = 1
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.miterLimit = 4
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.75
        let back = try Self.roundTrip(shape, as: CAShapeLayer.self)
        #expect(back.path?.elements == path.elements)
        #expect(back.fillColor == nil)
        #expect(back.strokeColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(back.lineWidth == 3.5)
        #expect(back.lineDashPattern == [4, 2])
        #expect(back.lineDashPhase == 1)
        #expect(back.fillRule == .evenOdd)
        #expect(back.value(forKey: "fillRule") as? CAShapeLayerFillRule == .evenOdd)
        #expect(back.lineCap == .round)
        #expect(back.lineJoin == .bevel)
        #expect(back.miterLimit == 4)
        #expect(back.strokeStart == 0.25)
        #expect(back.strokeEnd == 0.75)

        let unset = try Self.roundTrip(CAShapeLayer(), as: CAShapeLayer.self)
        #expect(unset.path == nil)
        #expect(!unset.shouldArchiveValue(forKey: "path"))
        #expect(unset.fillColor == CGColor(gray: 0, alpha: 1))
    }

    @Test func textLayersRoundTrip() throws {
        let text = CATextLayer()
        text.string = "Hello"
        text.font = TextFont(name: "DejaVu Sans", size: 30)
        text.fontSize = 17
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        text.isWrapped = true
        text.truncationMode = .middle
        text.alignmentMode = .center
        text.allowsFontSubpixelQuantization = true
        text.needsDisplayOnBoundsChange = false
        let back = try Self.roundTrip(text, as: CATextLayer.self)
        #expect(back.string as? String == "Hello")
        #expect(back.font as? TextFont == TextFont(name: "DejaVu Sans", size: 30))
        #expect(back.fontSize == 17)
        #expect(back.foregroundColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(back.isWrapped)
        #expect(back.truncationMode == .middle)
        #expect(back.alignmentMode == .center)
        #expect(back.allowsFontSubpixelQuantization)
        #expect(!back.needsDisplayOnBoundsChange)

        let attributed = CATextLayer()
        attributed.string = NSAttributedString(string: "bold", attributes: [.font: "DejaVu Sans Bold"])
        let attributedBack = try Self.roundTrip(attributed, as: CATextLayer.self)
        let string = try #require(attributedBack.string as? NSAttributedString)
        #expect(string.string == "bold")
        #expect(string.attributes(at: 0, effectiveRange: nil)[.font] as? String == "DejaVu Sans Bold")
        #expect(try Self.roundTrip(CATextLayer(), as: CATextLayer.self).needsDisplayOnBoundsChange)
    }

    @Test func gradientLayersRoundTrip() throws {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 1, alpha: 0.5)]
        gradient.locations = [0.25, 0.75]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.type = .conic
        let back = try Self.roundTrip(gradient, as: CAGradientLayer.self)
        #expect(back.colors?.compactMap { $0 as? CGColor } == gradient.colors?.compactMap { $0 as? CGColor })
        #expect(back.locations == [0.25, 0.75])
        #expect(back.startPoint == CGPoint(x: 0, y: 0.5))
        #expect(back.endPoint == CGPoint(x: 1, y: 0.5))
        #expect(back.type == .conic)
        #expect(!back.needsDisplayOnBoundsChange)
        #expect(!back.shouldArchiveValue(forKey: "needsDisplayOnBoundsChange"))
    }

    @Test func theClassOfEachLayerInTheTreeIsKept() throws {
        let root = CALayer()
        let badge = BadgeLayer()
        badge.count = 7
        badge.opacity = 0.5
        root.sublayers = [CAShapeLayer(), CATextLayer(), CAGradientLayer(), badge]
        root.mask = CAShapeLayer()
        let back = try Self.roundTrip(root)
        let sublayers = try #require(back.sublayers)
        #expect(sublayers[0] is CAShapeLayer)
        #expect(sublayers[1] is CATextLayer)
        #expect(sublayers[2] is CAGradientLayer)
        let backBadge = try #require(sublayers[3] as? BadgeLayer)
        #expect(backBadge.count == 7)
        #expect(backBadge.opacity == 0.5)
        #expect(back.mask is CAShapeLayer)
        #expect(try Self.roundTrip(badge, as: BadgeLayer.self).count == 7)
    }

    @Test func aSubclassReadsBackAsItselfWhereALayerIsExpected() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: CAShapeLayer(), requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data) is CAShapeLayer)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        #expect(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) is CAShapeLayer)
    }
}
