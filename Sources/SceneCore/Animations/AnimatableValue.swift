import Foundation

/// A property value as animations carry it: converted once from `Any` when an animation is
/// added, typed from then on, so the render thread never sees `Any`.
enum AnimatableValue: Sendable, Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Straight-alpha sRGB components.
    case color(RGBA)
    case transform(CATransform3D)
    /// Three numbers, the input of the vector value functions (`.scale`, `.translate`).
    case vector(SIMD3<Double>)
    /// Layer contents; images do not blend as values (the renderer cross-fades them).
    case image(ImageReference)
    /// A filter list (`filters`, `backgroundFilters`); lists of the same filters blend their inputs.
    case filters(RenderFilterList)
    /// A path (`shadowPath`); nil for no path. Paths with the same elements blend point by point;
    /// other pairs, and a path and no path, do not blend (the value switches half-way).
    case path(CGPath?)
    /// A list of colours, straight-alpha sRGB (a gradient's `colors`). Lists of the same length
    /// blend colour by colour; others switch half-way.
    case colors([RGBA])
    /// A list of numbers other than three (a gradient's `locations`; three numbers are a
    /// `vector`, which blends with a list of three as one). Lists of the same length blend
    /// entry by entry; others switch half-way.
    case numbers([Double])
    /// An emitter's cells (`emitterCells`): animations drive one number or colour of a named cell
    /// (`emitterCells.fire.birthRate`); whole lists do not blend (the value switches half-way).
    case emitterCells(EmitterCellList)

    /// Converts a value as Core Animation code passes it (`NSNumber`, `CGFloat`, `Double`,
    /// `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CATransform3D`, `CGAffineTransform`, `CGPath`);
    /// nil for anything else.
    init?(_ value: Any?) {
        switch value {
        case let path as CGPath: self = .path(path)
        case let point as CGPoint: self = .point(point)
        case let size as CGSize: self = .size(size)
        case let rect as CGRect: self = .rect(rect)
        case let color as CGColor: self = .color(color.value)
        case let transform as CATransform3D: self = .transform(transform)
        case let affine as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(affine))
        case let image as CGImage: self = .image(ImageReference(image))
        case let list as [Any]:
            let numbers = list.compactMap(ValueConversion.double)
            let colors = list.compactMap { ($0 as? CGColor)?.value }
            if list.count == 3, numbers.count == 3 {
                self = .vector(SIMD3(numbers[0], numbers[1], numbers[2]))
            } else if numbers.count == list.count {
                self = .numbers(numbers)
            } else if colors.count == list.count {
                self = .colors(colors)
            } else if list.allSatisfy({ $0 is CAFilter || $0 is String }) {
                self = .filters(FilterResolution.filters(list, property: "filters"))
            } else {
                return nil
            }
        default:
            guard let number = ValueConversion.double(value) else { return nil }
            self = .number(number)
        }
    }

    /// The value as `value(forKey:)` returns it (`CGFloat`, `CGPoint`, ..., `CGColor`, `CATransform3D`).
    var objectValue: Any {
        switch self {
        case .number(let v): CGFloat(v)
        case .point(let v): v
        case .size(let v): v
        case .rect(let v): v
        case .color(let c): CGColor(red: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
        case .transform(let v): v
        case .image(let v): v.image as Any
        case .vector(let v): [CGFloat(v.x), CGFloat(v.y), CGFloat(v.z)]
        case .filters(let v): v.objects
        case .path(let v): v as Any
        case .colors(let v): v.map(CGColor.init)
        case .numbers(let v): v.map { NSNumber(value: $0) }
        // Cells travel as values, not as the app's cell objects.
        case .emitterCells: Any?.none as Any
        }
    }

    /// The "nothing" of a kind that can be absent: no path, no image; nil for other kinds.
    /// A `nil` boxed in `Any` stands for it where a value of such a kind is expected (the
    /// presentation value of a layer without a shadow path, handed to an implicit animation's
    /// `fromValue`).
    var absent: AnimatableValue? {
        switch self {
        case .path: .path(nil)
        case .image: .image(ImageReference(nil))
        default: nil
        }
    }

    /// Whether `other` is of the same kind (number, point, ...), so that the two can blend.
    func isSameKind(as other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
            (.transform, .transform), (.image, .image), (.vector, .vector), (.filters, .filters), (.path, .path),
            (.colors, .colors), (.numbers, .numbers), (.vector, .numbers), (.numbers, .vector),
            (.emitterCells, .emitterCells):
            true
        default: false
        }
    }

    /// False when any component is NaN or infinite.
    var isFinite: Bool {
        switch self {
        case .number(let v): v.isFinite
        case .point(let v): v.x.isFinite && v.y.isFinite
        case .size(let v): v.width.isFinite && v.height.isFinite
        case .rect(let v): v.isFiniteValue
        case .color(let c): c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite
        case .transform(let t): t.isFinite
        case .image: true
        case .vector(let v): v.x.isFinite && v.y.isFinite && v.z.isFinite
        case .filters(let v): v.isFinite
        case .path(let v): v?.elements.allSatisfy(\.isFinite) ?? true
        case .colors(let v): v.allSatisfy { $0.r.isFinite && $0.g.isFinite && $0.b.isFinite && $0.a.isFinite }
        case .numbers(let v): v.allSatisfy(\.isFinite)
        case .emitterCells(let v): v.cells.allSatisfy(\.isFinite)
        }
    }

    /// The value `fraction` of the way from `self` to `end` (fractions outside 0...1 extrapolate,
    /// for overshooting timing functions). Transforms interpolate their decomposition (scale,
    /// skew, a rotation quaternion turned the short way by spherical interpolation, translation,
    /// perspective: `TransformInterpolation`), so a rotation stays a rotation instead of shrinking
    /// through the matrix average. Paths with the same elements (the same number, each of the
    /// same kind) blend point by point, as Core Animation's path interpolation; for other pairs,
    /// which Core Animation leaves undefined, and between a path and no path, the value is the
    /// start below half-way and the end from half-way. Lists of colours or numbers blend entry
    /// by entry when they are as long, and otherwise switch half-way too. Nil when the two
    /// values are of different kinds.
    func interpolated(to end: AnimatableValue, fraction f: Double) -> AnimatableValue? {
        if let a = numberList, let b = end.numberList, !(isVector && end.isVector) {
            return .numbers(a.count == b.count ? zip(a, b).map { $0 + ($1 - $0) * f } : (f < 0.5 ? a : b))
        }
        return switch (self, end) {
        case (.number(let a), .number(let b)): .number(a + (b - a) * f)
        case (.point(let a), .point(let b)): .point(CGPoint(x: mix(a.x, b.x, f), y: mix(a.y, b.y, f)))
        case (.size(let a), .size(let b)):
            .size(CGSize(width: mix(a.width, b.width, f), height: mix(a.height, b.height, f)))
        case (.rect(let a), .rect(let b)):
            .rect(
                CGRect(
                    x: mix(a.minX, b.minX, f), y: mix(a.minY, b.minY, f),
                    width: mix(a.width, b.width, f), height: mix(a.height, b.height, f)))
        case (.color(let a), .color(let b)):
            .color(RGBA(r: mix(a.r, b.r, f), g: mix(a.g, b.g, f), b: mix(a.b, b.b, f), a: mix(a.a, b.a, f)))
        case (.transform(let a), .transform(let b)):
            .transform(TransformInterpolation(a).interpolated(to: TransformInterpolation(b), fraction: f).transform)
        case (.image(let a), .image(let b)): .image(f < 0.5 ? a : b)
        case (.vector(let a), .vector(let b)): .vector(a + (b - a) * f)
        case (.filters(let a), .filters(let b)): .filters(a.interpolated(to: b, fraction: f))
        case (.path(let a), .path(let b)):
            .path(
                a.flatMap { a in b.flatMap { b in CGPath.interpolated(from: a, to: b, fraction: CGFloat(f)) } }
                    ?? (f < 0.5 ? a : b))
        case (.colors(let a), .colors(let b)):
            .colors(
                a.count == b.count
                    ? zip(a, b).map {
                        RGBA(r: mix($0.r, $1.r, f), g: mix($0.g, $1.g, f), b: mix($0.b, $1.b, f), a: mix($0.a, $1.a, f))
                    }
                    : (f < 0.5 ? a : b))
        case (.emitterCells(let a), .emitterCells(let b)): .emitterCells(f < 0.5 ? a : b)
        default: nil
        }
    }

    private var isVector: Bool {
        if case .vector = self { true } else { false }
    }

    /// The numbers of a list or a vector; nil for other kinds.
    var numberList: [Double]? {
        switch self {
        case .numbers(let v): v
        case .vector(let v): [v.x, v.y, v.z]
        default: nil
        }
    }

    /// `self + other`, for additive animations and `byValue`: components add; transforms
    /// concatenate, `other` applying first (in the layer's space), then `self`. Nil for images,
    /// filter lists and paths, which do not add: for them `byValue` gives no end to blend to,
    /// and additive and cumulative animations show their values as they are.
    func adding(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case (.number(let a), .number(let b)): .number(a + b)
        case (.point(let a), .point(let b)): .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            .rect(CGRect(x: a.minX + b.minX, y: a.minY + b.minY, width: a.width + b.width, height: a.height + b.height))
        case (.color(let a), .color(let b)): .color(RGBA(r: a.r + b.r, g: a.g + b.g, b: a.b + b.b, a: a.a + b.a))
        case (.transform(let a), .transform(let b)): .transform(b.concatenating(a))
        case (.vector(let a), .vector(let b)): .vector(a + b)
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            .colors(zip(a, b).map { RGBA(r: $0.r + $1.r, g: $0.g + $1.g, b: $0.b + $1.b, a: $0.a + $1.a) })
        case (.numbers, _), (_, .numbers):
            numberList.flatMap { a in
                other.numberList.flatMap { b in a.count == b.count ? .numbers(zip(a, b).map(+)) : nil }
            }
        default: nil
        }
    }

    /// `self − other`, for `fromValue`/`byValue` combinations and cumulative repeats: the value
    /// that, added to `other`, gives `self` (for transforms `self · other⁻¹`).
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): .transform(a.concatenating(CATransform3DInvert(b)))
        default: other.scaled(by: -1).flatMap(adding)
        }
    }

    /// Every component multiplied by `factor` (transforms scale their decomposition from identity).
    func scaled(by factor: Double) -> AnimatableValue? {
        AnimatableValue.zero(like: self)?.interpolated(to: self, fraction: factor)
    }

    /// The additive identity of `value`'s kind.
    private static func zero(like value: AnimatableValue) -> AnimatableValue? {
        switch value {
        case .number: .number(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.clear)
        case .transform: .transform(.identity)
        case .image, .filters, .path, .emitterCells: nil
        case .vector: .vector(.zero)
        case .colors(let v): .colors(Array(repeating: .clear, count: v.count))
        case .numbers(let v): .numbers(Array(repeating: 0, count: v.count))
        }
    }
}

private func mix(_ a: CGFloat, _ b: CGFloat, _ f: Double) -> CGFloat { a + (b - a) * CGFloat(f) }
private func mix(_ a: Float, _ b: Float, _ f: Double) -> Float { a + (b - a) * Float(f) }
