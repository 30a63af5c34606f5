import Foundation

/// One kind of particle that a `CAEmitterLayer` emits, as Core Animation's `CAEmitterCell`: how
/// many are born each second, how long they live, how they move, turn, grow and change colour,
/// the image they show, and the cells that each of its particles emits in turn (sub-emitters).
///
/// Ranges are spreads: each particle takes the value plus a uniformly random amount within
/// ±range (`emissionRange` is the whole angle of the fan: ±half of it around
/// `emissionLongitude`). Speeds change a value per second of the particle's life. The cell's
/// media timing places its emission in the time of its emitter (a top-level cell) or of the
/// particle that emits it (a sub-cell): it emits from `beginTime`, for `duration` seconds (0:
/// without end), its time running at `speed` and shifted by `timeOffset`; `repeatCount`,
/// `repeatDuration`, `autoreverses` and `fillMode` are stored.
///
/// A layer keeps the very cells it is given, and the render side draws from a snapshot of their
/// values taken when `emitterCells` is set: change a cell afterwards through the layer's key
/// paths, or set the layer's `emitterCells` again. A cell without `contents` (a `CGImage`) draws nothing.
open class CAEmitterCell: NSObject, NSCopying, NSSecureCoding, CAMediaTiming, @unchecked Sendable {
    /// Creates a cell with Core Animation's defaults: enabled, birth rate 0, scale 1, opaque
    /// white, the whole image (`contentsRect` the unit rectangle), linear filters.
    public required override init() { super.init() }

    /// Creates a cell with Core Animation's defaults (`CAEmitterCell.emitterCell()`).
    open class func emitterCell() -> Self { Self() }

    /// Unarchives a cell archived by `encode(with:)`: a new cell with Core Animation's defaults on
    /// which each archived key is set with `setValue(_:forKey:)`, its sub-cells unarchived with it.
    public required init?(coder: NSCoder) {
        super.init()
        decodeArchivedValues(from: coder)
        if coder.failsDecoding { return nil }
    }

    /// Archives the value (`value(forKey:)`) of every property and every other key set, for which
    /// `shouldArchiveValue(forKey:)` answers true, the sub-cells archived whole. A value that
    /// cannot be archived is left out with a logged warning.
    open func encode(with coder: NSCoder) { encodeArchivedValues(with: coder) }

    /// True: cells are unarchived with `NSKeyedUnarchiver`'s secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// The name key paths use for the cell. Default nil.
    open var name: String?
    /// Whether the cell emits. Default true.
    open var isEnabled = true
    /// Particles born per second (times the layer's `birthRate`). Default 0.
    open var birthRate: Float = 0
    /// Seconds each particle lives (times the layer's `lifetime`). Default 0.
    open var lifetime: Float = 0
    /// The spread of `lifetime`. Default 0.
    open var lifetimeRange: Float = 0
    /// The angle of the emission direction out of the layer's plane, towards +z. Default 0.
    open var emissionLatitude: CGFloat = 0
    /// The angle of the emission direction in the layer's plane, from the +x axis towards +y
    /// (clockwise on screen, y growing downwards). Default 0.
    open var emissionLongitude: CGFloat = 0
    /// The whole angle of the fan particles are emitted in, centred on `emissionLongitude`
    /// (2π: every direction). Default 0.
    open var emissionRange: CGFloat = 0
    /// Initial speed in points per second (times the layer's `velocity`). Default 0.
    open var velocity: CGFloat = 0
    /// The spread of `velocity`. Default 0.
    open var velocityRange: CGFloat = 0
    /// Acceleration along x in points per second squared. Default 0.
    open var xAcceleration: CGFloat = 0
    /// Acceleration along y (downwards on screen) in points per second squared. Default 0.
    open var yAcceleration: CGFloat = 0
    /// Acceleration along z in points per second squared. Default 0.
    open var zAcceleration: CGFloat = 0
    /// The scale of the image (times the layer's `scale`). Default 1.
    open var scale: CGFloat = 1
    /// The spread of `scale`. Default 0.
    open var scaleRange: CGFloat = 0
    /// Change of scale per second. Default 0.
    open var scaleSpeed: CGFloat = 0
    /// Turning speed in radians per second (times the layer's `spin`). Default 0.
    open var spin: CGFloat = 0
    /// The spread of `spin`. Default 0.
    open var spinRange: CGFloat = 0
    /// The colour that multiplies the image. Default opaque white.
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// The spread of the red component. Default 0.
    open var redRange: Float = 0
    /// The spread of the green component. Default 0.
    open var greenRange: Float = 0
    /// The spread of the blue component. Default 0.
    open var blueRange: Float = 0
    /// The spread of the alpha component. Default 0.
    open var alphaRange: Float = 0
    /// Change of the red component per second (components stay within 0...1). Default 0.
    open var redSpeed: Float = 0
    /// Change of the green component per second. Default 0.
    open var greenSpeed: Float = 0
    /// Change of the blue component per second. Default 0.
    open var blueSpeed: Float = 0
    /// Change of the alpha component per second. Default 0.
    open var alphaSpeed: Float = 0
    /// The image each particle shows (a `CGImage`). Default nil: the particles draw nothing.
    open var contents: Any?
    /// The part of the image shown, in unit coordinates. Default the unit rectangle.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat = 1
    /// The filter used when the image is drawn smaller. Default `linear`.
    open var minificationFilter: String = CALayerContentsFilter.linear.rawValue
    /// The filter used when the image is drawn larger. Default `linear`.
    open var magnificationFilter: String = CALayerContentsFilter.linear.rawValue
    /// The level-of-detail bias of `trilinear` minification. Default 0.
    open var minificationFilterBias: Float = 0
    /// The cells each particle of this cell emits: the very cell objects given, as in Core
    /// Animation (a layer takes their values when its `emitterCells` is set). Default nil.
    open var emitterCells: [CAEmitterCell]?
    /// Default values for keys not set, as a layer's `style`. Default nil.
    open var style: [AnyHashable: Any]?
    /// The cell's media timing.
    private var timing = MediaTimingValues()
    /// The values of keys other than the properties, set by `setValue(_:forKey:)`.
    var otherValues: [String: Any] = [:]

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in its parent's time. Default 0.
    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    /// How long the cell emits; 0 without end. Default 0.
    open var duration: CFTimeInterval {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    /// How fast the cell's time runs relative to its parent's. Default 1.
    open var speed: Float {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    /// An offset added to the cell's time. Default 0.
    open var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    /// Stored. Default 0.
    open var repeatCount: Float {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    /// Stored. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    /// Stored. Default false.
    open var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    /// Stored. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    /// Core Animation's non-zero cell defaults: `enabled` true, `scale` 1, `color` opaque white,
    /// `contentsRect` the unit rectangle, `contentsScale` 1, `speed` 1, the filters `linear`;
    /// nil for other keys.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "enabled", "isEnabled": true
        case "scale", "contentsScale": CGFloat(1)
        case "speed": Float(1)
        case "color": CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "contentsRect": CGRect(x: 0, y: 0, width: 1, height: 1)
        case "minificationFilter", "magnificationFilter": CALayerContentsFilter.linear.rawValue
        default: nil
        }
    }

    /// Whether archiving writes the value of `key`: true, as Core Animation answers for cells.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A copy with the same values, holding the same sub-cell objects.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.name = name
        copy.isEnabled = isEnabled
        copy.birthRate = birthRate
        copy.lifetime = lifetime
        copy.lifetimeRange = lifetimeRange
        copy.emissionLatitude = emissionLatitude
        copy.emissionLongitude = emissionLongitude
        copy.emissionRange = emissionRange
        copy.velocity = velocity
        copy.velocityRange = velocityRange
        (copy.xAcceleration, copy.yAcceleration, copy.zAcceleration) = (xAcceleration, yAcceleration, zAcceleration)
        (copy.scale, copy.scaleRange, copy.scaleSpeed) = (scale, scaleRange, scaleSpeed)
        (copy.spin, copy.spinRange) = (spin, spinRange)
        copy.color = color
        (copy.redRange, copy.greenRange, copy.blueRange, copy.alphaRange) = (
            redRange, greenRange, blueRange, alphaRange
        )
        (copy.redSpeed, copy.greenSpeed, copy.blueSpeed, copy.alphaSpeed) = (
            redSpeed, greenSpeed, blueSpeed, alphaSpeed
        )
        copy.contents = contents
        copy.contentsRect = contentsRect
        copy.contentsScale = contentsScale
        copy.minificationFilter = minificationFilter
        copy.magnificationFilter = magnificationFilter
        copy.minificationFilterBias = minificationFilterBias
        copy.emitterCells = emitterCells
        copy.style = style
        copy.timing = timing
        copy.otherValues = otherValues
        return copy
    }

    /// The cell's values as the render side simulates them (see `snapshot(depth:budget:)`).
    func snapshot() -> EmitterCellValues {
        var budget = EmitterCellValues.maximumCount
        return snapshot(budget: &budget)
    }

    /// The cell's values as the render side simulates them. Sub-cells nested deeper than
    /// `EmitterCellValues.maximumDepth` (a cell that contains itself) and any beyond `budget`
    /// snapshots in all (a cell listing another many times at every level) are cut off, logged once.
    func snapshot(depth: Int = 0, budget: inout Int) -> EmitterCellValues {
        budget -= 1
        var values = EmitterCellValues()
        values.name = name
        values.isEnabled = isEnabled
        values.birthRate = Double(birthRate)
        values.lifetime = Double(lifetime)
        values.lifetimeRange = Double(lifetimeRange)
        values.latitude = Double(emissionLatitude)
        values.longitude = Double(emissionLongitude)
        values.emissionRange = Double(emissionRange)
        values.velocity = Double(velocity)
        values.velocityRange = Double(velocityRange)
        values.acceleration = SIMD3(Double(xAcceleration), Double(yAcceleration), Double(zAcceleration))
        values.scale = Double(scale)
        values.scaleRange = Double(scaleRange)
        values.scaleSpeed = Double(scaleSpeed)
        values.spin = Double(spin)
        values.spinRange = Double(spinRange)
        let rgba = color?.value ?? RGBA.clear
        values.color = SIMD4(rgba.r, rgba.g, rgba.b, rgba.a)
        values.colorRange = SIMD4(redRange, greenRange, blueRange, alphaRange)
        values.colorSpeed = SIMD4(redSpeed, greenSpeed, blueSpeed, alphaSpeed)
        values.contents = contents as? CGImage
        if contents != nil && values.contents == nil {
            Diagnostics.errorOnce(
                "emitter.contents", "CAEmitterCell.contents: not a CGImage; the particles draw nothing")
        }
        values.contentsRect = contentsRect
        values.contentsScale = contentsScale
        values.sampling = TextureSampling(
            minification: CALayerContentsFilter(rawValue: minificationFilter),
            magnification: CALayerContentsFilter(rawValue: magnificationFilter), bias: minificationFilterBias)
        values.timing = timing
        let cells = emitterCells ?? []
        if depth < EmitterCellValues.maximumDepth {
            for cell in cells where budget > 0 { values.cells.append(cell.snapshot(depth: depth + 1, budget: &budget)) }
        }
        if values.cells.count < cells.count {
            Diagnostics.errorOnce(
                "emitter.depth",
                "CAEmitterCell.emitterCells nested deeper than \(EmitterCellValues.maximumDepth), or more than "
                    + "\(EmitterCellValues.maximumCount) cells in all; the cells beyond do not emit")
        }
        return values
    }
}
