/// The render side of `DebugOverlays`: what a renderer keeps between frames to draw them (the
/// flashes fading, the frame graph's history, which images are opaque) and the list it draws
/// instead of the frame's. A window's render thread and the headless renderer each own one.
package struct DebugOverlayRenderer: Sendable {
    /// The overlays drawn.
    package var overlays: DebugOverlays = []
    /// The frame graph's history; the renderer records each frame in it.
    package var graph = FrameGraph()
    private var flashes = FlashedRegions()
    /// Whether each image seen by the blended-layers overlay is opaque, by image id.
    private var opaqueImages: [UInt64: Bool] = [:]
    /// The most images remembered before the memory is cleared.
    private static let rememberedImages = 1024

    package init(overlays: DebugOverlays = []) { self.overlays = overlays }

    /// The overlays the render side draws (layer borders are drawn by a window's app side).
    static let drawn: DebugOverlays = [
        .blendedLayers, .offscreenRendered, .flashUpdatedRegions, .overdraw, .frameGraph,
    ]

    /// Whether frames must be drawn whole and through `overlaid(_:damage:at:)`.
    package var isActive: Bool { !overlays.isDisjoint(with: Self.drawn) }

    /// The list to draw for the frame `list`, shown at `time`, which redraws `damage` of the
    /// last frame (nil: all of it).
    package mutating func overlaid(_ list: DisplayList, damage: DamageRegion?, at time: Double) -> DisplayList {
        guard isActive else { return list }
        var shown = overlays.contains(.overdraw) ? list.overdrawPicture() : list
        if overlays.contains(.blendedLayers) {
            if opaqueImages.count > Self.rememberedImages { opaqueImages = [:] }
            shown = shown.tintingBlendedQuads { image in
                if let known = opaqueImages[image.imageID] { return known }
                let opaque = image.hasOnlyOpaquePixels
                opaqueImages[image.imageID] = opaque
                return opaque
            }
        }
        if overlays.contains(.offscreenRendered) { shown = shown.tintingOffscreenPasses() }
        if overlays.contains(.flashUpdatedRegions) {
            flashes.record(damage, width: list.width, height: list.height, at: time)
            shown.appendBatch(flashes.quads(over: shown, at: time))
        }
        if overlays.contains(.frameGraph) { shown.appendBatch(graph.quads(over: shown)) }
        return shown
    }

    /// Whether the overlays need another frame after the one at `time` (a flash fading).
    package mutating func needsFrame(after time: Double) -> Bool {
        overlays.contains(.flashUpdatedRegions) && flashes.isFading(at: time)
    }
}
