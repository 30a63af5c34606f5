import SceneCore

extension CALayer {
    /// The first layer named `name` in this layer's tree, depth first, this layer included.
    func descendant(named name: String) -> CALayer? {
        if self.name == name { return self }
        for sublayer in sublayers ?? [] {
            if let found = sublayer.descendant(named: name) { return found }
        }
        return nil
    }

    /// Runs `changes` in a transaction with implicit actions disabled, as a tick or a click does.
    static func withoutActions(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }
}
