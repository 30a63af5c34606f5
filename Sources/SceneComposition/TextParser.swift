import Foundation

/// Reads a text layer's documents (`t.d.k`) and the fonts they name (the composition's
/// `fonts.list`), noting what of the text is not played: glyph shapes (`chars`, drawn with the
/// fonts instead), text animators (`t.a`), text on a path (`t.p`), tracking (`tr`) and strokes.
struct TextParser {
    /// The fonts of `fonts.list` by name (`fName`), as fontconfig reads them: "Family Style".
    let fonts: [String: String]
    let warnings: LoadWarnings
    let layerName: String

    /// The fonts of a document's `fonts` member.
    static func fonts(_ object: JSONObject?) -> [String: String] {
        var fonts: [String: String] = [:]
        for case let font as JSONObject in JSON.array(object?["list"]) ?? [] {
            guard let name = JSON.string(font["fName"]) else { continue }
            let family = JSON.string(font["fFamily"]) ?? name
            let style = JSON.string(font["fStyle"]) ?? ""
            fonts[name] = ["Regular", "Normal", ""].contains(style) ? family : "\(family) \(style)"
        }
        return fonts
    }

    /// The text of a text layer (`ty` 5), or nil when it has no readable document.
    func text(_ layer: JSONObject, hasGlyphs: Bool) -> TextModel? {
        guard let text = JSON.object(layer["t"]) else { return nil }
        if hasGlyphs { warnings.unsupported("text glyph shapes (drawn with fonts)", in: layerName) }
        if let animators = JSON.array(text["a"]), !animators.isEmpty {
            warnings.unsupported("text animators", in: layerName)
        }
        if let path = JSON.object(text["p"]), path["m"] != nil { warnings.unsupported("text on paths", in: layerName) }
        let keys = JSON.array(JSON.object(text["d"])?["k"]) ?? []
        let documents = keys.compactMap { key -> (frame: Double, document: TextDocument)? in
            guard let key = JSON.object(key), let document = JSON.object(key["s"]).flatMap(document) else {
                return nil
            }
            return (JSON.number(key["t"]) ?? 0, document)
        }
        guard !documents.isEmpty else { return nil }
        return TextModel(documents: documents.sorted { $0.frame < $1.frame })
    }

    private func document(_ object: JSONObject) -> TextDocument? {
        guard let text = JSON.string(object["t"]) else { return nil }
        if let tracking = JSON.number(object["tr"]), tracking != 0 {
            warnings.unsupported("text tracking", in: layerName)
        }
        if let width = JSON.number(object["sw"]), width > 0, object["sc"] != nil {
            warnings.unsupported("text strokes", in: layerName)
        }
        let name = JSON.string(object["f"]) ?? ""
        var components = JSON.numbers(object["fc"]) ?? [0, 0, 0]
        if components.count < 3 { components = [0, 0, 0] }
        // Older exports give 0...255.
        if components.prefix(3).contains(where: { $0 > 1 }) { components = components.map { $0 / 255 } }
        let alignments: [Int: CATextLayerAlignmentMode] = [0: .left, 1: .right, 2: .center]
        var box: CGRect?
        if let size = JSON.numbers(object["sz"]), size.count >= 2, size[0] > 0, size[1] > 0 {
            let origin = JSON.numbers(object["ps"]) ?? [0, 0]
            box = CGRect(
                x: origin.first ?? 0, y: origin.count > 1 ? origin[1] : 0, width: size[0], height: size[1])
        }
        return TextDocument(
            text: text.replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n"),
            font: fonts[name] ?? name.replacingOccurrences(of: "-", with: " "),
            size: min(max(JSON.number(object["s"]) ?? 12, 0), 4_096),
            color: CGColor(
                red: min(max(components[0], 0), 1), green: min(max(components[1], 0), 1),
                blue: min(max(components[2], 0), 1), alpha: 1),
            alignment: JSON.integer(object["j"]).map { alignments[$0] ?? .justified } ?? .left, box: box)
    }
}
