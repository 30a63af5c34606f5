/// A value kept once in a box that its copies share until one of them changes it (copy on
/// write), and read in place through a pointer.
///
/// Copying a `SharedValues` is one reference, whatever the size of the value and however many
/// references it holds. The value is reached only through the pointer to the box's header, which
/// stays where it is while the box lives: that makes no formal access (copies on other threads
/// reading the same box do not race), and no accessor yields a copy of all of it (in an
/// unoptimised build, a read coroutine's copy was freed before the caller had read from it).
///
/// `@unchecked Sendable`: the box is changed only when one `SharedValues` holds it (`value`,
/// `uniquePointer()`), like the buffer of a Swift array, and the value is `Sendable`.
struct SharedValues<Value: Sendable>: @unchecked Sendable {
    private var box: Box

    private final class Box: ManagedBuffer<Value, UInt8> {
        var pointer: UnsafeMutablePointer<Value> { withUnsafeMutablePointerToHeader { $0 } }

        static func holding(_ value: Value) -> Box {
            unsafeDowncast(Box.create(minimumCapacity: 0) { _ in value }, to: Box.self)
        }
    }

    /// A box of its own holding `value`.
    init(_ value: Value) { box = Box.holding(value) }

    /// Where the value lies, for reading; valid while this copy lives.
    var pointer: UnsafePointer<Value> { UnsafePointer(box.pointer) }

    /// The value, read in place; changed in place once this copy holds it alone.
    var value: Value {
        get { box.pointer.pointee }
        _modify { yield &uniquePointer().pointee }
    }

    /// Where the value lies, for changing: the box is copied first when others share it.
    mutating func uniquePointer() -> UnsafeMutablePointer<Value> {
        if !isKnownUniquelyReferenced(&box) { box = Box.holding(box.pointer.pointee) }
        return box.pointer
    }

    /// Whether `other` shares this copy's box.
    func isSharing(with other: SharedValues) -> Bool { box === other.box }
}

extension SharedValues: Equatable where Value: Equatable {
    static func == (lhs: SharedValues, rhs: SharedValues) -> Bool {
        lhs.isSharing(with: rhs) || lhs.pointer.pointee == rhs.pointer.pointee
    }
}
