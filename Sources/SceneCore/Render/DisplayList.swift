/// How a batch samples its texture.
public struct TextureSampling: Hashable, Sendable {
    public var minification: CALayerContentsFilter
    public var magnification: CALayerContentsFilter
    public init(minification: CALayerContentsFilter = .linear, magnification: CALayerContentsFilter = .linear) {
        self.minification = minification
        self.magnification = magnification
    }
}

/// One instanced draw: `count` consecutive instances from `first`, all sampling `image`
/// (or nothing, when every instance in the batch is untextured).
public struct DrawBatch: Sendable, Equatable {
    public var first: Int
    public var count: Int
    public var image: CGImage?
    public var sampling: TextureSampling
    /// Whether any instance needs coverage from its shape (a ring, or `params.w == 1`).
    /// Batches without it are drawn with a cheaper shader that fills each quad's rect.
    public var isShaped: Bool

    public init(first: Int, count: Int, image: CGImage?, sampling: TextureSampling, isShaped: Bool = true) {
        (self.first, self.count, self.image, self.sampling, self.isShaped) = (first, count, image, sampling, isShaped)
    }
}

/// One step of a frame, executed in order by the GL renderer.
public enum DisplayCommand: Sendable, Equatable {
    /// Draw a batch of quads with premultiplied source-over blending, inside the current clip.
    case draw(DrawBatch)
    /// Intersect the clip with the shape of instance `index` (its `shapeRect` and `radii`
    /// under its transform): pixels with coverage below 0.5 are clipped from now on.
    case pushClip(instance: Int)
    /// Undo the matching `pushClip` of the same instance.
    case popClip(instance: Int)
    /// Start drawing into a new transparent layer (group opacity).
    case beginGroup
    /// Composite the layer started by the matching `beginGroup` onto what is below it,
    /// multiplied by `opacity`, inside the clip that was current at `beginGroup`.
    case endGroup(opacity: Float)
}

/// A frame as plain data: instances plus the commands that draw them.
public struct DisplayList: Sendable {
    /// Target size in pixels.
    public var width: Int
    public var height: Int
    /// Premultiplied colour the target is cleared to before drawing.
    public var clearColor: SIMD4<Float>
    public var instances: [QuadInstance]
    public var commands: [DisplayCommand]

    public init(width: Int, height: Int, clearColor: SIMD4<Float> = .zero,
                instances: [QuadInstance] = [], commands: [DisplayCommand] = []) {
        self.width = width
        self.height = height
        self.clearColor = clearColor
        self.instances = instances
        self.commands = commands
    }

    /// The number of draw calls the renderer will issue for batches.
    public var drawCallCount: Int {
        commands.reduce(0) { if case .draw = $1 { $0 + 1 } else { $0 } }
    }
}
