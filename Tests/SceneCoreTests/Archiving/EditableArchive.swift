import Foundation
import Testing

@testable import SceneCore

/// A keyed archive opened for editing, to make the hostile archives the robustness tests decode:
/// its `$objects` with each object reference written as `["CF$UID": number]` (the XML property
/// list's spelling, which the unarchiver reads back as a reference), so that a test can point any
/// reference anywhere and add objects.
struct EditableArchive {
    var objects: [Any]
    var root: Int

    /// The archive of `object`, made by `NSKeyedArchiver` with secure coding.
    init(of object: NSObject) throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        objects = try #require(plist["$objects"] as? [Any]).map(Self.editable)
        root = try #require(((plist["$top"] as? [String: Any])?["root"]).flatMap(KeyedArchiveInspector.reference))
    }

    /// A reference to object `number`.
    static func reference(_ number: Int) -> [String: Any] { ["CF$UID": number] }

    /// The object number `value` (a reference) points to.
    static func number(_ value: Any?) throws -> Int { try #require((value as? [String: Any])?["CF$UID"] as? Int) }

    /// Object `number` as a keyed object.
    func object(_ number: Int) throws -> [String: Any] { try #require(objects[number] as? [String: Any]) }

    /// The object number under `key` of object `number`.
    func number(under key: String, of number: Int) throws -> Int { try Self.number(try object(number)[key]) }

    /// Sets `key` of object `number` to `value`.
    mutating func set(_ key: String, of number: Int, to value: Any) throws {
        var object = try object(number)
        object[key] = value
        objects[number] = object
    }

    /// Adds `object` and returns its number.
    mutating func append(_ object: Any) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// For an archive whose root holds one object in the array value under `key` (`sublayers`,
    /// `animations`): the numbers of the value, the array, the element's value and the element.
    func nesting(under key: String) throws -> (value: Int, array: Int, element: Int, child: Int) {
        let value = try number(under: key, of: root)
        let array = try number(under: "elements", of: value)
        let elements = try #require(try object(array)["NS.objects"] as? [Any])
        let element = try Self.number(elements.first)
        return (value, array, element, try number(under: "object", of: element))
    }

    /// Makes the root's one child under `key` the root of a copy of it, `levels` times over: a
    /// chain `levels` deep of objects each holding the next in that array.
    mutating func nest(under key: String, levels: Int) throws {
        let (value, array, element, _) = try nesting(under: key)
        let (rootObject, valueObject, arrayObject, elementObject) =
            (try object(root), try object(value), try object(array), try object(element))
        var next = root
        for _ in 0..<levels {
            var newElement = elementObject
            newElement["object"] = Self.reference(next)
            let elementNumber = append(newElement)
            var newArray = arrayObject
            newArray["NS.objects"] = [Self.reference(elementNumber)]
            let arrayNumber = append(newArray)
            var newValue = valueObject
            newValue["elements"] = Self.reference(arrayNumber)
            let valueNumber = append(newValue)
            var newRoot = rootObject
            newRoot[key] = Self.reference(valueNumber)
            next = append(newRoot)
        }
        root = next
    }

    /// The archive as `NSKeyedArchiver` writes one: a binary property list (made through XML,
    /// whose reader turns the `CF$UID` dictionaries into references).
    func data() throws -> Data {
        let plist: [String: Any] = [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": Self.reference(root)],
            "$objects": objects,
        ]
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        let parsed = try PropertyListSerialization.propertyList(from: xml, format: nil)
        return try PropertyListSerialization.data(fromPropertyList: parsed, format: .binary, options: 0)
    }

    /// `value` with each object reference in it (at any depth) written as a `CF$UID` dictionary.
    private static func editable(_ value: Any) -> Any {
        if let number = KeyedArchiveInspector.reference(value) { return reference(number) }
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(editable) }
        if let array = value as? [Any] { return array.map(editable) }
        return value
    }
}
