/// What happens to a layer's group between drawing it and compositing it: its `filters`
/// (after the mask), then its opacity, then its `compositingFilter` blend mode.
package struct GroupEffects: Sendable, Equatable {
    /// The passes of the layer's filters, in order.
    package var passes: [FilterPass]
    /// How the group is composited onto what lies behind it.
    package var blendMode: BlendMode

    package init(passes: [FilterPass] = [], blendMode: BlendMode = .sourceOver) {
        (self.passes, self.blendMode) = (passes, blendMode)
    }

    /// How far beyond what the group drew its passes spread it, in whole pixels of a
    /// `width` x `height` target (`FilterPass.spread`).
    package func spread(width: Int, height: Int) -> Int {
        FilterPass.spread(of: passes, width: width, height: height)
    }

    /// The effects of a layer with properties `p`; nil when it has none that change its drawing.
    init?(_ p: LayerProperties) {
        let passes = p.filters.passes
        guard !passes.isEmpty || p.compositingFilter != .sourceOver else { return nil }
        self.init(passes: passes, blendMode: p.compositingFilter)
    }
}
