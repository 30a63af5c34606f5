/// Which parts of a quad's shape edge the shader anti-aliases: `QuadParameters.edges` as a sum
/// of bits. 1, 2, 4 and 8 are the straight edges at the shape's minX, maxX, minY and maxY (the
/// bits of `CAEdgeAntialiasingMask`: `layerLeftEdge`, `layerRightEdge`, `layerBottomEdge` and
/// `layerTopEdge`, named for the unflipped space where minY is the bottom); 16 is the rounded
/// corners, which the shader anti-aliases whenever any bit is set (16 keeps a rounded shape
/// whose straight edges are all hard from reading as 0). An edge without its bit is hard: a
/// pixel is covered when its centre is inside. 0 draws every edge hard, and a quad that ignores
/// its shape then needs no coverage at all.
package enum EdgeAntialiasing {
    /// Every straight edge and every rounded corner.
    package static let all: Float = 31
    /// The rounded corners, which are anti-aliased whatever the layer's edge settings.
    static let roundedCorners: UInt32 = 16

    /// The edges a layer's background, contents, border, `masksToBounds` clip and rasterized
    /// bitmap anti-alias. With `allowsEdgeAntialiasing`, the straight edges named in
    /// `edgeAntialiasingMask` (so tiles that abut turn it off where they meet and show no seam).
    /// Without it, none; but a rounded shape is then anti-aliased all round, as Core Animation
    /// draws a rounded layer smooth. Rounded corners are always anti-aliased.
    static func edges(of p: LayerProperties, rounded: Bool) -> Float {
        let corners = rounded ? roundedCorners : 0
        if p.allowsEdgeAntialiasing {
            return Float(p.edgeAntialiasingMask.intersection(.all).rawValue | corners)
        }
        return rounded ? all : 0
    }
}
