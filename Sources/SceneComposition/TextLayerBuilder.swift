import Foundation

/// Builds a text layer's documents as `CATextLayer`s, one per document, each shown from its
/// frame until the next document's (a discrete `hidden` animation), so that the render side
/// switches them. Each is recorded in `inputs` as the layer's "Text".
///
/// A document in a box (`sz`) fills the box and wraps there. Point text has its first baseline
/// at the layer's origin: the text layer's top is put `ascent` font sizes above it, the ascent
/// of DejaVu Sans, the default font here (SceneCore does not report a font's ascent), and lines
/// start at the origin, are centred on it or end there, by the alignment; its bounds are sized
/// for its text again when the text is set by key path.
struct TextLayerBuilder {
    /// The height of a line above its baseline, in font sizes.
    static let ascent = 0.93

    let animator: CompositionAnimator
    let inputs: CompositionInputs
    /// The composition's frames.
    let composition: ClosedRange<Double>

    /// Adds the documents of `text`, the text of layer `name` at key path `path`, whose frames
    /// `time` maps to the composition's.
    func addDocuments(of text: TextModel, named name: String, to container: CALayer, time: TimeMapping, path: [String])
    {
        for (index, entry) in text.documents.enumerated() {
            let layer = textLayer(entry.document, name: name)
            if text.documents.count > 1 {
                let from = index == 0 ? -Double.infinity : entry.frame
                let until = index + 1 < text.documents.count ? text.documents[index + 1].frame : .infinity
                let (shownFrom, shownUntil) = time.shown(from: from, until: until)
                animator.applyVisibility(
                    to: layer, inPoint: max(shownFrom, composition.lowerBound),
                    outPoint: min(shownUntil, composition.upperBound), composition: composition)
            }
            let refit: ((CALayer) -> Void)? = entry.document.box == nil ? { Self.fitPointText($0) } : nil
            inputs.record(
                path + ["Text"], layer: layer, kind: .text, keyPath: "string", replacing: [], afterSet: refit)
            container.addSublayer(layer)
        }
    }

    private func textLayer(_ document: TextDocument, name: String) -> CATextLayer {
        let layer = CATextLayer()
        layer.name = "\(name) text"
        layer.anchorPoint = .zero
        layer.string = document.text
        layer.font = document.font
        layer.fontSize = document.size
        layer.foregroundColor = document.color
        if let box = document.box {
            layer.isWrapped = true
            layer.alignmentMode = document.alignment
            layer.frame = box
            return layer
        }
        layer.alignmentMode = [.center, .right].contains(document.alignment) ? document.alignment : .left
        layer.position = .zero
        Self.fitPointText(layer)
        return layer
    }

    /// Sizes a point text layer for its string (it does not wrap: room for the longest line,
    /// with a margin), anchored so that its first baseline stays at its position, the lines
    /// starting, centred on or ending there by its alignment.
    static func fitPointText(_ layer: CALayer) {
        guard let layer = layer as? CATextLayer else { return }
        let text = layer.string as? String ?? ""
        let size = Double(layer.fontSize)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = (Double(lines.map(\.count).max() ?? 0) + 2) * size
        let height = (Double(lines.count) + 1) * 1.5 * size
        let x: Double =
            switch layer.alignmentMode {
            case .center: 0.5
            case .right: 1
            default: 0
            }
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.anchorPoint = CGPoint(x: x, y: height > 0 ? Self.ascent * size / height : 0)
    }
}
