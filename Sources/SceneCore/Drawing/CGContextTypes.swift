import CSceneCoreCairo

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    /// `butt` ends a line square at its end point; `round` adds a half circle of the line's
    /// width beyond it; `square` adds half a square beyond it.
    case butt, round, square

    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// How stroked lines are joined at corners.
public enum CGLineJoin: Int32, Sendable {
    /// `miter` extends the outer edges to a sharp point (cut to a bevel past the context's miter
    /// limit); `round` joins with a circular arc; `bevel` cuts the corner off square.
    case miter, round, bevel

    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

/// What `drawPath(using:)` does with the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    /// `fill` fills the path by the nonzero winding rule and `eoFill` by the even-odd rule;
    /// `stroke` strokes it; `fillStroke` and `eoFillStroke` fill by either rule, then stroke.
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How drawn colours combine with what is already in the context (the Porter-Duff and
/// separable blend modes Cairo provides).
public enum CGBlendMode: Int32, Sendable {
    /// The separable modes: `normal` paints the source over the backdrop; `multiply` and
    /// `screen` darken and lighten by multiplying the colours or their complements; `overlay`
    /// and `hardLight` multiply or screen depending on the backdrop's or the source's colour;
    /// `darken` and `lighten` keep the darker or lighter of the two; `colorDodge` and
    /// `colorBurn` brighten or darken the backdrop to reflect the source; `softLight` is a gentler
    /// `hardLight`.
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    /// `difference` and `exclusion` subtract the darker colour from the lighter (exclusion with
    /// less contrast); the non-separable `hue`, `saturation`, `color` and `luminosity` take that
    /// component from the source and the others from the backdrop.
    case difference, exclusion, hue, saturation, color, luminosity
    /// The Porter-Duff operators: `clear` erases; `copy` replaces the backdrop with the source;
    /// `sourceIn`, `sourceOut` and `sourceAtop` keep the source where the backdrop is opaque,
    /// where it is clear, or on top of it only where it exists; `destinationOver`,
    /// `destinationIn` and `destinationOut` do the same with the backdrop in the source's place.
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    /// `destinationAtop` keeps the backdrop over the source only where the source exists; `xor`
    /// keeps each only where the other is absent; `plusLighter` adds the colours, saturating at
    /// white, and `plusDarker` is drawn the same way here (Cairo has no plus-darker operator).
    case destinationAtop, xor, plusDarker, plusLighter

    var cairo: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        // Cairo has no plus-darker; saturating addition is its nearest.
        case .plusDarker, .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}

/// Where the alpha channel is in a bitmap's pixels and whether colours are premultiplied.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// `none`: no alpha; `premultipliedLast` and `premultipliedFirst`: alpha after or before the
    /// colour channels, which are already multiplied by it; `last` and `first`: the same with
    /// straight colour; `noneSkipLast` and `noneSkipFirst`: an unused byte after or before the
    /// colour.
    case none = 0, premultipliedLast = 1, premultipliedFirst = 2, last = 3, first = 4, noneSkipLast = 5, noneSkipFirst =
        6
    /// Alpha alone, with no colour channels (a mask).
    case alphaOnly = 7
}

/// The layout of a bitmap's pixels: alpha info in the low bits, byte order above.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bits that hold a `CGImageAlphaInfo` value.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// 32-bit pixels stored least significant byte first (BGRA for "alpha first" on a
    /// little-endian machine).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 32-bit pixels stored most significant byte first.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
}

/// How images are sampled when drawn scaled.
public enum CGInterpolationQuality: Int32, Sendable {
    /// `default` and `medium`: good filtering (Cairo's `GOOD`); `none`: the nearest pixel;
    /// `low`: the fastest smoothing; `high`: the best filtering, slowest.
    case `default`, none, low, medium, high

    var cairo: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .high: CAIRO_FILTER_BEST
        default: CAIRO_FILTER_GOOD
        }
    }
}
