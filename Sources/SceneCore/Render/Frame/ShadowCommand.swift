/// What a cached shadow's blurred alpha depends on: while a layer's key stays equal from frame
/// to frame, the renderer draws its shadow from the blurred alpha it kept, as one textured quad.
/// Colour, `shadowOpacity` and `shadowOffset` are not part of it: they are applied when the
/// quad is drawn.
package struct ShadowKey: Sendable, Equatable {
    /// A content shadow: the layer's subtree version (`RenderTree.subtreeVersion(of:)`); 0 for
    /// a `shadowPath` shadow.
    package var version: UInt64
    /// A `shadowPath` shadow: the path; nil for a content shadow.
    package var path: CGPath?
    /// A content shadow: the layer's space → window pixels (its whole transform, with the
    /// opacity the content is drawn with in `alpha`); a `shadowPath` shadow: zero.
    package var transform: SIMD16<Float>
    /// A content shadow: the opacity the content is drawn with; a `shadowPath` shadow: 1.
    package var alpha: Float
    /// The standard deviation of the blur, in the pixels the alpha is blurred in.
    package var sigma: Float
    /// Pixels per layer unit the alpha is drawn at.
    package var scale: Float
}

/// A shadow cast by what a layer and its sublayers draw (`shadowPath` nil), in window pixels.
package struct ContentShadow: Sendable, Equatable {
    /// The layer casting it (the renderer keeps one blurred alpha per layer).
    package var layer: LayerID
    package var key: ShadowKey
    /// Premultiplied: `shadowColor` times `shadowOpacity` (the content's opacity is already in
    /// its alpha).
    package var color: SIMD4<Float>
    /// The blur's standard deviation, in window pixels.
    package var sigma: Float
    /// `shadowOffset` in window pixels (y down).
    package var offset: SIMD2<Float>
    /// The instance whose shape clips the shadow (the layer's rounded bounds when it
    /// `masksToBounds`), nil when unclipped.
    package var clip: Int?
}

/// A shadow cast by a layer's `shadowPath`, filled with the non-zero winding rule, drawn in the
/// layer's space without drawing the layer offscreen.
package struct PathShadow: Sendable, Equatable {
    /// The layer casting it (the renderer keeps one blurred alpha per layer).
    package var layer: LayerID
    /// The key: the path, the blur in raster pixels and the raster's scale.
    package var key: ShadowKey
    /// Premultiplied: `shadowColor` times `shadowOpacity` times the layer's opacity.
    package var color: SIMD4<Float>
    /// The layer's space moved by `shadowOffset` → clip space (row-vector convention, as
    /// `QuadInstance.transform`).
    package var transform: SIMD16<Float>
    /// The instance whose shape clips the shadow (the layer's rounded bounds when it
    /// `masksToBounds`), nil when unclipped.
    package var clip: Int?
    /// A rectangle of the shadow's space (x, y, width, height) that the layer's opaque
    /// background paints over right after: the shadow need not be drawn there. Nil for none.
    package var hole: SIMD4<Float>? = nil

    /// The path the shadow fills.
    package var path: CGPath { key.path ?? CGPath(elements: []) }
}
