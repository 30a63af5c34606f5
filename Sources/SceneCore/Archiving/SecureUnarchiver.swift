import Foundation

/// Unarchives bytes that may be corrupt or hostile, as Apple's
/// `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` does: any bytes give the object, nil or
/// a thrown error, never a crash.
///
/// swift-corelibs-foundation's `NSKeyedUnarchiver` checks the class of the root object itself,
/// and ends the process (`fatalError`) where it is not one of the classes asked for, or is one
/// of its own classes with malformed contents, before any SceneCore code runs. Below the root,
/// SceneCore's `init(coder:)`s check every object before decoding it (`CheckedDecoding`), so
/// that path is safe whichever entry point was used; this one checks the root the same way, so
/// that nothing in the bytes can end the process:
///
/// - bytes that are not a binary property list of a keyed archive's shape (what
///   `NSKeyedArchiver` writes; `BinaryPropertyListCheck`) throw `CocoaError(.propertyListReadCorrupt)`
///   before Foundation reads them: its reader crashes on some corrupt property lists;
/// - a root of a class not asked for, a cycle, nesting deeper than 1,000 objects, a reference
///   out of range or a malformed object throw `CocoaError(.coderReadCorrupt)` with the reason
///   (also logged);
/// - an object that fails to decode throws the unarchiver's error.
///
/// Decoding uses secure coding and the `.setErrorAndReturn` failure policy, as Apple's does.
public enum SecureUnarchiver {
    /// The root object of `data`, an archive made by `NSKeyedArchiver`, if it is a `cls`;
    /// throws when the archive is malformed or holds something else.
    public static func unarchivedObject<DecodedObjectType: NSObject & NSCoding>(
        ofClass cls: DecodedObjectType.Type, from data: Data
    ) throws -> DecodedObjectType? {
        try unarchivedObject(ofClasses: [cls], from: data) as? DecodedObjectType
    }

    /// The root object of `data` if it is one of `classes`; throws when the archive is malformed
    /// or holds something else.
    public static func unarchivedObject(ofClasses classes: [AnyClass], from data: Data) throws -> Any? {
        do {
            try BinaryPropertyListCheck.check(data)
        } catch {
            Diagnostics.error("Unarchiving: \(error.reason)")
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: error.reason])
        }
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        let root = unarchiver.decodeCheckedObject(of: classes, forKey: NSKeyedArchiveRootObjectKey)
        if let refusal = unarchiver.decodingRefusal {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: refusal])
        }
        if let error = unarchiver.error { throw error }
        return root
    }
}
