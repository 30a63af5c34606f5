import DequeModule
import Foundation

/// Core Animation's model layer: a rectangle in a tree of layers, with geometry, an appearance
/// (background, border, rounded corners, shadow, opacity), optional content (an image or what
/// its drawing code draws) and sublayers, whose changes the render side animates.
///
/// Setting a property records the change in the current `CATransaction`; the outermost commit
/// turns the changes into one immutable `LayerTreeCommit` for the renderers showing the tree,
/// which keep their own copy of it and never read a `CALayer` (they know layers only by
/// `LayerID`). Layers may be read and changed on any thread: every access takes the one lock
/// `CATransaction.lock()` takes, and each thread's changes commit with its own transactions.
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
    /// box made when one is first set: most layers set none, and keep a reference instead of the
    /// values (`MemoryLayoutTests` has their size).
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
    /// What a layer of this class draws of its own (`LayerKind`): each layer class overrides it.
    class var kind: LayerKind { .layer }
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
    /// The dynamic range the layer's contents should be shown in. Default `.standard`; a name
    /// Core Animation does not know reads back as `.standard`, as on Apple's platforms. Stored and
    /// returned.
    open var preferredDynamicRange: CADynamicRange {
        get { attribute(\.preferredDynamicRange) }
        set {
            let known = CADynamicRange.known.contains(newValue) ? newValue : .standard
            setAttribute(\.preferredDynamicRange, known, key: "preferredDynamicRange")
        }
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
    /// Fallback property values and actions (Apple's CALayer documentation); may nest a `style` of its
    /// own, the shallowest value of a key winning. A property not set explicitly takes its value from
    /// the style (boxed values accepted, `bounds` and `frame` excepted), without running actions;
    /// setting the property explicitly overrides it, and a new style replaces the old one's values.
    open var style: [AnyHashable: Any]? {
        get { attribute(\.style) }
        set {
            setAttribute(\.style, newValue, key: "style")
            applyStyle(newValue)
        }
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
        setUpClassDefaults()
    }

    /// Creates a shadow copy of `layer`, as Core Animation does for presentation layers.
    ///
    /// Like Apple's implementation this copies nothing itself; SceneCore fills in the
    /// presentation values afterwards. Subclasses override it (`override init(layer: Any)`) to
    /// copy their own stored properties from `layer` and must call `super.init(layer:)`.
    public init(layer: Any) {
        super.init()
        setUpClassDefaults()
    }

    /// Creates the presentation copy of `model` through `init(layer:)`, the subclass's override
    /// included: how `presentation()` makes an instance of the model's own class. (A SceneCore
    /// addition: Swift can create an instance of a class known only at run time through a
    /// required initializer alone.) A subclass inherits it when it overrides every designated
    /// initializer it declares of `CALayer` (`init()`, `init(layer:)`, `init?(coder:)`) or
    /// declares none, as a subclass must on Apple's platforms for Core Animation to make its
    /// presentation layers.
    public required convenience init(presentationOf model: CALayer) {
        self.init(layer: model)
    }

    /// Unarchives a layer archived by `encode(with:)`: a new layer of this class (with the
    /// class's defaults) on which each archived key is set with `setValue(_:forKey:)`, so that
    /// those keys count as set again; its sublayers and mask are unarchived with it.
    /// Subclasses that override it must call `super.init(coder:)`. Any archive is safe to
    /// decode: what is malformed, of an unexpected class, cyclic or nested more than 1,000
    /// objects deep is refused with a logged error and fails the decode (nil) where the coder's
    /// failure policy is `.setErrorAndReturn` (`SecureUnarchiver` says which entry points are safe).
    public required init?(coder: NSCoder) {
        super.init()
        setUpClassDefaults()
        decodeArchivedValues(from: coder)
        if coder.failsDecoding { return nil }
    }

    /// What a new layer takes from its class, before anything else is set on it.
    private func setUpClassDefaults() {
        if Self.kind != .layer { state.kind = Self.kind }
        if Self.displaysOnBoundsChangeByDefault { attributes.displaysOnBoundsChange = true }
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
        let copy = Self(presentationOf: self)
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
    /// malformed keyframes are refused with a logged error, and nothing is added; so are groups
    /// nested deeper than `CAAnimation.maximumGroupDepth` (64), or holding themselves.
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

    // MARK: - Appearance

    /// Whether the layer and its sublayers are hidden (not drawn, not hit). Animatable.
    open var isHidden: Bool {
        get { LayerLock.withLock { state.isHidden } }
        set { setState(\.isHidden, newValue, .isHidden) }
    }

    /// Whether the back of the layer is drawn when it faces away from the viewer. Default true.
    open var isDoubleSided: Bool {
        get { LayerLock.withLock { state.isDoubleSided } }
        set { setState(\.isDoubleSided, newValue, .isDoubleSided) }
    }

    /// Whether sublayers and contents are clipped to the bounds, rounded by `cornerRadius`. Animatable.
    open var masksToBounds: Bool {
        get { LayerLock.withLock { state.masksToBounds } }
        set { setState(\.masksToBounds, newValue, .masksToBounds) }
    }

    /// The layer's opacity in [0, 1]; with `allowsGroupOpacity` the layer and its sublayers
    /// are composited as one group. Animatable.
    open var opacity: Float {
        get { LayerLock.withLock { state.opacity } }
        set { setState(\.opacity, newValue, .opacity) }
    }

    /// Whether opacity applies to the layer and its sublayers as one group. Default true.
    open var allowsGroupOpacity: Bool {
        get { LayerLock.withLock { state.allowsGroupOpacity } }
        set { setState(\.allowsGroupOpacity, newValue, .allowsGroupOpacity) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are anti-aliased. Default false: the
    /// straight edges of a layer turned off the pixel grid are hard (a pixel is covered when its
    /// centre is inside), except a rounded layer's, which is smooth all round.
    open var allowsEdgeAntialiasing: Bool {
        get { LayerLock.withLock { state.allowsEdgeAntialiasing } }
        set { setState(\.allowsEdgeAntialiasing, newValue, .allowsEdgeAntialiasing) }
    }

    /// Which straight edges of the bounds are anti-aliased when `allowsEdgeAntialiasing` is true:
    /// the others are hard. Applies to the background, border, contents, the `masksToBounds`
    /// clip and a rasterized layer's bitmap; rounded corners stay anti-aliased. Tiles that abut
    /// leave their shared edges out so that no seam shows between them. Default all four.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { LayerLock.withLock { state.edgeAntialiasingMask } }
        set { setState(\.edgeAntialiasingMask, newValue, .edgeAntialiasingMask) }
    }

    /// The fill behind contents and sublayers, rounded by `cornerRadius`. Default nil. Animatable.
    open var backgroundColor: CGColor? {
        get { LayerLock.withLock { state.backgroundColor } }
        set { setState(\.backgroundColor, newValue, .backgroundColor) }
    }

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds` is set). Negative values become 0. Animatable.
    open var cornerRadius: CGFloat {
        get { LayerLock.withLock { state.cornerRadius } }
        set { setState(\.cornerRadius, newValue.negativeAsZero, .cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds. Default all four; bits other than the four corners
    /// are dropped, as Core Animation does.
    open var maskedCorners: CACornerMask {
        get { LayerLock.withLock { state.maskedCorners } }
        set { setState(\.maskedCorners, newValue.intersection(.all), .maskedCorners) }
    }

    /// The curve of the rounded corners. A name Core Animation does not define reads back as
    /// `.circular`. Stored; drawn as circular arcs.
    open var cornerCurve: CALayerCornerCurve {
        get { LayerLock.withLock { state.cornerCurve } }
        set { setState(\.cornerCurve, newValue == .continuous ? .continuous : .circular, .cornerCurve) }
    }

    /// The border's width, inset from the bounds and drawn above contents and sublayers.
    /// Negative values become 0. Animatable.
    open var borderWidth: CGFloat {
        get { LayerLock.withLock { state.borderWidth } }
        set { setState(\.borderWidth, newValue.negativeAsZero, .borderWidth) }
    }

    /// The border's colour. Default opaque black. Animatable.
    open var borderColor: CGColor? {
        get { LayerLock.withLock { state.borderColor } }
        set { setState(\.borderColor, newValue, .borderColor) }
    }

    /// The shadow's colour. Default opaque black. Animatable.
    open var shadowColor: CGColor? {
        get { LayerLock.withLock { state.shadowColor } }
        set { setState(\.shadowColor, newValue, .shadowColor) }
    }

    /// The shadow's opacity. Default 0 (no shadow). Animatable.
    open var shadowOpacity: Float {
        get { LayerLock.withLock { state.shadowOpacity } }
        set { setState(\.shadowOpacity, newValue, .shadowOpacity) }
    }

    /// The shadow's offset. Default (0, -3). Animatable.
    open var shadowOffset: CGSize {
        get { LayerLock.withLock { state.shadowOffset } }
        set { setState(\.shadowOffset, newValue, .shadowOffset) }
    }

    /// The shadow's blur radius. Default 3. Animatable.
    open var shadowRadius: CGFloat {
        get { LayerLock.withLock { state.shadowRadius } }
        set { setState(\.shadowRadius, newValue, .shadowRadius) }
    }

    /// The shape of the shadow, in the layer's coordinates, in place of the shape of the layer's
    /// content; an immutable copy of the path set. Default nil. Animatable: paths with the same
    /// elements (the same number, each of the same kind) blend point by point; for other pairs,
    /// which Core Animation leaves undefined, and between a path and nil, the from-path shows
    /// until half-way and the to-path from half-way. `byValue` and additive or cumulative
    /// animations do not add paths.
    open var shadowPath: CGPath? {
        get { LayerLock.withLock { state.shadowPath } }
        set { setState(\.shadowPath, newValue?.copy(), .shadowPath) }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Default false.
    open var shouldRasterize: Bool {
        get { LayerLock.withLock { state.shouldRasterize } }
        set { setState(\.shouldRasterize, newValue, .shouldRasterize) }
    }

    /// The scale at which a rasterized layer is rendered. Default 1.
    open var rasterizationScale: CGFloat {
        get { LayerLock.withLock { state.rasterizationScale } }
        set { setState(\.rasterizationScale, newValue, .rasterizationScale) }
    }

    // MARK: - Contents

    /// The layer's content: a `CGImage`. Animatable (cross-fade).
    ///
    /// Any object may be stored, as in Core Animation, but only a `CGImage` is displayed;
    /// anything else is kept for `contents` to return and logged as not displayable. A gradient
    /// layer shows the image over its gradient.
    open var contents: Any? {
        get { LayerLock.withLock { contentsObject } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            contentsObject = newValue
            setProperties.formUnion(LayerChanges(.contents))
            let image = newValue as? CGImage
            if newValue != nil, image == nil {
                Diagnostics.error(
                    "CALayer.contents of \(self): a \(type(of: newValue!)) is not displayable; only CGImage is drawn")
            }
            if state.contents !== image {
                state.contents = image
                recordChange(LayerChanges(.contents))
                if committedState != nil { propertyDidChange("contents") }
            }
        }
    }

    /// The part of the contents image shown, in unit coordinates. Default (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect {
        get { LayerLock.withLock { state.contentsRect } }
        set { setState(\.contentsRect, newValue, .contentsRect) }
    }

    /// The stretchable centre of the contents (9-slice), in unit coordinates of the
    /// contents rect. Default (0, 0, 1, 1). Animatable.
    open var contentsCenter: CGRect {
        get { LayerLock.withLock { state.contentsCenter } }
        set { setState(\.contentsCenter, newValue, .contentsCenter) }
    }

    /// How the contents are placed in the bounds. Default `.resize`; a name Core Animation does not
    /// define reads back as `.center`, as on Apple platforms.
    open var contentsGravity: CALayerContentsGravity {
        get { LayerLock.withLock { state.contentsGravity } }
        set {
            setState(
                \.contentsGravity, CALayerContentsGravity.allCases.contains(newValue) ? newValue : .center,
                .contentsGravity)
        }
    }

    /// Pixels per point of the contents: an image of 200 pixels at scale 2 is 100 points wide.
    /// Must be positive. Default 1. Animatable. A change redraws layers whose class answers
    /// true to `needsDisplay(forKey: "contentsScale")`.
    open var contentsScale: CGFloat {
        get { LayerLock.withLock { state.contentsScale } }
        set {
            guard newValue > 0 else {
                Diagnostics.error(
                    "CALayer.contentsScale of \(self): refused \(newValue); it must be positive and finite")
                return
            }
            setState(\.contentsScale, newValue, .contentsScale)
        }
    }

    /// A hint for the backing store's pixel format. Default `.RGBA8Uint`; a name Core Animation
    /// does not define reads back as `.RGBA8Uint`.
    open var contentsFormat: CALayerContentsFormat {
        get { LayerLock.withLock { state.contentsFormat } }
        set {
            let known: [CALayerContentsFormat] = [.RGBA8Uint, .RGBA16Float, .gray8Uint, .automatic]
            setState(\.contentsFormat, known.contains(newValue) ? newValue : .RGBA8Uint, .contentsFormat)
        }
    }

    /// The filter used when the contents are drawn smaller than their pixel size. Default `.linear`.
    open var minificationFilter: CALayerContentsFilter {
        get { LayerLock.withLock { state.minificationFilter } }
        set { setState(\.minificationFilter, newValue, .minificationFilter) }
    }

    /// The filter used when the contents are drawn larger than their pixel size. Default `.linear`.
    open var magnificationFilter: CALayerContentsFilter {
        get { LayerLock.withLock { state.magnificationFilter } }
        set { setState(\.magnificationFilter, newValue, .magnificationFilter) }
    }

    /// The mipmap level bias for `.trilinear` minification. Default 0.
    open var minificationFilterBias: Float {
        get { LayerLock.withLock { state.minificationFilterBias } }
        set { setState(\.minificationFilterBias, newValue, .minificationFilterBias) }
    }

    /// A hint that the layer's drawing is fully opaque. Default false.
    open var isOpaque: Bool {
        get { LayerLock.withLock { state.isOpaque } }
        set { setState(\.isOpaque, newValue, .isOpaque) }
    }

    /// How much larger a corner drawn with `curve` is than a circular one of the same radius:
    /// 1 for `.circular` (and names Core Animation does not define), 1.528665 for `.continuous`.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    // MARK: - Converting between layers

    /// Converts a point from `layer`'s coordinate space to this layer's.
    ///
    /// nil means the absolute space (the root layer's superlayer space, i.e. the window).
    /// Layers in different trees convert through the absolute space. Points are carried
    /// through every transform, sublayerTransform and bounds origin, and unprojected onto
    /// 3D-rotated layers. Inside a `CATransformLayer` the sublayers' transforms are composed in
    /// 3D, unflattened, up to the transform layer's superlayer, so a point un-projects onto a
    /// cube's face as hit-testing does. A point that cannot be mapped (a layer seen edge-on) is
    /// returned unchanged.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let absolute = layer.map { $0.pointToAbsolute(p) } ?? p
        return pointFromAbsolute(absolute ?? p) ?? p
    }

    /// Converts a point from this layer's coordinate space to `layer`'s (nil: absolute space).
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let absolute = pointToAbsolute(p) else { return p }
        return layer.map { $0.pointFromAbsolute(absolute) ?? p } ?? absolute
    }

    /// Converts a rectangle from `layer`'s space: the bounding box of its converted corners.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CGRect.bounding(r.corners.map { convert($0, from: layer) })
    }

    /// Converts a rectangle to `layer`'s space: the bounding box of its converted corners.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CGRect.bounding(r.corners.map { convert($0, to: layer) })
    }

    // MARK: - Geometry

    /// The layer's own coordinate space: its origin offsets the sublayers (scrolling). Animatable.
    open var bounds: CGRect {
        get { LayerLock.withLock { state.bounds } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let old = state.bounds
            setState(\.bounds, newValue.standardized, .bounds)
            guard state.bounds != old else { return }
            if needsDisplayOnBoundsChange && state.bounds.size != old.size { setNeedsDisplay() }
            geometryChanged(oldSize: old.size)
        }
    }

    /// Where the anchor point sits, in the superlayer's coordinate space. Animatable.
    open var position: CGPoint {
        get { LayerLock.withLock { state.position } }
        set { setState(\.position, newValue, .position) }
    }

    /// The layer's position on the z axis; higher values are nearer the viewer and are drawn
    /// and hit-tested above lower ones among siblings. Animatable.
    open var zPosition: CGFloat {
        get { LayerLock.withLock { state.zPosition } }
        set { setState(\.zPosition, newValue, .zPosition) }
    }

    /// The point, in unit coordinates of the bounds, that `position` refers to and that
    /// transforms act about. Default (0.5, 0.5). Animatable.
    open var anchorPoint: CGPoint {
        get { LayerLock.withLock { state.anchorPoint } }
        set { setState(\.anchorPoint, newValue, .anchorPoint) }
    }

    /// The anchor point's z component. Animatable.
    open var anchorPointZ: CGFloat {
        get { LayerLock.withLock { state.anchorPointZ } }
        set { setState(\.anchorPointZ, newValue, .anchorPointZ) }
    }

    /// The transform applied to the layer, about its anchor point. Animatable.
    open var transform: CATransform3D {
        get { LayerLock.withLock { state.transform } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let old = state.transform
            setState(\.transform, newValue, .transform)
            if state.transform != old { geometryChanged(oldSize: nil) }
        }
    }

    /// The transform applied to the sublayers, about this layer's anchor point; set `m34`
    /// here for perspective. Animatable.
    open var sublayerTransform: CATransform3D {
        get { LayerLock.withLock { state.sublayerTransform } }
        set { setState(\.sublayerTransform, newValue, .sublayerTransform) }
    }

    /// The layer's rectangle in its superlayer's space, derived from bounds, position,
    /// anchorPoint and transform (the bounding box when transformed). Setting it changes
    /// `position` and `bounds.size`, keeping `bounds.origin`, and takes the transform out, its
    /// translation included: with `transform` a translation of (10, 20), setting the frame to
    /// (10, 20, 100, 50) gives position (50, 25) and bounds (0, 0, 100, 50). Not animatable.
    open var frame: CGRect {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let m = transformToSuperlayer(includingSublayerTransform: false)
            let b = state.bounds
            let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)]
            return CGRect.bounding(corners.compactMap { Homography(m).map(CGPoint(x: $0.0, y: $0.1)) })
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            guard newValue.isFiniteValue else {
                Diagnostics.error("CALayer.frame of \(self): refused non-finite value \(newValue); keeping \(frame)")
                return
            }
            // The transform's linear part sizes the bounds; its translation and the anchor point's
            // offset from the bounds' centre (both through the linear part) place the position, so
            // that the frame reads back as set.
            let f = newValue.standardized
            let affine = CATransform3DGetAffineTransform(state.transform)
            let linear = CGAffineTransform(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: 0, ty: 0)
            var size = f.size
            if !linear.isIdentity {
                let mapped = f.size.applying(linear.inverted())
                size = CGSize(width: abs(mapped.width), height: abs(mapped.height))
            }
            let anchor = state.anchorPoint
            let centreFromAnchor = CGPoint(x: size.width * (0.5 - anchor.x), y: size.height * (0.5 - anchor.y))
                .applying(linear)
            position = CGPoint(
                x: f.midX - affine.tx - centreFromAnchor.x, y: f.midY - affine.ty - centreFromAnchor.y)
            bounds = CGRect(origin: state.bounds.origin, size: size)
        }
    }

    /// Whether the sublayers' coordinate space is flipped vertically (nested flips cancel).
    open var isGeometryFlipped: Bool {
        get { LayerLock.withLock { state.isGeometryFlipped } }
        set { setState(\.isGeometryFlipped, newValue, .isGeometryFlipped) }
    }

    /// The transform's affine part, or identity when the transform is not affine.
    open func affineTransform() -> CGAffineTransform {
        let transform = LayerLock.withLock { state.transform }
        return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// Replaces `transform` with the given affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: - The layer tree

    /// The layer's sublayers, back to front; nil whenever the layer has none (also after
    /// `sublayers = []` and after the last one is removed), as in Core Animation.
    ///
    /// Setting it gives each new layer this layer as superlayer (removing it from its old
    /// one) and clears the superlayer of each layer no longer in the list. A layer listed more
    /// than once appears once, at its last position, as adding a sublayer again moves it. Layers
    /// that would make a cycle are refused with a logged error. Setting it takes time linear in
    /// the old and new lists' lengths.
    open var sublayers: [CALayer]? {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if isPresentation {
                let list = presentationSublayers()
                return list?.isEmpty == false ? list : nil
            }
            if let snapshot = sublayerSnapshot { return snapshot }
            guard let storage = sublayerStorage, !storage.isEmpty else { return nil }
            // A buffer of its own (`map` copies): the caller may keep it while the list changes.
            let snapshot = Array(storage)
            sublayerSnapshot = snapshot
            return snapshot
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let requested = newValue ?? []
            for layer in requested where !canAdopt(layer, operation: "sublayers") { return }
            var listed = Set<ObjectIdentifier>(minimumCapacity: requested.count)
            var incoming: [CALayer] = []
            incoming.reserveCapacity(requested.count)
            for layer in requested.reversed() where listed.insert(ObjectIdentifier(layer)).inserted {
                incoming.append(layer)
            }
            incoming.reverse()
            for old in sublayerStorage ?? [] where !listed.contains(ObjectIdentifier(old)) {
                old.superlayerStorage = nil
            }
            for layer in incoming where layer.superlayerStorage !== self {
                layer.detachFromParent()
                layer.adopted(by: self)
            }
            sublayerIndexOrigin = 0
            for (index, layer) in incoming.enumerated() { layer.sublayerIndexHint = index }
            sublayerStorage = newValue.map { _ in Deque(incoming) }
            recordChange(.sublayers)
            markNeedsLayout()
        }
    }

    /// The layer this layer is a sublayer of; for a mask, the layer it masks (a mask is in no
    /// layer's `sublayers`), until the mask is cleared.
    open var superlayer: CALayer? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if isPresentation {
            guard let model = presentationSource else { return presentationParent }
            return presentationParent ?? (model.committedSuperlayer ?? model.maskOwner)?.presentation()
        }
        return superlayerStorage ?? maskOwner
    }

    /// A layer whose alpha channel masks this layer's content. It must have no superlayer.
    open var mask: CALayer? {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if isPresentation { return presentationSource?.committedMask?.presentation() }
            return maskStorage
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if let newMask = newValue {
                guard canAdopt(newMask, operation: "mask") else { return }
                if newMask.superlayerStorage != nil {
                    Diagnostics.error("CALayer.mask: \(newMask) has a superlayer; removing it from there first")
                }
                newMask.detachFromParent()
                newMask.maskOwner = self
                newMask.needsFullSync = true
                newMask.recordChange([])
            }
            if let old = maskStorage, old !== newValue { old.maskOwner = nil }
            maskStorage = newValue
            setKeys.insert("mask")
            recordChange(.mask)
        }
    }

    /// Appends `layer` to the sublayers, removing it from its current superlayer first.
    open func addSublayer(_ layer: CALayer) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        insert(layer, at: sublayerStorage?.count ?? 0, operation: "addSublayer")
    }

    /// Inserts `layer` at `index` in the sublayers (clamped to the end).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        insert(layer, at: Int(index), operation: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` directly below `sibling`; at the bottom when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 0, fallback: 0, operation: "insertSublayer(_:below:)")
    }

    /// Inserts `layer` directly above `sibling`; on top when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 1, fallback: Int.max, operation: "insertSublayer(_:above:)")
    }

    /// Puts `newLayer` in the place of the sublayer `oldLayer`, which is removed.
    /// A non-sublayer `oldLayer` is refused with a logged error.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let index = sublayerIndex(of: oldLayer) else {
            Diagnostics.error("CALayer.replaceSublayer: \(oldLayer) is not a sublayer of \(self)")
            return
        }
        if oldLayer === newLayer { return }
        guard canAdopt(newLayer, operation: "replaceSublayer") else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index, operation: "replaceSublayer")
        // In a visible tree the replacement runs this layer's `transition` action (none by default).
        if committedState != nil, !CATransaction.disableActions() { runAction(forKey: kCATransition) }
    }

    /// Removes the layer from its superlayer's sublayers, or from its owner's `mask`.
    open func removeFromSuperlayer() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if let owner = maskOwner, owner.maskStorage === self {
            owner.mask = nil
            return
        }
        detachFromParent()
    }

    // MARK: - Key paths

    /// The value at a key path such as `position.x`, `bounds.size.width` or
    /// `transform.rotation.z` (on an emitter, `emitterCells.fire.birthRate`); nil (with a logged
    /// error) for a path that does not exist.
    open func value(forKeyPath keyPath: String) -> Any? {
        if let emitter = self as? CAEmitterLayer, let value = emitter.cellValue(forKeyPath: keyPath) { return value }
        let (key, field) = CALayer.split(keyPath)
        guard let field else { return value(forKey: key) }
        guard let base = value(forKey: key), let result = ValueConversion.value(ofField: field, in: base) else {
            Diagnostics.error("CALayer.value(forKeyPath: \"\(keyPath)\"): no such key path")
            return nil
        }
        return ValueConversion.object(result)
    }

    /// Sets the value at a key path such as `position.x` or `transform.scale`; an unknown
    /// path or a value of the wrong type is refused with a logged error.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let emitter = self as? CAEmitterLayer, emitter.setCellValue(value, forKeyPath: keyPath) { return }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let (key, field) = CALayer.split(keyPath)
        guard let field else { return setValue(value, forKey: key) }
        guard let base = self.value(forKey: key),
            let updated = ValueConversion.setting(value, forField: field, in: base)
        else {
            Diagnostics.error(
                "CALayer.setValue(_:forKeyPath: \"\(keyPath)\"): no such key path, or \(value.map { "\(type(of: $0))" } ?? "nil") does not fit it; unchanged"
            )
            return
        }
        setValue(updated, forKey: key)
    }

    // MARK: - Media timing

    /// When the layer's time starts, in its superlayer's time.
    open var beginTime: CFTimeInterval {
        get { LayerLock.withLock { state.timing.beginTime } }
        set { setState(\.timing.beginTime, newValue, .beginTime, allowsInfinity: true) }
    }

    /// The length of the layer's active time, in `CAMediaTiming`'s model. Default infinite, and
    /// stored only: a layer's local time here follows its `beginTime`, `speed` and `timeOffset`
    /// (what layer code relies on), never ending or repeating.
    open var duration: CFTimeInterval {
        get { LayerLock.withLock { state.timing.duration } }
        set { setState(\.timing.duration, newValue, .duration, allowsInfinity: true) }
    }

    /// How fast the layer's time runs relative to its superlayer's; 0 pauses it.
    open var speed: Float {
        get { LayerLock.withLock { state.timing.speed } }
        set { setState(\.timing.speed, newValue, .speed, allowsInfinity: true) }
    }

    /// An offset added to the layer's local time.
    open var timeOffset: CFTimeInterval {
        get { LayerLock.withLock { state.timing.timeOffset } }
        set { setState(\.timing.timeOffset, newValue, .timeOffset, allowsInfinity: true) }
    }

    /// How many times the layer's active time would repeat, in `CAMediaTiming`'s model. Default 0;
    /// stored only, like `duration`.
    open var repeatCount: Float {
        get { LayerLock.withLock { state.timing.repeatCount } }
        set { setState(\.timing.repeatCount, newValue, .repeatCount, allowsInfinity: true) }
    }

    /// How long the layer's active time would repeat for, in `CAMediaTiming`'s model. Default 0;
    /// stored only, like `duration`.
    open var repeatDuration: CFTimeInterval {
        get { LayerLock.withLock { state.timing.repeatDuration } }
        set { setState(\.timing.repeatDuration, newValue, .repeatDuration, allowsInfinity: true) }
    }

    /// Whether the layer's time would run backwards after each pass, in `CAMediaTiming`'s model.
    /// Default false; stored only, like `duration`.
    open var autoreverses: Bool {
        get { LayerLock.withLock { state.timing.autoreverses } }
        set { setState(\.timing.autoreverses, newValue, .autoreverses) }
    }

    /// What the layer would show outside its active time, in `CAMediaTiming`'s model. Default
    /// `.removed`; stored only, like `duration`.
    open var fillMode: CAMediaTimingFillMode {
        get { LayerLock.withLock { state.timing.fillMode } }
        set { setState(\.timing.fillMode, newValue, .fillMode) }
    }

    /// Converts a time from `layer`'s local time (nil: absolute media time) to this layer's.
    ///
    /// Each layer's local time is `(parentTime - beginTime) * speed + timeOffset`, applied
    /// from the root down; layers never repeat or clamp time.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.withLock { localTime(fromAbsolute: layer?.absoluteTime(fromLocal: t) ?? t) }
    }

    /// Converts a time from this layer's local time to `layer`'s (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let absolute = absoluteTime(fromLocal: t)
        return layer?.localTime(fromAbsolute: absolute) ?? absolute
    }

    // MARK: - Scrolling

    /// The part of the layer's bounds that its nearest enclosing `CAScrollLayer` shows, in the
    /// layer's own coordinate space, as in Core Animation: the bounds intersected with that
    /// scroll layer's bounds converted into this layer's space (the bounding box of its
    /// converted corners, as `convert(_:from:)` gives). `CGRect.null` when the scroll layer shows
    /// none of it; the whole bounds when no superlayer is a scroll layer. What the scroll
    /// layer's own superlayers clip is not taken into account.
    open var visibleRect: CGRect {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroll.bounds, from: scroll))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` so that `p`, a point in this layer's
    /// coordinate space, lies at the scroll layer's bounds origin (its top-left corner): `p`
    /// converted into the scroll layer's space is handed to its `scroll(to:)`, which obeys its
    /// `scrollMode`. Does nothing when no superlayer is a scroll layer.
    open func scroll(_ p: CGPoint) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(p, to: scroll))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` as little as possible to show `r`, a
    /// rectangle in this layer's coordinate space: `r` converted into the scroll layer's space
    /// (the bounding box of its converted corners) is handed to its `scroll(to:)`. Does nothing
    /// when no superlayer is a scroll layer.
    open func scrollRectToVisible(_ r: CGRect) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(r, to: scroll))
    }

    // MARK: - Snapshots

    /// Renders the layer and its sublayers into `ctx`, as Core Animation's `render(in:)`: a
    /// software snapshot drawn directly from the layer tree as it is (the model values; running
    /// animations are ignored), in the layer's own coordinate space. The context's current
    /// transformation maps the layer's bounds coordinates: a point of the bounds is drawn where
    /// the CTM puts it, and the layer's own `position`, `anchorPoint` and `transform` are not
    /// applied (its opacity, mask and shadow are).
    ///
    /// Layer space is y down, as on iOS: into a context made by
    /// `CGContext(data:width:height:...)` (y up) the snapshot comes out upside down unless the
    /// caller flips the context first (`translateBy(x: 0, y: height)`, `scaleBy(x: 1, y: -1)`),
    /// as iOS code does for a bitmap context.
    ///
    /// Each visible layer (not hidden, opacity above 0) is drawn, its sublayers depth first in
    /// `zPosition` order (equal ones in array order), placed by `position`, `anchorPoint`,
    /// `bounds.origin`, the affine part of `transform` and the superlayer's geometry flip and
    /// `sublayerTransform` (3D is flattened: `m34` perspective and depth are ignored, as
    /// Core Animation's snapshot ignores them). A layer with opacity below 1 is composited as
    /// one transparency layer. In order: its shadow (blurred with σ = `shadowRadius`, cut at
    /// 2σ, from `shadowPath` or from the alpha of what the layer draws, moved by `shadowOffset`
    /// in the layer's space), `backgroundColor` in the bounds rounded by `cornerRadius` and
    /// `maskedCorners`, a `CAGradientLayer`'s gradient in that shape, then, clipped to it when
    /// `masksToBounds`: `contents` (placed by `contentsGravity`, `contentsRect`, `contentsScale`
    /// and `contentsCenter`), or the text of a `CATextLayer` drawn by `draw(in:)` into the
    /// context; a `CAShapeLayer`'s shape; the sublayers. The border is drawn last, on top, and
    /// the `mask` layer's alpha (placed like a sublayer, without `sublayerTransform`) masks the
    /// whole. A layer marked for display is displayed first (`displayIfNeeded()`), so that
    /// what `draw(in:)` or a delegate draws is in its contents.
    ///
    /// Filters, background filters and compositing filters, the instances of a
    /// `CAReplicatorLayer` and the particles of a `CAEmitterLayer` are not drawn, as Core
    /// Animation's snapshot leaves them out. `allowsGroupOpacity` false is drawn as true.
    open func render(in ctx: CGContext) { renderSnapshot(in: ctx) }

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

    /// The layer's whole tree, one layer a line (its `description`, then `hidden` and its
    /// opacity when not 1), each indented two spaces under its superlayer: sublayers in order,
    /// then the mask, marked `mask:`. What the view debugger's recursive description shows, for
    /// reading a tree from code or in a debugger.
    open override var debugDescription: String {
        LayerLock.withLock {
            var lines: [String] = []
            var stack: [(layer: CALayer, depth: Int, isMask: Bool)] = [(self, 0, false)]
            while let (layer, depth, isMask) = stack.popLast() {
                var line = String(repeating: "  ", count: depth) + (isMask ? "mask: " : "") + layer.description
                if layer.state.isHidden { line += " hidden" }
                if layer.state.opacity != 1 { line += " opacity=\(layer.state.opacity)" }
                lines.append(line)
                // Pushed in reverse, so that the sublayers come out in order, before the mask.
                if let mask = layer.maskStorage { stack.append((mask, depth + 1, true)) }
                for sublayer in (layer.sublayerStorage ?? []).reversed() { stack.append((sublayer, depth + 1, false)) }
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// A weak reference to a layer.
struct WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}

extension CGFloat {
    /// A negative finite value becomes 0; NaN and infinities pass unchanged, for `setState`
    /// to refuse (`max(0, .nan)` would silently give 0).
    fileprivate var negativeAsZero: CGFloat { self < 0 && isFinite ? 0 : self }
}
