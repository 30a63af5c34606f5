import Foundation
import SceneComposition

/// The compositions benchmark: 20 `CACompositionLayer`s in a five-by-four grid, each playing one
/// of the demo's compositions (`DemoCompositions`, in turn) in a loop, every one a tree of
/// layers and keyframe animations the render thread plays alone.
enum CompositionWallScene {
    /// The compositions played, in the order the grid takes them, and how each loops.
    static let documents: [(name: String, json: String, loop: CACompositionLoopMode)] = [
        ("loader", DemoCompositions.loader, .loop), ("check", DemoCompositions.check, .autoReverse),
        ("bounce", DemoCompositions.bounce, .loop), ("orbit", DemoCompositions.orbit, .loop),
    ]
    static let columns = 5
    static let rows = 4

    /// The side of each player in a window of `size`.
    static func side(in size: CGSize) -> CGFloat {
        max(10, min((size.width - 10) / CGFloat(columns), (size.height - 10) / CGFloat(rows)) - 10)
    }

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let side = side(in: size)
        let compositions = documents.map { try? CAComposition(data: Data($0.json.utf8)) }
        for index in 0..<(columns * rows) {
            let (column, row) = (index % columns, index / columns)
            let player = CACompositionLayer(composition: compositions[index % documents.count])
            player.frame = CGRect(
                x: 10 + CGFloat(column) * (side + 10), y: 10 + CGFloat(row) * (side + 10), width: side, height: side)
            player.backgroundColor = CGColor(gray: 1, alpha: 1)
            player.loopMode = documents[index % documents.count].loop
            if documents[index % documents.count].name == "bounce" {
                // The wall is not scrubbed: the ball's caption names it instead of asking for a click.
                player.setValue("bounce", forInputKeyPath: DemoCompositions.bounceCaption)
            }
            player.play()
            root.addSublayer(player)
        }
        return root
    }
}
