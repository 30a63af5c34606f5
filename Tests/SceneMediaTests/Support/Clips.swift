import Foundation
import SceneCoreTestSupport

@testable import SceneCore
@testable import SceneMedia

/// The clips the tests play, written once per process into a temporary folder.
enum Clips {
    /// One clip's parameters.
    struct Spec: Hashable, Sendable {
        var codec = TestClip.Codec.motionJPEG
        var width = 160
        var height = 120
        var framesPerSecond = 30
        var frameCount = 30
        var audio = false

        var duration: Double { Double(frameCount) / Double(framesPerSecond) }
    }

    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("SceneMediaTests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static let written = Locked<[Spec: URL]>([:])
    private static let writing = NSLock()

    /// The clip of `spec`, written the first time it is asked for.
    static func url(_ spec: Spec = Spec()) throws -> URL {
        writing.lock()
        defer { writing.unlock() }
        if let url = written.withLock({ $0[spec] }) { return url }
        let name =
            "\(spec.codec.rawValue)-\(spec.width)x\(spec.height)-\(spec.framesPerSecond)fps-"
            + "\(spec.frameCount)\(spec.audio ? "-audio" : "").\(spec.codec.fileExtension)"
        let url = folder.appendingPathComponent(name)
        try TestClip.write(
            to: url, width: spec.width, height: spec.height, framesPerSecond: spec.framesPerSecond,
            frameCount: spec.frameCount, codec: spec.codec, audio: spec.audio)
        written.withLock { $0[spec] = url }
        return url
    }

    /// A file of `contents` in the folder (a text file posing as video, a cut clip).
    static func file(named name: String, contents: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }
}
