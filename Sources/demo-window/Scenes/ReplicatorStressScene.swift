import Foundation
import SceneCore

/// The replicator benchmark: as many quads as the stress scene (`--layers`, 48x48, alpha 0.6,
/// turning), drawn by two nested `CAReplicatorLayer`s from one layer instead of one layer each.
///
/// An inner replicator repeats the quad along a row (`columns` instances, 12 px apart); an outer
/// one repeats that row down the window (7 px apart, shifted 5 px right per row), so the quads
/// cover the window about as the stress scene's do. The one quad turns by an endless
/// `transform.rotation.z` animation run by the render thread, so every instance turns with it,
/// and its colour steps from instance to instance by the instance colour offsets.
enum ReplicatorStressScene {
    static let columns = 100

    static func make(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), CGColor(gray: 0, alpha: 1))
        let count = max(options.layers, 0)
        let rows = CAReplicatorLayer()
        rows.name = "rows"
        rows.frame = root.bounds
        rows.instanceCount = (count + columns - 1) / columns
        rows.instanceTransform = CATransform3DMakeTranslation(5, 7, 0)
        rows.instanceBlueOffset = -0.008
        let row = CAReplicatorLayer()
        row.name = "row"
        row.frame = root.bounds
        row.instanceCount = min(count, columns)
        row.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        row.instanceColor = CGColor(red: 1, green: 0.3, blue: 1, alpha: 1)
        row.instanceRedOffset = -0.008
        row.instanceGreenOffset = 0.006
        let quad = CALayer.filled(CGRect(x: 0, y: 0, width: 48, height: 48), CGColor(gray: 1, alpha: 0.6))
        quad.name = "quad"
        quad.cornerRadius = options.radius
        if options.animation == .explicit { quad.add(StressScene.spin(0), forKey: StressScene.animationKey) }
        row.addSublayer(quad)
        rows.addSublayer(row)
        root.addSublayer(rows)
        return root
    }
}
