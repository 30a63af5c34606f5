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
}
