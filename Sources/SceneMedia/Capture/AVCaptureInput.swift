import Foundation

/// A source of media for an `AVCaptureSession`.
open class AVCaptureInput: NSObject, @unchecked Sendable {
    override init() { super.init() }
}

/// A capture device as a session's input.
open class AVCaptureDeviceInput: AVCaptureInput, @unchecked Sendable {
    /// The device the input captures from.
    public let device: AVCaptureDevice

    /// An input from `device`. Throws an `NSError` (domain `AVFoundationErrorDomain`) when the
    /// device is no longer connected.
    public init(device: AVCaptureDevice) throws {
        guard device.isConnected else {
            throw NSError(
                domain: AVCaptureSession.errorDomain, code: AVCaptureSession.deviceNotConnectedCode,
                userInfo: [NSLocalizedDescriptionKey: "The capture device \(device.localizedName) is not connected"])
        }
        self.device = device
        super.init()
    }
}
