/// The work one frame may do, whatever the app hands the render side.
///
/// A tree's own size bounds most of a frame's work (each layer is visited once and draws a
/// bounded number of quads and passes), but a replicator multiplies what its sublayers cost:
/// `instanceCount = Int.max` with an `instanceDelay` walks the sublayers once per instance, and
/// instances that each need an offscreen pass cost a framebuffer switch each. So every frame
/// counts its work in units (a layer visited is one, a quad replicated one, an offscreen pass
/// replicated `offscreenPassWork`, a delayed instance's walk `delayedInstanceWork` more), and
/// once the count passes `workBudget` the rest of the frame is not drawn, with an error logged
/// once. A frame of 100,000 layers, or of 200,000 replicated quads, stays well within it.
extension FrameBuilder {
    /// The units of work one frame may do.
    static let workBudget = 1_000_000
    /// What one offscreen pass (a group, mask, shape clip, shadow or filtered group) costs when a
    /// replicator copies it.
    static let offscreenPassWork = 1_000
    /// What a replicator's instance that is walked and evaluated on its own (an `instanceDelay`
    /// with animated sublayers) costs on top of the layers it visits.
    static let delayedInstanceWork = 100

    /// Counts `units` of work; false once the frame has done more than `workBudget` (logged once).
    mutating func spend(_ units: Int) -> Bool {
        workDone += units
        guard workDone > FrameBuilder.workBudget else { return true }
        Diagnostics.errorOnce(
            "render.workBudget",
            "render: a frame passed its budget of \(FrameBuilder.workBudget) units of work (layers visited, quads and offscreen passes replicated); what did not fit is not drawn"
        )
        return false
    }
}

extension DisplayList {
    /// The work of drawing the list once more into a frame: its quads, and its offscreen passes
    /// at `FrameBuilder.offscreenPassWork` each.
    var replayWork: Int {
        let passes = commands.reduce(0) { count, command in
            switch command {
            case .beginGroup, .beginShapeClip, .beginShadow, .drawShadow, .filterBackdrop: count + 1
            default: count
            }
        }
        return instances.count + passes * FrameBuilder.offscreenPassWork
    }
}
