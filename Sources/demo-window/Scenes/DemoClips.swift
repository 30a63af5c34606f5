import Foundation
import SceneMedia

/// The clips the video scenes play, made on first run with GStreamer's own test sources and kept
/// in the user's cache folder (`$XDG_CACHE_HOME/scenecore`, else `~/.cache/scenecore`): SMPTE
/// bars scrolling sideways under a bouncing ball, in Theora with a Vorbis tone in Ogg, which
/// GStreamer's base plugins decode.
enum DemoClips {
    /// The card's clip: 640x360, 30 fps, 10 s, with sound.
    static func card() throws -> URL {
        try clip(named: "demo-card-v1.ogv", width: 640, height: 360, seconds: 10, audio: true)
    }

    /// The wall's clip: 320x180, 30 fps, 8 s, silent.
    static func wall() throws -> URL {
        try clip(named: "demo-wall-v1.ogv", width: 320, height: 180, seconds: 8, audio: false)
    }

    static var folder: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("scenecore")
    }

    private static let making = NSLock()

    /// The clip `name`, made first if the cache lacks it (written to a temporary name and moved
    /// into place, so that a run stopped half-way leaves no broken clip).
    static func clip(named name: String, width: Int, height: Int, seconds: Int, audio: Bool) throws -> URL {
        making.lock()
        defer { making.unlock() }
        let url = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier)")
        let frames = seconds * 30
        var description =
            "videotestsrc num-buffers=\(frames) pattern=smpte horizontal-speed=4 ! "
            + "video/x-raw,width=\(width),height=\(height),framerate=30/1 ! "
            + "compositor name=mix ! videoconvert ! theoraenc ! oggmux name=mux ! filesink location=\"\(partial.path)\" "
            + "videotestsrc num-buffers=\(frames) pattern=ball background-color=0x00000000 ! "
            + "video/x-raw,format=BGRA,width=\(width),height=\(height),framerate=30/1 ! mix."
        if audio {
            description +=
                " audiotestsrc num-buffers=\(seconds * 48_000 / 1024) samplesperbuffer=1024 freq=330 volume=0.2 ! "
                + "audio/x-raw,rate=48000 ! audioconvert ! vorbisenc ! mux."
        }
        try TestClip.run(description, timeout: 120)
        try FileManager.default.moveItem(at: partial, to: url)
        return url
    }
}
