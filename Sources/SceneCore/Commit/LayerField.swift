import Foundation

/// One changed field of a layer as it travels in a commit: a typed value, never `Any`.
///
/// Large payloads are `indirect` so that the common small fields keep the enum compact.
public enum LayerField: Sendable, Equatable {
    case bounds(CGRect)
    case position(CGPoint)
    case zPosition(CGFloat)
    case anchorPoint(CGPoint)
    case anchorPointZ(CGFloat)
    indirect case transform(CATransform3D)
    indirect case sublayerTransform(CATransform3D)
    case isHidden(Bool)
    case isDoubleSided(Bool)
    case isGeometryFlipped(Bool)
    case masksToBounds(Bool)
    case opacity(Float)
    case allowsGroupOpacity(Bool)
    case edgeAntialiasing(Bool, CAEdgeAntialiasingMask)
    case backgroundColor(CGColor?)
    case cornerRadius(CGFloat)
    case maskedCorners(CACornerMask)
    case cornerCurve(CALayerCornerCurve)
    case borderWidth(CGFloat)
    case borderColor(CGColor?)
    indirect case shadow(color: CGColor?, opacity: Float, offset: CGSize, radius: CGFloat)
    case rasterization(Bool, CGFloat)
    case contents(CGImage?)
    case contentsRect(CGRect)
    case contentsCenter(CGRect)
    case contentsGravity(CALayerContentsGravity)
    case contentsScale(CGFloat)
    case contentsFormat(CALayerContentsFormat)
    indirect case filters(min: CALayerContentsFilter, mag: CALayerContentsFilter, bias: Float)
    case isOpaque(Bool)
    indirect case timing(MediaTimingValues)
    /// The complete ordered list of sublayer ids.
    case sublayers([LayerID])
    /// The mask layer's id, or nil.
    case mask(LayerID?)
    /// The complete list of attached animations, in key order, as typed values.
    case animations(AnimationList)
    /// Every property at once: sent the first time a layer is committed, or when it joins a new tree.
    indirect case all(LayerProperties)
}

extension LayerProperties {
    /// Appends the property fields named by `changes` as updates of `layer` (structure bits
    /// are ignored here).
    package func appendFields(for changes: LayerChanges, of layer: LayerID, to updates: inout [LayerUpdate]) {
        var rest = changes.intersection(.allProperties).rawValue
        while rest != 0 {
            let bit = LayerChanges(rawValue: rest & (~rest &+ 1))
            rest &= rest &- 1
            updates.append(LayerUpdate(layer: layer, field: field(for: bit)))
        }
    }

    // swiftlint:disable:next cyclomatic_complexity
    private func field(for bit: LayerChanges) -> LayerField {
        switch bit {
        case .bounds: .bounds(bounds)
        case .position: .position(position)
        case .zPosition: .zPosition(zPosition)
        case .anchorPoint: .anchorPoint(anchorPoint)
        case .anchorPointZ: .anchorPointZ(anchorPointZ)
        case .transform: .transform(transform)
        case .sublayerTransform: .sublayerTransform(sublayerTransform)
        case .isHidden: .isHidden(isHidden)
        case .isDoubleSided: .isDoubleSided(isDoubleSided)
        case .isGeometryFlipped: .isGeometryFlipped(isGeometryFlipped)
        case .masksToBounds: .masksToBounds(masksToBounds)
        case .opacity: .opacity(opacity)
        case .allowsGroupOpacity: .allowsGroupOpacity(allowsGroupOpacity)
        case .edgeAntialiasing: .edgeAntialiasing(allowsEdgeAntialiasing, edgeAntialiasingMask)
        case .backgroundColor: .backgroundColor(backgroundColor)
        case .cornerRadius: .cornerRadius(cornerRadius)
        case .maskedCorners: .maskedCorners(maskedCorners)
        case .cornerCurve: .cornerCurve(cornerCurve)
        case .borderWidth: .borderWidth(borderWidth)
        case .borderColor: .borderColor(borderColor)
        case .shadow: .shadow(color: shadowColor, opacity: shadowOpacity, offset: shadowOffset, radius: shadowRadius)
        case .rasterization: .rasterization(shouldRasterize, rasterizationScale)
        case .contents: .contents(contents)
        case .contentsRect: .contentsRect(contentsRect)
        case .contentsCenter: .contentsCenter(contentsCenter)
        case .contentsGravity: .contentsGravity(contentsGravity)
        case .contentsScale: .contentsScale(contentsScale)
        case .contentsFormat: .contentsFormat(contentsFormat)
        case .filters: .filters(min: minificationFilter, mag: magnificationFilter, bias: minificationFilterBias)
        case .isOpaque: .isOpaque(isOpaque)
        default: .timing(timing)
        }
    }

    /// Applies one property field; structure fields are the render tree's business and ignored here.
    // swiftlint:disable:next cyclomatic_complexity
    package mutating func apply(_ field: LayerField) {
        switch field {
        case .bounds(let v): bounds = v
        case .position(let v): position = v
        case .zPosition(let v): zPosition = v
        case .anchorPoint(let v): anchorPoint = v
        case .anchorPointZ(let v): anchorPointZ = v
        case .transform(let v): transform = v
        case .sublayerTransform(let v): sublayerTransform = v
        case .isHidden(let v): isHidden = v
        case .isDoubleSided(let v): isDoubleSided = v
        case .isGeometryFlipped(let v): isGeometryFlipped = v
        case .masksToBounds(let v): masksToBounds = v
        case .opacity(let v): opacity = v
        case .allowsGroupOpacity(let v): allowsGroupOpacity = v
        case .edgeAntialiasing(let on, let mask): (allowsEdgeAntialiasing, edgeAntialiasingMask) = (on, mask)
        case .backgroundColor(let v): backgroundColor = v
        case .cornerRadius(let v): cornerRadius = v
        case .maskedCorners(let v): maskedCorners = v
        case .cornerCurve(let v): cornerCurve = v
        case .borderWidth(let v): borderWidth = v
        case .borderColor(let v): borderColor = v
        case .shadow(let color, let opacity, let offset, let radius):
            (shadowColor, shadowOpacity, shadowOffset, shadowRadius) = (color, opacity, offset, radius)
        case .rasterization(let on, let scale): (shouldRasterize, rasterizationScale) = (on, scale)
        case .contents(let v): contents = v
        case .contentsRect(let v): contentsRect = v
        case .contentsCenter(let v): contentsCenter = v
        case .contentsGravity(let v): contentsGravity = v
        case .contentsScale(let v): contentsScale = v
        case .contentsFormat(let v): contentsFormat = v
        case .filters(let min, let mag, let bias): (minificationFilter, magnificationFilter, minificationFilterBias) = (min, mag, bias)
        case .isOpaque(let v): isOpaque = v
        case .timing(let v): timing = v
        case .all(let v): self = v
        case .sublayers, .mask, .animations: break
        }
    }
}

/// A layer's attached animations as they travel in a commit (typed; their contents are
/// SceneCore's business).
public struct AnimationList: Sendable, Equatable {
    package var items: [RenderAnimation]
    package init(_ items: [RenderAnimation]) { self.items = items }
    /// How many animations the list holds.
    public var count: Int { items.count }
}
