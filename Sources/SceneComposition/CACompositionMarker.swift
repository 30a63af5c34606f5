import Foundation

/// A named point or stretch of a composition's timeline (a Lottie marker, set by the designer
/// in After Effects), which `CACompositionLayer.play(fromMarker:toMarker:)` plays between.
public struct CACompositionMarker: Equatable, Sendable {
    /// The marker's name (Lottie's `cm`).
    public var name: String
    /// The frame the marker is at (`tm`).
    public var frame: Double
    /// How many frames the marker spans (`dr`); 0 for a point.
    public var durationFrames: Double

    /// A marker named `name` at `frame`, spanning `durationFrames` frames.
    /// - Parameters:
    ///   - name: the marker's name.
    ///   - frame: the frame it starts at.
    ///   - durationFrames: how many frames it spans (0 for a point).
    public init(name: String, frame: Double, durationFrames: Double = 0) {
        self.name = name
        self.frame = frame
        self.durationFrames = durationFrames
    }
}
