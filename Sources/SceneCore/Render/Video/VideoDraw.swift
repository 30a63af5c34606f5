/// What a `drawVideo` command draws: the frame a video layer shows in this display list. Two
/// draws are the same when they show the same frame of the same layer.
package struct VideoDraw: Sendable, Equatable {
    /// The layer: the key of the textures the renderer keeps for it.
    package var layer: LayerID
    package var frame: VideoFrame

    package init(layer: LayerID, frame: VideoFrame) { (self.layer, self.frame) = (layer, frame) }

    package static func == (a: VideoDraw, b: VideoDraw) -> Bool { a.layer == b.layer && a.frame.id == b.frame.id }
}
