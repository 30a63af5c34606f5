import Foundation

/// `NSValue` boxes of `CMTime`, as Core Media's Foundation additions make them (what
/// `addBoundaryTimeObserver(forTimes:queue:using:)` takes).
extension NSValue {
    /// A box holding `time`.
    public convenience init(time: CMTime) {
        self.init(replacingWith: CMTimeValueBox(time) as! Self)
    }

    /// The time in a box made by `init(time:)`; `.invalid` for any other box.
    public var timeValue: CMTime { (self as? CMTimeValueBox)?.time ?? .invalid }
}

/// Lets `NSValue(time:)` return a box of its own class (Foundation's class-cluster pattern).
private protocol TimeBoxReplacing {}

extension TimeBoxReplacing {
    init(replacingWith value: Self) { self = value }
}

extension NSValue: TimeBoxReplacing {}

/// A box of one `CMTime`, equal to another box of the same instant.
private final class CMTimeValueBox: NSValue, @unchecked Sendable {
    let time: CMTime

    init(_ time: CMTime) {
        self.time = time
        super.init()
    }

    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(value.loadUnaligned(as: CMTime.self))
    }

    required init?(coder: NSCoder) { nil }

    override func getValue(_ value: UnsafeMutableRawPointer) { value.storeBytes(of: time, as: CMTime.self) }
    override var objCType: UnsafePointer<Int8> { cmTimeEncoding }
    override func isEqual(_ object: Any?) -> Bool { (object as? CMTimeValueBox)?.time == time }
    override var hash: Int { time.seconds.hashValue }
    override var description: String { time.description }
    override func copy(with zone: NSZone? = nil) -> Any { self }
}

// A C string written once and only read.
private nonisolated(unsafe) let cmTimeEncoding = UnsafePointer(strdup("{?=qiIq}")!)
