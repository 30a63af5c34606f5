import Foundation

/// Debugging pictures a renderer draws over or instead of a frame, like the Core Animation
/// instrument's colour options: set them on a window (`LayerWindow.debugOverlays`), a headless
/// renderer (`OffscreenRenderer.debugOverlays`), or for every window of a program with the
/// environment variable `SCENECORE_DEBUG` (names separated by commas, such as
/// `SCENECORE_DEBUG=blended,offscreen`).
///
/// They are drawn by the render side from the frame it built: they cost the app thread nothing,
/// and show what the renderer really does (which quads blend, which layers draw offscreen).
/// While any is on, frames are drawn whole.
public struct DebugOverlays: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every layer's drawing tinted red where it blends with what is below it (translucent
    /// colour, an image with alpha, text, rounded corners, a border) and green where it covers
    /// it (an opaque fill, image or gradient with square corners). Name: `blended`.
    public static let blendedLayers = DebugOverlays(rawValue: 1 << 0)
    /// What is drawn offscreen and composited (group opacity, masks, rounded `masksToBounds`,
    /// shadows without a `shadowPath`, rasterized layers, filters and background filters) tinted
    /// yellow over the area it covers. Name: `offscreen`.
    public static let offscreenRendered = DebugOverlays(rawValue: 1 << 1)
    /// The region each frame redrew flashed in magenta, fading out over
    /// `DebugOverlays.flashDuration`. Name: `flash`.
    public static let flashUpdatedRegions = DebugOverlays(rawValue: 1 << 2)
    /// Instead of the frame, how many times each pixel was written by the frame's quads: one
    /// write dark red, brightening through red and orange to yellow at twelve and more
    /// (`DebugOverlays.overdrawStep` a write). Name: `overdraw`.
    public static let overdraw = DebugOverlays(rawValue: 1 << 3)
    /// A graph of the last `FrameGraph.columns` frames in the bottom-left corner: per frame,
    /// the render thread's CPU time (blue) and the app thread's commit time (green) as bars, the
    /// interval since the previous frame as a white mark, and a frame after skipped refreshes as
    /// a red column; the grey line is 1/60 s. Name: `frames`.
    public static let frameGraph = DebugOverlays(rawValue: 1 << 4)

    /// An outline over every layer's bounds as the presentation tree places them, named with
    /// the layer's `name`: drawn by a window's app side from the public API (a headless
    /// renderer leaves it out). Name: `borders`.
    public static let layerBorders = DebugOverlays(rawValue: 1 << 5)

    /// The overlays by the names `SCENECORE_DEBUG` takes.
    public static let names: [(name: String, overlay: DebugOverlays)] = [
        ("blended", .blendedLayers), ("offscreen", .offscreenRendered), ("flash", .flashUpdatedRegions),
        ("overdraw", .overdraw), ("frames", .frameGraph), ("borders", .layerBorders),
    ]

    /// The overlays named in `list` (comma-separated names from `names`, or `all`); an unknown
    /// name is logged once and left out.
    public init(names list: String) {
        var overlays: DebugOverlays = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !name.isEmpty {
            if name == "all" {
                overlays.formUnion(Self.names.reduce([]) { $0.union($1.overlay) })
            } else if let match = Self.names.first(where: { $0.name == name }) {
                overlays.insert(match.overlay)
            } else {
                Diagnostics.errorOnce(
                    "SCENECORE_DEBUG.\(name)",
                    "SCENECORE_DEBUG: unknown overlay \"\(name)\"; known: \(Self.names.map(\.name).joined(separator: ", ")), all"
                )
            }
        }
        self = overlays
    }

    /// The overlays `SCENECORE_DEBUG` names in this process's environment (none when unset).
    public static var fromEnvironment: DebugOverlays {
        ProcessInfo.processInfo.environment["SCENECORE_DEBUG"].map(DebugOverlays.init(names:)) ?? []
    }

    /// How long a flashed region takes to fade out, in seconds.
    public static let flashDuration = 0.5

    /// What one write adds to a pixel of the overdraw picture (premultiplied, alpha 0 so that
    /// writes add up): four writes saturate red, twelve reach yellow.
    public static let overdrawStep = SIMD4<Float>(0.25, 0.08, 0.02, 0)
}
