import Foundation

/// A filter as commits carry it and the render side draws it: resolved once, when the layer's
/// `filters` or `backgroundFilters` was set, from a `CAFilter` or a type name.
package struct RenderFilter: Sendable, Equatable {
    /// The filter types SceneCore draws.
    package enum Kind: Sendable, Equatable {
        case gaussianBlur, colorMatrix, saturation, brightness
    }

    package var kind: Kind
    /// The name key paths find the filter by (`filters.<name>.<input>`).
    package var name: String
    package var isEnabled: Bool
    /// `inputRadius` of a blur, `inputAmount` of saturation and brightness.
    package var amount: Double
    /// `inputColorMatrix` of a colour matrix.
    package var matrix: CAColorMatrix

    package init(
        kind: Kind, name: String, isEnabled: Bool = true, amount: Double? = nil, matrix: CAColorMatrix = .identity
    ) {
        (self.kind, self.name, self.isEnabled, self.matrix) = (kind, name, isEnabled, matrix)
        self.amount = amount ?? Self.defaultAmount(kind)
    }

    /// The default of the number input: a blur radius of 10 (Core Image's), saturation 1, brightness 0.
    static func defaultAmount(_ kind: Kind) -> Double {
        switch kind {
        case .gaussianBlur: 10
        case .saturation: 1
        case .brightness, .colorMatrix: 0
        }
    }

    /// The key of the filter's number input (`inputRadius` or `inputAmount`); nil for a colour matrix.
    var numberInputKey: String? {
        switch kind {
        case .gaussianBlur: "inputRadius"
        case .saturation, .brightness: "inputAmount"
        case .colorMatrix: nil
        }
    }

    /// The colour matrix a colour filter applies (to unpremultiplied colour); nil for a blur.
    /// Saturation mixes each colour with its Rec. 709 luminance (0.2126 R + 0.7152 G + 0.0722 B):
    /// `(1 − s)·luminance + s·colour`; brightness adds its amount to red, green and blue.
    package var colorMatrix: CAColorMatrix? {
        switch kind {
        case .gaussianBlur: return nil
        case .colorMatrix: return matrix
        case .brightness:
            var m = CAColorMatrix.identity
            let b = Float(amount)
            (m.m15, m.m25, m.m35) = (b, b, b)
            return m
        case .saturation:
            let s = Float(amount)
            let (lr, lg, lb): (Float, Float, Float) = (0.2126, 0.7152, 0.0722)
            var m = CAColorMatrix.identity
            (m.m11, m.m12, m.m13) = (lr * (1 - s) + s, lg * (1 - s), lb * (1 - s))
            (m.m21, m.m22, m.m23) = (lr * (1 - s), lg * (1 - s) + s, lb * (1 - s))
            (m.m31, m.m32, m.m33) = (lr * (1 - s), lg * (1 - s), lb * (1 - s) + s)
            return m
        }
    }
}

/// One GPU pass of a filter list: a blur, or a run of consecutive colour filters as one matrix.
package enum FilterPass: Sendable, Equatable {
    /// A Gaussian blur of `radius` target pixels.
    case blur(radius: Float)
    /// A colour matrix applied to unpremultiplied colour, clamped to 0...1 after it.
    case color(CAColorMatrix)

    /// The standard deviation a blur of `radius` is drawn with in a `width` x `height` target:
    /// the radius, at most a quarter of the target's larger side (a wider blur leaves the target
    /// nearly uniform already); 0 for a radius that is not a number or is negative.
    package static func blurSigma(_ radius: Float, width: Int, height: Int) -> Float {
        radius.isNaN ? 0 : min(max(radius, 0), Float(max(width, height)) / 4)
    }

    /// How far beyond its input a blur of `radius` spreads, in whole pixels: three standard
    /// deviations and a little for the blur's downsampling.
    package static func blurReach(_ radius: Float, width: Int, height: Int) -> Int {
        Int((3 * blurSigma(radius, width: width, height: height)).rounded(.up)) + 4
    }

    /// How far `passes` spread what they filter, in whole pixels: the sum of their blurs' reaches.
    package static func spread(of passes: [FilterPass], width: Int, height: Int) -> Int {
        passes.reduce(0) { sum, pass in
            guard case .blur(let radius) = pass else { return sum }
            return sum + blurReach(radius, width: width, height: height)
        }
    }
}

/// A layer's `filters` or `backgroundFilters` as commits carry them (a layer property value).
package struct RenderFilterList: Sendable, Equatable {
    package var filters: [RenderFilter]

    package init(_ filters: [RenderFilter] = []) { self.filters = filters }

    /// The passes that draw the list, in order: enabled filters only, consecutive colour filters
    /// folded into one matrix, and blurs of no radius and identity matrices left out.
    package var passes: [FilterPass] {
        // Asked of every drawn layer every frame; most have no filters.
        guard !filters.isEmpty else { return [] }
        var passes: [FilterPass] = []
        for filter in filters where filter.isEnabled {
            if let matrix = filter.colorMatrix {
                if case .color(let previous)? = passes.last {
                    passes[passes.count - 1] = .color(previous.followed(by: matrix))
                } else {
                    passes.append(.color(matrix))
                }
            } else if filter.amount > 0 {
                passes.append(.blur(radius: Float(filter.amount)))
            }
        }
        return passes.filter { $0 != .color(.identity) }
    }

    /// Whether drawing the list changes anything.
    package var isEffective: Bool { !passes.isEmpty }

    /// The list interpolated `fraction` of the way to `end`: inputs blend filter by filter when
    /// both lists have the same filters (kinds and names) in the same order; otherwise the list
    /// switches halfway.
    func interpolated(to end: RenderFilterList, fraction f: Double) -> RenderFilterList {
        guard filters.count == end.filters.count,
            zip(filters, end.filters).allSatisfy({ $0.kind == $1.kind && $0.name == $1.name })
        else { return f < 0.5 ? self : end }
        var mixed = self
        for i in filters.indices {
            let (a, b) = (filters[i], end.filters[i])
            mixed.filters[i].amount = a.amount + (b.amount - a.amount) * f
            mixed.filters[i].matrix = CAColorMatrix(
                entries: zip(a.matrix.entries, b.matrix.entries).map { $0 + ($1 - $0) * Float(f) })
            mixed.filters[i].isEnabled = f < 0.5 ? a.isEnabled : b.isEnabled
        }
        return mixed
    }

    /// False when an input is NaN or infinite.
    var isFinite: Bool {
        filters.allSatisfy { $0.amount.isFinite && $0.matrix.entries.allSatisfy(\.isFinite) }
    }
}

extension CAColorMatrix {
    /// The matrix that applies `self`, then `next` (unclamped in between).
    func followed(by next: CAColorMatrix) -> CAColorMatrix {
        let a = entries
        let b = next.entries
        var result = [Float](repeating: 0, count: 20)
        for row in 0..<4 {
            for column in 0..<5 {
                var sum: Float = column == 4 ? b[row * 5 + 4] : 0
                for k in 0..<4 { sum += b[row * 5 + k] * a[k * 5 + column] }
                result[row * 5 + column] = sum
            }
        }
        return CAColorMatrix(entries: result)
    }
}
