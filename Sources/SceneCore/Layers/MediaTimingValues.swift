import Foundation

/// The eight `CAMediaTiming` values of a layer or animation, with Core Animation's defaults.
/// (The doubles come first and the small values last, so that no padding lies between them.)
struct MediaTimingValues: Hashable, Sendable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var timeOffset: CFTimeInterval = 0
    var repeatDuration: CFTimeInterval = 0
    var speed: Float = 1
    var repeatCount: Float = 0
    var autoreverses = false
    /// What shows outside the active duration. Stored as a code, so that timing values copy
    /// without reference counting (the render side copies them for every animation and frame);
    /// a name Core Animation does not define reads back as `.removed`.
    var fillMode: CAMediaTimingFillMode {
        get { FillCode.modes[Int(fillCode.rawValue)] }
        set { fillCode = FillCode(newValue) }
    }
    private var fillCode = FillCode.removed
    init() {}

    /// Core Animation's defaults with another `duration` (a layer's is infinite).
    init(duration: CFTimeInterval) { self.duration = duration }

    /// Whether the value at the start of the active duration is held before it (backwards, both).
    var holdsBefore: Bool { fillCode == .backwards || fillCode == .both }
    /// Whether the value at the end of the active duration is held after it (forwards, both).
    var holdsAfter: Bool { fillCode == .forwards || fillCode == .both }

    private enum FillCode: UInt8, Hashable, Sendable {
        case removed, forwards, backwards, both
        static let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
        init(_ mode: CAMediaTimingFillMode) {
            self =
                switch mode {
                case .forwards: .forwards
                case .backwards: .backwards
                case .both: .both
                default: .removed
                }
        }
    }
}

/// The timing properties shared by layers and animations (`CAMediaTiming`).
///
/// A layer's local time is `(parentTime - beginTime) * speed + timeOffset`, applied from
/// the root down; see `CALayer.convertTime(_:from:)`.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// The length of one cycle in seconds. Default 0.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's. Default 1.
    var speed: Float { get set }
    /// An offset added to local time. Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many cycles to run, fractions allowed. Default 0 (one cycle).
    var repeatCount: Float { get set }
    /// How long to repeat for, in seconds. Default 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards then backwards. Default false.
    var autoreverses: Bool { get set }
    /// What shows outside the active duration. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}
