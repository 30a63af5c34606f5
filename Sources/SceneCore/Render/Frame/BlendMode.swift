/// How a layer is composited onto what lies behind it: its `compositingFilter`, as commits carry
/// it. Colours are premultiplied; `Sc`, `Sa` are the source (the layer, after its mask, filters
/// and opacity), `Dc`, `Da` the backdrop, and every separable mode is
/// `Sc·(1 − Da) + Dc·(1 − Sa) + Sa·Da·B(Sc/Sa, Dc/Da)` with alpha `Sa + Da − Sa·Da` (W3C
/// Compositing and Blending Level 1).
package enum BlendMode: String, Sendable, Equatable, CaseIterable {
    /// `Sc + Dc·(1 − Sa)`: plain compositing, what a layer without a compositing filter does.
    case sourceOver
    /// `B = s·d`.
    case multiply
    /// `B = s + d − s·d`.
    case screen
    /// `B = multiply(s, 2d)` for `d ≤ 0.5`, else `screen(s, 2d − 1)`.
    case overlay
    /// `B = min(s, d)`.
    case darken
    /// `B = max(s, d)`.
    case lighten
    /// `B = |s − d|`.
    case difference
    /// `min(1, Sc + Dc)` for colour and alpha (plus-lighter).
    case plusLighter

    /// The mode a `compositingFilter` type name stands for, under Core Animation's or Core
    /// Image's name; nil for any other name.
    init?(filterName name: String) {
        switch name {
        case "sourceOver", "normalBlendMode", "CISourceOverCompositing": self = .sourceOver
        case "multiplyBlendMode", "multiply", "CIMultiplyBlendMode": self = .multiply
        case "screenBlendMode", "screen", "CIScreenBlendMode": self = .screen
        case "overlayBlendMode", "overlay", "CIOverlayBlendMode": self = .overlay
        case "darkenBlendMode", "darken", "CIDarkenBlendMode": self = .darken
        case "lightenBlendMode", "lighten", "CILightenBlendMode": self = .lighten
        case "differenceBlendMode", "difference", "CIDifferenceBlendMode": self = .difference
        case "plusL", "plusLighter", "CIAdditionCompositing": self = .plusLighter
        default: return nil
        }
    }
}
