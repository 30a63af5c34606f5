import Foundation

/// Archiving of `CAEmitterCell`, as layers are archived (`CALayer+Archiving`): each key's value
/// travels as an `ArchivedValue` under the key, and the keys archived are listed in order, so
/// that unarchiving sets them again with `setValue(_:forKey:)`.
extension CAEmitterCell {
    /// The keys `encode(with:)` asks `shouldArchiveValue(forKey:)` about: the properties, then the
    /// other keys set on the cell.
    private var archivingCandidates: [String] { CAEmitterCell.propertyKeys + otherValues.keys.sorted() }

    /// The implementation of `encode(with:)`.
    func encodeArchivedValues(with coder: NSCoder) {
        var archived: [String] = []
        for key in archivingCandidates where shouldArchiveValue(forKey: key) {
            guard let value = ArchivedValue(value(forKey: key), context: "CAEmitterCell.\(key)") else { continue }
            coder.encode(value, forKey: key)
            archived.append(key)
        }
        coder.encode(archived as NSArray, forKey: CALayer.archivedKeysKey)
    }

    /// Sets each key archived by `encodeArchivedValues(with:)` to its archived value, in order.
    func decodeArchivedValues(from coder: NSCoder) {
        guard
            let keys = coder.decodeCheckedObject(of: [NSArray.self, NSString.self], forKey: CALayer.archivedKeysKey)
                as? [String]
        else {
            Diagnostics.error("Unarchiving CAEmitterCell: the archive lists no keys; the cell has its defaults")
            return
        }
        for key in keys {
            guard let value = coder.decodeArchivedValue(forKey: key) else {
                Diagnostics.error("Unarchiving CAEmitterCell: the value of \(key) is missing or malformed; left unset")
                continue
            }
            setValue(value, forKey: key)
        }
    }
}
