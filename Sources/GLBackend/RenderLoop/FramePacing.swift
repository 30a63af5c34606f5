import CSceneCoreX11
import Foundation

/// The display's refresh interval, from XRandR where the server reports a rate, else 60 Hz.
enum DisplayRefresh {
    static let fallbackRate = 60.0

    static func interval(for connection: X11Connection) -> Double {
        let display = connection.display
        guard let info = XRRGetScreenInfo(display, XRootWindow(display, XDefaultScreen(display))) else {
            return 1 / fallbackRate
        }
        defer { XRRFreeScreenConfigInfo(info) }
        let rate = Double(XRRConfigCurrentRate(info))
        return 1 / (rate >= 20 && rate <= 500 ? rate : fallbackRate)
    }
}

/// CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
