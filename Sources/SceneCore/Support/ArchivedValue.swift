import Foundation

/// One property value of a layer or animation as SceneCore writes it into a keyed archive.
///
/// swift-corelibs-foundation's `NSKeyedArchiver` writes only `NSObject` subclasses that conform to
/// `NSCoding` (any other class becomes `__SwiftValue`, which cannot be read back), and `NSValue`
/// cannot hold Core Graphics structs on Linux. So each value travels in one of these, as its kind
/// and its parts, and reads back as the same Swift type:
///
/// | value | written as |
/// |---|---|
/// | `Bool`, `CGFloat`, `Double`, `Float`, the integer types | the number, with its type |
/// | `String`, `Data` | itself |
/// | `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGAffineTransform` | their numbers, bit for bit |
/// | `CGColor` | its colour space's name and its components |
/// | `CGImage` | width, height and the premultiplied RGBA pixels, exactly |
/// | `CGPath` | its elements |
/// | string-valued names (`CALayerContentsGravity`, ...), option sets and integer enums | the raw value, with the type |
/// | `TextFont`, `CAConstraint`, `NSAttributedString` | their parts |
/// | a `CAConstraintLayoutManager` (not a subclass) | a mark |
/// | arrays, and dictionaries with string keys | their elements, each an `ArchivedValue` |
/// | layers, animations, timing and value functions, filters, emitter cells, `NSNumber` | the object itself |
/// | nil, `NSNull` | a mark |
///
/// Anything else (a delegate, a layout manager, a closure) is not archived: `init(_:context:)`
/// logs a warning and returns nil, and an array or dictionary leaves such elements out.
///
/// Reading one back checks every object before decoding it (`CheckedDecoding`). A malformed
/// value is refused with a logged error: `init(coder:)` returns nil where the coder lets a decode
/// fail, and otherwise reads back as malformed (`isMalformed`), which the readers treat as missing.
final class ArchivedValue: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    /// The value archived, or read back.
    let value: Any?
    fileprivate let content: Content

    /// The classes a value may be an instance of (besides the Core Graphics types written by parts).
    static let objectClasses: [AnyClass] = [
        CALayer.self, CAAnimation.self, CAMediaTimingFunction.self, CAValueFunction.self, CAFilter.self,
        CAEmitterCell.self, NSNumber.self,
    ]

    /// `value` ready to archive; nil, with a logged warning naming `context` (a key), when
    /// SceneCore cannot archive it.
    init?(_ value: Any?, context: @autoclosure () -> String) {
        guard let content = Content(value, context: context) else {
            Diagnostics.warning(
                "Archiving \(context()): a \(value.map { "\(type(of: $0))" } ?? "nil") cannot be archived; left out")
            return nil
        }
        self.value = value
        self.content = content
        super.init()
    }

    func encode(with coder: NSCoder) {
        coder.encode(content.kind, forKey: "kind")
        content.encode(with: coder)
    }

    init?(coder: NSCoder) {
        guard let kind = coder.decodeString(forKey: "kind"), let (content, value) = Content.decode(kind, from: coder)
        else {
            coder.refuseDecoding("a value of kind \(coder.decodeString(forKey: "kind") ?? "none") is malformed")
            if coder.failsDecoding { return nil }
            self.content = .malformed
            self.value = nil
            super.init()
            return
        }
        if coder.failsDecoding { return nil }
        self.content = content
        self.value = value
        super.init()
    }

    /// Whether the value read back was malformed (refused, with a logged error).
    var isMalformed: Bool {
        if case .malformed = content { return true }
        return false
    }
}

// MARK: - Kinds

extension ArchivedValue {
    /// The kind of an archived value and its parts.
    fileprivate enum Content {
        case none
        case null
        /// A value that could not be read back (never archived: it archives as nothing).
        case malformed
        case object(NSObject)
        case bool(Bool)
        /// A floating-point number of `type` (`CGFloat`, `Double` or `Float`).
        case real(Double, type: String)
        /// An integer of `type` (`Int`, `UInt32`, ...), as its bit pattern.
        case integer(Int64, type: String)
        case string(String)
        case data(Data)
        /// A struct of numbers: `point`, `size`, `rect`, `transform3D` or `affineTransform`.
        case numbers([Double], type: String)
        case color(space: String?, components: [Double])
        case image(width: Int, height: Int, pixels: Data)
        case path(operations: Data, numbers: [Double])
        case font(name: String, size: Double)
        case constraint(CAConstraint)
        case constraintLayoutManager
        case attributedString(String, runs: [ArchivedValue])
        /// A `RawRepresentable` with a `String` raw value, of `type`.
        case name(String, type: String)
        /// A `RawRepresentable` with an integer raw value (an option set or an enum), of `type`.
        case bits(Int64, type: String)
        case array([ArchivedValue])
        case dictionary(keys: [String], values: [ArchivedValue])

        var kind: String {
            switch self {
            case .none: "nil"
            case .null: "null"
            case .malformed: "malformed"
            case .object: "object"
            case .bool: "bool"
            case .real: "real"
            case .integer: "integer"
            case .string: "string"
            case .data: "data"
            case .numbers: "numbers"
            case .color: "color"
            case .image: "image"
            case .path: "path"
            case .font: "font"
            case .constraint: "constraint"
            case .constraintLayoutManager: "constraintLayoutManager"
            case .attributedString: "attributedString"
            case .name: "name"
            case .bits: "bits"
            case .array: "array"
            case .dictionary: "dictionary"
            }
        }

        /// The parts of `value`; nil when it cannot be archived.
        init?(_ value: Any?, context: () -> String) {
            // Geometry in an NSValue box is archived as the struct it holds.
            guard let value = Self.unwrapped(value).map(ValueConversion.unboxed) else {
                self = .none
                return
            }
            // Objects first: on Linux a Swift number casts to NSNumber and back, so the cast that
            // matches first would decide the type read back.
            if type(of: value) is AnyClass {
                guard let content = Content(object: value as AnyObject, context: context) else { return nil }
                self = content
            } else if let content = Content(number: value) ?? Content(geometry: value) {
                self = content
            } else if let content = Content(collection: value, context: context) {
                self = content
            } else {
                guard let content = Content(rawRepresentable: value) else { return nil }
                self = content
            }
        }

        /// `value` without the optionals it may be wrapped in (`value(forKey: "mask")` is a
        /// `CALayer?` in an `Any`); nil for a nil at any depth.
        private static func unwrapped(_ value: Any?) -> Any? {
            guard let value else { return nil }
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return value }
            return mirror.children.first.flatMap { unwrapped($0.value) }
        }

        private init?(object: AnyObject, context: () -> String) {
            switch object {
            case is NSNull: self = .null
            case let color as CGColor:
                self = .color(space: color.colorSpace?.name, components: (color.components ?? []).map(Double.init))
            case let image as CGImage:
                self = .image(width: image.width, height: image.height, pixels: Data(image.pixels))
            case let path as CGPath: self = Content(path: path)
            case let constraint as CAConstraint: self = .constraint(constraint)
            case let manager as CAConstraintLayoutManager where type(of: manager) == CAConstraintLayoutManager.self:
                self = .constraintLayoutManager
            case let string as NSAttributedString:
                var runs: [ArchivedValue] = []
                let whole = NSRange(location: 0, length: string.length)
                string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
                    let named = Dictionary(uniqueKeysWithValues: attributes.map { ($0.key.rawValue, $0.value) })
                    let run: [String: Any] = ["location": range.location, "length": range.length, "attributes": named]
                    if let archived = ArchivedValue(run, context: context()) { runs.append(archived) }
                }
                self = .attributedString(string.string, runs: runs)
            case let string as NSString: self = .string(String(describing: string))
            case let data as NSData: self = .data(Data(referencing: data))
            case let object as NSObject where ArchivedValue.objectClasses.contains(where: { object.isKind(of: $0) }):
                self = .object(object)
            default:
                // An array or dictionary bridged to its Foundation class.
                guard let content = Content(collection: object, context: context) else { return nil }
                self = content
            }
        }

        private init?(number value: Any) {
            switch value {
            case let v as Bool: self = .bool(v)
            case let v as CGFloat: self = .real(Double(v), type: "CGFloat")
            case let v as Double: self = .real(v, type: "Double")
            case let v as Float: self = .real(Double(v), type: "Float")
            case let v as Int: self = .integer(Int64(v), type: "Int")
            case let v as Int8: self = .integer(Int64(v), type: "Int8")
            case let v as Int16: self = .integer(Int64(v), type: "Int16")
            case let v as Int32: self = .integer(Int64(v), type: "Int32")
            case let v as Int64: self = .integer(v, type: "Int64")
            case let v as UInt: self = .integer(Int64(bitPattern: UInt64(v)), type: "UInt")
            case let v as UInt8: self = .integer(Int64(v), type: "UInt8")
            case let v as UInt16: self = .integer(Int64(v), type: "UInt16")
            case let v as UInt32: self = .integer(Int64(v), type: "UInt32")
            case let v as UInt64: self = .integer(Int64(bitPattern: v), type: "UInt64")
            case let v as String: self = .string(v)
            case let v as Substring: self = .string(String(v))
            case let v as Data: self = .data(v)
            default: return nil
            }
        }

        private init?(geometry value: Any) {
            switch value {
            case let p as CGPoint: self = .numbers([p.x, p.y].map(Double.init), type: "point")
            case let s as CGSize: self = .numbers([s.width, s.height].map(Double.init), type: "size")
            case let r as CGRect:
                self = .numbers([r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init), type: "rect")
            case let m as CATransform3D:
                let entries = [
                    m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                    m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
                ]
                self = .numbers(entries.map(Double.init), type: "transform3D")
            case let t as CGAffineTransform:
                self = .numbers([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), type: "affineTransform")
            case let font as TextFont: self = .font(name: font.name, size: Double(font.size))
            default: return nil
            }
        }

        private init?(collection value: Any, context: () -> String) {
            if let array = value as? [Any] {
                self = .array(array.compactMap { ArchivedValue($0, context: context()) })
            } else if let dictionary = value as? [AnyHashable: Any] {
                var keys: [String] = []
                var values: [ArchivedValue] = []
                for (key, element) in dictionary {
                    guard let name = key.base as? String else {
                        Diagnostics.warning("Archiving \(context()): a dictionary key \(key) is not a string; left out")
                        continue
                    }
                    guard let archived = ArchivedValue(element, context: "\(context())[\(name)]") else { continue }
                    keys.append(name)
                    values.append(archived)
                }
                self = .dictionary(keys: keys, values: values)
            } else {
                return nil
            }
        }

        private init?(rawRepresentable value: Any) {
            guard let raw = (value as? any RawRepresentable)?.rawValue else { return nil }
            let type = String(reflecting: Swift.type(of: value))
            if let name = raw as? String {
                self = .name(name, type: type)
            } else if let bits = raw as? any BinaryInteger {
                self = .bits(Int64(truncatingIfNeeded: bits), type: type)
            } else {
                return nil
            }
        }

        /// A path as one operation code per element (0 move, 1 line, 2 quadratic curve, 3 cubic
        /// curve, 4 close) and the elements' points in order.
        private init(path: CGPath) {
            var operations: [UInt8] = []
            var numbers: [Double] = []
            for element in path.elements {
                let (operation, points): (UInt8, [CGPoint]) =
                    switch element {
                    case .moveToPoint(let p): (0, [p])
                    case .addLineToPoint(let p): (1, [p])
                    case .addQuadCurveToPoint(let c, let p): (2, [c, p])
                    case .addCurveToPoint(let c1, let c2, let p): (3, [c1, c2, p])
                    case .closeSubpath: (4, [])
                    }
                operations.append(operation)
                for point in points { numbers += [Double(point.x), Double(point.y)] }
            }
            self = .path(operations: Data(operations), numbers: numbers)
        }
    }
}

// MARK: - Writing and reading

extension ArchivedValue.Content {
    func encode(with coder: NSCoder) {
        switch self {
        case .none, .null, .malformed, .constraintLayoutManager: break
        case .object(let object): coder.encode(object, forKey: "object")
        case .bool(let v): coder.encode(v, forKey: "value")
        case .real(let v, let type):
            coder.encode(v, forKey: "value")
            coder.encode(type, forKey: "type")
        case .integer(let v, let type), .bits(let v, let type):
            coder.encode(v, forKey: "value")
            coder.encode(type, forKey: "type")
        case .string(let v): coder.encode(v, forKey: "value")
        case .data(let v): coder.encode(v, forKey: "value")
        case .numbers(let numbers, let type):
            coder.encode(Self.data(numbers), forKey: "numbers")
            coder.encode(type, forKey: "type")
        case .color(let space, let components):
            if let space { coder.encode(space, forKey: "space") }
            coder.encode(Self.data(components), forKey: "numbers")
        case .image(let width, let height, let pixels):
            coder.encode(width, forKey: "width")
            coder.encode(height, forKey: "height")
            coder.encode(pixels, forKey: "pixels")
        case .path(let operations, let numbers):
            coder.encode(operations, forKey: "operations")
            coder.encode(Self.data(numbers), forKey: "numbers")
        case .font(let name, let size):
            coder.encode(name, forKey: "name")
            coder.encode(size, forKey: "size")
        case .constraint(let c):
            coder.encode(c.attribute.rawValue, forKey: "attribute")
            coder.encode(c.sourceName, forKey: "sourceName")
            coder.encode(c.sourceAttribute.rawValue, forKey: "sourceAttribute")
            coder.encode(Double(c.scale), forKey: "scale")
            coder.encode(Double(c.offset), forKey: "offset")
        case .attributedString(let string, let runs):
            coder.encode(string, forKey: "value")
            coder.encode(runs as NSArray, forKey: "runs")
        case .name(let name, let type):
            coder.encode(name, forKey: "value")
            coder.encode(type, forKey: "type")
        case .array(let elements): coder.encode(elements as NSArray, forKey: "elements")
        case .dictionary(let keys, let values):
            coder.encode(keys as NSArray, forKey: "keys")
            coder.encode(values as NSArray, forKey: "elements")
        }
    }

    /// The parts of a value of `kind` and the value they make; nil when they are missing or malformed.
    static func decode(_ kind: String, from coder: NSCoder) -> (Self, Any?)? {
        switch kind {
        case "nil": return (.none, nil)
        case "null": return (.null, NSNull())
        case "object":
            guard
                let object = coder.decodeCheckedObject(of: ArchivedValue.objectClasses, forKey: "object") as? NSObject
            else { return nil }
            return (.object(object), object)
        case "bool":
            let v = coder.decodeBool(forKey: "value")
            return (.bool(v), v)
        case "real":
            let v = coder.decodeDouble(forKey: "value")
            guard let type = coder.decodeString(forKey: "type") else { return nil }
            let value: Any =
                switch type {
                case "CGFloat": CGFloat(v)
                case "Float": Float(v)
                default: v
                }
            return (.real(v, type: type), value)
        case "integer":
            let v = coder.decodeInt64(forKey: "value")
            guard let type = coder.decodeString(forKey: "type") else { return nil }
            return (.integer(v, type: type), makeInteger(v, type: type))
        case "string":
            guard let v = coder.decodeString(forKey: "value") else { return nil }
            return (.string(v), v)
        case "data":
            guard let v = coder.decodeData(forKey: "value") else { return nil }
            return (.data(v), v)
        case "numbers":
            guard let numbers = coder.decodeData(forKey: "numbers").flatMap(numbers(from:)),
                let type = coder.decodeString(forKey: "type"), let value = makeGeometry(numbers, type: type)
            else { return nil }
            return (.numbers(numbers, type: type), value)
        case "color":
            let space = coder.decodeString(forKey: "space")
            guard let components = coder.decodeData(forKey: "numbers").flatMap(numbers(from:)),
                let color = makeColor(space: space, components: components)
            else { return nil }
            return (.color(space: space, components: components), color)
        case "image":
            // The size is checked against the decode limits first, so that the byte count
            // cannot overflow and the pixels are within the budget of any decoded image.
            let (width, height) = (coder.decodeInteger(forKey: "width"), coder.decodeInteger(forKey: "height"))
            do {
                try DecodeLimits.check(width: width, height: height, format: "An archived")
            } catch {
                coder.refuseDecoding("\(error)")
                return nil
            }
            guard let pixels = coder.decodeData(forKey: "pixels"), pixels.count == width * height * 4 else {
                return nil
            }
            let image = CGImage(premultipliedRGBA: [UInt8](pixels), width: width, height: height)
            return (.image(width: width, height: height, pixels: pixels), image)
        case "path":
            guard let operations = coder.decodeData(forKey: "operations"),
                let numbers = coder.decodeData(forKey: "numbers").flatMap(numbers(from:)),
                let path = makePath(operations: operations, numbers: numbers)
            else { return nil }
            return (.path(operations: operations, numbers: numbers), path)
        case "font":
            guard let name = coder.decodeString(forKey: "name") else { return nil }
            let size = coder.decodeDouble(forKey: "size")
            return (.font(name: name, size: size), TextFont(name: name, size: CGFloat(size)))
        case "constraint":
            guard let attribute = CAConstraintAttribute(rawValue: coder.decodeInt32(forKey: "attribute")),
                let source = CAConstraintAttribute(rawValue: coder.decodeInt32(forKey: "sourceAttribute")),
                let sourceName = coder.decodeString(forKey: "sourceName")
            else { return nil }
            let constraint = CAConstraint(
                attribute: attribute, relativeTo: sourceName, attribute: source,
                scale: CGFloat(coder.decodeDouble(forKey: "scale")),
                offset: CGFloat(coder.decodeDouble(forKey: "offset")))
            return (.constraint(constraint), constraint)
        case "constraintLayoutManager": return (.constraintLayoutManager, CAConstraintLayoutManager())
        case "attributedString":
            guard let string = coder.decodeString(forKey: "value"),
                let runs = coder.decodeArchivedValues(forKey: "runs")
            else { return nil }
            return (.attributedString(string, runs: runs), makeAttributedString(string, runs: runs))
        case "name":
            guard let name = coder.decodeString(forKey: "value"), let type = coder.decodeString(forKey: "type") else {
                return nil
            }
            return (.name(name, type: type), ArchivedValue.namedTypes[type]?(name) ?? name)
        case "bits":
            let bits = coder.decodeInt64(forKey: "value")
            guard let type = coder.decodeString(forKey: "type") else { return nil }
            return (.bits(bits, type: type), ArchivedValue.integerTypes[type]?(bits) ?? Int(truncatingIfNeeded: bits))
        case "array":
            guard let elements = coder.decodeArchivedValues(forKey: "elements") else { return nil }
            return (.array(elements), elements.map { $0.value as Any })
        case "dictionary":
            guard let keys = coder.decodeCheckedObject(of: [NSArray.self, NSString.self], forKey: "keys") as? [String],
                let values = coder.decodeArchivedValues(forKey: "elements"), keys.count == values.count
            else { return nil }
            let dictionary = Dictionary(zip(keys, values.map { $0.value as Any }), uniquingKeysWith: { $1 })
            return (.dictionary(keys: keys, values: values), dictionary)
        default: return nil
        }
    }

    private static func makeInteger(_ v: Int64, type: String) -> Any {
        switch type {
        case "Int8": Int8(truncatingIfNeeded: v)
        case "Int16": Int16(truncatingIfNeeded: v)
        case "Int32": Int32(truncatingIfNeeded: v)
        case "Int64": v
        case "UInt": UInt(truncatingIfNeeded: UInt64(bitPattern: v))
        case "UInt8": UInt8(truncatingIfNeeded: v)
        case "UInt16": UInt16(truncatingIfNeeded: v)
        case "UInt32": UInt32(truncatingIfNeeded: v)
        case "UInt64": UInt64(bitPattern: v)
        default: Int(truncatingIfNeeded: v)
        }
    }

    private static func makeGeometry(_ n: [Double], type: String) -> Any? {
        let c = n.map { CGFloat($0) }
        switch (type, c.count) {
        case ("point", 2): return CGPoint(x: c[0], y: c[1])
        case ("size", 2): return CGSize(width: c[0], height: c[1])
        case ("rect", 4): return CGRect(x: c[0], y: c[1], width: c[2], height: c[3])
        case ("transform3D", 16):
            return CATransform3D(
                m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
        case ("affineTransform", 6): return CGAffineTransform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5])
        default: return nil
        }
    }

    private static func makeColor(space name: String?, components: [Double]) -> CGColor? {
        let values = components.map { CGFloat($0) }
        let space = name.flatMap(CGColorSpace.init(name:))
        switch (space, values.count) {
        case let (space?, count) where count == space.numberOfComponents + 1:
            return values.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        case (nil, 4): return CGColor(red: values[0], green: values[1], blue: values[2], alpha: values[3])
        case (nil, 2): return CGColor(gray: values[0], alpha: values[1])
        default: return nil
        }
    }

    private static func makePath(operations: Data, numbers: [Double]) -> CGPath? {
        var elements: [CGPathElementKind] = []
        var next = 0
        func point() -> CGPoint? {
            guard next + 1 < numbers.count else { return nil }
            defer { next += 2 }
            return CGPoint(x: numbers[next], y: numbers[next + 1])
        }
        for operation in operations {
            switch operation {
            case 0:
                guard let p = point() else { return nil }
                elements.append(.moveToPoint(p))
            case 1:
                guard let p = point() else { return nil }
                elements.append(.addLineToPoint(p))
            case 2:
                guard let c = point(), let p = point() else { return nil }
                elements.append(.addQuadCurveToPoint(control: c, to: p))
            case 3:
                guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                elements.append(.addCurveToPoint(control1: c1, control2: c2, to: p))
            case 4: elements.append(.closeSubpath)
            default: return nil
            }
        }
        return next == numbers.count ? CGPath(elements: elements) : nil
    }

    private static func makeAttributedString(_ string: String, runs: [ArchivedValue]) -> NSAttributedString {
        let result = NSMutableAttributedString(string: string)
        for run in runs {
            guard let run = run.value as? [String: Any], let location = run["location"] as? Int,
                let length = run["length"] as? Int, let attributes = run["attributes"] as? [String: Any],
                location >= 0, length >= 0, location <= result.length, length <= result.length - location
            else { continue }
            let keyed = Dictionary(uniqueKeysWithValues: attributes.map { (NSAttributedString.Key($0.key), $0.value) })
            result.addAttributes(keyed, range: NSRange(location: location, length: length))
        }
        return NSAttributedString(attributedString: result)
    }

    /// Numbers as their little-endian bit patterns, so that they read back exactly.
    static func data(_ numbers: [Double]) -> Data {
        var data = Data(capacity: numbers.count * 8)
        for number in numbers { withUnsafeBytes(of: number.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// The numbers `data(_:)` wrote; nil when the length is not a whole number of them.
    static func numbers(from data: Data) -> [Double]? {
        guard data.count % 8 == 0 else { return nil }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            let bits = bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Double(bitPattern: bits)
        }
    }
}

// MARK: - The types read back

extension ArchivedValue {
    /// The string-valued name types SceneCore defines, by the name `String(reflecting:)` gives them:
    /// a value of one reads back as that type (any other as its `String`).
    static let namedTypes: [String: @Sendable (String) -> Any] = {
        func entry<T: RawRepresentable & Sendable>(_ type: T.Type) -> (String, @Sendable (String) -> Any)
        where T.RawValue == String {
            (String(reflecting: type), { T(rawValue: $0).map { $0 as Any } ?? $0 })
        }
        return Dictionary(
            uniqueKeysWithValues: [
                entry(CALayerContentsGravity.self), entry(CALayerContentsFilter.self),
                entry(CALayerContentsFormat.self), entry(CADynamicRange.self), entry(CAToneMapMode.self),
                entry(CALayerCornerCurve.self), entry(CAMediaTimingFillMode.self), entry(CAShapeLayerFillRule.self),
                entry(CAShapeLayerLineCap.self), entry(CAShapeLayerLineJoin.self),
                entry(CATextLayerTruncationMode.self), entry(CATextLayerAlignmentMode.self),
                entry(CAGradientLayerType.self), entry(CAScrollLayerScrollMode.self),
                entry(CAAnimationCalculationMode.self),
                entry(CAAnimationRotationMode.self), entry(CATransitionType.self), entry(CATransitionSubtype.self),
                entry(CAMediaTimingFunctionName.self), entry(CAValueFunctionName.self),
                entry(CAEmitterLayerEmitterShape.self), entry(CAEmitterLayerEmitterMode.self),
                entry(CAEmitterLayerRenderMode.self),
            ])
    }()

    /// The option sets and integer enums SceneCore defines, likewise (any other reads back as an `Int`).
    static let integerTypes: [String: @Sendable (Int64) -> Any] = {
        func entry<T: RawRepresentable & Sendable>(_ type: T.Type) -> (String, @Sendable (Int64) -> Any)
        where T.RawValue: FixedWidthInteger & Sendable {
            (
                String(reflecting: type),
                { bits in T(rawValue: T.RawValue(truncatingIfNeeded: bits)).map { $0 as Any } ?? Int(bits) }
            )
        }
        return Dictionary(
            uniqueKeysWithValues: [
                entry(CACornerMask.self), entry(CAEdgeAntialiasingMask.self), entry(CAAutoresizingMask.self),
                entry(CAConstraintAttribute.self), entry(CGPathFillRule.self),
            ])
    }()
}

// MARK: - Decoding helpers

extension NSCoder {
    /// The string under `key`; nil when there is none.
    func decodeString(forKey key: String) -> String? {
        (decodeCheckedObject(of: [NSString.self], forKey: key) as? NSString).map { String(describing: $0) }
    }

    /// The data under `key`; nil when there is none.
    func decodeData(forKey key: String) -> Data? {
        (decodeCheckedObject(of: [NSData.self], forKey: key) as? NSData).map { Data(referencing: $0) }
    }

    /// The archived value under `key`: nil when there is none or it is malformed, `.some(nil)`
    /// for an archived nil.
    func decodeArchivedValue(forKey key: String) -> Any?? {
        guard let archived = decodeCheckedObject(of: [ArchivedValue.self], forKey: key) as? ArchivedValue,
            !archived.isMalformed
        else { return nil }
        return .some(archived.value)
    }

    /// The archived value under `key` as a `T`; nil when there is none or it is of another type.
    func decodeArchived<T>(_ type: T.Type, forKey key: String) -> T? {
        guard let value = decodeArchivedValue(forKey: key) else { return nil }
        return value as? T
    }

    /// The array of archived values under `key`, less any malformed; nil when there is none.
    func decodeArchivedValues(forKey key: String) -> [ArchivedValue]? {
        let values = decodeCheckedObject(of: [NSArray.self, ArchivedValue.self], forKey: key) as? [ArchivedValue]
        return values?.filter { !$0.isMalformed }
    }

    /// Archives `value` under `key` as an `ArchivedValue`; a value SceneCore cannot archive is left
    /// out with a logged warning naming `owner`.
    func encodeArchivedValue(_ value: Any?, forKey key: String, of owner: Any) {
        guard let archived = ArchivedValue(value, context: "\(type(of: owner)).\(key)") else { return }
        encode(archived, forKey: key)
    }
}
