import Foundation

/// What a layer keeps only while it uses it: its mask or the layer it masks, the values of
/// key-value coding keys of its own, the array the `sublayers` getter handed out, drawing (the
/// dirty rect, asynchronous drawing, the redraw of animated custom keys), the action being run,
/// the links of a presentation copy and the warnings already logged. Most layers use none of it,
/// so it lives in a box made when one of its values is first set: 8 bytes a layer instead of
/// about 250. Read and written under `LayerLock`, like the rest of a layer's state.
final class LayerOccasionalState {
    var maskStorage: CALayer?
    weak var maskOwner: CALayer?
    weak var committedMask: CALayer?
    var keyedValues: [String: Any] = [:]
    var setKeys: Set<String> = []
    var styledKeys: Set<String> = []
    var sublayerSnapshot: [CALayer]?
    var contentsObject: Any?
    var actionInProgress: String?
    var dirtyRect: CGRect?
    var asyncDisplayGeneration: UInt64 = 0
    var loggedConstraintWarnings: Set<String> = []
    var loggedBackingStoreRequest: String?
    var customRedraw: AnimatedRedraw?
    var replacedCustomValue: (key: String, value: Any?)?
    var presentationSource: CALayer?
    weak var presentationParent: CALayer?
    var presentationChildren: [CALayer]?
}

extension CALayer {
    /// The layer's mask (`mask`).
    var maskStorage: CALayer? {
        get { occasionalState?.maskStorage }
        set { occasional(creating: newValue != nil)?.maskStorage = newValue }
    }
    /// The layer whose `mask` this layer is, if any.
    var maskOwner: CALayer? {
        get { occasionalState?.maskOwner }
        set { occasional(creating: newValue != nil)?.maskOwner = newValue }
    }
    /// The mask as of the last commit, shown by presentation copies.
    var committedMask: CALayer? {
        get { occasionalState?.committedMask }
        set { occasional(creating: newValue != nil)?.committedMask = newValue }
    }
    /// The values of the keys that are not built-in properties (a subclass's own keys and
    /// arbitrary key-value coding keys), by key.
    var keyedValues: [String: Any] {
        get { occasionalState?.keyedValues ?? [:] }
        _modify {
            let state = occasional(creating: true)!
            yield &state.keyedValues
        }
    }
    /// The other keys set since the layer was made: `name`, `mask`, `filters`, ..., a subclass's
    /// own keys and arbitrary key-value coding keys.
    /// The properties whose values come from `style` (not set explicitly since).
    var styledKeys: Set<String> {
        get { occasionalState?.styledKeys ?? [] }
        _modify {
            let state = occasional(creating: true)!
            yield &state.styledKeys
        }
    }

    var setKeys: Set<String> {
        get { occasionalState?.setKeys ?? [] }
        _modify {
            let state = occasional(creating: true)!
            yield &state.setKeys
        }
    }
    /// The array the `sublayers` getter last returned, a copy of `sublayerStorage` with a buffer
    /// of its own; dropped on every change of the list.
    var sublayerSnapshot: [CALayer]? {
        get { occasionalState?.sublayerSnapshot }
        set { occasional(creating: newValue != nil)?.sublayerSnapshot = newValue }
    }
    /// The value set through `contents` (an image, or an object of another type that draws nothing).
    var contentsObject: Any? {
        get { occasionalState?.contentsObject }
        set { occasional(creating: newValue != nil)?.contentsObject = newValue }
    }
    /// The key of the action being run by a property change, while it runs.
    var actionInProgress: String? {
        get { occasionalState?.actionInProgress }
        set { occasional(creating: newValue != nil)?.actionInProgress = newValue }
    }
    /// The part of the layer to redraw at the next display (`setNeedsDisplay`), in layer coordinates.
    var dirtyRect: CGRect? {
        get { occasionalState?.dirtyRect }
        set { occasional(creating: newValue != nil)?.dirtyRect = newValue }
    }
    /// Counts the layer's displays with `drawsAsynchronously`, so that a drawing finished late
    /// does not replace a newer one (`AsyncDisplay`).
    var asyncDisplayGeneration: UInt64 {
        get { occasionalState?.asyncDisplayGeneration ?? 0 }
        set { occasional(creating: newValue != 0)?.asyncDisplayGeneration = newValue }
    }
    /// The keys of the constraint warnings already logged about this layer, so that each is
    /// logged once, not on every layout pass; emptied when `constraints` is set.
    var loggedConstraintWarnings: Set<String> {
        get { occasionalState?.loggedConstraintWarnings ?? [] }
        set { occasional(creating: !newValue.isEmpty)?.loggedConstraintWarnings = newValue }
    }
    /// The backing store size and scale last logged as over `BackingStoreBudget`, so that a
    /// layer redrawn every frame logs it once.
    var loggedBackingStoreRequest: String? {
        get { occasionalState?.loggedBackingStoreRequest }
        set { occasional(creating: newValue != nil)?.loggedBackingStoreRequest = newValue }
    }
    /// The per-frame redraw of animated custom keys that need display, once one was needed.
    var customRedraw: AnimatedRedraw? {
        get { occasionalState?.customRedraw }
        set { occasional(creating: newValue != nil)?.customRedraw = newValue }
    }
    /// While the action for a changed custom key runs: that key and the value shown before the change.
    var replacedCustomValue: (key: String, value: Any?)? {
        get { occasionalState?.replacedCustomValue }
        set { occasional(creating: newValue != nil)?.replacedCustomValue = newValue }
    }
    /// For a presentation copy, the model layer it shows.
    var presentationSource: CALayer? {
        get { occasionalState?.presentationSource }
        set { occasional(creating: newValue != nil)?.presentationSource = newValue }
    }
    /// For a presentation copy, the presentation copy of the superlayer it was reached through.
    var presentationParent: CALayer? {
        get { occasionalState?.presentationParent }
        set { occasional(creating: newValue != nil)?.presentationParent = newValue }
    }
    /// For a presentation copy, the presentation copies of its sublayers, once asked for.
    var presentationChildren: [CALayer]? {
        get { occasionalState?.presentationChildren }
        set { occasional(creating: newValue != nil)?.presentationChildren = newValue }
    }

    /// The layer's occasional state; made first when `creating` (a value other than the default
    /// is stored), else nil while the layer has none (storing a default then changes nothing).
    private func occasional(creating: Bool) -> LayerOccasionalState? {
        if occasionalState == nil && creating { occasionalState = LayerOccasionalState() }
        return occasionalState
    }
}
