import Foundation

/// A numerator of a rational time (Core Media's `CMTimeValue`).
public typealias CMTimeValue = Int64
/// A denominator of a rational time: units per second (Core Media's `CMTimeScale`).
public typealias CMTimeScale = Int32
/// Which of a series of repeating timelines a time belongs to (Core Media's `CMTimeEpoch`).
public typealias CMTimeEpoch = Int64

/// The largest timescale Core Media uses (`kCMTimeMaxTimescale`).
public let kCMTimeMaxTimescale: CMTimeScale = 0x7fff_ffff

/// What a `CMTime` is besides its value (Core Media's `CMTimeFlags`).
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The time is valid; without it every other field is ignored.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// The value was rounded on its way here (by a conversion or an operation).
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is +∞: later than every numeric time; `value` and `timescale` mean nothing.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is −∞: earlier than every numeric time; `value` and `timescale` mean nothing.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is not known (the duration of a live stream).
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that make a time non-numeric.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// How a value is rounded when a time changes timescale (Core Media's `CMTimeRoundingMethod`).
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// To the nearest; halves away from zero.
    case roundHalfAwayFromZero = 1
    /// Truncated toward zero.
    case roundTowardZero = 2
    /// Away from zero whenever anything is lost.
    case roundAwayFromZero = 3
    /// QuickTime's: toward zero when the timescale shrinks, away from zero when it grows, and
    /// never a negative value rounded to zero (the smallest negative value instead).
    case quickTime = 4
    /// Up, toward +∞ (the ceiling).
    case roundTowardPositiveInfinity = 5
    /// Down, toward −∞ (the floor).
    case roundTowardNegativeInfinity = 6

    /// `.roundHalfAwayFromZero`, what Core Media uses where no method is given.
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A rational time, `value / timescale` seconds, as Core Media's `CMTime`: exact arithmetic
/// over a common timescale, with invalid, indefinite and infinite times that propagate through
/// every operation by Core Media's rules (see `CMTimeAdd`).
///
/// Two times are equal when they are the same instant (`1/2 == 2/4`); times order as
/// `CMTimeCompare` does: invalid < −∞ < numeric (by epoch, then value) < indefinite < +∞.
public struct CMTime: Sendable, Comparable, CustomStringConvertible {
    /// The numerator: the time is `value / timescale` seconds.
    public var value: CMTimeValue
    /// The denominator: how many units make a second (600, 90,000, a frame rate ...).
    public var timescale: CMTimeScale
    /// Whether the time is valid, rounded, infinite or indefinite.
    public var flags: CMTimeFlags
    /// Distinguishes otherwise equal times of different loops or sessions: times of a lower epoch
    /// compare earlier. Usually 0.
    public var epoch: CMTimeEpoch

    /// A time of every field given, as Core Media's memberwise initializer.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        (self.value, self.timescale, self.flags, self.epoch) = (value, timescale, flags, epoch)
    }

    /// `value / timescale` seconds, valid, in epoch 0 (`CMTimeMake`). Core Media checks
    /// nothing here; a timescale of zero or less makes a time no operation accepts.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: .valid, epoch: 0)
    }

    /// `seconds` at `preferredTimescale` (`CMTimeMakeWithSeconds`), rounded half away from
    /// zero (`hasBeenRounded` set when that changed it). When the value would not fit in 64
    /// bits, the timescale is halved until it does; past that, and for infinite seconds, the
    /// time is infinite; NaN gives `.invalid`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        if seconds.isNaN || preferredTimescale <= 0 {
            self = .invalid
        } else if seconds.isInfinite {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
        } else {
            var timescale = preferredTimescale
            while timescale > 1, abs(seconds * Double(timescale)) >= 0x1p63 { timescale /= 2 }
            let exact = seconds * Double(timescale)
            guard abs(exact) < 0x1p63 else {
                self = seconds > 0 ? .positiveInfinity : .negativeInfinity
                return
            }
            let rounded = exact.rounded(.toNearestOrAwayFromZero)
            self.init(
                value: CMTimeValue(rounded), timescale: timescale,
                flags: rounded == exact && timescale == preferredTimescale ? .valid : [.valid, .hasBeenRounded],
                epoch: 0)
        }
    }

    /// 0 seconds (`kCMTimeZero`).
    public static let zero = CMTime(value: 0, timescale: 1)
    /// The invalid time (`kCMTimeInvalid`): every field zero.
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// A time not known (`kCMTimeIndefinite`).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// Later than every other time (`kCMTimePositiveInfinity`).
    public static let positiveInfinity = CMTime(
        value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Earlier than every valid time (`kCMTimeNegativeInfinity`).
    public static let negativeInfinity = CMTime(
        value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    /// Whether the time is valid (`CMTIME_IS_VALID`).
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is valid and a number: not infinite or indefinite (`CMTIME_IS_NUMERIC`).
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: .impliedValueFlagsMask) }
    /// Whether the time is valid but unknown (a live stream's duration).
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Whether the time is +∞.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is −∞.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Whether a conversion or an operation rounded the value (it is numeric, and no longer exact).
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds (`CMTimeGetSeconds`): NaN when invalid or indefinite, ±infinity
    /// when infinite.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric, timescale > 0 else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The time at `newTimescale` (`CMTimeConvertScale`).
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        CMTimeConvertScale(self, timescale: newTimescale, method: method)
    }

    public var description: String {
        guard isValid else { return "CMTime(invalid)" }
        if isPositiveInfinity { return "CMTime(+infinity)" }
        if isNegativeInfinity { return "CMTime(-infinity)" }
        if isIndefinite { return "CMTime(indefinite)" }
        return "CMTime(\(value)/\(timescale) = \(seconds) s\(epoch == 0 ? "" : ", epoch \(epoch)"))"
    }

    /// Whether the two are the same instant, or the same non-numeric time.
    public static func == (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) == 0 }
    public static func < (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) < 0 }

    /// The sum, exact where the timescales allow (`CMTimeAdd`).
    public static func + (a: CMTime, b: CMTime) -> CMTime { CMTimeAdd(a, b) }
    /// The difference, exact where the timescales allow (`CMTimeSubtract`).
    public static func - (a: CMTime, b: CMTime) -> CMTime { CMTimeSubtract(a, b) }
    /// The time multiplied by a whole number (`CMTimeMultiply`).
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time multiplied by a whole number (`CMTimeMultiply`).
    public static func * (multiplier: Int32, time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time multiplied by a factor, rounded to its timescale (`CMTimeMultiplyByFloat64`).
    public static func * (time: CMTime, multiplier: Float64) -> CMTime {
        CMTimeMultiplyByFloat64(time, multiplier: multiplier)
    }
    /// The time multiplied by a factor, rounded to its timescale (`CMTimeMultiplyByFloat64`).
    public static func * (multiplier: Float64, time: CMTime) -> CMTime {
        CMTimeMultiplyByFloat64(time, multiplier: multiplier)
    }
    /// Adds `b` to `a` (`CMTimeAdd`).
    public static func += (a: inout CMTime, b: CMTime) { a = a + b }
    /// Subtracts `b` from `a` (`CMTimeSubtract`).
    public static func -= (a: inout CMTime, b: CMTime) { a = a - b }
    /// Multiplies the time by a whole number (`CMTimeMultiply`).
    public static func *= (time: inout CMTime, multiplier: Int32) { time = time * multiplier }
    /// Multiplies the time by a factor, rounded to its timescale (`CMTimeMultiplyByFloat64`).
    public static func *= (time: inout CMTime, multiplier: Float64) { time = time * multiplier }
}

/// `CMTime(value:timescale:)`, Core Media's C spelling.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// `CMTime(seconds:preferredTimescale:)`, Core Media's C spelling.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds: NaN for an invalid or indefinite time, ±infinity for an infinite one.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// −1, 0 or 1 as `time1` is before, the same as, or after `time2`. Invalid times equal each
/// other and precede everything; −∞ follows them; numeric times compare by epoch, then exactly
/// by value (`1/3` is before `333334/1000000`); indefinite times follow every numeric one; +∞
/// is last.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    let (rank1, rank2) = (time1.rank, time2.rank)
    guard rank1 == rank2 else { return rank1 < rank2 ? -1 : 1 }
    guard rank1 == CMTime.numericRank else { return 0 }
    if time1.epoch != time2.epoch { return time1.epoch < time2.epoch ? -1 : 1 }
    let left = Int128(time1.value) * Int128(time2.timescale)
    let right = Int128(time2.value) * Int128(time1.timescale)
    return left < right ? -1 : left > right ? 1 : 0
}

/// The sum, at the operands' timescale when they share one, else at their least common
/// multiple (at most `kCMTimeMaxTimescale`, rounded to it otherwise). A value that overflows
/// halves the timescale until it fits, and is ±infinity past a timescale of 1; rounding sets
/// `hasBeenRounded`, as does a rounded operand. Invalid with an invalid operand, or +∞ + −∞;
/// infinite with one infinite operand; else indefinite with an indefinite one. Times of two
/// different non-zero epochs cannot be added (invalid); two of the same non-zero epoch give a
/// duration (epoch 0); epoch 0 added to epoch n gives epoch n.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { CMTime.combine(lhs, rhs, subtracting: false) }

/// The difference, by the rules of `CMTimeAdd`: +∞ − +∞ and −∞ − −∞ are invalid, +∞ − −∞ is
/// +∞, an infinite right operand gives the opposite infinity.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { CMTime.combine(lhs, rhs, subtracting: true) }

/// The time times `multiplier`, at the time's timescale, halved while the value overflows
/// (±infinity past a timescale of 1). Invalid stays invalid, indefinite indefinite; an infinite
/// time stays infinite, its sign flipped by a negative multiplier.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    CMTime.scaled(time, numerator: Int128(multiplier), denominator: 1, sign: Int(multiplier.signum()))
}

/// The time times `multiplier`, by the rules of `CMTimeMultiply`, the value rounded half away
/// from zero (`hasBeenRounded` when that changed it); a NaN multiplier gives `.invalid`.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    guard !multiplier.isNaN else { return .invalid }
    let sign = multiplier < 0 ? -1 : multiplier > 0 ? 1 : 0
    guard time.isNumeric, time.timescale > 0 else {
        return CMTime.scaled(time, numerator: 0, denominator: 1, sign: sign)
    }
    let exact = Double(time.value) * multiplier
    var timescale = time.timescale
    var scaled = exact
    while timescale > 1, abs(scaled) >= 0x1p63 {
        timescale /= 2
        scaled = exact * Double(timescale) / Double(time.timescale)
    }
    guard abs(scaled) < 0x1p63 else { return sign < 0 ? .negativeInfinity : .positiveInfinity }
    let rounded = scaled.rounded(.toNearestOrAwayFromZero)
    var flags = time.flags
    if rounded != scaled || timescale != time.timescale { flags.insert(.hasBeenRounded) }
    return CMTime(value: CMTimeValue(rounded), timescale: timescale, flags: flags, epoch: time.epoch)
}

/// The time at `newTimescale`, its value rounded by `method` (`hasBeenRounded` when that changed
/// it). Non-numeric times come back as they are; a timescale out of `1...kCMTimeMaxTimescale`
/// gives `.invalid`; a value that does not fit in 64 bits gives ±infinity.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    guard time.isNumeric else { return time }
    guard newTimescale > 0, time.timescale > 0 else { return .invalid }
    let numerator = Int128(time.value) * Int128(newTimescale)
    let denominator = Int128(time.timescale)
    let value = CMTime.divide(numerator, denominator, method: method, growing: newTimescale > time.timescale)
    guard let fitted = CMTimeValue(exactly: value) else { return value < 0 ? .negativeInfinity : .positiveInfinity }
    var flags = time.flags
    if value * denominator != numerator { flags.insert(.hasBeenRounded) }
    return CMTime(value: fitted, timescale: newTimescale, flags: flags, epoch: time.epoch)
}

/// The earlier of two times (`CMTimeMinimum`).
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTimeCompare(time1, time2) <= 0 ? time1 : time2
}

/// The later of two times (`CMTimeMaximum`).
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTimeCompare(time1, time2) >= 0 ? time1 : time2
}

extension CMTime {
    /// The place of the time's kind in `CMTimeCompare`'s order.
    fileprivate static let numericRank = 2

    fileprivate var rank: Int {
        if !isValid { return 0 }
        if isNegativeInfinity { return 1 }
        if isPositiveInfinity { return 4 }
        if isIndefinite { return 3 }
        return timescale > 0 ? Self.numericRank : 0
    }

    /// `CMTimeAdd` and `CMTimeSubtract`.
    fileprivate static func combine(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> CMTime {
        guard lhs.isValid, rhs.isValid, lhs.rank != 0, rhs.rank != 0 else { return .invalid }
        // Infinities first: +1 for +∞, −1 for −∞, with the right operand's sign flipped when subtracting.
        let leftInfinity = lhs.isPositiveInfinity ? 1 : lhs.isNegativeInfinity ? -1 : 0
        let rightInfinity = (rhs.isPositiveInfinity ? 1 : rhs.isNegativeInfinity ? -1 : 0) * (subtracting ? -1 : 1)
        if leftInfinity != 0 || rightInfinity != 0 {
            if leftInfinity != 0, rightInfinity != 0, leftInfinity != rightInfinity { return .invalid }
            return (leftInfinity != 0 ? leftInfinity : rightInfinity) > 0 ? .positiveInfinity : .negativeInfinity
        }
        if lhs.isIndefinite || rhs.isIndefinite { return .indefinite }
        let epoch: CMTimeEpoch
        switch (lhs.epoch, rhs.epoch) {
        case (let a, let b) where a == b: epoch = 0
        case (0, let b): epoch = b
        case (let a, 0): epoch = a
        default: return .invalid
        }
        let (ta, tb) = (Int64(lhs.timescale), Int64(rhs.timescale))
        let common = ta == tb ? ta : ta / gcd(ta, tb) * tb
        var timescale = CMTimeScale(clamping: common)
        // The exact sum is numerator / (ta·tb); its value at `timescale` is numerator·timescale / (ta·tb).
        let sign: Int128 = subtracting ? -1 : 1
        let numerator = Int128(lhs.value) * Int128(tb) + sign * Int128(rhs.value) * Int128(ta)
        let denominator = Int128(ta) * Int128(tb)
        var flags: CMTimeFlags = .valid
        if lhs.flags.contains(.hasBeenRounded) || rhs.flags.contains(.hasBeenRounded) { flags.insert(.hasBeenRounded) }
        while true {
            let value = divide(numerator * Int128(timescale), denominator, method: .default, growing: false)
            if let fitted = CMTimeValue(exactly: value) {
                if value * denominator != numerator * Int128(timescale) { flags.insert(.hasBeenRounded) }
                return CMTime(value: fitted, timescale: timescale, flags: flags, epoch: epoch)
            }
            guard timescale > 1 else { return value < 0 ? .negativeInfinity : .positiveInfinity }
            timescale /= 2
        }
    }

    /// A time multiplied by `numerator / denominator` (`CMTimeMultiply`).
    fileprivate static func scaled(_ time: CMTime, numerator: Int128, denominator: Int128, sign: Int) -> CMTime {
        guard time.isValid, time.rank != 0 else { return .invalid }
        if time.isPositiveInfinity || time.isNegativeInfinity {
            return (time.isPositiveInfinity ? 1 : -1) * (sign < 0 ? -1 : 1) > 0 ? .positiveInfinity : .negativeInfinity
        }
        if time.isIndefinite { return .indefinite }
        var timescale = time.timescale
        var flags = time.flags
        while true {
            let exact = Int128(time.value) * numerator * Int128(timescale)
            let full = denominator * Int128(time.timescale)
            let value = divide(exact, full, method: .default, growing: false)
            if let fitted = CMTimeValue(exactly: value) {
                if value * full != exact { flags.insert(.hasBeenRounded) }
                return CMTime(value: fitted, timescale: timescale, flags: flags, epoch: time.epoch)
            }
            guard timescale > 1 else { return value < 0 ? .negativeInfinity : .positiveInfinity }
            timescale /= 2
        }
    }

    /// `numerator / denominator` (denominator positive) rounded by `method`; `growing` says
    /// whether the timescale grows (for `.quickTime`).
    fileprivate static func divide(
        _ numerator: Int128, _ denominator: Int128, method: CMTimeRoundingMethod, growing: Bool
    )
        -> Int128
    {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        guard remainder != 0 else { return quotient }
        let away = quotient + (numerator < 0 ? -1 : 1)
        switch method {
        case .roundHalfAwayFromZero: return 2 * remainder.magnitude >= denominator.magnitude ? away : quotient
        case .roundTowardZero: return quotient
        case .roundAwayFromZero: return away
        case .quickTime:
            let rounded = growing ? away : quotient
            return rounded == 0 && numerator < 0 ? -1 : rounded
        case .roundTowardPositiveInfinity: return numerator > 0 ? away : quotient
        case .roundTowardNegativeInfinity: return numerator < 0 ? away : quotient
        }
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// A span of time (Core Media's `CMTimeRange`): `start` and a `duration` (not negative, epoch 0,
/// when valid).
public struct CMTimeRange: Sendable, Equatable, CustomStringConvertible {
    /// Where the range begins.
    public var start: CMTime
    /// How long the range lasts; it ends at `start + duration`, which it does not include.
    public var duration: CMTime

    /// A range from where it begins and how long it lasts.
    public init(start: CMTime, duration: CMTime) { (self.start, self.duration) = (start, duration) }

    /// From `start` up to `end` (`CMTimeRangeFromTimeToTime`): the duration is `end - start`.
    public init(start: CMTime, end: CMTime) { self.init(start: start, duration: end - start) }

    /// Starting and lasting zero (`kCMTimeRangeZero`).
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// Every field invalid (`kCMTimeRangeInvalid`).
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

    /// `start + duration` (`CMTimeRangeGetEnd`); not itself in the range.
    public var end: CMTime { start + duration }

    /// Whether start and duration are valid and the duration is a non-negative span of epoch 0
    /// (`CMTIMERANGE_IS_VALID`).
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && (!duration.isNumeric || duration.value >= 0)
            && !duration.isNegativeInfinity
    }

    /// Whether the range is valid and lasts zero.
    public var isEmpty: Bool { isValid && duration == .zero }

    /// Whether `time` is in the range: at or after `start`, before `end`
    /// (`CMTimeRangeContainsTime`); false for an invalid range.
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && CMTimeCompare(time, start) >= 0 && CMTimeCompare(time, end) < 0
    }

    /// Whether `range` lies inside this one (`CMTimeRangeContainsTimeRange`).
    public func containsTimeRange(_ range: CMTimeRange) -> Bool {
        isValid && range.isValid && CMTimeCompare(range.start, start) >= 0 && CMTimeCompare(range.end, end) <= 0
    }

    public var description: String { "CMTimeRange(start: \(start), duration: \(duration))" }
}
