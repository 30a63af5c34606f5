/// The render side of video layers: before each frame's walk, every video layer shown takes the
/// frame its feed has due at the frame's time.
extension RenderTree {
    /// Picks the frame each video layer in the tree under `root` shows at display time `time`;
    /// a layer whose frame changed has its subtree stamped (kept bitmaps around it are drawn
    /// again, as for an animation of its content).
    /// - Returns: when the next waiting frame is due, if one waits.
    mutating func advanceVideos(under root: LayerID, at time: Double, request: FrameRequest?) -> Double? {
        var nextTime: Double?
        for id in videoLayers where topAncestor(of: id) == root {
            guard let feed = layers[id]?.propertiesExceptPlacement.videoContent?.feed else { continue }
            let shown = feed.frame(at: time, request: request)
            if shown.frame?.id != shownVideoFrames[id]?.id {
                shownVideoFrames[id] = shown.frame
                stampAnimatedContent(of: id)
            }
            if let next = shown.nextTime { nextTime = min(nextTime ?? next, next) }
        }
        return nextTime
    }
}
