import Foundation

/// Reads a Lottie JSON document into a `CompositionModel`, within limits that keep memory and
/// time bounded, gathering what is not played into `warnings`.
struct CompositionParser {
    /// The largest JSON document read (64 MiB).
    static let maximumDataSize = 64 << 20
    /// The largest width or height accepted, in points.
    static let maximumDimension = 16_384.0
    /// The highest frame rate accepted.
    static let maximumFrameRate = 1_000.0
    /// The most frames a composition may span.
    static let maximumFrameCount = 1_000_000.0
    /// The most layers one layer list (the composition's or a precomposition's) keeps.
    static let maximumLayersPerList = 100_000

    let warnings = LoadWarnings()
    /// Reads an image asset given by path (relative to the file or inside the archive).
    let resolveImage: (String) -> Data?

    /// Parses `data`; throws `CompositionError` for input that is not a playable composition.
    func parse(_ data: Data) throws -> CompositionModel {
        guard data.count <= Self.maximumDataSize else {
            throw CompositionError.limitExceeded("\(data.count) bytes of JSON (at most \(Self.maximumDataSize))")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CompositionError.malformed("the data is not valid JSON")
        }
        guard let object = JSON.object(root) else { throw CompositionError.malformed("the JSON is not an object") }
        let width = try dimension(object, "w")
        let height = try dimension(object, "h")
        guard let frameRate = JSON.number(object["fr"]) else { throw CompositionError.malformed("no frame rate (fr)") }
        guard frameRate > 0, frameRate <= Self.maximumFrameRate else {
            throw CompositionError.limitExceeded("frame rate \(frameRate) (0 < fr ≤ \(Self.maximumFrameRate))")
        }
        guard let inPoint = JSON.number(object["ip"]), let outPoint = JSON.number(object["op"]) else {
            throw CompositionError.malformed("no in and out points (ip, op)")
        }
        guard outPoint > inPoint, outPoint - inPoint <= Self.maximumFrameCount else {
            throw CompositionError.limitExceeded(
                "frames \(inPoint) to \(outPoint) (op must follow ip, by at most \(Int(Self.maximumFrameCount)))")
        }
        guard let layerList = JSON.array(object["layers"]) else { throw CompositionError.malformed("no layers") }

        let text = TextContext(
            fonts: TextParser.fonts(JSON.object(object["fonts"])),
            hasGlyphs: !(JSON.array(object["chars"]) ?? []).isEmpty)
        var precompositions: [String: [LayerModel]] = [:]
        var images: [String: ImageAsset] = [:]
        for case let asset as JSONObject in JSON.array(object["assets"]) ?? [] {
            guard let id = JSON.string(asset["id"]) else { continue }
            if let layers = JSON.array(asset["layers"]) {
                precompositions[id] = parseLayers(layers, text: text)
            } else if let image = parseImage(asset, id: id) {
                images[id] = image
            }
        }
        try checkAcyclic(precompositions)
        let markers = (JSON.array(object["markers"]) ?? []).compactMap { marker -> CACompositionMarker? in
            guard let marker = JSON.object(marker), let frame = JSON.number(marker["tm"]) else { return nil }
            return CACompositionMarker(
                name: JSON.string(marker["cm"]) ?? "", frame: frame,
                durationFrames: max(0, JSON.number(marker["dr"]) ?? 0))
        }
        return CompositionModel(
            width: width, height: height, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
            layers: parseLayers(layerList, text: text), precompositions: precompositions, images: images,
            markers: markers)
    }

    private func dimension(_ object: JSONObject, _ key: String) throws -> Double {
        guard let value = JSON.number(object[key]) else { throw CompositionError.malformed("no size (\(key))") }
        guard value > 0, value <= Self.maximumDimension else {
            throw CompositionError.limitExceeded("\(key) = \(value) (0 < \(key) ≤ \(Int(Self.maximumDimension)))")
        }
        return value
    }

    /// Throws when a precomposition reaches itself through the precompositions its layers show.
    private func checkAcyclic(_ precompositions: [String: [LayerModel]]) throws {
        // 0: unvisited, 1: on the current path, 2: done. Iterative, so deep chains cannot
        // exhaust the stack.
        var state: [String: Int] = [:]
        for start in precompositions.keys.sorted() where state[start] == nil {
            var stack: [(id: String, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (id, next) = stack.last {
                let layers = precompositions[id] ?? []
                guard next < layers.count else {
                    state[id] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next = next + 1
                guard case .precomposition(let child, _, _) = layers[next].content, precompositions[child] != nil else {
                    continue
                }
                switch state[child] {
                case 1: throw CompositionError.cyclicPrecomposition(child)
                case nil:
                    state[child] = 1
                    stack.append((child, 0))
                default: break
                }
            }
        }
    }

    private func parseImage(_ asset: JSONObject, id: String) -> ImageAsset? {
        guard let path = JSON.string(asset["p"]) else { return nil }
        let data: Data?
        if path.hasPrefix("data:"), let comma = path.firstIndex(of: ",") {
            data = Data(base64Encoded: String(path[path.index(after: comma)...]), options: .ignoreUnknownCharacters)
        } else {
            data = resolveImage((JSON.string(asset["u"]) ?? "") + path)
        }
        guard let data, let image = try? CGImage.decode(data) else {
            warnings.note("image asset \"\(id)\" could not be read or decoded and is not drawn")
            return nil
        }
        return ImageAsset(
            image: image, width: JSON.number(asset["w"]) ?? Double(image.width),
            height: JSON.number(asset["h"]) ?? Double(image.height))
    }

    /// What every text layer of the document reads besides its own object.
    private struct TextContext {
        var fonts: [String: String]
        /// Whether the document has glyph shapes (`chars`), which are not played.
        var hasGlyphs: Bool
    }

    private func parseLayers(_ list: [Any], text: TextContext) -> [LayerModel] {
        if list.count > Self.maximumLayersPerList {
            warnings.note("a layer list of \(list.count) layers was cut to \(Self.maximumLayersPerList)")
        }
        return list.prefix(Self.maximumLayersPerList).compactMap { element in
            JSON.object(element).flatMap { parseLayer($0, text: text) }
        }
    }

    private func parseLayer(_ object: JSONObject, text: TextContext) -> LayerModel? {
        let name = JSON.string(object["nm"]) ?? "layer \(JSON.integer(object["ind"]) ?? 0)"
        guard !JSON.flag(object["hd"]) else { return nil }
        let properties = PropertyParser(warnings: warnings, layerName: name)
        let inPoint = JSON.number(object["ip"]) ?? -.infinity
        let outPoint = JSON.number(object["op"]) ?? .infinity
        let stretch = JSON.number(object["sr"]).flatMap { $0 > 0 ? $0 : nil } ?? 1
        noteUnsupported(object, name: name)
        let content: LayerModel.Content
        switch JSON.integer(object["ty"]) {
        case 0:
            if let id = JSON.string(object["refId"]) {
                content = .precomposition(
                    id: id, width: JSON.number(object["w"]) ?? 0, height: JSON.number(object["h"]) ?? 0)
            } else {
                content = .none
            }
        case 1:
            content = .solid(
                color: Self.color(hex: JSON.string(object["sc"]) ?? "#000000"),
                width: JSON.number(object["sw"]) ?? 0, height: JSON.number(object["sh"]) ?? 0)
        case 2: content = JSON.string(object["refId"]).map { .image(id: $0) } ?? .none
        case 3: content = .none
        case 4:
            let shapes = ShapeParser(properties: properties, warnings: warnings, layerName: name)
            content = .shapes(shapes.items(JSON.array(object["shapes"]) ?? [], depth: 0))
        case 5:
            let parser = TextParser(fonts: text.fonts, warnings: warnings, layerName: name)
            if let model = parser.text(object, hasGlyphs: text.hasGlyphs) {
                content = .text(model)
            } else {
                warnings.note("text layer \"\(name)\" has no readable text document and is not drawn")
                content = .none
            }
        case let kind:
            warnings.unsupported("layers of type \(kind.map(String.init) ?? "none")", in: name)
            content = .none
        }
        return LayerModel(
            name: name, index: JSON.integer(object["ind"]), parent: JSON.integer(object["parent"]), content: content,
            inPoint: inPoint, outPoint: outPoint, startTime: JSON.number(object["st"]) ?? 0, stretch: stretch,
            timeRemap: properties.scalar(object["tm"]),
            transform: layerTransform(object, properties: properties),
            masks: masks(JSON.array(object["masksProperties"]) ?? [], properties: properties),
            isMatteSource: JSON.flag(object["td"]), matte: JSON.integer(object["tt"]).flatMap(TrackMatte.init))
    }

    /// The masks that are played; the others are noted. Adding and intersecting masks are; a
    /// subtracting one that comes first (it subtracts from nothing: the inverse of its path);
    /// and a difference mask that comes first (the difference of nothing and its path is its
    /// path: an added mask, as rlottie draws it). A subtracting or difference mask after others,
    /// and lighten and darken masks, are not.
    private func masks(_ list: [Any], properties: PropertyParser) -> [MaskModel] {
        var masks: [MaskModel] = []
        for case let mask as JSONObject in list {
            let mode = JSON.string(mask["mode"]) ?? "a"
            guard mode != "n", let path = properties.property(mask["pt"], read: BezierShape.init(json:)) else {
                continue
            }
            var inverted = JSON.flag(mask["inv"])
            let kind: MaskModel.Mode
            switch mode {
            case "a": kind = .add
            case "i": kind = .intersect
            case "s" where masks.isEmpty:
                kind = .add
                inverted.toggle()
            case "f" where masks.isEmpty:
                kind = .add
            default:
                warnings.unsupported(
                    mode == "s" ? "subtracting masks after others" : "mask mode \(mode)", in: properties.layerName)
                continue
            }
            if let expansion = properties.scalar(mask["x"]), expansion.isAnimated || expansion.initial != 0 {
                warnings.unsupported("mask expansion", in: properties.layerName)
            }
            masks.append(
                MaskModel(
                    mode: kind, path: path, opacity: properties.scalar(mask["o"]) ?? .fixed(100), inverted: inverted))
        }
        return masks
    }

    /// Records the layer's features that are not played.
    private func noteUnsupported(_ object: JSONObject, name: String) {
        if object["tm"] != nil && JSON.number(object["ty"]) != 0 {
            warnings.unsupported("time remapping of layers other than precompositions", in: name)
        }
        if let effects = JSON.array(object["ef"]), !effects.isEmpty { warnings.unsupported("effects", in: name) }
        if let styles = JSON.array(object["sy"]), !styles.isEmpty { warnings.unsupported("layer styles", in: name) }
        if let mode = JSON.number(object["bm"]), mode != 0 { warnings.unsupported("blend modes", in: name) }
        if JSON.flag(object["ddd"]) { warnings.unsupported("3D layers", in: name) }
    }

    /// A layer's transform (`ks`), turned along its motion when it auto-orients (`ao`).
    private func layerTransform(_ object: JSONObject, properties: PropertyParser) -> TransformModel {
        var transform = Self.transform(JSON.object(object["ks"]), properties: properties, warnings: warnings)
        transform.autoOrients = JSON.flag(object["ao"])
        return transform
    }

    /// A layer's or group's transform (`ks` or a `tr` item); the parts not played are noted.
    static func transform(_ object: JSONObject?, properties: PropertyParser, warnings: LoadWarnings) -> TransformModel {
        var transform = TransformModel()
        guard let object else { return transform }
        // An anchor of one component has 0 for y, as lottie-ios reads it.
        if let anchor = properties.numbers(object["a"]) {
            transform.anchor = anchor.map { $0.count < 2 ? $0 + [0] : $0 }
        }
        if let position = JSON.object(object["p"]), JSON.flag(position["s"]) {
            transform.position = .split(
                x: properties.scalar(position["x"]) ?? .fixed(0), y: properties.scalar(position["y"]) ?? .fixed(0))
        } else if let position = properties.numbers(object["p"], minimumCount: 2) {
            transform.position = .point(position)
        }
        if let scale = properties.numbers(object["s"], minimumCount: 2) { transform.scale = scale }
        if let rotation = properties.scalar(object["r"] ?? object["rz"]) { transform.rotation = rotation }
        if let opacity = properties.scalar(object["o"]) { transform.opacity = opacity }
        if let skew = properties.scalar(object["sk"]) { transform.skew = skew }
        if let axis = properties.scalar(object["sa"]) { transform.skewAxis = axis }
        if object["rx"] != nil || object["ry"] != nil || object["or"] != nil {
            warnings.unsupported("3D rotation", in: properties.layerName)
        }
        return transform
    }

    /// A colour from `#rrggbb` (an unreadable one is black).
    static func color(hex: String) -> CGColor {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return CGColor(gray: 0, alpha: 1) }
        return CGColor(
            red: CGFloat((value >> 16) & 0xFF) / 255, green: CGFloat((value >> 8) & 0xFF) / 255,
            blue: CGFloat(value & 0xFF) / 255, alpha: 1)
    }
}
