import Foundation

/// What a load met that the composition layer does not play, gathered so that it is reported
/// once: each feature with the names of the layers that use it, in the order first met.
final class LoadWarnings {
    private var features: [String] = []
    private var layersByFeature: [String: [String]] = [:]
    private var notes: [String] = []

    /// Records that `layer` uses `feature`, which is left out.
    func unsupported(_ feature: String, in layer: String) {
        if layersByFeature[feature] == nil {
            features.append(feature)
            layersByFeature[feature] = []
        }
        if !layersByFeature[feature]!.contains(layer) && layersByFeature[feature]!.count < 20 {
            layersByFeature[feature]!.append(layer)
        }
    }

    /// Records bad input that was dropped or clamped (a NaN keyframe, an unknown parent).
    func note(_ message: String) {
        if notes.count < 50 && !notes.contains(message) { notes.append(message) }
    }

    /// One line per feature left out ("masks: layers \"A\", \"B\""), then the notes.
    var messages: [String] {
        features.map { feature in
            let names = layersByFeature[feature]!.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(feature) (not played): \(names)"
        } + notes
    }
}
