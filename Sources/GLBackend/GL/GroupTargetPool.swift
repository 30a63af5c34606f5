import SceneCore

/// Reuses group targets across groups and frames: a group returns its target when it has been
/// composited, and the next group of the same size takes it. Needs a current context.
final class GroupTargetPool {
    private var free: [GroupTarget] = []

    /// A target of the given size, reused when one is free, else newly made; nil (with a
    /// diagnostics error) when the GL cannot make one.
    func acquire(width: Int, height: Int) -> GroupTarget? {
        if let index = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            return free.remove(at: index)
        }
        do {
            return try GroupTarget(width: width, height: height)
        } catch {
            Diagnostics.errorOnce(
                "GLRenderer.groupTarget", "GLRenderer: no offscreen target for a \(width)x\(height) group: \(error)")
            return nil
        }
    }

    /// Returns a target for reuse.
    func release(_ target: GroupTarget) {
        free.append(target)
    }

    /// Deletes the free targets whose size differs from the frame's (after a resize).
    func trim(keepingWidth width: Int, height: Int) {
        free.removeAll { target in
            let stale = target.width != width || target.height != height
            if stale { target.delete() }
            return stale
        }
    }
}
