import Foundation

/// How a track matte (the layer listed before a layer, `td`) decides where the layer shows
/// (`tt`): by the matte's alpha or its luminance, or by one minus either.
enum TrackMatte: Int {
    case alpha = 1
    case invertedAlpha = 2
    case luma = 3
    case invertedLuma = 4

    /// The mask of a layer matted by `matte` (a layer of the list's space): `matte` itself for
    /// an alpha matte. For the others, the matte drawn over an opaque black rectangle as large
    /// as `everywhere`, so that every pixel is opaque with the matte's colour premultiplied, under
    /// a `colorMatrix` filter that makes each pixel's alpha its luminance (luma) or one minus it
    /// (inverted luma); an inverted alpha matte is drawn white first, so that over the black its
    /// luminance is its alpha. Outside `everywhere` the mask is transparent: the layer shows
    /// nowhere there.
    static func mask(_ kind: TrackMatte, of matte: CALayer, everywhere: CGRect) -> CALayer {
        guard kind != .alpha else { return matte }
        let mask = CALayer()
        mask.name = "\(matte.name ?? "") luminance"
        mask.anchorPoint = .zero
        let black = CALayer()
        black.frame = everywhere
        black.backgroundColor = CGColor(gray: 0, alpha: 1)
        mask.addSublayer(black)
        if kind == .invertedAlpha { matte.filters = [filter(white)] }
        mask.addSublayer(matte)
        mask.filters = [filter(kind == .luma ? luminanceAsAlpha : oneMinusLuminanceAsAlpha)]
        return mask
    }

    /// The luminance of a colour: Rec. 709's weights, as After Effects takes them.
    private static let weights: (r: Float, g: Float, b: Float) = (0.2126, 0.7152, 0.0722)

    /// Alpha from luminance; the colour left white (only the mask's alpha counts).
    private static let luminanceAsAlpha = CAColorMatrix(
        m11: 0, m12: 0, m13: 0, m14: 0, m15: 1, m21: 0, m22: 0, m23: 0, m24: 0, m25: 1,
        m31: 0, m32: 0, m33: 0, m34: 0, m35: 1, m41: weights.r, m42: weights.g, m43: weights.b, m44: 0, m45: 0)

    /// Alpha from one minus the luminance.
    private static let oneMinusLuminanceAsAlpha = CAColorMatrix(
        m11: 0, m12: 0, m13: 0, m14: 0, m15: 1, m21: 0, m22: 0, m23: 0, m24: 0, m25: 1,
        m31: 0, m32: 0, m33: 0, m34: 0, m35: 1, m41: -weights.r, m42: -weights.g, m43: -weights.b, m44: 0, m45: 1)

    /// White, keeping alpha.
    private static let white = CAColorMatrix(
        m11: 0, m12: 0, m13: 0, m14: 0, m15: 1, m21: 0, m22: 0, m23: 0, m24: 0, m25: 1,
        m31: 0, m32: 0, m33: 0, m34: 0, m35: 1, m41: 0, m42: 0, m43: 0, m44: 1, m45: 0)

    private static func filter(_ matrix: CAColorMatrix) -> CAFilter {
        let filter = CAFilter(type: .colorMatrix)
        filter.setValue(matrix, forKey: "inputColorMatrix")
        return filter
    }
}
