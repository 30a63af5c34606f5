import DequeModule
import Foundation

/// An object that manages image-based content and lets you animate it: the model layer of
/// Core Animation.
///
/// A `CALayer` belongs to the thread that changes it (normally the main thread). Its
/// setters record what changed in the current `CATransaction`; the outermost commit turns
/// the changes into one immutable `LayerTreeCommit` for the renderers. Renderers never read
/// a `CALayer`: they know layers only by `LayerID`.
///
/// Layers conform to `NSSecureCoding`, as in Core Animation: `NSKeyedArchiver` archives a layer
/// with its sublayers and mask, and `NSKeyedUnarchiver` reads it back as a layer of the same class
/// (`unarchivedObject(ofClass: CALayer.self, from:)`). A layer archives the values of the keys
/// for which `shouldArchiveValue(forKey:)` answers true, which are the keys set on it; its
/// delegate, superlayer, animations and anything not archivable (a layout manager of another
/// class, a custom action object) are not archived.
open class CALayer: NSObject, NSSecureCoding, CAMediaTiming {
    // The stored properties are declared widest alignment first and the small ones together
    // (after `committedState`), so that little padding lies between them.

    /// Fields changed since the last commit.
    var pendingChanges: LayerChanges = []
    /// The built-in properties set since the layer was made, by their setters or key-value coding:
    /// what `shouldArchiveValue(forKey:)` answers true for (with `setKeys`).
    var setProperties: LayerChanges = []
    /// Every committed value of this layer, with Core Animation's defaults. Read and written
    /// only while holding `LayerLock`: the public getters take it, as do the setters, commits,
    /// hit-tests and every other entry point that reads it.
    var state = LayerProperties()
    /// The identity by which renderers know this layer.
    package let layerID = LayerID.next()
    /// The threads (transaction stacks) whose lists of changed layers hold this layer: a change
    /// on a thread not yet among them enrols the layer in that thread's list too.
    var enrolment = TransactionEnrolment()
    /// The tree as of the last commit, shown by presentation copies (held weakly: a released
    /// layer leaves the screen with the next commit anyway).
    var committedSublayers: [WeakLayer]?
    weak var committedSuperlayer: CALayer?

    /// The sublayers, back to front. Only this layer holds its buffer (the `sublayers` getter hands
    /// out `sublayerSnapshot`), so adding and removing one mutates it in place, never copying it;
    /// a double-ended queue, so adding or removing one at either end takes constant time.
    var sublayerStorage: Deque<CALayer>? {
        didSet { sublayerSnapshot = nil }  // no `oldValue`: mutations stay in place (SE-0268)
    }
    /// Where this layer last sat in its superlayer's `sublayerStorage`, counted from the
    /// superlayer's `sublayerIndexOrigin`: the search for it starts there, so finding a sublayer
    /// costs the distance it has moved since, not the list's length.
    var sublayerIndexHint = 0
    /// What `sublayerIndexHint`s count from: one less for each sublayer put at the front, one more
    /// for each taken from the front, so that changes at the front move no other sublayer's hint.
    var sublayerIndexOrigin = 0
    weak var superlayerStorage: CALayer?

    /// The animations added to the layer, in key order (what `animationKeys()` lists).
    var attachedAnimations = AttachedAnimations()
    /// The animations as of the last commit: what the render side runs and `presentation()` evaluates.
    var committedAnimations: [RenderAnimation] = []
    /// The values kept on the app side only (name, style, actions, layout settings, ...), in a
    /// box made when one is first set: most layers set none, and keep 8 bytes instead of 156.
    var attributes: LayerAttributes {
        get { attributeBox?.attributes ?? LayerAttributes.defaults }
        _modify {
            if attributeBox == nil { attributeBox = LayerAttributes.Box() }
            yield &attributeBox!.attributes
        }
    }
    private var attributeBox: LayerAttributes.Box?
    /// What the layer keeps only while it uses it (`LayerOccasionalState`); nil while it uses none.
    var occasionalState: LayerOccasionalState?
    /// Whether `bounds` size changes mark the layer for display. Default false (true for the
    /// gradient and text layers).
    open var needsDisplayOnBoundsChange: Bool {
        get { attribute(\.displaysOnBoundsChange) }
        set { setAttribute(\.displaysOnBoundsChange, newValue, key: "needsDisplayOnBoundsChange") }
    }
    /// Whether a new layer of this class redraws when its bounds change size: false for layers.
    class var displaysOnBoundsChangeByDefault: Bool { false }
    /// Whether the layer's drawing is turned into pixels on a background thread. Default false.
    ///
    /// As in Core Animation, `draw(in:)` is still called where the layer displays, but into a
    /// context that records the drawing calls; the pixels are filled in on a background queue
    /// and become the contents in a transaction committed when they are done, so that the
    /// commit that displayed the layer does not wait for them (the old contents show until
    /// then). A later display supersedes a drawing still being filled in.
    open var drawsAsynchronously: Bool {
        get { attribute(\.drawsAsynchronously) }
        set { setAttribute(\.drawsAsynchronously, newValue, key: "drawsAsynchronously") }
    }
    /// The values as of the last commit; nil until the layer has been committed once.
    var committedState: LayerProperties?
    /// True until this layer has been encoded whole, and again whenever it joins a new superlayer.
    var needsFullSync = true
    /// Whether the last action search ended at an `NSNull` (which rules out the implicit animation).
    var actionSearchHitNull = false
    /// Whether the layer is marked for layout (`setNeedsLayout()`).
    var needsLayoutFlag = false
    /// True while the layer lays out its sublayers (changes then do not mark it again).
    var isLayingOut = false
    /// Lays out the sublayers when the layer's delegate does not; see `CALayoutManager`.
    open var layoutManager: (any CALayoutManager)? {
        get { attribute(\.layoutManager) }
        set {
            setAttribute(\.layoutManager, newValue, key: "layoutManager")
            setNeedsLayout()
        }
    }
    /// How the layer stretches when its superlayer's bounds change size (see
    /// `resize(withOldSuperlayerSize:)` for how the change is shared). Default none.
    open var autoresizingMask: CAAutoresizingMask {
        get { attribute(\.autoresizingMask) }
        set { setAttribute(\.autoresizingMask, newValue, key: "autoresizingMask") }
    }

    // MARK: - Identity, actions, style

    /// Filters applied to the layer and its sublayers as one group, after its `mask` and before
    /// its `opacity`: `CAFilter`s or type names (see `CAFilter` for the types drawn and their
    /// inputs). The getter returns the array set (a presentation layer: the filters shown, with
    /// animated inputs). Setting it runs the `filters` action, by default a basic animation;
    /// inputs animate by key path, `"filters.<name>.<input>"`. Unknown types and inputs are
    /// ignored with a logged message. Default nil.
    open var filters: [Any]? {
        get { isPresentation ? shownFilters(\.filters, \.filters) : attribute(\.filters) }
        set { setFilters(\.filters, \.filters, newValue, .filters) }
    }
    /// Filters applied to what lies behind the layer, inside its shape (bounds rounded by
    /// `cornerRadius`), before the layer itself is drawn: a `gaussianBlur` here behind a
    /// translucent background is "frosted glass". What lies behind is what was drawn before the
    /// layer into the same group. Inputs animate by key path, `"backgroundFilters.<name>.<input>"`;
    /// setting the property runs its action, by default a fade `CATransition`. Default nil.
    open var backgroundFilters: [Any]? {
        get { isPresentation ? shownFilters(\.backgroundFilters, \.backgroundFilters) : attribute(\.backgroundFilters) }
        set { setFilters(\.backgroundFilters, \.backgroundFilters, newValue, .backgroundFilters) }
    }
    /// The blend mode compositing the layer (after its mask, filters and opacity) onto what lies
    /// behind it: a `CAFilter` or type name such as `"multiplyBlendMode"` (see `CAFilter`); nil
    /// composites source-over. What lies behind is what was drawn before the layer into the same
    /// group: a superlayer drawn as a group (group opacity, a mask, filters or a blend mode of its
    /// own) isolates its sublayers' blending. The getter returns the object set. Setting it runs
    /// its action, by default a fade `CATransition`. Default nil.
    open var compositingFilter: Any? {
        get { attribute(\.compositingFilter) }
        set {
            LayerLock.withLock {
                setAttribute(\.compositingFilter, newValue, key: "compositingFilter")
                setState(\.compositingFilter, FilterResolution.blendMode(newValue), .compositingFilter)
            }
        }
    }

    /// How far above standard white (in stops) the contents' brightest values reach; 0 for standard
    /// dynamic range contents. Negative values are kept. Stored and returned: SceneCore draws
    /// standard dynamic range, so the value is not sent to the render side.
    open var contentsHeadroom: CGFloat {
        get { attribute(\.contentsHeadroom) }
        set { setAttribute(\.contentsHeadroom, newValue, key: "contentsHeadroom") }
    }
    /// Whether the layer's contents use extended dynamic range. Default false. Stored and returned.
    open var wantsExtendedDynamicRangeContent: Bool {
        get { attribute(\.wantsExtendedDynamicRangeContent) }
        set { setAttribute(\.wantsExtendedDynamicRangeContent, newValue, key: "wantsExtendedDynamicRangeContent") }
    }
    /// The dynamic range the layer's contents should be shown in. Default `.standard`. Stored and
    /// returned.
    open var preferredDynamicRange: CADynamicRange {
        get { attribute(\.preferredDynamicRange) }
        set { setAttribute(\.preferredDynamicRange, newValue, key: "preferredDynamicRange") }
    }
    /// Whether extended-range contents are tone mapped. Default `.automatic`. Stored and returned.
    open var toneMapMode: CAToneMapMode {
        get { attribute(\.toneMapMode) }
        set { setAttribute(\.toneMapMode, newValue, key: "toneMapMode") }
    }

    /// The layer's name, used by `CAConstraint` to find siblings.
    open var name: String? {
        get { attribute(\.name) }
        set { setAttribute(\.name, newValue, key: "name") }
    }
    /// Fallback property values and actions (Apple's CALayer documentation); may nest a `style` of its own.
    open var style: [AnyHashable: Any]? {
        get { attribute(\.style) }
        set { setAttribute(\.style, newValue, key: "style") }
    }
    /// Actions by key, consulted by `action(forKey:)` after the delegate.
    open var actions: [String: any CAAction]? {
        get { attribute(\.actions) }
        set { setAttribute(\.actions, newValue, key: "actions") }
    }
    /// The layer's delegate, held weakly as in Core Animation.
    open weak var delegate: (any CALayerDelegate)?

    // MARK: - Creation

    /// Creates a layer with Core Animation's default property values.
    public override init() {
        super.init()
        if Self.displaysOnBoundsChangeByDefault { attributes.displaysOnBoundsChange = true }
    }

    /// Creates a shadow copy of `layer`, as Core Animation does for presentation layers.
    ///
    /// Like Apple's implementation this copies nothing itself; SceneCore fills in the
    /// presentation values afterwards. Subclasses override it to copy their own stored
    /// properties from `layer` and must call `super.init(layer:)`.
    public required init(layer: Any) {
        super.init()
        if Self.displaysOnBoundsChangeByDefault { attributes.displaysOnBoundsChange = true }
    }

    /// Unarchives a layer archived by `encode(with:)`: a new layer of this class (with the
    /// class's defaults) on which each archived key is set with `setValue(_:forKey:)`, so that
    /// those keys count as set again; its sublayers and mask are unarchived with it.
    /// Subclasses that override it must call `super.init(coder:)`.
    public required init?(coder: NSCoder) {
        super.init()
        if Self.displaysOnBoundsChangeByDefault { attributes.displaysOnBoundsChange = true }
        decodeArchivedValues(from: coder)
    }

    deinit {
        if committedState != nil { ReleasedLayers.shared.add(layerID) }
        // The animations still attached go with the layer: no event reaches their delegates.
        for record in attachedAnimations.records { AnimationEventCenter.shared.unregister(record) }
        // Lets go of the subtree one layer at a time: releasing it through nested deinits would run
        // out of call stack for a chain of layers 100,000 deep.
        var held = takeHeldLayers()
        while var layer = held.popLast() {
            if isKnownUniquelyReferenced(&layer) { held.append(contentsOf: layer.takeHeldLayers()) }
        }
    }

    /// Empties the lists that hold other layers strongly (sublayers, mask, presentation copies of
    /// the sublayers) and returns what they held.
    private func takeHeldLayers() -> [CALayer] {
        var held = Array(sublayerStorage ?? [])
        held += sublayerSnapshot ?? []
        held += presentationChildren ?? []
        if let maskStorage { held.append(maskStorage) }
        sublayerStorage = nil
        sublayerSnapshot = nil
        presentationChildren = nil
        maskStorage = nil
        return held
    }

    // MARK: - Model and presentation

    /// A copy of this layer showing what is on screen: the values of the last commit.
    ///
    /// Returns nil until the layer has been committed once, as Core Animation does for a
    /// layer with no render server behind it. The copy's `sublayers`, `superlayer` and
    /// `mask` are presentation copies too, so `hitTest(_:)` on it tests what is on screen.
    open func presentation() -> Self? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if presentationSource != nil { return self }
        guard committedState != nil else { return nil }
        let copy = Self(layer: self)
        copy.keyedValues = keyedValues
        copy.state = presentedState(at: CACurrentMediaTime(), custom: &copy.keyedValues)
        copy.presentationSource = self
        copy.name = name
        (copy.setProperties, copy.setKeys) = (setProperties, setKeys)
        copy.contentsObject = copy.state.contents
        return copy
    }

    /// The model layer: `self` for a model layer, the layer shown for a presentation copy.
    open func model() -> Self {
        guard let source = presentationSource else { return self }
        // swiftlint:disable:next force_cast
        return source as! Self
    }

    /// True for layers returned by `presentation()`.
    var isPresentation: Bool { presentationSource != nil }

    // MARK: - Key-value coding

    /// The value of a property or of an arbitrary stored key (Core Animation layers are
    /// key-value coding containers). Unset arbitrary keys fall back to `defaultValue(forKey:)`.
    /// Numbers come back as `NSNumber` and structs as Swift values (`CGPoint`, `CGRect`, `CATransform3D`, ...),
    /// each castable as on Apple's platforms (`as? CGFloat`, `as? Double`, `as? NSValue`, ...).
    open func value(forKey key: String) -> Any? {
        storedValue(forKey: key)
    }

    /// Sets a property, or stores an arbitrary key. A value of the wrong type for a
    /// property is refused with a logged error and changes nothing.
    open func setValue(_ value: Any?, forKey key: String) {
        storeValue(value, forKey: key)
    }

    /// The default for a key with no value: Core Animation's non-zero defaults
    /// (for example (0.5, 0.5) for `anchorPoint`), nil for keys whose default is zero or nil.
    /// A property of a layer class (`instanceCount` of `CAReplicatorLayer`, `startPoint` of
    /// `CAGradientLayer`, ...) has its default on that class and its subclasses; on other layers
    /// its key is an arbitrary key, with no default.
    open class func defaultValue(forKey key: String) -> Any? {
        if let id = PropertyID(key: key), let owner = id.ownerClass {
            return isSubclass(of: owner) ? id.declared.defaultObject : nil
        }
        return LayerKey.defaults[key]
    }

    // MARK: - Hit testing

    /// Whether `p`, in this layer's own coordinate space, lies within its bounds
    /// (the origin edges are inside, the far edges outside).
    open func contains(_ p: CGPoint) -> Bool {
        LayerLock.withLock { state.bounds.contains(p) }
    }

    /// The deepest visible layer containing `p`, given in the **superlayer's** coordinate space.
    ///
    /// Sublayers are searched front to back (higher `zPosition` first, then later in
    /// `sublayers` first); hidden layers are skipped; `masksToBounds` excludes points outside
    /// the bounds; points are unprojected onto 3D-transformed layers. Call it on
    /// `presentation()` to test what is on screen; `model()` of the result is your layer.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        defaultHitTest(p)
    }

    // MARK: - Animations

    /// Adds a copy of `anim` under `key`, replacing (and stopping, with `finished: false`) an
    /// animation already under that key.
    ///
    /// The copy gets the transaction's `animationDuration` when its duration is 0, the
    /// transaction's `animationTimingFunction` when one is set, and, when its `beginTime` is 0,
    /// the layer's time at the commit that sends it to the render side. Its values are
    /// converted to the key path's type now: a value of the wrong type, an unknown field or
    /// malformed keyframes are refused with a logged error, and nothing is added.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        addAnimation(anim, forKey: key)
        if contentRedraw?.drives(anim) == true { setNeedsDisplay() }
    }

    /// The animation under `key`: the copy that was added (its begin time filled in once
    /// committed), or nil.
    open func animation(forKey key: String) -> CAAnimation? { attachedAnimation(forKey: key) }

    /// The keys of the attached animations in the order they apply; nil when there are none.
    open func animationKeys() -> [String]? { attachedAnimationKeys() }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) {
        let redrawn = animation(forKey: key).map { contentRedraw?.drives($0) == true } ?? false
        detachAnimation(forKey: key)
        if redrawn { setNeedsDisplay() }
    }

    /// Removes every animation; their delegates hear `finished: false`.
    open func removeAllAnimations() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let redrawn = attachedAnimations.records.contains { contentRedraw?.drives($0.animation) == true }
        detachAllAnimations()
        if redrawn { setNeedsDisplay() }
    }

    /// For layers that draw animated values on the app side (text, or a subclass's own keys that
    /// need display): adding or removing an animation of one of those values marks the layer for
    /// display.
    var contentRedraw: AnimatedRedraw? { customKeyRedraw() }

    // MARK: - Layout

    /// Marks the layer for layout at the next commit (or `layoutIfNeeded()`).
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether the layer is marked for layout.
    open func needsLayout() -> Bool { LayerLock.withLock { needsLayoutFlag } }

    /// Lays out now: from the highest marked superlayer down, every marked layer of that subtree.
    open func layoutIfNeeded() { layoutMarkedSubtree() }

    /// Lays out the sublayers: the delegate's `layoutSublayers(of:)` when it implements it,
    /// otherwise the layout manager's. Subclasses override it to lay out themselves.
    open func layoutSublayers() {
        if let delegate { delegate.layoutSublayers(of: self) } else { layoutManager?.layoutSublayers(of: self) }
    }

    /// The size the layer would like: the layout manager's preference, else the bounds' size.
    open func preferredFrameSize() -> CGSize {
        layoutManager?.preferredSize(of: self) ?? LayerLock.withLock { state.bounds.size }
    }

    /// Tells the sublayers that this layer's bounds changed from `size`: each resizes itself
    /// by its `autoresizingMask`.
    open func resizeSublayers(withOldSize size: CGSize) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        for sublayer in sublayerStorage ?? [] { sublayer.resize(withOldSuperlayerSize: size) }
    }

    /// Resizes and moves the layer by its `autoresizingMask` after its superlayer's bounds
    /// changed from `size`. Core Animation's rule, on each axis: the size change Δ goes whole to
    /// a single flexible part; a margin and the size take 2/3 and 1/3 of it; both margins 1/2
    /// each; all three 1/3 each, whatever their lengths. An axis that moves or stretches is
    /// then snapped to whole points (minimum edge floored, maximum edge ceiled); a size is not
    /// clamped, and one that becomes negative leaves the frame standardised.
    open func resize(withOldSuperlayerSize size: CGSize) { autoresize(fromSuperlayerSize: size) }

    // MARK: - Display

    /// Marks the whole layer for redrawing at the next commit.
    open func setNeedsDisplay() { markNeedsDisplay(LayerLock.withLock { state.bounds }) }

    /// Marks `r` (layer coordinates) for redrawing at the next commit; only that part of the
    /// backing store is drawn again.
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay(r) }

    /// Whether the layer is marked for redrawing.
    open func needsDisplay() -> Bool { LayerLock.withLock { dirtyRect != nil } }

    /// Redraws now if the layer is marked.
    /// The mark is cleared afterwards even when a subclass's `display()` does not call super, so a
    /// layer displays at most once per `setNeedsDisplay()`.
    open func displayIfNeeded() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard needsDisplay() else { return }
        display()
        dirtyRect = nil
    }

    /// Updates `contents`: the delegate's `display(_:)` when it implements it, otherwise a
    /// backing store of `bounds` x `contentsScale` pixels drawn by `draw(in:)`. Called during
    /// the commit for marked layers; rarely called directly.
    ///
    /// A backing store is at most 8192 pixels a side and 2^24 pixels (64 MiB). Core Animation
    /// keeps backing stores within the GPU's maximum texture size and leaves larger drawing to
    /// `CATiledLayer`; SceneCore draws a layer whose bounds at its `contentsScale` would need
    /// more at the largest lower scale that fits (the whole drawing, less sharp), with one
    /// logged warning for each such size and scale, not one each time the layer redraws.
    open func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if let delegate { delegate.display(self) } else { displayIntoBackingStore() }
        dirtyRect = nil
    }

    /// Whether the layer's contents are flipped vertically: the exclusive-or of `isGeometryFlipped`
    /// over the layer itself and all its ancestors, as Core Animation answers (a detached layer
    /// with the flag set answers true). Drawing in `draw(in:)` uses the layer's own coordinates
    /// either way, so what is drawn at a point appears at that point of the layer.
    open func contentsAreFlipped() -> Bool {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        var flipped = isGeometryFlipped
        var ancestor = superlayer
        while let layer = ancestor {
            if layer.isGeometryFlipped { flipped.toggle() }
            ancestor = layer.superlayer
        }
        return flipped
    }

    /// Draws the layer's content into `ctx`: the delegate's `draw(_:in:)` by default.
    /// Subclasses override it to draw themselves.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    // MARK: - Actions

    /// The action for `event`, searched as Core Animation does: the delegate's
    /// `action(for:forKey:)`, then `actions[event]`, then `style["actions"][event]` (through
    /// nested `style["style"]` dictionaries), then `defaultAction(forKey:)`. The first
    /// non-nil answer wins, and `NSNull` ends the search with no action; when every step answers
    /// nil the answer is nil, for animatable keys too. A change of an animatable property whose
    /// search found nothing (but not one that hit `NSNull`) runs the implicit animation: a
    /// `CABasicAnimation` from the value on screen now, with the transaction's duration and
    /// timing function (`.default` when it has none).
    open func action(forKey event: String) -> (any CAAction)? { searchAction(forKey: event) }

    /// The class's default action for `event`: nil, as Core Animation answers for its own
    /// keys (the implicit animation comes from `action(forKey:)` itself). Subclasses override it.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// Whether changing `key` marks the layer for redrawing (`setNeedsDisplay()`). Default
    /// false; subclasses answer true for the keys their drawing depends on.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Archiving

    /// Whether `encode(with:)` archives the value of `key`.
    ///
    /// As Core Animation answers: true for a key set since the layer was made, by its setter or
    /// by `setValue(_:forKey:)`, even to the value it already had (setting `frame` sets `bounds` and
    /// `position`); true from the start for `allowsEdgeAntialiasing`, `allowsGroupOpacity`,
    /// `cornerCurve` and `contentsFormat`; for `sublayers`, true while the layer has any; never for
    /// `frame` or `superlayer`; false for every other key (a new layer's `mask`, `filters` or
    /// `contentsCenter`, or a shape layer's unset `path`). Subclasses override it to archive more
    /// or fewer keys.
    open func shouldArchiveValue(forKey key: String) -> Bool { archivesValue(forKey: key) }

    /// Archives the value (`value(forKey:)`) of every key for which `shouldArchiveValue(forKey:)`
    /// answers true: the built-in properties, `sublayers` and `mask` (the layers themselves, archived
    /// whole), and the other keys set on the layer (`name`, `style`, `actions`, `filters`, a
    /// subclass's keys, arbitrary keys). A value that cannot be archived is left out with a logged
    /// warning. Subclasses that override it must call `super.encode(with:)`.
    open func encode(with coder: NSCoder) { encodeArchivedValues(with: coder) }

    /// True: layers are unarchived with `NSKeyedUnarchiver`'s secure coding.
    open class var supportsSecureCoding: Bool { true }

    // MARK: - Change recording

    /// Stores `value` in property `id` (at `keyPath`), notes the property as set (for
    /// `shouldArchiveValue(forKey:)`, even when the value is unchanged) and records the change if it
    /// differs from the current value; a non-finite value is refused with a logged error, keeping
    /// the old one (infinity is accepted where `allowsInfinity`, NaN never).
    /// When the property runs actions and the layer is committed, runs the action for its key (by
    /// default the implicit animation) unless the transaction disables actions; when the class
    /// answers true to `needsDisplay(forKey:)`, marks the layer for display.
    @inline(__always)
    func setState<T: LayerValue>(
        _ keyPath: WritableKeyPath<LayerProperties, T>, _ value: T, _ id: PropertyID, allowsInfinity: Bool = false
    ) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard value.isFiniteValue || (allowsInfinity && !value.isNaNValue) else {
            let old = state[keyPath: keyPath]
            let key = id.declared.key
            Diagnostics.error("CALayer.\(key) of \(self): refused non-finite value \(value); keeping \(old)")
            return
        }
        setProperties.formUnion(LayerChanges(id))
        if state[keyPath: keyPath] == value { return }
        state[keyPath: keyPath] = value
        recordChange(LayerChanges(id))
        let declaration = id.declared
        if committedState != nil && declaration.runsActions { propertyDidChange(declaration.key) }
        if type(of: self).needsDisplay(forKey: declaration.key) { setNeedsDisplay() }
    }

    /// Marks `change` as pending and enrolls the layer in the current transaction.
    func recordChange(_ change: LayerChanges) {
        guard !isPresentation else { return }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        pendingChanges.formUnion(change)
        let stack = TransactionStack.current
        if enrolment.insert(stack.id) { stack.register(self) }
    }

    open override var description: String {
        let kind = String(describing: type(of: self))
        let label = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(label) \(layerID) frame=\(frame)\(isPresentation ? " presentation" : "")>"
    }
}

/// A weak reference to a layer.
struct WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}
