import Foundation

/// The checks an object reference in a keyed archive passes before SceneCore asks Foundation to
/// decode it: everything on which swift-corelibs-foundation's `NSKeyedUnarchiver` would end the
/// process, loop forever or throw (a throw ends the process too under the
/// `.raiseException` failure policy, its default for `init(forReadingFrom:)` on Linux).
///
/// - Every reference reachable from it is in range, and no object reaches itself: Foundation
///   remembers an object only once its `init(coder:)` returns, so a cycle recurses until the
///   stack overflows.
/// - Nothing reachable from it is nested more than `CheckedDecoding.maximumDepth` references
///   deep, so that decoding it cannot overflow the stack either.
/// - The objects Foundation makes at this place (the object, and the elements of an array it
///   decodes, which are checked against the same classes) name a class that exists, is one of
///   the classes asked for or a subclass, conforms to `NSCoding`, supports secure coding when
///   the coder requires it, and, for Foundation's own strings, numbers and data, holds the
///   value their `init(coder:)` expects (`NSString`'s traps on anything but a string).
///
/// Heights found are kept in `heights` (object number to the depth below it), so that checking
/// every reference of an archive costs one walk of it in all.
struct ArchiveGraph {
    let objects: [Any]
    let coder: NSCoder

    /// A reference that fails the checks, with the reason.
    struct Refusal: Error {
        let reason: String
    }

    /// Throws a `Refusal` unless `value` (what the archive holds under a key) can be decoded as
    /// one of `classes` by Foundation without a trap and within the depth limit.
    func check(_ value: Any, as classes: [AnyClass], heights: inout [Int: Int]) throws(Refusal) {
        guard let start = KeyedArchiveInspector.reference(value) else {
            throw Refusal(reason: "the value is not an object reference")
        }
        let depth = try height(of: start, heights: &heights)
        guard depth <= CheckedDecoding.maximumDepth else {
            throw Refusal(
                reason: "objects are nested \(depth) deep, more than the limit of \(CheckedDecoding.maximumDepth)")
        }
        // The object and, through arrays, their elements: what Foundation makes here.
        var made = [start]
        while let number = made.popLast() {
            guard let type = try checkClass(of: number, as: classes) else { continue }
            if type is NSArray.Type, let elements = object(number)?["NS.objects"] as? [Any] {
                made += elements.compactMap(KeyedArchiveInspector.reference)
            }
        }
    }

    /// The archive's object `number` as a keyed object (a dictionary with a `$class`), or nil.
    private func object(_ number: Int) -> [String: Any]? {
        number < objects.count ? objects[number] as? [String: Any] : nil
    }

    /// The depth of references below object `number` (0 for an object that refers to none);
    /// throws on a reference out of range and on a cycle. Iterative: the archive may nest
    /// deeper than the stack could recurse.
    private func height(of start: Int, heights: inout [Int: Int]) throws(Refusal) -> Int {
        if let known = heights[start] { return known }
        var onPath: Set<Int> = [start]
        var path: [(number: Int, references: [Int], next: Int, height: Int)] = [
            (start, try references(of: start), 0, 0)
        ]
        while !path.isEmpty {
            let top = path.count - 1
            if path[top].next < path[top].references.count {
                let child = path[top].references[path[top].next]
                path[top].next += 1
                if let known = heights[child] {
                    path[top].height = max(path[top].height, known + 1)
                } else if onPath.contains(child) {
                    throw Refusal(reason: "object \(child) contains itself")
                } else if path.count > CheckedDecoding.maximumDepth {
                    throw Refusal(
                        reason: "objects are nested more than the limit of \(CheckedDecoding.maximumDepth) deep")
                } else {
                    onPath.insert(child)
                    path.append((child, try references(of: child), 0, 0))
                }
            } else {
                let done = path.removeLast()
                onPath.remove(done.number)
                heights[done.number] = done.height
                if !path.isEmpty { path[path.count - 1].height = max(path[path.count - 1].height, done.height + 1) }
            }
        }
        return heights[start] ?? 0
    }

    /// The objects object `number` refers to: each reference among its values and in arrays
    /// among them (an array's `NS.objects`), its class excepted.
    private func references(of number: Int) throws(Refusal) -> [Int] {
        guard number < objects.count else { throw Refusal(reason: "object reference \(number) is out of range") }
        guard let object = object(number) else { return [] }
        var found: [Int] = []
        for (key, value) in object where key != "$class" {
            if let reference = KeyedArchiveInspector.reference(value) {
                found.append(reference)
            } else if let array = value as? [Any] {
                found += array.compactMap(KeyedArchiveInspector.reference)
            }
        }
        for reference in found where reference >= objects.count {
            throw Refusal(reason: "object reference \(reference) is out of range")
        }
        return found
    }

    /// Checks the class Foundation would make for object `number` and returns it; nil for what
    /// is not a keyed object (a string, a number, `$null`: Foundation returns those as they are).
    private func checkClass(of number: Int, as classes: [AnyClass]) throws(Refusal) -> AnyClass? {
        guard let object = object(number) else { return nil }
        guard let classReference = object["$class"].flatMap(KeyedArchiveInspector.reference),
            let description = self.object(classReference), let name = description["$classname"] as? String
        else { throw Refusal(reason: "object \(number) has no class") }
        guard let found = resolve(name) else {
            throw Refusal(reason: "object \(number) is of an unknown class \(name)")
        }
        guard classes.contains(where: { Self.isKind(found, of: $0) }) else {
            let expected = classes.map { NSStringFromClass($0) }.joined(separator: " or ")
            throw Refusal(reason: "object \(number) is a \(name) where a \(expected) was expected")
        }
        guard let coding = found as? NSCoding.Type else {
            throw Refusal(reason: "object \(number) is a \(name), which cannot be unarchived")
        }
        if coder.requiresSecureCoding, (coding as? NSSecureCoding.Type)?.supportsSecureCoding != true {
            throw Refusal(reason: "object \(number) is a \(name), which does not support secure coding")
        }
        let wellFormed: Bool =
            switch found {
            case is NSString.Type: object["NS.string"] is String
            case is NSNumber.Type: object["NS.number"].map { $0 is Double || $0 is Int || $0 is Bool } ?? false
            case is NSData.Type: object["NS.data"] is Data
            default: true
            }
        guard wellFormed else { throw Refusal(reason: "object \(number), a \(name), is malformed") }
        return found
    }

    /// The class named `name` as Foundation's unarchiver finds it (the coder's own mapping, the
    /// unarchiver class's, then the class of that name); nil for a name that is not a plain
    /// class name, so that no string from the archive reaches the runtime's type lookup.
    private func resolve(_ name: String) -> AnyClass? {
        let plain =
            name.utf8.count <= 256 && !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2E
            }
        guard plain else { return nil }
        let unarchiver = coder as? NSKeyedUnarchiver
        return unarchiver?.class(forClassName: name) ?? NSKeyedUnarchiver.class(forClassName: name)
            ?? NSClassFromString(name)
    }

    /// Whether `type` is `base` or a subclass of it, as Foundation's unarchiver decides it.
    private static func isKind(_ type: AnyClass, of base: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let candidate = current {
            if candidate == base { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}
