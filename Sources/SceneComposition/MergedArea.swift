import Foundation

/// The area a fill covers where merge items combined its paths, as layers: a union is its
/// parts' layers together (one colour, the fill's opacity on the layer around them); a
/// difference or an intersection is its first part's layer inside one layer per other part,
/// masked by that part (inverted for a difference: its paths cut out of a rectangle far larger
/// than the composition, even-odd; a union taken away is taken away part by part); an
/// exclusion is its paths filled even-odd (exact for parts that do not combine areas
/// themselves, nor overlap themselves). Each part animates as its paths do.
struct MergedArea {
    let animator: CompositionAnimator
    /// The area an inverted part is cut out of, in the space of the paths.
    let everywhere: CGRect
    let name: String

    /// A layer covering what `gathered` covers, its shape layers given their fill by `paint`;
    /// paths not combined by a merge are filled even-odd when `evenOdd`.
    func layer(_ gathered: GatheredPaths, evenOdd: Bool, paint: (CAShapeLayer) -> Void) -> CALayer {
        switch gathered {
        // A merge of parts that combine areas themselves is drawn as their union.
        case .merged(.add, let parts),
            .merged(.merge, let parts) where gathered.combinesAreas:
            let union = TransformLayers.pointLayer(name: "\(name) union")
            for part in parts { union.addSublayer(layer(part, evenOdd: evenOdd, paint: paint)) }
            return union
        case .merged(let mode, let parts) where mode == .subtract || mode == .intersect:
            var area = layer(parts[0], evenOdd: evenOdd, paint: paint)
            let others = mode == .subtract ? parts.dropFirst().flatMap(Self.takenAway) : Array(parts.dropFirst())
            for part in others {
                let holder = TransformLayers.pointLayer(name: "\(name) \(mode == .subtract ? "less" : "within") part")
                holder.addSublayer(area)
                holder.mask = mode == .subtract ? inverted(part) : layer(part, evenOdd: evenOdd, paint: Self.opaque)
                area = holder
            }
            return area
        case .merged(.exclude, _):
            return shape(GatheredPaths.path(of: [gathered]), evenOdd: true, paint: paint)
        default:
            return shape(GatheredPaths.path(of: [gathered]), evenOdd: evenOdd, paint: paint)
        }
    }

    /// What taking `part` away takes away, one after another: a union's parts, else the part.
    private static func takenAway(_ part: GatheredPaths) -> [GatheredPaths] {
        switch part {
        case .merged(.add, let parts), .merged(.merge, let parts): parts.flatMap(takenAway)
        default: [part]
        }
    }

    /// Fills a mask's shapes: what they cover lets the content through.
    private static func opaque(_ layer: CAShapeLayer) { layer.fillColor = CGColor(gray: 0, alpha: 1) }

    /// A mask letting through everything but what `part` covers (its paths filled even-odd).
    private func inverted(_ part: GatheredPaths) -> CALayer {
        let cut = GatheredPaths.path(of: [part]).map { path -> CGPath in
            let whole = CGMutablePath()
            whole.addRect(everywhere)
            whole.addPath(path)
            return whole as CGPath
        }
        return shape(cut, evenOdd: true, paint: Self.opaque)
    }

    /// A shape layer filling `path` (even-odd when `evenOdd`), given its fill by `paint`.
    func shape(_ path: Animated<CGPath>, evenOdd: Bool, paint: (CAShapeLayer) -> Void) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.name = name
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.position = .zero
        layer.strokeColor = nil
        layer.fillRule = evenOdd ? .evenOdd : .nonZero
        paint(layer)
        animator.apply(path, to: layer, keyPath: "path") { $0 }
        return layer
    }
}
