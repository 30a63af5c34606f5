extension FrameBuilder {
    /// Filters what lies behind a layer with `backgroundFilters`, inside its shape (its bounds
    /// rounded by `cornerRadius`, under `clip`): drawn before the layer's own drawing, into the
    /// target the layer is drawn into.
    static func filterBackdrop(of p: LayerProperties, clip: SIMD16<Float>, into batcher: inout Batcher) {
        let passes = p.backgroundFilters.passes
        guard !passes.isEmpty else { return }
        batcher.filterBackdrop(passes, inside: Shape(properties: p).clip(clip))
    }
}
