/// How something outside a renderer asks it for a frame: a tiled layer's store calls it when a
/// tile has been drawn, so that the tile is shown without the app thread committing anything.
/// A window's render thread makes one that wakes it; the store keeps the requests of the
/// renderers that showed its layer last.
package final class FrameRequest: Sendable {
    private let request: @Sendable () -> Void

    package init(_ request: @escaping @Sendable () -> Void) { self.request = request }

    /// Asks for a frame; never waits.
    func callAsFunction() { request() }
}
