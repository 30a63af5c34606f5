import Foundation

extension CALayer {
    /// The constraints that place this layer within its superlayer, applied by a
    /// `CAConstraintLayoutManager` set as the superlayer's `layoutManager`. Default nil.
    ///
    /// Stored under the key `"constraints"`, so `value(forKey: "constraints")` reads the same array.
    /// Setting them lets the layout manager warn again about what is wrong with the new ones.
    public var constraints: [CAConstraint]? {
        get { value(forKey: "constraints") as? [CAConstraint] }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            setValue(newValue, forKey: "constraints")
            loggedConstraintWarnings = []
            // The superlayer's layout manager places this layer by them.
            superlayerStorage?.setNeedsLayout()
        }
    }

    /// Appends `constraint` to `constraints`.
    public func addConstraint(_ constraint: CAConstraint) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        constraints = (constraints ?? []) + [constraint]
    }
}
