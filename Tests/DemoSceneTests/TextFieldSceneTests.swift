import SceneCore
import Testing

@testable import demo_window

/// The text-field scene: a click focuses the field, typed text (composed characters and an
/// input method's text alike) goes into its text layer with a caret after it, Backspace deletes.
@Suite struct TextFieldSceneTests {
    @Test func aFocusedFieldTakesTypedTextAndBackspaceDeletes() throws {
        let root = TextFieldScene.make(CGSize(width: 400, height: 200))
        let field = try #require(root.descendant(named: TextFieldScene.fieldName))
        let text = try #require(root.descendant(named: TextFieldScene.textName) as? CATextLayer)
        #expect(TextFieldScene.key(root, "a") == nil, "an unfocused field takes no text")
        #expect(TextFieldScene.click(root, text, CGPoint(x: 60, y: 100)) == "field focused")
        #expect(text.string as? String == TextFieldScene.caret)
        for characters in ["c", "a", "f", "é", " ", "喫茶"] { _ = TextFieldScene.key(root, characters) }
        #expect(TextFieldScene.key(root, "\r") == nil, "Return is no text for a one-line field")
        #expect(TextFieldScene.key(root, "\u{8}") == "field: \"café 喫\"")
        #expect(text.string as? String == "café 喫" + TextFieldScene.caret)
        #expect(TextFieldScene.click(root, root, CGPoint(x: 5, y: 5)) == "field not focused")
        #expect(text.string as? String == "café 喫")
        #expect(field.borderColor != nil)
        #expect(TextFieldScene.key(root, "x") == nil)
    }
}
