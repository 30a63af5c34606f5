import CSceneCoreGL
import SceneCore

/// One level of a frame's target stack: the frame's own framebuffer at the bottom, then one
/// level per open `beginGroup` and per open `beginMask`.
///
/// Clips live in the level's stencil buffer: a pixel is inside the current clip when its
/// stencil value equals `stencilDepth`.
struct TargetLevel {
    /// The framebuffer this level draws into.
    let framebuffer: GLuint
    /// The offscreen target of a group, composited at `endGroup`; nil for the frame's own
    /// framebuffer and for a group that could not get one (drawn straight into its parent).
    let group: GroupTarget?
    /// The stencil value inside the clip this level started with: 0 on a fresh target, the
    /// parent's depth for a group drawn into its parent's framebuffer.
    let baseDepth: Int
    /// Whether this level holds a mask (opened by `beginMask`, closed by `endMask`).
    var isMask = false
    /// The pixels the group can touch (cleared, and composited at its end); nil for the whole target.
    var region: PixelRegion?
    /// For a level opened by `beginShapeClip`, the instance whose shape clips it at `endShapeClip`.
    var shapeClip: Int?
    /// Whether this level holds a rasterized layer's bitmap (opened by `beginRaster`).
    var isRaster = false
    /// Whether what is drawn at this level is thrown away: a mask that got no target of its own.
    var discardsDrawing = false
    /// The instance of every open `pushClip`, innermost last; nil for a refused push, which is
    /// kept so that its `popClip` still pairs up.
    var clips: [Int?] = []
    /// Whether this level holds a layer that casts a shadow from its drawing (opened by
    /// `beginShadow`, closed by `endShadow`).
    var isShadow = false
    /// The shadow to blur from this level's drawing at `endShadow`; nil when the shadow was
    /// drawn from the cache at `beginShadow` (the level then draws into its parent).
    var shadow: ContentShadow?

    /// The stencil value of pixels inside the current clip.
    var stencilDepth: Int { baseDepth + clips.reduce(0) { $1 == nil ? $0 : $0 + 1 } }
}
