import Foundation

/// A font at a size, as Core Text's `CTFont`, made by `CTFontCreateWithName`: one of the values
/// `CATextLayer.font` accepts, and the value of an attributed string's `.font` attribute.
///
/// Its face is found as a font name `String` is (see `CGFont`). A text layer draws it exactly
/// as it draws the name it was created with, at the layer's `fontSize`: the font's own size is
/// ignored there, as on Apple platforms. A run of an attributed string is drawn at the font's
/// size.
///
/// Open, where Core Text's is a final type: on Apple's platforms a `UIFont` or `NSFont` is a
/// `CTFont` (toll-free bridged), so code hands one to `CATextLayer.font`; a UIKit layer over
/// SceneCore makes its font class a subclass to the same end.
open class CTFont: @unchecked Sendable {
    /// The name the font was created with: what text is drawn by.
    let name: String
    /// The size in points.
    let size: CGFloat
    /// The transformation given at creation (identity when none was).
    let matrix: CGAffineTransform
    /// The face fontconfig found for `name`; nil when no font is installed at all.
    let resolved: ResolvedFont?

    /// A font with the family or PostScript name `name` at `size` points, transformed by `matrix`
    /// (kept, not applied), as `CTFontCreateWithName` makes it (a `size` of 0 is taken as is here).
    public init(name: String, size: CGFloat, matrix: CGAffineTransform = .identity) {
        self.name = name
        self.size = size
        self.matrix = matrix
        resolved = ResolvedFont(name: name)
    }
}

/// A font with the family or PostScript name `name` at `size` points (12 when `size` is 0, as
/// in Core Text), found by fontconfig with its usual fallback, so it never fails: "Helvetica"
/// gives Helvetica's substitute. `matrix` is kept for `CTFontGetMatrix`; SceneCore draws text
/// without it.
///
/// Core Text takes a `CFString`; on Linux a Swift `String` literal cannot be cast to one, so
/// this overload takes a `String`.
public func CTFontCreateWithName(
    _ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CTFont(name: name, size: size == 0 ? 12 : size, matrix: matrix?.pointee ?? .identity)
}

/// `CTFontCreateWithName(_:_:_:)` with the name as a `CFString`, as Core Text declares it.
public func CTFontCreateWithName(
    _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CTFontCreateWithName(String(copying: name), size, matrix)
}

/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The transformation the font was created with (identity when none was).
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }

/// The PostScript name of the face found ("DejaVuSans-Bold"), or the name the font was created
/// with when the face records none. Core Text returns a `CFString`; this returns a `String`,
/// which `as String` in ported code accepts.
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.resolved?.postScriptName ?? font.name }

/// The full name of the face found ("DejaVu Sans Bold"), or the name the font was created with
/// when the face records none.
public func CTFontCopyFullName(_ font: CTFont) -> String { font.resolved?.fullName ?? font.name }

/// The family name of the face found ("DejaVu Sans"), or the name the font was created with
/// when no face was found.
public func CTFontCopyFamilyName(_ font: CTFont) -> String { font.resolved?.family ?? font.name }
