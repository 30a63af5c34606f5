import Foundation
import SceneCore

/// A one-line text field: a click on it focuses it (a blue border and a caret after the text),
/// a click elsewhere blurs it; typed text, composed characters (dead keys, Compose sequences)
/// and an input method's text included, goes into its `CATextLayer` while it has the focus, and
/// Backspace deletes the last character. The viewer hands it printable keys before its own
/// shortcuts (`DemoScene.takesText`).
enum TextFieldScene {
    /// The names of the field's frame and of its text layer.
    static let fieldName = "field"
    static let textName = "field.text"
    /// The caret drawn after the text while the field has the focus: a left one-eighth block.
    static let caret = "\u{258F}"
    /// The key under which the root keeps the field's text and focus (layers take any key).
    private static let textKey = "fieldText"
    private static let focusKey = "fieldFocused"

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let caption = CATextLayer()
        caption.frame = CGRect(x: 40, y: 40, width: size.width - 80, height: 24)
        caption.fontSize = 15
        caption.foregroundColor = Palette.ink
        caption.string = "Click the field and type; é by a dead key or Compose, CJK by an input method; ⌫ deletes"
        root.addSublayer(caption)
        let field = CALayer.filled(CGRect(x: 40, y: 80, width: size.width - 80, height: 44), .white)
        field.name = fieldName
        field.cornerRadius = 6
        field.borderWidth = 2
        let text = CATextLayer()
        text.name = textName
        text.frame = CGRect(x: 12, y: 10, width: field.bounds.width - 24, height: 26)
        text.fontSize = 20
        text.foregroundColor = Palette.ink
        field.addSublayer(text)
        root.addSublayer(field)
        root.setValue("", forKey: textKey)
        show(in: root, focused: false)
        return root
    }

    /// A click on the field focuses it; anywhere else blurs it.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        let field = root.descendant(named: fieldName)
        let focused = hit != nil && (hit === field || hit?.superlayer === field)
        show(in: root, focused: focused)
        return focused ? "field focused" : "field not focused"
    }

    /// Typed text goes into the focused field; Backspace deletes its last character. Returns the
    /// field's text, quoted, or nil when the field does not have the focus or the key is no text.
    static func key(_ root: CALayer, _ characters: String) -> String? {
        guard root.value(forKey: focusKey) as? Bool == true else { return nil }
        var text = root.value(forKey: textKey) as? String ?? ""
        switch characters {
        case "\u{8}", "\u{7f}":
            guard !text.isEmpty else { return nil }
            text.removeLast()
        default:
            // Return, Tab and other control characters are no text for a one-line field.
            guard !characters.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return nil
            }
            text += characters
        }
        root.setValue(text, forKey: textKey)
        show(in: root, focused: true)
        return "field: \"\(text)\""
    }

    /// Shows the field's text, with the caret and a blue border when `focused`.
    private static func show(in root: CALayer, focused: Bool) {
        root.setValue(focused, forKey: focusKey)
        let text = root.value(forKey: textKey) as? String ?? ""
        (root.descendant(named: textName) as? CATextLayer)?.string = text + (focused ? caret : "")
        root.descendant(named: fieldName)?.borderColor = focused ? Palette.blue : Palette.ink.copy(alpha: 0.3)
    }
}
