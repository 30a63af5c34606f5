import CSceneCoreCairo
import Foundation

/// A font face, as Core Graphics' `CGFont`: one of the values `CATextLayer.font` accepts, with
/// a font name `String`, a `CTFont` and a `TextFont`. It has no size: a text layer draws it at
/// its `fontSize`.
///
/// The face is found as a font name `String` is, by fontconfig through Pango: `name` is a
/// family with optional style words ("DejaVu Sans Bold") or a PostScript name
/// ("DejaVuSans-Bold", its hyphen read as a space), and a family that is not installed falls
/// back to fontconfig's substitute (Helvetica to a metric-compatible sans-serif font where one
/// is installed, otherwise the default sans-serif font). A text layer draws a `CGFont` exactly
/// as it draws the name the font was created with.
public final class CGFont: Sendable {
    /// The name the font was created with: what a text layer draws it by.
    let name: String
    /// The face fontconfig found for `name`.
    let resolved: ResolvedFont

    /// The full name of the face found ("DejaVu Sans Bold"); nil when the face records none.
    public var fullName: String? { resolved.fullName }
    /// The PostScript name of the face found ("DejaVuSans-Bold"); nil when the face records none.
    public var postScriptName: String? { resolved.postScriptName }

    /// The font named `name` (Core Graphics takes a `CFString`; a Swift `String` literal cannot
    /// be one on Linux). Nil for an empty name, or when fontconfig finds no font at all.
    ///
    /// Core Graphics also answers nil for a name that no installed font has; here fontconfig's
    /// fallback answers for it, as it does for a font name `String` (Helvetica gives its
    /// substitute), so that ported code finds the fonts it expects on Apple platforms.
    public init?(_ name: String) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, let resolved = ResolvedFont(name: name) else {
            return nil
        }
        self.name = name
        self.resolved = resolved
    }

    /// The font named by a `CFString`, as `init(_:)` with a `String`.
    public convenience init?(_ name: CFString) { self.init(String(copying: name)) }
}

/// What fontconfig finds for a font name through Pango: the face a text layer draws the name
/// with.
struct ResolvedFont: Sendable, Hashable {
    /// The family of the face ("DejaVu Sans" for "Helvetica" where DejaVu is the default sans-serif font).
    var family: String
    /// The face's full name, from its name table.
    var fullName: String?
    /// The face's PostScript name, from its name table.
    var postScriptName: String?

    /// The face Pango loads for `name` (read as `TextLayout` reads font names); nil when none loads.
    init?(name: String) {
        guard let found = TextEngine.withLock({ Self.resolve(name) }) else { return nil }
        self = found
    }

    private init(family: String, fullName: String?, postScriptName: String?) {
        (self.family, self.fullName, self.postScriptName) = (family, fullName, postScriptName)
    }

    private static func resolve(_ name: String) -> ResolvedFont? {
        guard let map = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(map) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = TextLayout.fontDescription(TextFont(name: name, size: 12))
        defer { pango_font_description_free(description) }
        guard let font = pango_font_map_load_font(map, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let found = pango_font_describe(font)
        defer { pango_font_description_free(found) }
        let face = hb_font_get_face(pango_font_get_hb_font(font))
        return ResolvedFont(
            family: pango_font_description_get_family(found).map { String(cString: $0) } ?? name,
            fullName: Self.name(fullNameID, of: face), postScriptName: Self.name(postScriptNameID, of: face))
    }

    /// The name table's IDs of the full and PostScript names (HarfBuzz's `HB_OT_NAME_ID_FULL_NAME`
    /// and `HB_OT_NAME_ID_POSTSCRIPT_NAME`, whose Swift type differs between HarfBuzz versions).
    private static let fullNameID: hb_ot_name_id_t = 4
    private static let postScriptNameID: hb_ot_name_id_t = 6

    /// An entry of the face's name table, in the face's default language; nil when it is missing or empty.
    private static func name(_ nameID: hb_ot_name_id_t, of face: OpaquePointer?) -> String? {
        var size: UInt32 = 0
        let length = hb_ot_name_get_utf8(face, nameID, nil, &size, nil)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        size = UInt32(buffer.count)
        hb_ot_name_get_utf8(face, nameID, nil, &size, &buffer)
        let text = String(decoding: buffer.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}

extension String {
    /// The characters of a `CFString` (Linux Foundation does not bridge it with `as String`).
    init(copying string: CFString) {
        let length = CFStringGetLength(string)
        var units = [UniChar](repeating: 0, count: length)
        CFStringGetCharacters(string, CFRange(location: 0, length: length), &units)
        self = String(decoding: units, as: UTF16.self)
    }
}
