import Foundation

/// Where an animatable property lives in `LayerProperties` and what kind of value it holds:
/// worked out once from the property's declaration, so that the render thread reads, writes and
/// restores animated values with plain loads and stores (no key paths, no generic dispatch) for
/// every animation of every frame.
///
/// Offsets are addresses of `LayerProperties` values (`LayerProperties.address(of:)`), kept in
/// 16 bits so that a slot, and every compiled animation that holds one, stays a few bytes.
enum AnimationSlot: Sendable, Equatable {
    case cgFloat(offset: UInt16, limit: AnimatedValueLimit)
    case float(offset: UInt16, limit: AnimatedValueLimit)
    case double(offset: UInt16, limit: AnimatedValueLimit)
    /// Integers animate as numbers, shown rounded down (`instanceCount`).
    case integer(offset: UInt16)
    /// Booleans animate as numbers: 1 for true, and values from 0.5 up are true.
    case bool(offset: UInt16)
    case point(offset: UInt16)
    case size(offset: UInt16)
    case rect(offset: UInt16)
    case transform(offset: UInt16)
    /// A `CGColor?` at `model`, shown as the plain components at `shown` while an animation sets
    /// them (the render side makes no `CGColor` per frame); no colour reads as clear.
    case color(model: UInt16, shown: UInt16)
    /// A `CGImage?` (contents: animations cross-fade images, they do not blend them).
    case image(offset: UInt16)
    /// A `RenderFilterList` (`filters`, `backgroundFilters`).
    case filters(offset: UInt16)
    /// A `CGPath?` (`shadowPath`): paths with the same elements blend point by point.
    case path(offset: UInt16)
    /// A `GradientColorList`, animated values shown as its plain `animated` components.
    case colorList(offset: UInt16)
    /// A `NumberList`; no list reads as an empty one.
    case numberList(offset: UInt16)
    /// An `EmitterCellList` (`emitterCells`), whose cells' numbers and colours animate by key path.
    case emitterCells(offset: UInt16)

    /// The value shown in `p`.
    @inline(__always)
    func read(_ p: LayerProperties) -> AnimatableValue {
        switch self {
        case .cgFloat(let offset, _): .number(Double(p.load(CGFloat.self, at: Int(offset))))
        case .float(let offset, _): .number(Double(p.load(Float.self, at: Int(offset))))
        case .double(let offset, _): .number(p.load(Double.self, at: Int(offset)))
        case .integer(let offset): .number(Double(p.load(Int.self, at: Int(offset))))
        case .bool(let offset): .number(p.load(Bool.self, at: Int(offset)) ? 1 : 0)
        case .point(let offset): .point(p.load(CGPoint.self, at: Int(offset)))
        case .size(let offset): .size(p.load(CGSize.self, at: Int(offset)))
        case .rect(let offset): .rect(p.load(CGRect.self, at: Int(offset)))
        case .transform(let offset): .transform(p.load(CATransform3D.self, at: Int(offset)))
        case .color(let model, let shown):
            .color(p.load(RGBA?.self, at: Int(shown)) ?? p.load(CGColor?.self, at: Int(model))?.value ?? .clear)
        case .image(let offset): .image(ImageReference(p.load(CGImage?.self, at: Int(offset))))
        case .filters(let offset): .filters(p.load(RenderFilterList.self, at: Int(offset)))
        case .path(let offset): .path(p.load(CGPath?.self, at: Int(offset)))
        case .colorList(let offset): .colors(p.load(GradientColorList.self, at: Int(offset)).shown)
        case .numberList(let offset): .numbers(p.load(NumberList.self, at: Int(offset)).values ?? [])
        case .emitterCells(let offset): .emitterCells(p.load(EmitterCellList.self, at: Int(offset)))
        }
    }

    /// Copies the model value from `model` into `p`, dropping an animated colour shown instead.
    @inline(__always)
    func restore(from model: LayerProperties, into p: inout LayerProperties) {
        switch self {
        case .cgFloat(let offset, _): copy(CGFloat.self, at: offset, from: model, into: &p)
        case .float(let offset, _): copy(Float.self, at: offset, from: model, into: &p)
        case .double(let offset, _): copy(Double.self, at: offset, from: model, into: &p)
        case .integer(let offset): copy(Int.self, at: offset, from: model, into: &p)
        case .bool(let offset): copy(Bool.self, at: offset, from: model, into: &p)
        case .point(let offset): copy(CGPoint.self, at: offset, from: model, into: &p)
        case .size(let offset): copy(CGSize.self, at: offset, from: model, into: &p)
        case .rect(let offset): copy(CGRect.self, at: offset, from: model, into: &p)
        case .transform(let offset): copy(CATransform3D.self, at: offset, from: model, into: &p)
        case .color(let modelOffset, let shown):
            copy(CGColor?.self, at: modelOffset, from: model, into: &p)
            store(RGBA?.none, at: shown, in: &p)
        case .image(let offset): copy(CGImage?.self, at: offset, from: model, into: &p)
        case .filters(let offset): copy(RenderFilterList.self, at: offset, from: model, into: &p)
        case .path(let offset): copy(CGPath?.self, at: offset, from: model, into: &p)
        case .colorList(let offset): copy(GradientColorList.self, at: offset, from: model, into: &p)
        case .numberList(let offset): copy(NumberList.self, at: offset, from: model, into: &p)
        case .emitterCells(let offset): copy(EmitterCellList.self, at: offset, from: model, into: &p)
        }
    }

    /// Stores an animated value in `p`. A value of another kind (which compiled animations never
    /// carry), a non-finite value or one the property does not allow is ignored, so that the
    /// render side never sees it.
    func write(_ value: AnimatableValue, to p: inout LayerProperties) {
        guard value.isFinite else { return }
        switch (self, value) {
        case (.cgFloat(let offset, let limit), .number(let v)):
            if let allowed = limit.apply(v) { store(CGFloat(allowed), at: offset, in: &p) }
        case (.float(let offset, let limit), .number(let v)):
            if let allowed = limit.apply(v) { store(Float(allowed), at: offset, in: &p) }
        case (.double(let offset, let limit), .number(let v)):
            if let allowed = limit.apply(v) { store(allowed, at: offset, in: &p) }
        case (.integer(let offset), .number(let v)):
            store(Int(min(max(v.rounded(.down), -0x1p62), 0x1p62)), at: offset, in: &p)
        case (.bool(let offset), .number(let v)): store(v >= 0.5, at: offset, in: &p)
        case (.point(let offset), .point(let v)): store(v, at: offset, in: &p)
        case (.size(let offset), .size(let v)): store(v, at: offset, in: &p)
        case (.rect(let offset), .rect(let v)): store(v, at: offset, in: &p)
        case (.transform(let offset), .transform(let v)): store(v, at: offset, in: &p)
        case (.color(_, let shown), .color(let v)): store(RGBA?.some(v), at: shown, in: &p)
        case (.image(let offset), .image(let v)): store(v.image, at: offset, in: &p)
        case (.filters(let offset), .filters(let v)): store(v, at: offset, in: &p)
        case (.path(let offset), .path(let v)): store(v, at: offset, in: &p)
        case (.colorList(let offset), .colors(let v)):
            var list = p.load(GradientColorList.self, at: Int(offset))
            list.animated = v
            store(list, at: offset, in: &p)
        case (.numberList(let offset), _):
            if let v = value.numberList { store(NumberList(v), at: offset, in: &p) }
        case (.emitterCells(let offset), .emitterCells(let v)): store(v, at: offset, in: &p)
        default: break
        }
    }

    @inline(__always)
    private func copy<T>(_: T.Type, at offset: UInt16, from model: LayerProperties, into p: inout LayerProperties) {
        p.store(model.load(T.self, at: Int(offset)), at: Int(offset))
    }

    @inline(__always)
    private func store<T>(_ value: T, at offset: UInt16, in p: inout LayerProperties) {
        p.store(value, at: Int(offset))
    }
}

/// What an animated number may become: some properties refuse values their setters refuse.
enum AnimatedValueLimit: Sendable, Equatable {
    /// Any finite value.
    case none
    /// Negative values become 0 (`cornerRadius`, `borderWidth`).
    case nonNegative
    /// Values that are not positive are ignored (`contentsScale`).
    case positive

    /// The value to store, or nil to ignore `value`.
    func apply(_ value: Double) -> Double? {
        switch self {
        case .none: value
        case .nonNegative: max(value, 0)
        case .positive: value > 0 ? value : nil
        }
    }
}
