import CSceneMediaGStreamer
import Foundation
import SceneCore

extension Notification.Name {
    /// Posted (object: the session) when a running session meets an error; `userInfo`'s
    /// `AVCaptureSessionErrorKey` holds the `NSError`. The session stops.
    public static let AVCaptureSessionRuntimeError = Notification.Name("AVCaptureSessionRuntimeErrorNotification")
    /// Posted (object: the session) when a session starts running.
    public static let AVCaptureSessionDidStartRunning = Notification.Name("AVCaptureSessionDidStartRunningNotification")
    /// Posted (object: the session) when a session stops running.
    public static let AVCaptureSessionDidStopRunning = Notification.Name("AVCaptureSessionDidStopRunningNotification")
}

/// The `userInfo` key of an `AVCaptureSessionRuntimeError` notification's error.
public let AVCaptureSessionErrorKey = "AVCaptureSessionErrorKey"

/// Runs the flow of frames from a camera (its input, `AVCaptureDeviceInput`) to the preview
/// layers showing the session (`AVCaptureVideoPreviewLayer`): a GStreamer pipeline from the
/// device's source through a conversion to planar Y′CbCr at the preset's size to an app sink,
/// whose streaming thread hands each frame to the layers' feeds. The app thread never touches a
/// frame; the render thread shows the newest at each frame it presents.
open class AVCaptureSession: NSObject, @unchecked Sendable {
    /// The picture a session asks its camera for.
    public struct Preset: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A preset from its raw string, as `init(rawValue:)`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The camera's own size (the default).
        public static let high = Preset(rawValue: "AVCaptureSessionPresetHigh")
        /// 480x360.
        public static let medium = Preset(rawValue: "AVCaptureSessionPresetMedium")
        /// 192x144.
        public static let low = Preset(rawValue: "AVCaptureSessionPresetLow")
        /// 352x288.
        public static let cif352x288 = Preset(rawValue: "AVCaptureSessionPreset352x288")
        /// 640x480.
        public static let vga640x480 = Preset(rawValue: "AVCaptureSessionPreset640x480")
        /// 960x540.
        public static let qHD960x540 = Preset(rawValue: "AVCaptureSessionPreset960x540")
        /// 1280x720.
        public static let hd1280x720 = Preset(rawValue: "AVCaptureSessionPreset1280x720")
        /// 1920x1080.
        public static let hd1920x1080 = Preset(rawValue: "AVCaptureSessionPreset1920x1080")

        /// The size frames are scaled to; nil for the camera's own.
        var size: (width: Int, height: Int)? {
            switch self {
            case .medium: (480, 360)
            case .low: (192, 144)
            case .cif352x288: (352, 288)
            case .vga640x480: (640, 480)
            case .qHD960x540: (960, 540)
            case .hd1280x720: (1280, 720)
            case .hd1920x1080: (1920, 1080)
            default: nil
            }
        }
    }

    static let errorDomain = "AVFoundationErrorDomain"
    /// AVFoundation's `AVError.Code.deviceNotConnected`.
    static let deviceNotConnectedCode = -11814
    /// AVFoundation's `AVError.Code.sessionNotRunning`.
    static let sessionNotRunningCode = -11803

    private struct State {
        var inputs: [AVCaptureInput] = []
        var preset = Preset.high
        var pipeline: CapturePipeline?
        var configurationDepth = 0
    }

    private let state = Locked(State())
    /// The feeds of the preview layers showing the session, kept weakly.
    let feeds = VideoFeedList()

    public override init() { super.init() }

    deinit { state.withLock { $0.pipeline }?.stop() }

    /// The preset frames are scaled to; `.high` (the camera's own size) by default.
    open var sessionPreset: Preset {
        get { state.withLock { $0.preset } }
        set { state.withLock { $0.preset = newValue } }
    }

    /// Whether `preset` is one the session knows.
    open func canSetSessionPreset(_ preset: Preset) -> Bool { preset == .high || preset.size != nil }

    /// The session's inputs.
    open var inputs: [AVCaptureInput] { state.withLock { $0.inputs } }

    /// Whether `input` can be added: a device input, while the session has none (a session shows
    /// one camera).
    open func canAddInput(_ input: AVCaptureInput) -> Bool {
        input is AVCaptureDeviceInput && state.withLock { $0.inputs.isEmpty }
    }

    /// Adds `input`; one that cannot be added is refused with a logged error.
    open func addInput(_ input: AVCaptureInput) {
        guard canAddInput(input) else {
            Diagnostics.error("AVCaptureSession: \(input) cannot be added (a session takes one device input)")
            return
        }
        state.withLock { $0.inputs.append(input) }
    }

    /// Removes `input` from the session's inputs. A running session takes the change when it is
    /// next configured (`commitConfiguration()`) or started.
    open func removeInput(_ input: AVCaptureInput) {
        state.withLock { $0.inputs.removeAll { $0 === input } }
    }

    /// Starts a batch of changes; the running session takes them at `commitConfiguration()`.
    open func beginConfiguration() { state.withLock { $0.configurationDepth += 1 } }

    /// Ends a batch of changes: a running session restarts with its inputs and preset.
    open func commitConfiguration() {
        let (done, running) = state.withLock { state in
            state.configurationDepth = max(state.configurationDepth - 1, 0)
            return (state.configurationDepth == 0, state.pipeline != nil)
        }
        if done && running {
            stopPipeline()
            startRunning()
        }
    }

    /// Whether frames flow.
    open var isRunning: Bool { state.withLock { $0.pipeline != nil } }

    /// Starts the flow of frames from the input's camera, and returns once it runs (or failed:
    /// then `AVCaptureSessionRuntimeError` is posted). Blocks for as long as the camera takes to
    /// start: call it off the main thread, as with AVFoundation.
    open func startRunning() {
        let (input, preset, running) = state.withLock { state in
            (state.inputs.first as? AVCaptureDeviceInput, state.preset, state.pipeline != nil)
        }
        guard !running else { return }
        guard let input else {
            fail("the session has no camera input")
            return
        }
        do {
            let pipeline = try CapturePipeline(device: input.device, size: preset.size, feeds: feeds) {
                [weak self] message in
                self?.runtimeError(message)
            }
            state.withLock { $0.pipeline = pipeline }
            post(.AVCaptureSessionDidStartRunning)
        } catch {
            fail(error.description)
        }
    }

    /// Stops the flow of frames; the preview layers keep the last frame.
    open func stopRunning() {
        guard stopPipeline() else { return }
        post(.AVCaptureSessionDidStopRunning)
    }

    @discardableResult
    private func stopPipeline() -> Bool {
        guard
            let pipeline = state.withLock({ state in
                defer { state.pipeline = nil }
                return state.pipeline
            })
        else {
            return false
        }
        pipeline.stop()
        return true
    }

    /// A pipeline error: logged once, posted, and the session stopped.
    private func runtimeError(_ message: String) {
        stopPipeline()
        fail(message)
        post(.AVCaptureSessionDidStopRunning)
    }

    private func fail(_ message: String) {
        Diagnostics.errorOnce("AVCaptureSession.\(message.filter { !$0.isNumber })", "AVCaptureSession: \(message)")
        let error = NSError(
            domain: Self.errorDomain, code: Self.sessionNotRunningCode,
            userInfo: [NSLocalizedDescriptionKey: "The capture session cannot run: \(message)"])
        post(.AVCaptureSessionRuntimeError, userInfo: [AVCaptureSessionErrorKey: error])
    }

    private func post(_ name: Notification.Name, userInfo: [String: Any]? = nil) {
        nonisolated(unsafe) let info = userInfo
        DispatchQueue.main.async { NotificationCenter.default.post(name: name, object: self, userInfo: info) }
    }
}
