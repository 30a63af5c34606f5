import Foundation

extension CALayer {
    /// The properties archived whether or not they were set, as Core Animation archives them for a
    /// new layer.
    static let archivedWithoutBeingSet: LayerChanges = [
        LayerChanges(.allowsEdgeAntialiasing), LayerChanges(.allowsGroupOpacity), LayerChanges(.cornerCurve),
        LayerChanges(.contentsFormat),
    ]

    /// The implementation of `shouldArchiveValue(forKey:)`.
    func archivesValue(forKey key: String) -> Bool {
        switch key {
        case "frame", "superlayer": return false
        case "sublayers": return !(sublayerStorage ?? []).isEmpty
        default: break
        }
        guard let id = PropertyID(key: key) else { return setKeys.contains(key) }
        return setProperties.union(Self.archivedWithoutBeingSet).contains(LayerChanges(id))
    }

    /// The key under which a layer archives the keys it archived, in order.
    static let archivedKeysKey = "SceneCore.archivedKeys"

    /// The keys `encode(with:)` asks `shouldArchiveValue(forKey:)` about: the declared properties,
    /// `sublayers` and `mask`, then the other keys set on the layer.
    private var archivingCandidates: [String] {
        let builtIn = PropertyID.declarations.map(\.key) + ["sublayers", "mask"]
        return builtIn + setKeys.subtracting(builtIn).sorted()
    }

    /// The implementation of `encode(with:)`.
    func encodeArchivedValues(with coder: NSCoder) {
        var archived: [String] = []
        for key in archivingCandidates where shouldArchiveValue(forKey: key) {
            guard let value = ArchivedValue(value(forKey: key), context: "\(type(of: self)).\(key)") else { continue }
            coder.encode(value, forKey: key)
            archived.append(key)
        }
        coder.encode(archived as NSArray, forKey: Self.archivedKeysKey)
    }

    /// Sets each key archived by `encodeArchivedValues(with:)` to its archived value, in the order
    /// they were archived.
    func decodeArchivedValues(from coder: NSCoder) {
        guard
            let keys = coder.decodeCheckedObject(of: [NSArray.self, NSString.self], forKey: Self.archivedKeysKey)
                as? [String]
        else {
            Diagnostics.error("Unarchiving \(type(of: self)): the archive lists no keys; the layer has its defaults")
            return
        }
        for key in keys {
            guard let value = coder.decodeArchivedValue(forKey: key) else {
                Diagnostics.error(
                    "Unarchiving \(type(of: self)): the value of \(key) is missing or malformed; left unset")
                continue
            }
            setValue(value, forKey: key)
        }
    }
}
