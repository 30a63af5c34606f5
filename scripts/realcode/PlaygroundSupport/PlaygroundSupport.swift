// Stand-in for Xcode's PlaygroundSupport: remembers the live view; the harness renders it.
import Foundation

public final class PlaygroundPage: @unchecked Sendable {
    public static let current = PlaygroundPage()
    public var liveView: Any?
    public var needsIndefiniteExecution = false
    public func finishExecution() {}
}
