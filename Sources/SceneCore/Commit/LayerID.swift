import Synchronization

/// The identity by which the render side knows a layer. Never reused within a process.
package struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    let rawValue: UInt64
    init(rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = Atomic<UInt64>(1)
    /// A fresh identity.
    static func next() -> LayerID {
        LayerID(rawValue: counter.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    package static func < (a: LayerID, b: LayerID) -> Bool { a.rawValue < b.rawValue }
    package var description: String { "#\(rawValue)" }
}
