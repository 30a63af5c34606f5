import CSceneMediaGStreamer
import Foundation

/// Whether the app may use a kind of capture device (`AVCaptureDevice.authorizationStatus(for:)`).
public enum AVAuthorizationStatus: Int, Sendable {
    /// The user has not been asked yet (never the case on Linux).
    case notDetermined = 0
    /// Access is not allowed, and the user cannot change that (never the case on Linux).
    case restricted = 1
    /// The user refused access (never the case on Linux).
    case denied = 2
    /// The app may use the devices: always the answer on Linux, where a process may open the
    /// cameras its user may.
    case authorized = 3
}

/// A camera: one of the machine's video sources as GStreamer's device monitor lists them (V4L2
/// cameras), or SceneCore's test pattern (`includesTestPattern`), which stands in for a camera
/// where there is none (tests, CI): GStreamer's `videotestsrc` as a live source, a ball bouncing
/// over a dark field at 30 frames a second, behind the same pipeline a camera's frames take.
///
/// Linux grants every process the cameras its user may open, so `authorizationStatus(for:)` is
/// `.authorized` and `requestAccess(for:completionHandler:)` answers true.
open class AVCaptureDevice: NSObject, @unchecked Sendable {
    /// What kind of device it is.
    public struct DeviceType: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A device type from its raw string, as `init(rawValue:)`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A camera built into the machine (a V4L2 camera whose name says it is integrated).
        public static let builtInWideAngleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInWideAngleCamera")
        /// A camera plugged in (every other V4L2 camera, and the test pattern).
        public static let external = DeviceType(rawValue: "AVCaptureDeviceTypeExternal")
    }

    /// Where a camera faces; Linux cameras do not say, so they are `.unspecified`.
    public enum Position: Int, Sendable {
        /// The camera does not say where it faces: every Linux camera, and the test pattern.
        case unspecified = 0
        /// The camera faces away from the user (never reported on Linux).
        case back = 1
        /// The camera faces the user (never reported on Linux).
        case front = 2
    }

    /// How the device's frames are made: a GStreamer device, or the test pattern's description.
    enum Source: @unchecked Sendable {
        case device(UnsafeMutablePointer<GstDevice>)
        case pattern(String)
    }

    /// The test pattern's `uniqueID`.
    public static let testPatternUniqueID = "org.scenecore.test-pattern"
    /// The GStreamer description of the test pattern's source.
    static let testPatternSource = "videotestsrc is-live=true pattern=ball background-color=0xff202830"

    /// Whether the device lists (`DiscoverySession`, `default(for:)`) include the test pattern, last:
    /// true when the environment sets `SCENEMEDIA_TEST_CAMERA=1`, and whenever set here.
    public static var includesTestPattern: Bool {
        get { testPatternSwitch.withLock { $0 } }
        set { testPatternSwitch.withLock { $0 = newValue } }
    }
    private static let testPatternSwitch = Locked(ProcessInfo.processInfo.environment["SCENEMEDIA_TEST_CAMERA"] == "1")

    /// A string that names the device for as long as it is connected (its V4L2 path).
    open private(set) var uniqueID: String
    /// The device's model (its V4L2 driver's card name, or the test pattern's name).
    open private(set) var modelID: String
    /// The name to show the user.
    open private(set) var localizedName: String
    /// Who made the device, when GStreamer says; empty otherwise.
    open private(set) var manufacturer: String
    /// Whether the camera is built in or plugged in, as far as its name tells.
    open private(set) var deviceType: DeviceType
    /// Where the camera faces: `.unspecified` on Linux, where cameras do not say.
    open private(set) var position: Position = .unspecified
    let source: Source

    init(uniqueID: String, name: String, manufacturer: String, type: DeviceType, source: Source) {
        (self.uniqueID, modelID, localizedName, self.manufacturer) = (uniqueID, name, name, manufacturer)
        (deviceType, self.source) = (type, source)
        if case .device(let device) = source { gst_object_ref(device) }
    }

    deinit { if case .device(let device) = source { gst_object_unref(device) } }

    /// The device whose `uniqueID` this is, if it is connected now.
    public convenience init?(uniqueID: String) {
        guard let found = CaptureDevices.current().first(where: { $0.uniqueID == uniqueID }) else { return nil }
        self.init(
            uniqueID: found.uniqueID, name: found.localizedName, manufacturer: found.manufacturer,
            type: found.deviceType,
            source: found.source)
    }

    /// The first device that captures `mediaType` (video: the first camera, then the test pattern
    /// when included); nil when there is none.
    open class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice? {
        CaptureDevices.current().first { $0.hasMediaType(mediaType) }
    }

    /// The first device of `deviceType` at `position` (any, for `.unspecified`) that captures
    /// `mediaType` (any, for nil).
    open class func `default`(_ deviceType: DeviceType, for mediaType: AVMediaType?, position: Position)
        -> AVCaptureDevice?
    {
        DiscoverySession(deviceTypes: [deviceType], mediaType: mediaType, position: position).devices.first
    }

    /// Whether the device captures `mediaType`: cameras capture video.
    open func hasMediaType(_ mediaType: AVMediaType) -> Bool { mediaType == .video }

    /// Whether the device is still attached.
    open var isConnected: Bool { CaptureDevices.current().contains { $0.uniqueID == uniqueID } }

    /// `.authorized`: Linux asks no permission beyond the device file's.
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus { .authorized }

    /// Calls `handler` with true at once (on a background queue, as AVFoundation calls it on an
    /// arbitrary one).
    open class func requestAccess(
        for mediaType: AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void
    ) {
        DispatchQueue.global().async { handler(true) }
    }

    open override var description: String { "<AVCaptureDevice \(uniqueID) \"\(localizedName)\">" }

    /// Finds devices by type, media and position.
    open class DiscoverySession: NSObject, @unchecked Sendable {
        /// The devices found when the session was made, cameras first, in GStreamer's order.
        open private(set) var devices: [AVCaptureDevice]

        /// Lists the devices now connected of one of `deviceTypes` that capture `mediaType`
        /// (any, for nil) at `position` (any, for `.unspecified`). A machine without cameras
        /// lists none (or only the test pattern).
        public init(deviceTypes: [DeviceType], mediaType: AVMediaType?, position: Position) {
            devices = CaptureDevices.current().filter { device in
                deviceTypes.contains(device.deviceType) && (mediaType.map(device.hasMediaType) ?? true)
                    && (position == .unspecified || device.position == position)
            }
        }
    }
}
