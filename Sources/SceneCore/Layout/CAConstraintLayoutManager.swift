import Foundation

/// A layout manager that places each sublayer by its `constraints` (Core Animation's
/// `CAConstraintLayoutManager`). Activate it with `layer.layoutManager = CAConstraintLayoutManager()`.
///
/// Each axis of each sublayer is solved on its own, from the constraints on that axis:
/// - Two constraints set both the position and the size: left + right edges set the width,
///   left edge + width make the right edge follow, centre + width centre the layer, and so on.
///   A size computed as negative becomes 0.
/// - One position constraint (an edge or the centre) moves the layer and keeps its size.
/// - One size constraint changes the size and keeps `position`, the anchor point.
/// - No constraint leaves the axis alone.
///
/// Beyond that, SceneCore's choices where Core Animation documents nothing:
/// - Over-specified axis: with three or more usable constraints on an axis, the first two in
///   declaration order that set different attributes are used, and a warning is logged (as it
///   is for a repeated constraint on an attribute already set, which is ignored).
///   (Measured Core Animation pairs the last relationship with the lowest of the others.)
/// - Missing source: a constraint whose source names no sibling is ignored with a warning.
///   `"superlayer"` always means the superlayer, measured in its own bounds.
/// - Order: sublayers constrained to siblings are placed after those siblings, whatever the
///   order of `sublayers`. Layers whose constraints form a cycle, and layers that depend on
///   them, are left alone, and a warning names them.
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
