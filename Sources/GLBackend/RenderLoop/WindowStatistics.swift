import Foundation

/// What a window's render thread has done, as a snapshot the app side can read at any time.
public struct WindowStatistics: Sendable {
    /// Frames presented since the window opened.
    public var framesPresented = 0
    /// When recent frames were presented (`CACurrentMediaTime()` seconds), oldest first.
    public var presentTimes: [Double] = []
    /// Frames a paced window missed: refresh intervals that passed without a frame while it had work.
    public var droppedFrames = 0
    /// CPU time the render thread has used, in seconds.
    public var renderCPUSeconds: Double = 0
    /// Draw calls of the last frame.
    public var drawCallsLastFrame = 0
    /// Quads (instances) the last frame drew.
    public var quadsLastFrame = 0
    /// Rasterized layers (`shouldRasterize`) of the last frame drawn from their cached bitmap.
    public var rasterCacheHitsLastFrame = 0
    /// Rasterized layers of the last frame drawn again into their bitmap (new, changed or evicted).
    public var rasterCacheMissesLastFrame = 0
    /// Draw calls over all frames.
    public var totalDrawCalls = 0
    /// Texture uploads (whole or in part) over all frames.
    public var totalTextureUploads = 0
    /// Bytes of texel data uploaded over all frames.
    public var totalUploadedBytes = 0
    /// Pixels redrawn over all frames: a frame drawn whole counts all of its target, one
    /// limited to what changed only that region (`FrameDamage`).
    public var totalRedrawnPixels = 0
    /// The pixels of the frames' targets over all frames (what `totalRedrawnPixels` would be
    /// were every frame drawn whole).
    public var totalTargetPixels = 0
    /// GL textures the renderer holds (images drawn and still in the tree) after the last frame;
    /// 0 once the window has closed, which deletes them.
    public var textures = 0
    /// The texel bytes of those textures (level 0, RGBA8); 0 once the window has closed.
    public var textureBytes = 0
    /// Commits the render thread has applied.
    public var commitsApplied = 0
    /// Frames presented that applied at least one commit: those that show a change the app
    /// made, as opposed to animations alone.
    public var framesApplyingCommits = 0
    /// The presentation path in use ("GLX" or "EGL").
    public var presentationAPI = ""
    /// The seconds between paced frames (the display's refresh interval); 0 when unpaced.
    public var refreshInterval: Double = 0

    /// How many recent present times are kept at least (up to twice as many).
    static let keptPresentTimes = 50_000

    /// Intervals between consecutive presents at or after `start`, in milliseconds.
    public func frameIntervals(since start: Double = 0) -> [Double] {
        let times = presentTimes.filter { $0 >= start }
        return zip(times.dropFirst(), times).map { ($0 - $1) * 1000 }
    }
}
