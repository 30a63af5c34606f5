import Foundation
import Testing

@testable import SceneCore

/// Every declared layer property travels the whole way: setter (through key-value coding),
/// change bit, commit field, render tree and `presentation()`; its default and animatability
/// agree with its declaration.
@Suite struct PropertyTableTests {
    private static let image = CGImage(rgbaPixels: [0, 255, 0, 255], width: 1, height: 1)!

    /// A value other than the default for each property. The switch is exhaustive, so a new
    /// property cannot be declared without a value to test it with.
    static func sample(_ id: PropertyID) -> any LayerValue {
        switch id {
        case .bounds: CGRect(x: 1, y: 2, width: 30, height: 40)
        case .position: CGPoint(x: 5, y: 6)
        case .zPosition: CGFloat(7)
        case .anchorPoint: CGPoint(x: 0.25, y: 0.75)
        case .anchorPointZ: CGFloat(3)
        case .transform: CATransform3DMakeScale(2, 3, 1)
        case .sublayerTransform: CATransform3DMakeTranslation(4, 5, 6)
        case .isHidden, .isGeometryFlipped, .masksToBounds, .allowsEdgeAntialiasing, .shouldRasterize, .isOpaque,
            .autoreverses:
            true
        case .isDoubleSided, .allowsGroupOpacity: false
        case .opacity: Float(0.5)
        case .edgeAntialiasingMask: CAEdgeAntialiasingMask.layerLeftEdge
        case .backgroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1) as CGColor?
        case .cornerRadius: CGFloat(8)
        case .maskedCorners: CACornerMask.layerMaxXMaxYCorner
        case .cornerCurve: CALayerCornerCurve.continuous
        case .borderWidth: CGFloat(2)
        case .borderColor: CGColor(red: 0, green: 0, blue: 1, alpha: 1) as CGColor?
        case .shadowColor: CGColor(red: 0, green: 1, blue: 0, alpha: 1) as CGColor?
        case .shadowOpacity: Float(0.8)
        case .shadowOffset: CGSize(width: 4, height: 5)
        case .shadowRadius: CGFloat(9)
        case .shadowPath: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil) as CGPath?
        case .rasterizationScale: CGFloat(2)
        case .filters, .backgroundFilters:
            RenderFilterList([RenderFilter(kind: .gaussianBlur, name: "blur", amount: 4)])
        case .compositingFilter: BlendMode.multiply
        case .contents: image as CGImage?
        case .contentsRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        case .contentsCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        case .contentsGravity: CALayerContentsGravity.center
        case .contentsScale: CGFloat(2)
        case .contentsFormat: CALayerContentsFormat.RGBA16Float
        case .minificationFilter: CALayerContentsFilter.trilinear
        case .magnificationFilter: CALayerContentsFilter.nearest
        case .minificationFilterBias: Float(0.5)
        case .beginTime: Double(1)
        case .duration: Double(2)
        case .speed: Float(3)
        case .timeOffset: Double(4)
        case .repeatCount: Float(5)
        case .repeatDuration: Double(6)
        case .fillMode: CAMediaTimingFillMode.both
        case .instanceCount: 7
        case .instanceTransform: CATransform3DMakeTranslation(20, 0, 0)
        case .instanceDelay: Double(0.25)
        case .instanceColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1) as CGColor?
        case .instanceRedOffset: Float(-0.25)
        case .instanceGreenOffset: Float(0.25)
        case .instanceBlueOffset: Float(0.5)
        case .instanceAlphaOffset: Float(-0.125)
        case .emitterCells: EmitterCellList([sampleCell.snapshot()])
        case .emitterPosition: CGPoint(x: 10, y: 20)
        case .emitterZPosition, .emitterDepth: CGFloat(3)
        case .emitterSize: CGSize(width: 30, height: 40)
        case .emitterShape: CAEmitterLayerEmitterShape.circle
        case .emitterMode: CAEmitterLayerEmitterMode.outline
        case .renderMode: CAEmitterLayerRenderMode.additive
        case .emitterBirthRate, .emitterLifetime, .emitterVelocity, .emitterScale, .emitterSpin: Float(2)
        case .emitterSeed: UInt32(7)
        case .preservesDepth, .isAsynchronous: true
        case .gradientColors: GradientColorList([CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor.white])
        case .gradientLocations: NumberList([0, 0.25])
        case .startPoint: CGPoint(x: 0, y: 0.5)
        case .endPoint: CGPoint(x: 1, y: 0.5)
        case .gradientType: CAGradientLayerType.conic
        case .shapePath: CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil) as CGPath?
        case .fillColor, .strokeColor, .foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1) as CGColor?
        case .fillRule: CAShapeLayerFillRule.evenOdd
        case .lineWidth, .lineDashPhase: CGFloat(3)
        case .miterLimit: CGFloat(4)
        case .lineCap: CAShapeLayerLineCap.round
        case .lineJoin: CAShapeLayerLineJoin.bevel
        case .lineDashPattern: NumberList([2, 1])
        case .strokeStart: CGFloat(0.25)
        case .strokeEnd: CGFloat(0.5)
        }
    }

    /// A new layer of the class `id` belongs to.
    static func ownerLayer(of id: PropertyID) -> CALayer {
        switch owner(of: id) {
        case is CAEmitterLayer.Type: CAEmitterLayer()
        case is CAReplicatorLayer.Type: CAReplicatorLayer()
        case is CAGradientLayer.Type: CAGradientLayer()
        case is CAShapeLayer.Type: CAShapeLayer()
        case is CATextLayer.Type: CATextLayer()
        case is CAOpenGLLayer.Type: CAOpenGLLayer()
        default: CALayer()
        }
    }

    /// The layer class a property belongs to: its keys are arbitrary keys on other layers.
    static func owner(of id: PropertyID) -> CALayer.Type { id.ownerClass ?? CALayer.self }

    /// The cell the `emitterCells` sample holds.
    private static let sampleCell: CAEmitterCell = {
        let cell = CAEmitterCell()
        cell.birthRate = 5
        return cell
    }()

    /// What key-value coding is given to set the sample (the cells themselves for `emitterCells`).
    static func sampleObject(_ id: PropertyID) -> Any {
        id == .emitterCells ? [sampleCell] : sample(id).defaultObject
    }

    @Test(arguments: PropertyID.allCases)
    func aPropertyRoundTripsFromSetterToPresentation(_ id: PropertyID) throws {
        let declaration = id.declared
        let value = Self.sample(id)
        let expected = value.propertyValue
        #expect(declaration.propertyValue(in: LayerProperties()) != expected, "the sample must not be the default")

        let sink = RecordingSink.attached()
        let layer = Self.ownerLayer(of: id)
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: -1, y: -1) }  // committed whole
        let mark = sink.count
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(Self.sampleObject(id), forKey: declaration.key)
        #expect(layer.pendingChanges == LayerChanges(id), "setting \(declaration.key) sets its own change bit only")
        #expect(declaration.propertyValue(in: layer.state) == expected)
        let read = try #require(layer.value(forKey: declaration.key))
        if let swiftKey = declaration.swiftKey {
            #expect("\(layer.value(forKey: swiftKey) ?? "nil")" == "\(read)", "both names read the same value")
        }
        CATransaction.commit()

        let fields = sink.fields(of: layer.layerID, since: mark)
        if id.owner == .emitter {
            // A change of an emitter value also carries the cells, with the emission's start.
            #expect(fields.count == 1 && fields.first?.contains(.property(expected, id)) == true)
        } else {
            #expect(fields == [[.property(expected, id)]])
        }

        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        let shown = try #require(tree[layer.layerID])
        #expect(declaration.propertyValue(in: shown.properties) == expected, "the render tree holds the value")

        let presentation = try #require(layer.presentation())
        #expect(declaration.propertyValue(in: presentation.state) == expected, "presentation() shows the value")
    }

    @Test(arguments: PropertyID.allCases)
    func aPropertyAnimatesExactlyWhenDeclaredSo(_ id: PropertyID) throws {
        let declaration = id.declared
        #expect((AnimatableProperty(key: declaration.key) != nil) == declaration.isAnimatable)
        #expect(
            AnimatableProperty.implicitlyAnimatedKeys.contains(declaration.key) == (declaration.animation == .implicit))
        #expect((declaration.animationSlot != nil) == declaration.isAnimatable)
        guard let slot = declaration.animationSlot else { return }
        // The sample as an animation would carry it, written where animations write it.
        var model = LayerProperties()
        declaration.apply(Self.sample(id).propertyValue, to: &model)
        let animated = slot.read(model)
        #expect(animated != slot.read(LayerProperties()))
        var shown = LayerProperties()
        slot.write(animated, to: &shown)
        #expect(slot.read(shown) == animated, "an animated value is shown")
        slot.restore(from: LayerProperties(), into: &shown)
        #expect(slot.read(shown) == slot.read(LayerProperties()), "restoring shows the model value again")
    }

    @Test(arguments: PropertyID.allCases)
    func theDefaultIsReportedUnlessItIsZero(_ id: PropertyID) {
        let declaration = id.declared
        // The emitter's, the replicator's, the gradient's and the OpenGL layer's keys are
        // arbitrary keys on other layers, with no default.
        let owner = Self.owner(of: id)
        if owner != CALayer.self { #expect(CALayer.defaultValue(forKey: declaration.key) == nil) }
        let reported = owner.defaultValue(forKey: declaration.key)
        // allowsEdgeAntialiasing is reported although false (see LayerKey.defaults).
        let isZero = LayerValueProbe.isZero(declaration, in: LayerProperties()) && id != .allowsEdgeAntialiasing
        #expect((reported == nil) == isZero)
        if let swiftKey = declaration.swiftKey {
            #expect((CALayer.self.defaultValue(forKey: swiftKey) == nil) == isZero)
        }
    }

    @Test func everyPropertyHasAChangeBitBelowTheStructureBits() {
        #expect(PropertyID.allCases.count <= 124)
        let all = PropertyID.allCases.reduce(LayerChanges()) { $0.union(LayerChanges($1)) }
        #expect(all == .allProperties)
        #expect(all.isDisjoint(with: [.glContent, .sublayers, .mask, .animations]))
    }

    @Test func namesAreUnique() {
        let names = PropertyID.declarations.flatMap { [$0.key] + ($0.swiftKey.map { [$0] } ?? []) }
        #expect(Set(names).count == names.count)
        #expect(PropertyID.declarations.enumerated().allSatisfy { $0.offset == $0.element.id.rawValue })
    }
}

/// Reads whether a declaration's value in a property set is its type's zero.
private enum LayerValueProbe {
    static func isZero(_ declaration: any LayerPropertyDeclaration, in p: LayerProperties) -> Bool {
        switch declaration.propertyValue(in: p) {
        case .bool(let v): !v
        case .number(let v): v == 0
        case .point(let v): v == .zero
        case .size(let v): v == .zero
        case .rect(let v): v == .zero
        case .transform: false
        case .color(let v): v == nil
        case .image(let v): v == nil
        case .path(let v): v == nil
        // A layer without a compositing filter composites source-over.
        case .name(let v): v.isEmpty || v == BlendMode.sourceOver.rawValue
        case .bits(let v): v == 0
        case .filters(let v): v.filters.isEmpty
        case .emitterCells(let v): v.cells.isEmpty
        case .gradientColors(let v): v.isZeroValue
        case .numbers(let v): v == nil
        }
    }
}
