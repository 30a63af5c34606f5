/// How a batch samples its texture.
package struct TextureSampling: Hashable, Sendable {
    package var minification: CALayerContentsFilter
    package var magnification: CALayerContentsFilter
    /// Added to the level of detail when minifying with mipmaps (`minificationFilterBias`):
    /// positive values pick smaller, blurrier levels. Only trilinear minification has levels to
    /// pick from, so the bias is 0 for the other filters, and for a value that is not finite.
    package var bias: Float
    package init(
        minification: CALayerContentsFilter = .linear, magnification: CALayerContentsFilter = .linear, bias: Float = 0
    ) {
        self.minification = minification
        self.magnification = magnification
        self.bias = minification == .trilinear && bias.isFinite ? bias : 0
    }
}

/// Which gradients a batch draws, each with a shader of its own: a software rasteriser runs
/// every branch of a shader, so the common gradient takes none of the others' work. In order
/// of the work a pixel takes; a batch of interpolated gradients may take axial ones of two
/// stops, and is then drawn as those.
package enum GradientShading: Int, Sendable, Comparable, CaseIterable {
    /// No gradient.
    case none
    /// Axial gradients of two stops whose location stays between the stops over the whole quad
    /// (`QuadPaint.interpolatedGradient`): the colour itself is interpolated from the vertices.
    case interpolated
    /// Axial gradients of two stops: the location is interpolated from the vertices and the
    /// stops are read once per vertex, so a pixel costs one blend.
    case axialTwoStops
    /// Any gradient: radial and conic locations, any number of stops read per pixel.
    case any

    package static func < (a: GradientShading, b: GradientShading) -> Bool { a.rawValue < b.rawValue }
}

/// One instanced draw: `count` consecutive instances from `first`, all sampling `image`
/// (or nothing, when every instance in the batch is untextured).
package struct DrawBatch: Sendable, Equatable {
    package var first: Int
    package var count: Int
    package var image: CGImage?
    package var sampling: TextureSampling
    /// Whether any instance needs coverage from its shape (a ring, or `QuadParameters.clipsToShape`).
    /// Batches without it are drawn with a cheaper shader that fills each quad's rect.
    package var isShaped: Bool
    /// Which gradients its instances draw: a batch with gradients samples the frame's gradient
    /// texture (it has no image), with the shader for them.
    package var gradient: GradientShading
    /// The most its instances' shapes need of the coverage code (`QuadInstance.shapeCoverage`):
    /// a shaped batch is drawn by that level's variant. General unless the batcher, which sees
    /// every instance, says otherwise.
    package var shapeCoverage: ShapeCoverage

    init(
        first: Int, count: Int, image: CGImage?, sampling: TextureSampling, isShaped: Bool = true,
        gradient: GradientShading = .none, shapeCoverage: ShapeCoverage = .general
    ) {
        (self.first, self.count, self.image, self.sampling) = (first, count, image, sampling)
        (self.isShaped, self.gradient, self.shapeCoverage) = (isShaped, gradient, shapeCoverage)
    }
}

/// One step of a frame, executed in order by the GL renderer.
package enum DisplayCommand: Sendable, Equatable {
    /// Draw a batch of quads with premultiplied source-over blending, inside the current clip.
    case draw(DrawBatch)
    /// Intersect the clip with the shape of instance `index` (its `shapeRect` and `radii`
    /// under its transform): pixels with coverage below 0.5 are clipped from now on.
    case pushClip(instance: Int)
    /// Undo the matching `pushClip` of the same instance.
    case popClip(instance: Int)
    /// Start drawing into a new transparent layer that the matching `endShapeClip` clips to the
    /// anti-aliased shape of instance `index` (a rounded `masksToBounds`).
    case beginShapeClip(instance: Int)
    /// Composite the layer started by the matching `beginShapeClip` onto what is below it, each
    /// pixel multiplied by the anti-aliased coverage of the instance's shape (its `shapeRect`
    /// and `radii` under its transform), inside the current clip.
    case endShapeClip(instance: Int)
    /// Start drawing into a new transparent layer (group opacity).
    case beginGroup
    /// Composite the layer started by the matching `beginGroup` onto what is below it,
    /// multiplied by `opacity`, inside the clip that was current at `beginGroup`.
    case endGroup(opacity: Float)
    /// End the content of the group started by the innermost open `beginGroup` and start
    /// drawing its mask into a new transparent layer.
    case beginMask
    /// Composite the group started by the matching `beginGroup` onto what is below it, each
    /// pixel multiplied by the alpha of the mask drawn since `beginMask` and by `opacity`,
    /// inside the clip that was current at `beginGroup`.
    case endMask(opacity: Float)
    /// Composite the group started by the matching `beginGroup` onto what is below it, inside
    /// the clip that was current at `beginGroup`, after `effects`: its filter passes, then
    /// `opacity`, then its blend mode. `region` holds everything drawn in the group (the
    /// renderer filters and blends only there, and as far around it as a blur spreads it).
    case endEffectGroup(opacity: Float, effects: GroupEffects, region: PixelRegion)
    /// Replace what the current target holds inside the current clip and the shape of instance
    /// `shape` (a layer's, as `pushClip` clips to it), which lies within `region`, with itself
    /// filtered by the passes (the layer's `backgroundFilters`).
    case filterBackdrop([FilterPass], shape: Int, region: PixelRegion)
    /// Start drawing a rasterized layer's bitmap (see `RasterRequest`). When the renderer's
    /// cache holds the bitmap of `request.layer` at `request.version` and size, every command
    /// up to the matching `endRaster` is skipped (a cache hit); otherwise they draw into a fresh
    /// transparent `request.width` x `request.height` target that becomes the cached bitmap.
    case beginRaster(RasterRequest)
    /// End the bitmap started by the matching `beginRaster` and draw into what was current before.
    case endRaster
    /// Draw the cached bitmap of `layer` with the batch's quads (textured with it, sampled with
    /// the batch's sampling, the batch's image being nil), inside the current clip. Draws
    /// nothing when the cache holds no bitmap of `layer` (its target could not be made).
    case drawRaster(layer: LayerID, batch: DrawBatch)
    /// Draw a `CAOpenGLLayer`'s picture (the framebuffer the renderer keeps for `request.layer`,
    /// drawn by the layer before the frame's commands run when the request needs it) with the
    /// batch's quads, inside the current clip. Draws nothing while the renderer holds no picture
    /// of the layer.
    case drawGLContent(GLContentRequest, batch: DrawBatch)
    /// Draw a video layer's frame (its Y′CbCr planes, uploaded into textures the renderer keeps
    /// for `video.layer` unless they hold that frame already, converted to RGB as they are
    /// sampled) with the batch's quads, inside the current clip.
    case drawVideo(VideoDraw, batch: DrawBatch)
    /// Start drawing a layer that casts a shadow from what it draws until the matching
    /// `endShadow`: the shadow is drawn under it (from the renderer's cache while the shadow's
    /// key is unchanged, else from the drawing's blurred alpha).
    case beginShadow(ContentShadow)
    /// End the layer started by the innermost open `beginShadow`; `bounds` is the window area
    /// (x, y, width, height in pixels, y down) its drawing covers.
    case endShadow(bounds: SIMD4<Float>)
    /// Draw a `shadowPath` shadow.
    case drawShadow(PathShadow)
}

/// A frame as plain data: instances plus the commands that draw them.
package struct DisplayList: Sendable {
    /// Target size in pixels.
    package var width: Int
    package var height: Int
    /// Premultiplied colour the target is cleared to before drawing.
    package var clearColor: SIMD4<Float>
    package var instances: [QuadInstance]
    package var commands: [DisplayCommand]
    /// The pixels each group can touch, by the index in `commands` of its `beginGroup` or
    /// `beginShapeClip`: what is drawn inside it (within its mask and its shape, for masked
    /// groups and shape clips). The renderer clears and composites only these pixels; a group
    /// without an entry uses the whole target.
    package var groupRegions: [Int: PixelRegion]
    /// The gradients the frame's gradient quads draw, as the blocks of texels `GradientTexels`
    /// describes, one after another: the renderer lays them into a texture
    /// `GradientTexels.rowLength` texels wide, row by row.
    package var gradientTexels: [SIMD4<Float>]
    /// Pixels to write into textures before anything is drawn (shapes packed into atlas pages).
    package var textureUpdates: [TextureUpdate] = []

    init(
        width: Int, height: Int, clearColor: SIMD4<Float> = .zero,
        instances: [QuadInstance] = [], commands: [DisplayCommand] = [], groupRegions: [Int: PixelRegion] = [:],
        gradientTexels: [SIMD4<Float>] = []
    ) {
        self.width = width
        self.height = height
        self.clearColor = clearColor
        self.instances = instances
        self.commands = commands
        self.groupRegions = groupRegions
        self.gradientTexels = gradientTexels
    }

    /// The number of draw calls the renderer will issue for batches.
    package var drawCallCount: Int {
        commands.reduce(0) { if case .draw = $1 { $0 + 1 } else { $0 } }
    }
}
