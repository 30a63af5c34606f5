import Foundation
import Testing

@testable import SceneCore

/// Archives that are cyclic, of the wrong classes, corrupt or lying decode to an error (or nil),
/// with a logged reason, and never crash: each of these ended the process before
/// (`CheckedDecoding`), through Foundation's `unarchivedObject(ofClass:from:)` as well as
/// through `SecureUnarchiver`.
@Suite struct HostileArchiveTests {
    /// A layer with one sublayer (a shape layer, so that its class has an entry of its own) and a mask.
    static func layerTree() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        root.addSublayer(CAShapeLayer())
        root.mask = CALayer()
        return root
    }

    /// Decodes `data` as a layer through Foundation's entry point and through SceneCore's, and
    /// expects both to throw, having logged a message containing `reason`.
    static func expectRefused(_ data: Data, reason: String) {
        let messages = Diagnostics.capturing {
            #expect(throws: (any Error).self) {
                try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
            }
            #expect(throws: (any Error).self) {
                try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
            }
        }
        #expect(messages.filter { $0.contains(reason) }.count == 2, "\(messages)")
    }

    @Test func aLayerListedAsItsOwnSublayerIsRefused() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let element = try archive.nesting(under: "sublayers").element
        try archive.set("object", of: element, to: EditableArchive.reference(archive.root))
        Self.expectRefused(try archive.data(), reason: "contains itself")
    }

    @Test func aLayerThatIsItsOwnMaskIsRefused() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let mask = try archive.number(under: "mask", of: archive.root)
        try archive.set("object", of: mask, to: EditableArchive.reference(archive.root))
        Self.expectRefused(try archive.data(), reason: "contains itself")
    }

    @Test func aGroupContainingItselfIsRefused() throws {
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity")]
        var archive = try EditableArchive(of: group)
        let element = try archive.nesting(under: "animations").element
        try archive.set("object", of: element, to: EditableArchive.reference(archive.root))
        let data = try archive.data()
        let messages = Diagnostics.capturing {
            #expect(throws: (any Error).self) {
                try NSKeyedUnarchiver.unarchivedObject(ofClass: CAAnimationGroup.self, from: data)
            }
            #expect(throws: (any Error).self) {
                try SecureUnarchiver.unarchivedObject(ofClass: CAAnimationGroup.self, from: data)
            }
        }
        #expect(messages.filter { $0.contains("contains itself") }.count == 2, "\(messages)")
    }

    /// The sublayer's object made an `NSDate`, as `NSDate` archives itself.
    @Test func aDateWhereALayerIsExpectedIsRefused() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let child = try archive.nesting(under: "sublayers").child
        let dateClass = archive.append(["$classname": "NSDate", "$classes": ["NSDate", "NSObject"]])
        archive.objects[child] = ["$class": EditableArchive.reference(dateClass), "NS.time": 0.0]
        Self.expectRefused(try archive.data(), reason: "is a NSDate where a")
    }

    @Test func aCorruptClassNameIsRefused() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let child = try archive.nesting(under: "sublayers").child
        let shapeClass = try archive.number(under: "$class", of: child)
        try archive.set("$classname", of: shapeClass, to: "CAShapeLayeR")
        Self.expectRefused(try archive.data(), reason: "unknown class CAShapeLayeR")
    }

    @Test func aStringThatHoldsNoStringIsRefused() throws {
        // Foundation's NSString(coder:) force-casts its NS.string.
        var archive = try EditableArchive(of: Self.layerTree())
        let stringClass = archive.append(["$classname": "NSString", "$classes": ["NSString", "NSObject"]])
        let keys = try archive.number(under: CALayer.archivedKeysKey, of: archive.root)
        let elements = try #require(try archive.object(keys)["NS.objects"] as? [Any])
        archive.objects[try EditableArchive.number(elements.first)] = [
            "$class": EditableArchive.reference(stringClass), "NS.string": 7,
        ]
        Self.expectRefused(try archive.data(), reason: "is malformed")
    }

    @Test func aReferenceOutOfRangeIsRefused() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let element = try archive.nesting(under: "sublayers").element
        try archive.set("object", of: element, to: EditableArchive.reference(1_000_000))
        Self.expectRefused(try archive.data(), reason: "out of range")
    }

    /// An image value claiming 2 x 2^62 pixels: `height * 4` overflowed before. Refused by the
    /// decode limits (2^28 pixels), with 16 bytes of pixels.
    @Test func anImageLyingAboutItsSizeIsRefused() throws {
        let layer = CALayer()
        layer.contents = CGImage(rgbaPixels: [UInt8](repeating: 255, count: 16), width: 2, height: 2)
        var archive = try EditableArchive(of: layer)
        let image = try archive.number(under: "contents", of: archive.root)
        let lies = [
            (2, 1 << 62, "exceeds the limit"), (1 << 62, 2, "exceeds the limit"),
            (1 << 15, 1 << 15, "exceeds the limit"),
            (-2, 2, "declares an empty"),
        ]
        for (width, height, reason) in lies {
            try archive.set("width", of: image, to: width)
            try archive.set("height", of: image, to: height)
            Self.expectRefused(try archive.data(), reason: reason)
        }
    }

    /// Under the `.raiseException` failure policy (Linux's default for `init(forReadingFrom:)`),
    /// where a failed decode ends the process, the cycle is left out and the rest decodes.
    @Test func underRaiseExceptionTheRefusedPartIsLeftOut() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        let element = try archive.nesting(under: "sublayers").element
        try archive.set("object", of: element, to: EditableArchive.reference(archive.root))
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: try archive.data())
        let (layer, messages) = Diagnostics.capturing {
            unarchiver.decodeObject(of: CALayer.self, forKey: NSKeyedArchiveRootObjectKey)
        }
        let decoded = try #require(layer)
        #expect(decoded.sublayers == nil)
        #expect(decoded.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(decoded.mask != nil)
        #expect(messages.contains { $0.contains("contains itself") })
    }

    /// A real archive cut short at every length: `SecureUnarchiver` throws or gives a layer.
    @Test func everyTruncationOfAnArchiveDecodesOrThrows() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.layerTree(), requiringSecureCoding: true)
        var thrown = 0
        _ = Diagnostics.capturing {
            for length in 0..<data.count {
                do { _ = try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data.prefix(length)) } catch
                {
                    thrown += 1
                }
            }
        }
        #expect(thrown == data.count)
    }

    /// A 55-byte binary property list, `{"$top": set([{}])}`, on which Foundation's
    /// `NSKeyedUnarchiver(forReadingFrom:)` itself crashes (bridging the set): refused before
    /// Foundation reads it, as are XML and bytes that are no property list.
    @Test func aPropertyListFoundationCannotReadIsRefused() throws {
        func bigEndian(_ value: UInt64) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        var bytes = Array("bplist00".utf8)
        bytes += [0xD1, 0x01, 0x02]  // 8: a dictionary of one entry, key 1, value 2
        bytes += [0x54] + Array("$top".utf8)  // 11: "$top"
        bytes += [0xC1, 0x03]  // 16: a set holding object 3
        bytes += [0xD0]  // 18: an empty dictionary
        bytes += [0x08, 0x0B, 0x10, 0x12]  // 19: the offset table
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(4) + bigEndian(0) + bigEndian(19)
        let xml = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver"], format: .xml, options: 0)
        let messages: [String] = Diagnostics.capturing {
            for data in [Data(bytes), xml, Data("not a plist".utf8)] {
                #expect(throws: (any Error).self) {
                    try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
                }
            }
        }
        #expect(messages.count == 3)
        #expect(messages.first?.contains("keyed archives do not hold") == true, "\(messages)")
    }

    /// The root itself of another class: Foundation's own entry point would end the process
    /// here (it checks the root before any SceneCore code runs); SceneCore's throws.
    @Test func aRootOfAnotherClassThrowsThroughSecureUnarchiver() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSDate(), requiringSecureCoding: true)
        let messages: [String] = Diagnostics.capturing {
            #expect(throws: (any Error).self) {
                try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
            }
        }
        #expect(messages.contains { $0.contains("is a NSDate where a") })
    }

    /// Nesting within the limit decodes: 200 levels of sublayers (800 references deep, the limit
    /// being 1,000) give a chain 201 layers deep.
    @Test func nestingWithinTheLimitDecodes() throws {
        var archive = try EditableArchive(of: Self.layerTree())
        try archive.nest(under: "sublayers", levels: 200)
        var layer: CALayer? = try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: try archive.data())
        var depth = 0
        while let current = layer {
            depth += 1
            layer = current.sublayers?.first
        }
        #expect(depth == 202)
    }

    /// Layers still round-trip through `SecureUnarchiver`, with nothing logged.
    @Test func aValidArchiveRoundTripsThroughSecureUnarchiver() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.layerTree(), requiringSecureCoding: true)
        let (layer, messages) = try Diagnostics.capturing {
            try SecureUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
        }
        #expect(layer?.sublayers?.first is CAShapeLayer)
        #expect(layer?.mask != nil)
        #expect(messages.isEmpty)
    }
}
