import Foundation

/// A layer that plays a Lottie composition (`CAComposition`), the counterpart of Quartz
/// Composer's `QCCompositionLayer`: the composition becomes real layers — `CALayer`s,
/// `CAShapeLayer`s, `CAGradientLayer`s — driven by Core Animation keyframe animations, so the
/// render thread plays it with no app-thread work, never a bitmap per frame.
///
/// The composition is scaled to fit the layer's bounds, keeping its aspect ratio, and centred.
/// Playback is the layer tree's own media timing: the composition's layers sit in one timeline
/// layer whose `speed`, `timeOffset` and `beginTime` `play()` and `pause()` set, and whose
/// animations loop by their `repeatCount` and `autoreverses` (`loopMode`). The composition
/// layer's own `CAMediaTiming` is left to the program and composes as on any layer: its `speed`
/// is the playback speed (2 plays twice as fast, −1 backwards), and a paused, animated, masked
/// or transformed ancestor applies to the composition as to any sublayer.
///
/// What the composition uses that the layer does not play (effects, path modifiers, text animators,
/// ...) is logged once, as one warning naming each feature and its layers, and listed in
/// `warnings`; the rest plays. Its properties are reached by Lottie key path (inputs: see
/// `setValue(_:forInputKeyPath:)`).
open class CACompositionLayer: CALayer, @unchecked Sendable {
    /// The local time of the timeline layer at which the range's first frame shows.
    static let timelineOrigin: CFTimeInterval = 1
    /// How many cycles an endless loop starts into its repetitions, so that it also loops when
    /// played backwards.
    static let loopLead = 1_000.0

    private var timeline = CALayer()
    /// The built layers' animations; what is set or added by key path changes them.
    var tracks: [CompositionTrack] = []
    /// The properties key paths reach.
    var inputs = CompositionInputs()
    /// The key paths that matched nothing, each logged once.
    var unmatchedKeyPaths: Set<String> = []
    private var storedComposition: CAComposition?
    private var storedRange: ClosedRange<Double> = 0...1
    private var storedLoopMode: CACompositionLoopMode = .playOnce
    private var storedWarnings: [String] = []
    private var playing = false

    /// A layer showing no composition.
    public override init() {
        super.init()
        setUpTimeline()
    }

    /// A layer showing `composition`, paused at its first frame.
    /// - Parameters:
    ///   - composition: the composition to show.
    public convenience init(composition: CAComposition?) {
        self.init()
        self.composition = composition
    }

    /// A shadow copy of `layer` (a presentation layer), with the same composition and playback.
    /// - Parameters:
    ///   - layer: the composition layer copied.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let model = layer as? CACompositionLayer else { return }
        timeline = model.timeline
        tracks = model.tracks
        inputs = model.inputs
        unmatchedKeyPaths = model.unmatchedKeyPaths
        storedComposition = model.storedComposition
        storedRange = model.storedRange
        storedLoopMode = model.storedLoopMode
        storedWarnings = model.storedWarnings
        playing = model.playing
    }

    /// Unarchives a layer archived by `encode(with:)`; its composition is not archived.
    /// - Parameters:
    ///   - coder: the archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpTimeline()
    }

    private func setUpTimeline() {
        timeline.name = "composition timeline"
        timeline.anchorPoint = .zero
        // Fitted in `layoutSublayers`, at once: the composition does not slide into place.
        timeline.actions = ["bounds": NSNull(), "position": NSNull(), "transform": NSNull()]
        addSublayer(timeline)
    }

    /// The composition shown; setting one builds its layers and shows its first frame, paused,
    /// over the whole composition (`playbackRange`). Nil shows nothing.
    open var composition: CAComposition? {
        get { storedComposition }
        set {
            storedComposition = newValue
            rebuild()
        }
    }

    /// What the composition uses that is not played, and the bad values dropped: the
    /// composition's `warnings` and those met while building its layers (one line each).
    open var warnings: [String] { storedWarnings }

    /// How the range is played: once (the default), looping, back and forth, or a number of
    /// times. Changing it keeps the frame shown and whether the layer plays.
    open var loopMode: CACompositionLoopMode {
        get { storedLoopMode }
        set {
            let frame = currentFrame
            storedLoopMode = newValue
            installAnimations()
            show(frame: frame, play: playing)
        }
    }

    /// The frames played, from the composition's `inPoint` to its `outPoint` unless set (by
    /// `play(fromFrame:toFrame:)` or a marker). Setting it keeps playing or paused, from the
    /// range's first frame.
    open var playbackRange: ClosedRange<Double> {
        get { storedRange }
        set {
            guard let composition else { return }
            let lower = min(max(newValue.lowerBound, composition.inPoint), composition.outPoint)
            let upper = min(max(newValue.upperBound, composition.inPoint), composition.outPoint)
            storedRange = lower < upper ? lower...upper : composition.inPoint...composition.outPoint
            installAnimations()
            show(frame: storedRange.lowerBound, play: playing)
        }
    }

    /// Whether the composition is playing (its timeline runs), as `play()` and `pause()` set it.
    /// A composition played once to its end still counts as playing, holding its last frame.
    open var isPlaying: Bool { playing }

    /// Plays from the frame shown, or from the range's start when a finite play has ended.
    open func play() {
        guard let composition else { return }
        let groupTime = timelineTime - Self.timelineOrigin
        let ended = !storedLoopMode.repeatCount.isInfinite && groupTime >= activeDuration(composition)
        show(frame: ended ? storedRange.lowerBound : currentFrame, play: true)
    }

    /// Plays frames `fromFrame` to `toFrame` (clamped to the composition) in the loop mode.
    /// - Parameters:
    ///   - fromFrame: the first frame.
    ///   - toFrame: the last frame (where a single play ends).
    open func play(fromFrame: Double, toFrame: Double) {
        guard composition != nil else { return }
        playing = true
        playbackRange = min(fromFrame, toFrame)...max(fromFrame, toFrame)
    }

    /// Plays from marker `fromMarker` to marker `toMarker`, or over `fromMarker`'s own span when
    /// `toMarker` is nil.
    /// - Parameters:
    ///   - fromMarker: the name of the marker to start at.
    ///   - toMarker: the name of the marker to end at; nil plays to the end of `fromMarker`'s span.
    /// - Returns: false, changing nothing, when the composition has no such marker.
    @discardableResult
    open func play(fromMarker: String, toMarker: String? = nil) -> Bool {
        guard let start = composition?.marker(named: fromMarker) else { return false }
        var end = start.frame + start.durationFrames
        if let toMarker {
            guard let marker = composition?.marker(named: toMarker) else { return false }
            end = marker.frame
        }
        guard end > start.frame else { return false }
        play(fromFrame: start.frame, toFrame: end)
        return true
    }

    /// Stops the timeline at the frame it shows.
    open func pause() {
        show(frame: currentFrame, play: false)
    }

    /// The frame shown now (of the composition, within `playbackRange`), read from the
    /// timeline's media time. Setting it pauses there.
    open var currentFrame: Double {
        get {
            guard let composition else { return 0 }
            return frame(atGroupTime: timelineTime - Self.timelineOrigin, composition)
        }
        set { show(frame: newValue, play: false) }
    }

    /// Where the frame shown lies in the composition, from 0 (`inPoint`) to 1 (`outPoint`).
    /// Setting it pauses there.
    open var currentProgress: Double {
        get {
            guard let composition else { return 0 }
            return (currentFrame - composition.inPoint) / (composition.outPoint - composition.inPoint)
        }
        set {
            guard let composition else { return }
            currentFrame = composition.inPoint + newValue * (composition.outPoint - composition.inPoint)
        }
    }

    /// Fits the composition into the bounds, keeping its aspect ratio, centred; text layers lay
    /// out their glyphs for the pixels they cover when the composition is scaled up (their
    /// `contentsScale` is the layer's times the scale).
    open override func layoutSublayers() {
        super.layoutSublayers()
        guard let size = composition?.size else { return }
        let scale = min(bounds.width / size.width, bounds.height / size.height)
        timeline.bounds = CGRect(origin: .zero, size: size)
        timeline.transform = CATransform3DMakeScale(scale, scale, 1)
        timeline.position = CGPoint(
            x: bounds.minX + (bounds.width - size.width * scale) / 2,
            y: bounds.minY + (bounds.height - size.height * scale) / 2)
        for input in inputs.all where input.layer is CATextLayer {
            input.layer.contentsScale = contentsScale * max(scale, 1)
        }
    }

    // MARK: - Building and timing

    private func rebuild() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for layer in timeline.sublayers ?? [] { layer.removeFromSuperlayer() }
        tracks = []
        inputs = CompositionInputs()
        unmatchedKeyPaths = []
        storedWarnings = []
        playing = false
        guard let composition else { return }
        let warnings = LoadWarnings()
        let builder = LayerTreeBuilder(model: composition.model, warnings: warnings)
        timeline.addSublayer(builder.build())
        tracks = builder.animator.tracks
        inputs = builder.inputs
        storedWarnings = composition.warnings + warnings.messages
        if !storedWarnings.isEmpty {
            Diagnostics.warning("CACompositionLayer: \(storedWarnings.joined(separator: "; "))")
        }
        storedRange = composition.inPoint...composition.outPoint
        installAnimations()
        show(frame: composition.inPoint, play: false)
        setNeedsLayout()
    }

    /// Adds each built layer's animations in one group that plays `playbackRange` in the loop
    /// mode: the group's time starts at the range's first frame at `timelineOrigin`.
    private func installAnimations() {
        guard composition != nil else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for track in tracks { install(track) }
    }

    /// Adds `track`'s animations to its layer in one group (see `installAnimations`), the
    /// animations added by key path last, timed from the composition's in point; removes the
    /// group when there are none.
    func install(_ track: CompositionTrack) {
        guard let composition else { return }
        let rate = composition.frameRate
        let inputs = track.inputAnimations.keys.sorted().compactMap { key -> CAAnimation? in
            guard let animation = track.inputAnimations[key]?.copy() as? CAAnimation else { return nil }
            animation.beginTime += (composition.inPoint - storedRange.lowerBound) / rate
            return animation
        }
        guard !track.animations.isEmpty || !inputs.isEmpty else {
            track.layer.removeAnimation(forKey: "composition")
            return
        }
        let group = CAAnimationGroup()
        group.animations =
            track.animations.map { timed in
                let animation = timed.animation.copy() as! CAKeyframeAnimation
                animation.beginTime = (timed.startFrame - storedRange.lowerBound) / rate
                return animation
            } + inputs
        group.beginTime = Self.timelineOrigin
        group.duration = (storedRange.upperBound - storedRange.lowerBound) / rate
        group.repeatCount = storedLoopMode.repeatCount
        group.autoreverses = storedLoopMode.autoreverses
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        track.layer.add(group, forKey: "composition")
    }

    /// The timeline layer's local time now.
    private var timelineTime: CFTimeInterval {
        timeline.convertTime(CACurrentMediaTime(), from: nil)
    }

    /// One play of the range, forwards (and back when the loop mode reverses), in seconds.
    private func cycle(_ composition: CAComposition) -> CFTimeInterval {
        let period = (storedRange.upperBound - storedRange.lowerBound) / composition.frameRate
        return storedLoopMode.autoreverses ? 2 * period : period
    }

    /// How long the groups play before they hold: every repetition.
    private func activeDuration(_ composition: CAComposition) -> CFTimeInterval {
        Double(storedLoopMode.repeatCount) * cycle(composition)
    }

    /// The frame the groups show at group time `time`, as their media timing computes it.
    func frame(atGroupTime time: CFTimeInterval, _ composition: CAComposition) -> Double {
        let rate = composition.frameRate
        let period = (storedRange.upperBound - storedRange.lowerBound) / rate
        let cycle = cycle(composition)
        let total = activeDuration(composition)
        guard time > 0, cycle > 0 else { return storedRange.lowerBound }
        var local: Double
        if time >= total {
            let count = Double(storedLoopMode.repeatCount)
            let fraction = count - count.rounded(.down)
            local = fraction == 0 ? cycle : fraction * cycle
        } else {
            local = time.truncatingRemainder(dividingBy: cycle)
        }
        if storedLoopMode.autoreverses && local > period { local = cycle - local }
        return storedRange.lowerBound + min(local, period) * rate
    }

    /// Shows `frame` (clamped to the range), paused there or playing on from it.
    private func show(frame: Double, play: Bool) {
        guard let composition else { return }
        let frame = min(max(frame, storedRange.lowerBound), storedRange.upperBound)
        let lead = storedLoopMode.repeatCount.isInfinite ? Self.loopLead * cycle(composition) : 0
        let time = Self.timelineOrigin + lead + (frame - storedRange.lowerBound) / composition.frameRate
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        playing = play
        if play {
            timeline.beginTime = convertTime(CACurrentMediaTime(), from: nil)
            timeline.timeOffset = time
            timeline.speed = 1
        } else {
            timeline.speed = 0
            timeline.beginTime = 0
            timeline.timeOffset = time
        }
    }
}
