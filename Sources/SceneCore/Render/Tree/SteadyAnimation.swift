import Foundation

/// A running animation compiled to plain numbers for the render side's steady pass
/// (`SteadyAnimationTable`): its timing, its curve, its values (a start and an end, or
/// keyframes), and where in a layer's values its value goes. What only some animations have (a
/// timing curve, a spring, the ends of a value of more than one number, keyframes, the model
/// transform's parts) is kept in the table's `SteadyAnimationPool`, so that each row stays small.
///
/// Only the common kinds compile: a basic, spring or keyframe animation of a built-in number,
/// point, size, rect or colour property (or one number of a point, size or rect, or one part of
/// the transform), or a basic or spring animation between two lists of as many colours (a
/// gradient's `colors`), neither additive nor cumulative, with no value function or rotation mode,
/// running forwards, already started and not finished. A basic animation's start and end are
/// worked out once from the model values, as `AnimationEvaluator` works them out every frame,
/// and each frame stores what the evaluator would: the same formulas in the same order, so that
/// the steady pass and the general one show the same bits.
struct SteadyAnimation: Sendable {
    /// How progress through a cycle becomes the fraction of the way from start to end.
    enum Shape: Sendable {
        case linear
        /// The timing curve at this index of the pool's curves.
        case curve(Int32)
        /// The spring at this index of the pool's springs: its own time replaces the timing curve.
        case spring(Int32)
    }

    /// How the value follows the fraction.
    enum Values: Sendable {
        /// From `start` to `end`: a store of one number.
        case number(start: Double, end: Double)
        /// From the start to the end at this index of the pool's ends, as lanes of the store (and
        /// for a colour list, each further colour's at the indices after it).
        case lanes(Int32)
        /// The keyframes' value at the fraction (`KeyframeSpec.value(at:)`).
        case keyframes(SteadyKeyframes)
    }

    /// Where the value goes in `LayerProperties` (at an address, `LayerProperties.address(of:)`).
    enum Store: Sendable, Equatable {
        /// `count` consecutive `CGFloat`s: a number (with its limit), a point, a size, a rect, or
        /// one or two numbers of one.
        case cgFloats(offset: UInt16, count: UInt8, limit: AnimatedValueLimit)
        case float(offset: UInt16, limit: AnimatedValueLimit)
        case double(offset: UInt16, limit: AnimatedValueLimit)
        /// An animated colour's shown components (`AnimationSlot.color`).
        case color(shown: UInt16)
        /// A list of `count` colours shown instead of a gradient's (`GradientColorList.animated`).
        case colorList(offset: UInt16, count: UInt16)
        /// A transform made from the identity with one part set (`TransformKey.transform`).
        case transform(offset: UInt16, key: TransformKey)
        /// A transform recomposed from the model transform's parts with one part set.
        /// The model's parts are at index `model` of the pool's transform parts.
        case transformParts(offset: UInt16, key: TransformKey, model: Int32)
    }

    let timing: MediaTimingValues
    let activeDuration: Double
    private(set) var shape: Shape
    private(set) var values: Values
    private(set) var store: Store

    /// Whether the value is a whole transform (a layer may have only one such animation here).
    var storesTransform: Bool {
        switch store {
        case .transform, .transformParts: true
        case .cgFloats, .float, .double, .color, .colorList: false
        }
    }

    /// Compiles `animation` of a layer whose model values are `model`, an animation that has
    /// started, has not finished and runs forwards (`AnimationEventMarks.isRunningForwards`),
    /// keeping what it keeps apart in `pool`; nil when it is not of the kind the steady pass runs
    /// (the general evaluator runs it then, and the caller drops `pool`, which may hold some of
    /// what was compiled).
    init?(_ animation: RenderAnimation, model: LayerProperties, pool: inout SteadyAnimationPool) {
        let timing = animation.timing
        guard case .property(let spec) = animation.kind, !spec.isAdditive,
            !spec.isCumulative,
            spec.valueFunction == nil, spec.rotationMode == nil, case .layer(_, let slot) = spec.target.property,
            var store = Store(slot, field: spec.target.field, model: model, pool: &pool),
            // A field's store leaves the rest of its value as the model has it: all of it must be finite.
            spec.target.property.read(model).isFinite
        else { return nil }
        switch spec.values {
        case .basic(let basic):
            guard let base = spec.target.read(model),
                let ends = AnimationEvaluator.endpoints(from: basic.from, to: basic.to, by: basic.by, current: base)
            else { return nil }
            if case .colorList(let offset, _) = store {
                // Lists of other lengths switch half-way (`AnimatableValue.interpolated`): the general evaluator's.
                guard case .colors(let start) = ends.start, case .colors(let end) = ends.end, start.count == end.count,
                    (1...Int(UInt16.max)).contains(start.count)
                else { return nil }
                store = .colorList(offset: offset, count: UInt16(start.count))
                values = .lanes(
                    pool.append(zip(start, end).map { .init(start: Store.lanes(of: $0), end: Store.lanes(of: $1)) }))
            } else {
                guard let start = store.lanes(of: ends.start), let end = store.lanes(of: ends.end) else { return nil }
                values =
                    store.isNumber
                    ? .number(start: start.x, end: end.x) : .lanes(pool.append(.init(start: start, end: end)))
            }
        case .keyframes(let keyframes):
            guard let keyframes = SteadyKeyframes(keyframes, store: store, into: &pool) else { return nil }
            values = .keyframes(keyframes)
        }
        self.timing = timing
        activeDuration = timing.activeDuration
        if let spring = spec.spring {
            shape = .spring(pool.append(spring))
        } else if let function = animation.timingFunction {
            shape = .curve(pool.append(function.curve))
        } else {
            shape = .linear
        }
        self.store = store
    }

    /// The fraction of the way from start to end at `layerTime`; nil outside the active
    /// duration (the general evaluator then sends the events and applies the fill mode).
    /// Its timing curve or spring, if any, is in `pool`.
    @inline(__always)
    func fraction(at layerTime: Double, pool: SteadyAnimationPool.Buffers) -> Double? {
        // Read into locals first: calling out while reading the animation in place would copy all of it.
        let (timing, shape) = (self.timing, self.shape)
        let tau = (layerTime - timing.beginTime) * Double(timing.speed)
        guard tau >= 0, tau < activeDuration, let sample = timing.sample(atParentTime: layerTime) else { return nil }
        switch shape {
        case .linear: return sample.progress
        case .curve(let index): return pool.curves[Int(index)].value(at: sample.progress)
        case .spring(let index): return pool.springs[Int(index)].position(at: sample.progress * timing.duration)
        }
    }

    /// The value at fraction `f`, as lanes of the store: what `AnimatableValue.interpolated`
    /// or the keyframes give (the ends and keyframes in `pool`), computed in the same precision
    /// (colours in `Float`). For a colour list, the colour at `element`.
    @inline(__always)
    func lanes(at f: Double, pool: SteadyAnimationPool.Buffers, element: Int = 0) -> SIMD4<Double> {
        switch values {
        case .number(let start, let end):
            return SIMD4(start + (end - start) * f, 0, 0, 0)
        case .lanes(let index):
            let ends = pool.ends[Int(index) + element]
            guard store.isColor else { return ends.start + (ends.end - ends.start) * f }
            let (a, b) = (SIMD4<Float>(ends.start), SIMD4<Float>(ends.end))
            return SIMD4<Double>(a + (b - a) * Float(f))
        case .keyframes(let keyframes):
            return keyframes.lanes(at: f, in: pool)
        }
    }

    /// Stores the value at fraction `f` in `p`; false, storing nothing, when it is a value the
    /// general evaluator would not store (not finite, or refused by the property's limit).
    @inline(__always)
    func apply(at f: Double, into p: inout LayerProperties, pool: SteadyAnimationPool.Buffers) -> Bool {
        guard case .colorList(let offset, let count) = store else {
            return write(lanes(at: f, pool: pool), into: &p, pool: pool)
        }
        // Worked out twice (checked, then stored) rather than kept in an array made each frame.
        func color(_ element: Int) -> SIMD4<Float> { SIMD4<Float>(lanes(at: f, pool: pool, element: element)) }
        for element in 0..<Int(count) {
            let c = color(element)
            guard c.x.isFinite, c.y.isFinite, c.z.isFinite, c.w.isFinite else { return false }
        }
        p.withMutableBytes(at: Int(offset)) { target in
            let list = target.assumingMemoryBound(to: GradientColorList.self)
            // In place once the shown list is this layer's own: no new array a frame.
            if list.pointee.animated?.count != Int(count) {
                list.pointee.animated = Array(repeating: .clear, count: Int(count))
            }
            for element in 0..<Int(count) {
                let c = color(element)
                list.pointee.animated![element] = RGBA(r: c.x, g: c.y, b: c.z, a: c.w)
            }
        }
        return true
    }

    /// Stores `value` in `p`; false, storing nothing, when it is a value the general evaluator
    /// would not store (not finite, or refused by the property's limit), and for a colour list,
    /// which `apply(at:into:pool:)` stores colour by colour.
    @inline(__always)
    private func write(_ value: SIMD4<Double>, into p: inout LayerProperties, pool: SteadyAnimationPool.Buffers)
        -> Bool
    {
        switch store {
        case .cgFloats(let offset, let count, let limit):
            if count == 1 {
                guard value.x.isFinite, let v = limit.apply(value.x) else { return false }
                p.store(CGFloat(v), at: Int(offset))
                return true
            }
            for lane in 0..<Int(count) where !value[lane].isFinite { return false }
            p.withMutableBytes(at: Int(offset)) { target in
                for lane in 0..<Int(count) {
                    target.storeBytes(
                        of: CGFloat(value[lane]), toByteOffset: lane * MemoryLayout<CGFloat>.stride, as: CGFloat.self)
                }
            }
            return true
        case .float(let offset, let limit):
            guard value.x.isFinite, let v = limit.apply(value.x) else { return false }
            p.store(Float(v), at: Int(offset))
            return true
        case .double(let offset, let limit):
            guard value.x.isFinite, let v = limit.apply(value.x) else { return false }
            p.store(v, at: Int(offset))
            return true
        case .color(let shown):
            let c = SIMD4<Float>(value)
            guard c.x.isFinite, c.y.isFinite, c.z.isFinite, c.w.isFinite else { return false }
            p.store(RGBA?.some(RGBA(r: c.x, g: c.y, b: c.z, a: c.w)), at: Int(shown))
            return true
        case .transform(let offset, _), .transformParts(let offset, _, _):
            guard let t = store.transform(from: value, pool: pool) else { return false }
            p.store(t, at: Int(offset))
            return true
        case .colorList:
            return false
        }
    }
}

extension SteadyAnimation {
    /// This animation with what it keeps in the pool copied from `old` to the end of `new`.
    func moved(from old: SteadyAnimationPool, to new: inout SteadyAnimationPool) -> Self {
        var moved = self
        switch shape {
        case .linear: break
        case .curve(let index): moved.shape = .curve(new.append(old.curves[Int(index)]))
        case .spring(let index): moved.shape = .spring(new.append(old.springs[Int(index)]))
        }
        if case .transformParts(let offset, let key, let parts) = store {
            moved.store = .transformParts(offset: offset, key: key, model: new.append(old.transformParts[Int(parts)]))
        }
        switch values {
        case .number: break
        case .lanes(let index):
            let count = if case .colorList(_, let count) = store { Int(count) } else { 1 }
            moved.values = .lanes(new.append(old.ends[Int(index)..<Int(index) + count]))
        case .keyframes(let keyframes): moved.values = .keyframes(keyframes.moved(from: old, to: &new))
        }
        return moved
    }

    /// Stores `value` in a layer's placement kept apart from its values (`SteadyPlacement`), as
    /// `write(_:into:pool:)` stores it in the layer's values; false, storing nothing, as there.
    @inline(__always)
    func write(_ value: SIMD4<Double>, into placement: inout SteadyPlacement, pool: SteadyAnimationPool.Buffers) -> Bool
    {
        placement.write(value, at: store, pool: pool)
    }
}

extension SteadyAnimation.Store {
    /// Where an animation of `slot` (and `field`) stores its value, with the model transform's
    /// parts it recomposes kept in `pool`; nil for the kinds the steady pass does not run.
    init?(_ slot: AnimationSlot, field: AnimationField?, model: LayerProperties, pool: inout SteadyAnimationPool) {
        let width = UInt16(MemoryLayout<CGFloat>.stride)
        switch (slot, field) {
        case (.cgFloat(let offset, let limit), nil): self = .cgFloats(offset: offset, count: 1, limit: limit)
        case (.float(let offset, let limit), nil): self = .float(offset: offset, limit: limit)
        case (.double(let offset, let limit), nil): self = .double(offset: offset, limit: limit)
        case (.point(let offset), nil), (.size(let offset), nil):
            self = .cgFloats(offset: offset, count: 2, limit: .none)
        case (.rect(let offset), nil): self = .cgFloats(offset: offset, count: 4, limit: .none)
        case (.point(let offset), .x?), (.size(let offset), .width?), (.rect(let offset), .originX?):
            self = .cgFloats(offset: offset, count: 1, limit: .none)
        case (.point(let offset), .y?), (.size(let offset), .height?), (.rect(let offset), .originY?):
            self = .cgFloats(offset: offset + width, count: 1, limit: .none)
        case (.rect(let offset), .sizeWidth?): self = .cgFloats(offset: offset + 2 * width, count: 1, limit: .none)
        case (.rect(let offset), .sizeHeight?): self = .cgFloats(offset: offset + 3 * width, count: 1, limit: .none)
        case (.rect(let offset), .origin?): self = .cgFloats(offset: offset, count: 2, limit: .none)
        case (.rect(let offset), .size?): self = .cgFloats(offset: offset + 2 * width, count: 2, limit: .none)
        case (.color(_, let shown), nil): self = .color(shown: shown)
        // The count is the animation's lists' (`SteadyAnimation.init`).
        case (.colorList(let offset), nil): self = .colorList(offset: offset, count: 0)
        case (.transform(let offset), .transform(let key)?):
            guard key.transform(0) != nil, case .transform(let t) = slot.read(model) else { return nil }
            // As `AnimationField` writes a part: from the identity directly, otherwise by parts.
            self =
                CATransform3DIsIdentity(t)
                ? .transform(offset: offset, key: key)
                : .transformParts(offset: offset, key: key, model: pool.append(TransformDecomposition(t)))
        default: return nil
        }
    }

    /// The transform a transform store stores for `value`; nil for a value not to store (not
    /// finite), and for the other stores.
    @inline(__always)
    func transform(from value: SIMD4<Double>, pool: SteadyAnimationPool.Buffers) -> CATransform3D? {
        switch self {
        case .transform(_, let key):
            guard value.x.isFinite, let t = key.transform(CGFloat(value.x)), t.isFinite else { return nil }
            return t
        case .transformParts(_, let key, let index):
            var parts = pool.transformParts[Int(index)]
            guard value.x.isFinite, key.set(value.x, in: &parts) else { return nil }
            let t = parts.transform
            return t.isFinite ? t : nil
        case .cgFloats, .float, .double, .color, .colorList:
            return nil
        }
    }

    /// Whether the store changes only where its layer is placed (the layer's `transform` or
    /// `position`), which moves the layer's quads without changing what they draw.
    var movesLayer: Bool {
        switch self {
        case .transform(let offset, _), .transformParts(let offset, _, _): offset == Self.transformAddress
        case .cgFloats(let offset, _, _): Self.positionAddresses.contains(offset)
        case .float, .double, .color, .colorList: false
        }
    }

    private static let transformAddress = UInt16(LayerProperties.address(of: \.transform)!)
    /// Where `position` lies in a layer's values.
    static let positionAddress = LayerProperties.address(of: \.position)!
    private static let positionAddresses =
        UInt16(positionAddress)..<UInt16(positionAddress + MemoryLayout<CGPoint>.size)

    /// Whether the store takes one number (its lanes are one).
    var isNumber: Bool {
        switch self {
        case .cgFloats(_, let count, _): count == 1
        case .float, .double, .transform, .transformParts: true
        case .color, .colorList: false
        }
    }

    /// Whether the store takes colours, interpolated in `Float` as `AnimatableValue` blends them.
    var isColor: Bool {
        switch self {
        case .color, .colorList: true
        case .cgFloats, .float, .double, .transform, .transformParts: false
        }
    }

    /// `value` as the lanes this store interpolates; nil when it is not of the store's kind.
    func lanes(of value: AnimatableValue) -> SIMD4<Double>? {
        switch (self, value) {
        case (.cgFloats(_, 1, _), .number(let v)), (.float, .number(let v)), (.double, .number(let v)),
            (.transform, .number(let v)), (.transformParts, .number(let v)):
            SIMD4(v, 0, 0, 0)
        case (.cgFloats(_, 2, _), .point(let p)): SIMD4(Double(p.x), Double(p.y), 0, 0)
        case (.cgFloats(_, 2, _), .size(let s)): SIMD4(Double(s.width), Double(s.height), 0, 0)
        case (.cgFloats(_, 4, _), .rect(let r)):
            // As `AnimatableValue.interpolated` reads a rect: standardised.
            SIMD4(Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        case (.color, .color(let c)): Self.lanes(of: c)
        default: nil
        }
    }

    /// A colour's components as lanes.
    static func lanes(of c: RGBA) -> SIMD4<Double> { SIMD4(Double(c.r), Double(c.g), Double(c.b), Double(c.a)) }
}
