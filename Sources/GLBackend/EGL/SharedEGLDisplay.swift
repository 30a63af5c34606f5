import CSceneCoreGL

/// A raw `EGLDisplay` that may cross threads: EGL display handles are process-wide and
/// EGL's entry points are thread-safe.
struct EGLDisplayHandle: @unchecked Sendable {
    let raw: EGLDisplay
}

/// The process-wide headless EGL display, initialised on first use and never terminated.
///
/// `eglGetPlatformDisplay` hands every caller the same handle and `eglInitialize` is not
/// reference-counted, so one `eglTerminate` would break every other context in the process.
/// The surfaceless Mesa platform is tried first, then each device from `eglQueryDevicesEXT`
/// (the route NVIDIA's EGL takes).
enum SharedEGLDisplay {
    /// The display, or why none could be initialised. Swift runs this initialiser once,
    /// thread-safely, on first access.
    private static let shared: Result<EGLDisplayHandle, EGLError> = initialise()

    /// The shared display.
    /// - Throws: `EGLError.noDisplay` listing what each platform reported.
    static func display() throws(EGLError) -> EGLDisplayHandle {
        try shared.get()
    }

    private static func initialise() -> Result<EGLDisplayHandle, EGLError> {
        var attempts: [String] = []
        if let display = open(
            platform: EGLenum(EGL_PLATFORM_SURFACELESS_MESA), native: nil,
            name: "surfaceless", attempts: &attempts)
        {
            return .success(display)
        }
        for (index, device) in devices(attempts: &attempts).enumerated() {
            if let display = open(
                platform: EGLenum(EGL_PLATFORM_DEVICE_EXT), native: device,
                name: "device \(index)", attempts: &attempts)
            {
                return .success(display)
            }
        }
        return .failure(.noDisplay(attempts: attempts))
    }

    private static func open(
        platform: EGLenum, native: UnsafeMutableRawPointer?, name: String, attempts: inout [String]
    ) -> EGLDisplayHandle? {
        guard let display = eglGetPlatformDisplay(platform, native, nil) else {
            attempts.append(
                "\(name): eglGetPlatformDisplay gave no display, \(EGLError.describe(code: EGLError.lastCode))")
            return nil
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            attempts.append("\(name): eglInitialize failed, \(EGLError.describe(code: EGLError.lastCode))")
            return nil
        }
        return EGLDisplayHandle(raw: display)
    }

    private static func devices(attempts: inout [String]) -> [EGLDeviceEXT] {
        guard let address = eglGetProcAddress("eglQueryDevicesEXT") else {
            attempts.append("device: eglQueryDevicesEXT is not available")
            return []
        }
        let queryDevices = unsafeBitCast(address, to: PFNEGLQUERYDEVICESEXTPROC.self)
        var found: EGLint = 0
        var devices = [EGLDeviceEXT?](repeating: nil, count: 8)
        guard queryDevices(EGLint(devices.count), &devices, &found) == EGL_TRUE else {
            attempts.append("device: eglQueryDevicesEXT failed, \(EGLError.describe(code: EGLError.lastCode))")
            return []
        }
        if found == 0 { attempts.append("device: eglQueryDevicesEXT found no devices") }
        return devices.prefix(Int(found)).compactMap { $0 }
    }
}
