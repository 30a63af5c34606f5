import Foundation

/// Builds a text layer's documents as `CATextLayer`s, one per document, each shown from its
/// frame until the next document's (a discrete `hidden` animation), so that the render side
/// switches them. Each is recorded in `inputs` as the layer's "Text".
///
/// A document in a box (`sz`) fills the box and wraps there. Point text has its first baseline
/// at the layer's origin: the text layer's top is put `ascent` font sizes above it, the ascent
/// of DejaVu Sans, the default font here (SceneCore does not report a font's ascent), and lines
/// start at the origin, are centred on it or end there, by the alignment.
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
            inputs.record(path + ["Text"], layer: layer, kind: .text, keyPath: "string", replacing: [])
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
        // Point text does not wrap: room for the longest line, with a margin.
        let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = (Double(lines.map(\.count).max() ?? 0) + 2) * document.size
        let height = (Double(lines.count) + 1) * 1.5 * document.size
        let left: Double
        switch document.alignment {
        case .center:
            layer.alignmentMode = .center
            left = -width / 2
        case .right:
            layer.alignmentMode = .right
            left = -width
        default:
            layer.alignmentMode = .left
            left = 0
        }
        layer.frame = CGRect(x: left, y: -Self.ascent * document.size, width: width, height: height)
        return layer
    }
}
