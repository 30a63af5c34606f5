/// What a layer draws of its own besides what every layer draws (its background, contents image
/// and border), or how it treats its sublayers: the layer class that made it, as far as the render
/// side, hit-testing and coordinate conversion need to know. The one description of a layer's
/// content: the frame builder turns it into quads in one switch (`FrameBuilder.drawOwnContent`),
/// and what a layer counts as drawing (`LayerProperties.drawsOwnContent`) is read from it.
///
/// Set once when the layer is made, from its class (`CALayer.kind`, which each layer class
/// overrides), and carried to the render side by the layer's first commit, which carries every
/// value; a subclass an app makes inherits its superclass's.
package enum LayerKind: UInt8, Sendable, CaseIterable {
    /// A `CALayer`: nothing besides background, contents and border.
    case layer
    /// A `CATransformLayer`: its sublayers keep their 3D places and are drawn in depth order
    /// (`FrameBuilder+TransformLayers`); it draws nothing of its own.
    case transform
    /// A `CAReplicatorLayer`: its sublayers are drawn once per instance (`FrameBuilder+Replicator`).
    case replicator
    /// A `CAGradientLayer`: its gradient, between its background and its contents (`FrameBuilder+Gradients`).
    case gradient
    /// A `CAShapeLayer`: its path rasterised, over its contents (`FrameBuilder+Shapes`).
    case shape
    /// A `CATextLayer`: the glyphs of the text it committed (`ShapedText`), over its contents; one
    /// that draws its text into a backing store (a subclass, or one with a delegate) commits none.
    case text
    /// A `CAEmitterLayer`: its particles, over its contents (`FrameBuilder+Emitter`).
    case emitter
    /// A `CATiledLayer`: the tiles its store drew, over its contents (`FrameBuilder+Tiled`).
    case tiled
    /// A `CAOpenGLLayer`: the picture it draws with OpenGL on the render side (`FrameBuilder+GLContent`).
    case openGL
    /// A video layer (`AVPlayerLayer`, `AVCaptureVideoPreviewLayer` in SceneMedia): the frame its
    /// feed has due, fitted by its gravity, over its contents (`FrameBuilder+Video`).
    case video
}

extension LayerProperties {
    /// Whether the layer's kind draws something of its own with these values (besides its
    /// background, contents and border): a cheap test, for counting what a layer draws (whether
    /// its opacity needs a group, whether it is a plain leaf a frame patch can redraw).
    var drawsOwnContent: Bool {
        switch kind {
        case .layer, .transform, .replicator: false
        case .gradient: gradientColors.shownCount >= 2
        case .shape: drawsShape
        case .text: glyphs != nil
        case .emitter: !emitterCells.cells.isEmpty
        case .tiled: tileStore != nil
        case .openGL: glContent != nil
        case .video: videoContent != nil
        }
    }
}
