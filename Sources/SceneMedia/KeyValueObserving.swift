import Foundation

/// What a change notification carries, and when it comes (Foundation's
/// `NSKeyValueObservingOptions`, which Linux's Foundation lacks).
public struct NSKeyValueObservingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The change carries the value after it (`newValue`).
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the value before it (`oldValue`).
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// The handler is called once at once, from `observe`, with the current value.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// The handler is also called before each change (`isPrior` true).
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change (Foundation's `NSKeyValueChange`); a property observed here is always
/// set whole (`.setting`).
public enum NSKeyValueChange: UInt, Sendable {
    /// The property was given a new value: the only kind SceneMedia's observed properties report.
    case setting = 1
    /// Objects were inserted into a to-many property (not reported here).
    case insertion = 2
    /// Objects were removed from a to-many property (not reported here).
    case removal = 3
    /// Objects of a to-many property were replaced (not reported here).
    case replacement = 4
}

/// One change of an observed property (Foundation's `NSKeyValueObservedChange`).
public struct NSKeyValueObservedChange<Value> {
    /// The kind of a change.
    public typealias Kind = NSKeyValueChange
    /// What kind of change it was: always `.setting` for SceneMedia's properties.
    public let kind: Kind
    /// The value after the change; nil unless `.new` was asked for, and in a prior notification.
    public let newValue: Value?
    /// The value before the change; nil unless `.old` was asked for, and in the initial call.
    public let oldValue: Value?
    /// The indexes changed in a to-many property: always nil here.
    public let indexes: IndexSet?
    /// Whether this is the notification before the change (option `.prior`).
    public let isPrior: Bool
}

/// An observation made by `observe(_:options:changeHandler:)` (Foundation's
/// `NSKeyValueObservation`): its handler is called until `invalidate()` is, or until the
/// observation is released.
public final class NSKeyValueObservation: NSObject, @unchecked Sendable {
    private let registration: MediaObservation.Registration?

    init(registration: MediaObservation.Registration?) {
        self.registration = registration
        super.init()
    }

    /// Stops the handler being called; calling it again does nothing.
    public func invalidate() {
        if let registration { MediaObservation.remove(registration) }
    }

    deinit { invalidate() }
}

/// Key-value observing for SceneMedia's objects, which Linux's Foundation does not have: the
/// `observe(_:options:changeHandler:)` that Apple's Foundation gives every `NSObject`, for the
/// properties each adopting class documents as observable.
///
/// A handler is called on the thread that made the change, as key-value observing does: a
/// change the app makes (`player.rate = 1`) notifies before the setter returns; a change that
/// comes from the media pipeline (an item becoming ready, a player starting to play after
/// buffering) is made, and notified, on the main queue.
///
/// Only a property of the object itself can be observed (`\.status`, not `\.currentItem?.status`;
/// observe the item itself for that): a key path that reads no observable property first is
/// refused with a logged message, and its observation never calls its handler.
public protocol MediaObservable: AnyObject {}

extension MediaObservable {
    /// Calls `changeHandler` with the object and the change whenever the property at `keyPath`
    /// changes, until the returned observation is invalidated or released.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let probe = MediaObservation.Probe()
        let value = MediaObservation.$probe.withValue(probe) { self[keyPath: keyPath] }
        guard let key = probe.key else {
            Diagnostics.error(
                "observe: \(keyPath) of \(type(of: self)) is not an observable property; its handler is never called")
            return NSKeyValueObservation(registration: nil)
        }
        let registration = MediaObservation.Registration(object: self, key: key) { object in
            guard let object = object as? Self else { return nil }
            let old = options.contains(.old) || options.contains(.prior) ? object[keyPath: keyPath] : nil
            if options.contains(.prior) {
                changeHandler(
                    object,
                    NSKeyValueObservedChange(
                        kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil, indexes: nil,
                        isPrior: true))
            }
            return { [weak object] in
                guard let object else { return }
                changeHandler(
                    object,
                    NSKeyValueObservedChange(
                        kind: .setting, newValue: options.contains(.new) ? object[keyPath: keyPath] : nil,
                        oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
            }
        }
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? value : nil, oldValue: nil, indexes: nil,
                    isPrior: false))
        }
        MediaObservation.add(registration)
        return NSKeyValueObservation(registration: registration)
    }

    /// Tells `observe` which property a key path reads: every observable property's getter
    /// calls this with the property's name before it reads anything.
    package func noteObservableRead(_ key: String) {
        if let probe = MediaObservation.probe { probe.note(key) }
    }

    /// Makes a change of the property named `key` in `body` and notifies its observers on the
    /// calling thread: those that asked for `.prior` before `body`, all of them after.
    package func withChange<Result>(of key: String, _ body: () throws -> Result) rethrows -> Result {
        let registrations = MediaObservation.registrations(of: self, key: key)
        guard !registrations.isEmpty else { return try body() }
        let afterwards = registrations.compactMap { $0.willChange(self) }
        let result = try body()
        for notify in afterwards { notify() }
        return result
    }
}

/// The observations of every observable object, by object: a table beside the objects, so
/// that adopting `MediaObservable` takes no stored property.
enum MediaObservation {
    /// Set while `observe` reads its key path once, to learn which property that is.
    @TaskLocal static var probe: Probe?

    /// The first observable property read while `observe` evaluates a key path.
    final class Probe: @unchecked Sendable {
        private(set) var key: String?
        func note(_ key: String) { if self.key == nil { self.key = key } }
    }

    /// One observation: which object and property, and what to do before a change (its
    /// result is what to do after).
    final class Registration: @unchecked Sendable {
        weak var object: AnyObject?
        let key: String
        let willChange: (AnyObject) -> (() -> Void)?

        init(object: AnyObject, key: String, willChange: @escaping (AnyObject) -> (() -> Void)?) {
            (self.object, self.key, self.willChange) = (object, key, willChange)
        }
    }

    private static let table = Locked<[ObjectIdentifier: [Registration]]>([:])

    static func add(_ registration: Registration) {
        guard let object = registration.object else { return }
        table.withLock { $0[ObjectIdentifier(object), default: []].append(registration) }
    }

    static func remove(_ registration: Registration) {
        table.withLock { table in
            for (id, list) in table where list.contains(where: { $0 === registration }) {
                let kept = list.filter { $0 !== registration && $0.object != nil }
                table[id] = kept.isEmpty ? nil : kept
            }
        }
    }

    /// The live observations of `object`'s property `key`, in the order they were made.
    static func registrations(of object: AnyObject, key: String) -> [Registration] {
        table.withLock { table in
            (table[ObjectIdentifier(object)] ?? []).filter { $0.object === object && $0.key == key }
        }
    }
}
