import Foundation

/// A layout manager that places each sublayer by its `constraints` (Core Animation's
/// `CAConstraintLayoutManager`). Activate it with `layer.layoutManager = CAConstraintLayoutManager()`.
///
/// Each axis of each sublayer is solved on its own, from the constraints on that axis, as
/// measured on Core Animation:
/// - Two constraints set both the position and the size: left + right edges set the width,
///   left edge + width make the right edge follow, centre + width centre the layer, and so on.
///   A size computed as negative becomes 0. Two that name the same attribute leave the axis alone.
/// - More than two: the last one declared decides, paired with the lowest of the others in the
///   order min < mid < max < size. In a 200-point-wide superlayer, `[maxX, minX, width × 0.25]`
///   gives x 0, width 50, and `[maxX, midX − 30, minX]` gives x 0, width 140.
/// - One position constraint (an edge or the centre) moves the layer and keeps its size.
/// - One size constraint, or none, leaves the axis alone.
/// - A constraint reading a sibling that has no constraints on the axis it reads gives nothing,
///   and the axis it sets is left alone.
///
/// `"superlayer"` always means the superlayer, measured in its own bounds. Sublayers constrained
/// to siblings are placed after those siblings, whatever the order of `sublayers`.
///
/// Beyond that, SceneCore's choices where nothing was measured: a constraint whose source names
/// no sibling is ignored (the others on its axis are used); layers whose constraints form a
/// cycle, and layers that depend on them, are left alone; among several of the lowest attribute
/// the first declared is the partner. Each of these, an over-specified axis, a repeated attribute
/// and an unconstrained source is logged as a warning once per layer (again after its
/// `constraints` are set), not on every layout pass.
open class CAConstraintLayoutManager: CALayoutManager {
    /// Creates a constraint layout manager.
    public required init() {}

    /// Creates a constraint layout manager (Core Animation's `+layoutManager`).
    open class func layoutManager() -> Self { Self() }

    /// Sets the `frame` of every constrained sublayer of `layer` from its `constraints`.
    open func layoutSublayers(of layer: CALayer) {
        guard let sublayers = layer.sublayers, !sublayers.isEmpty else { return }
        var solver = ConstraintSolver(superlayer: layer, sublayers: sublayers)
        solver.solve()
        for (index, sublayer) in sublayers.enumerated() where solver.frames[index] != solver.originalFrames[index] {
            sublayer.frame = solver.frames[index]
        }
    }
}
