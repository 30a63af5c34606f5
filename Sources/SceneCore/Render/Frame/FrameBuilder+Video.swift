import Foundation

/// Video layers: the frame the layer's feed has due at the frame's time (picked before the walk,
/// `RenderTree+Video`) is drawn as its content, one quad over the picture's rectangle in the
/// bounds (its gravity's), in the layer's shape when it clips to its bounds, sampled with its
/// magnification filter.
extension FrameBuilder {
    /// Adds the `drawVideo` command of layer `id`; nothing before its first frame.
    mutating func drawVideo(
        of id: LayerID, content: VideoContent, properties p: LayerProperties, in draw: ContentsDraw, alpha: Float
    ) {
        guard let frame = tree.shownVideoFrames[id] else { return }
        let rect = VideoContent.rect(
            ofPicture: CGSize(width: frame.width, height: frame.height), in: p.bounds, gravity: content.gravity)
        guard !rect.isEmpty, rect.isFiniteValue else { return }
        // The picture's top row (its planes' first) at the rect's minimum y, as a contents image's.
        let quad = draw.texture(color: SIMD4(repeating: alpha), rect: rect.float4, uv: SIMD4(0, 0, 1, 1))
        // Video has no mipmap levels: trilinear minification samples the picture linearly.
        var sampling = draw.sampling
        if sampling.minification == .trilinear { sampling = TextureSampling(magnification: sampling.magnification) }
        batcher.drawVideo(VideoDraw(layer: id, frame: frame), quad: quad, sampling: sampling)
    }
}
