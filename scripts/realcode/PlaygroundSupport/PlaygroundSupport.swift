// Stand-in for Xcode's PlaygroundSupport: remembers the live view; the harness renders it.
import Foundation

public final class PlaygroundPage: @unchecked Sendable {
    public static let current = PlaygroundPage()
    public var liveView: Any?
    public var needsIndefiniteExecution = false
    public func finishExecution() {}
}

/// Where playgrounds share files (Xcode: ~/Documents/Shared Playground Data); here a folder in
/// the temporary directory, made on first use.
public let playgroundSharedDataDirectory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("Shared Playground Data")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()
