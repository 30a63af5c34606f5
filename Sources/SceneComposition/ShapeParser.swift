import Foundation

/// Reads a shape layer's items (`shapes`, and each group's `it`) into `ShapeItem`s.
struct ShapeParser {
    /// The deepest nesting of groups read; deeper groups are dropped with a note.
    static let maximumDepth = 64

    let properties: PropertyParser
    let warnings: LoadWarnings
    let layerName: String

    /// The items of one group (or of the layer), hidden ones left out.
    func items(_ list: [Any], depth: Int) -> [ShapeItem] {
        guard depth < Self.maximumDepth else {
            warnings.note("shape groups nested over \(Self.maximumDepth) deep in layer \"\(layerName)\" were dropped")
            return []
        }
        return list.compactMap { element in
            guard let object = JSON.object(element), !JSON.flag(object["hd"]) else { return nil }
            return item(object, depth: depth)
        }
    }

    private func item(_ object: JSONObject, depth: Int) -> ShapeItem? {
        let reversed = JSON.number(object["d"]) == 3
        switch JSON.string(object["ty"]) {
        case "gr":
            let all = JSON.array(object["it"]) ?? []
            let transform = all.last { JSON.string(JSON.object($0)?["ty"]) == "tr" }
            return .group(
                name: JSON.string(object["nm"]) ?? "", items: items(all, depth: depth + 1),
                transform: CompositionParser.transform(
                    JSON.object(transform), properties: properties, warnings: warnings))
        case "tr":
            // Read by the group that holds it.
            return nil
        case "sh":
            guard let path = properties.property(object["ks"], read: BezierShape.init(json:)) else { return nil }
            return .path(reversed ? path.map(\.reversed) : path)
        case "rc":
            return .rectangle(
                RectangleModel(
                    position: point(object["p"]), size: point(object["s"]),
                    roundness: properties.scalar(object["r"]) ?? .fixed(0), reversed: reversed))
        case "el":
            return .ellipse(EllipseModel(position: point(object["p"]), size: point(object["s"]), reversed: reversed))
        case "sr":
            if nonZero(object["is"]) || nonZero(object["os"]) {
                warnings.unsupported("rounded polystar corners", in: layerName)
            }
            return .polystar(
                PolystarModel(
                    isStar: JSON.number(object["sy"]) != 2, position: point(object["p"]),
                    points: properties.scalar(object["pt"]) ?? .fixed(5),
                    rotation: properties.scalar(object["r"]) ?? .fixed(0),
                    outerRadius: properties.scalar(object["or"]) ?? .fixed(0),
                    innerRadius: properties.scalar(object["ir"]) ?? .fixed(0), reversed: reversed))
        case "fl":
            return .fill(
                FillModel(
                    name: JSON.string(object["nm"]) ?? "Fill",
                    color: properties.numbers(object["c"], minimumCount: 3) ?? .fixed([0, 0, 0]),
                    opacity: properties.scalar(object["o"]) ?? .fixed(100), evenOdd: JSON.number(object["r"]) == 2))
        case "st":
            return .stroke(stroke(object))
        case "gf":
            return gradient(object).map(ShapeItem.gradientFill)
        case "gs":
            return gradient(object).map { .gradientStroke($0, stroke(object)) }
        case "tm":
            return .trim(
                TrimModel(
                    name: JSON.string(object["nm"]) ?? "Trim Paths", start: properties.scalar(object["s"]) ?? .fixed(0),
                    end: properties.scalar(object["e"]) ?? .fixed(100),
                    offset: properties.scalar(object["o"]) ?? .fixed(0), oneAfterAnother: JSON.number(object["m"]) == 2)
            )
        case "rd":
            return properties.scalar(object["r"]).map(ShapeItem.roundCorners)
        case "rp":
            return repeater(object)
        case "mm":
            guard let mode = JSON.number(object["mm"]).flatMap({ MergeMode(rawValue: Int(exactly: $0) ?? 0) }) else {
                warnings.unsupported("merge mode \(JSON.number(object["mm"]).map { "\($0)" } ?? "none")", in: layerName)
                return nil
            }
            return .merge(mode)
        case let kind:
            let names = [
                "tw": "twist", "op": "offset paths", "zz": "zig zag",
                "pb": "pucker and bloat",
            ]
            warnings.unsupported(names[kind ?? ""] ?? "shape items of type \(kind ?? "none")", in: layerName)
            return nil
        }
    }

    private func repeater(_ object: JSONObject) -> ShapeItem? {
        let copies = properties.scalar(object["c"]) ?? .fixed(1)
        let offset = properties.scalar(object["o"]) ?? .fixed(0)
        let transform = JSON.object(object["tr"])
        let model = CompositionParser.transform(transform, properties: properties, warnings: warnings)
        let start = properties.scalar(transform?["so"]) ?? .fixed(100)
        let end = properties.scalar(transform?["eo"]) ?? .fixed(100)
        if model.skews { warnings.unsupported("skewing repeaters", in: layerName) }
        return .repeater(
            RepeaterModel(
                copies: copies, offset: offset, transform: model, startOpacity: start, endOpacity: end,
                laterBelow: JSON.number(object["m"]) == 2))
    }

    private func point(_ json: Any?) -> Animated<[Double]> {
        properties.numbers(json, minimumCount: 2) ?? .fixed([0, 0])
    }

    private func nonZero(_ json: Any?) -> Bool {
        guard let value = properties.scalar(json) else { return false }
        return value.isAnimated || value.initial != 0
    }

    private func stroke(_ object: JSONObject) -> StrokeModel {
        var dashes: [Double] = []
        var offset: Animated<Double> = .fixed(0)
        for case let dash as JSONObject in JSON.array(object["d"]) ?? [] {
            guard let value = properties.scalar(dash["v"]) else { continue }
            switch JSON.string(dash["n"]) {
            case "o": offset = value
            case "d", "g":
                // Core Animation does not animate a dash pattern: the lengths keep their first values.
                if value.isAnimated { warnings.unsupported("animated dash lengths", in: layerName) }
                dashes.append(max(0, value.initial))
            default: break
            }
        }
        if dashes.count % 2 == 1 { dashes += dashes }
        if !dashes.isEmpty && dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
        let caps: [Double: CAShapeLayerLineCap] = [1: .butt, 2: .round, 3: .square]
        let joins: [Double: CAShapeLayerLineJoin] = [1: .miter, 2: .round, 3: .bevel]
        return StrokeModel(
            name: JSON.string(object["nm"]) ?? "Stroke",
            color: properties.numbers(object["c"], minimumCount: 3) ?? .fixed([0, 0, 0]),
            opacity: properties.scalar(object["o"]) ?? .fixed(100),
            width: properties.scalar(object["w"]) ?? .fixed(1),
            lineCap: JSON.number(object["lc"]).flatMap { caps[$0] } ?? .round,
            lineJoin: JSON.number(object["lj"]).flatMap { joins[$0] } ?? .round,
            miterLimit: JSON.number(object["ml"]) ?? 4, dashes: dashes, dashOffset: offset)
    }

    private func gradient(_ object: JSONObject) -> GradientFillModel? {
        guard let colors = JSON.object(object["g"]), let count = JSON.number(colors["p"]), count >= 1, count <= 256,
            let stops = properties.numbers(colors["k"], minimumCount: Int(count) * 4)
        else {
            warnings.note("a gradient without readable stops in layer \"\(layerName)\" was left out")
            return nil
        }
        if nonZero(object["h"]) { warnings.unsupported("radial gradient highlights", in: layerName) }
        return GradientFillModel(
            radial: JSON.number(object["t"]) == 2, start: point(object["s"]), end: point(object["e"]),
            colorStopCount: Int(count), stops: stops, opacity: properties.scalar(object["o"]) ?? .fixed(100),
            evenOdd: JSON.number(object["r"]) == 2)
    }
}
