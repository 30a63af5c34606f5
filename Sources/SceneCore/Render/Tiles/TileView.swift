import Foundation

/// What the render side last showed of a tiled layer: the part of the layer on screen (in its
/// coordinate space, within its bounds), how many screen pixels a point covers there, and the
/// committed `bounds` and `contentsScale` the tiles are laid out for.
struct TileView: Sendable, Equatable {
    var visible: CGRect
    var scale: CGFloat
    var bounds: CGRect
    var contentsScale: CGFloat
}
