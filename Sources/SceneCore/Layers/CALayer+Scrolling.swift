import Foundation

extension CALayer {
    /// The nearest `CAScrollLayer` among this layer's superlayers (not the layer itself); nil when
    /// there is none.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

}
