import Foundation

/// What an `NSKeyedUnarchiver` read from its archive, seen without decoding anything: the
/// archive's objects (`$objects`), the keys of the object being decoded now, and for each
/// object reference the class the archive names for it.
///
/// swift-corelibs-foundation's unarchiver ends the process (`fatalError`) on an archived class
/// that secure coding does not allow, and on some malformed Foundation objects, where Apple's
/// fails the decode. It offers no public way to see what a key holds before decoding it, so this
/// reads the property list it parsed through reflection (`Mirror`) of its stored properties
/// `_objects` and `_containers`. When those are not found (another Foundation), `init(_:)`
/// answers nil and `CheckedDecoding` falls back to its depth count alone.
struct KeyedArchiveInspector {
    /// The archive's `$objects`.
    let objects: [Any]
    /// The keys and values of the object being decoded (the `$top` dictionary at first).
    let currentObject: [String: Any]

    /// The archive `coder` is reading, or nil when it is not an `NSKeyedUnarchiver` whose
    /// parsed archive can be read.
    init?(_ coder: NSCoder) {
        guard let unarchiver = coder as? NSKeyedUnarchiver else { return nil }
        var objects: [Any]?
        var containers: Any?
        for child in Mirror(reflecting: unarchiver).children {
            switch child.label {
            case "_objects": objects = child.value as? [Any]
            case "_containers": containers = child.value
            default: break
            }
        }
        // `_containers` is an optional array of contexts, each holding its dictionary as `dict`.
        guard let objects, let containers,
            let stack = Mirror(reflecting: containers).children.first?.value,
            let context = Mirror(reflecting: stack).children.reversed().first?.value,
            let dictionary = Mirror(reflecting: context).children.first(where: { $0.label == "dict" })?.value
                as? [String: Any]
        else { return nil }
        self.objects = objects
        self.currentObject = dictionary
    }

    /// The value stored under `key` in the current object (keys that begin with `$` are stored
    /// with another `$` in front, as `NSKeyedArchiver` writes them).
    func value(forKey key: String) -> Any? {
        currentObject[key.hasPrefix("$") ? "$" + key : key]
    }

    /// The object number of an object reference (`NSKeyedArchiver`'s UID), or nil when `value`
    /// is not one.
    static func reference(_ value: Any) -> Int? {
        guard String(describing: type(of: value)) == "_NSKeyedArchiverUID" else { return nil }
        let number = Mirror(reflecting: value).children.first(where: { $0.label == "value" })?.value as? UInt32
        return number.map(Int.init)
    }
}
