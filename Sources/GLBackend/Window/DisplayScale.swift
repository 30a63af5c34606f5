import CSceneCoreX11
import Foundation

/// The pixels per point of a window: what `LayerWindow.contentsScale` reports and the render
/// thread draws at.
///
/// Taken, in order, from the first of:
/// 1. the `SCENECORE_SCALE` environment variable (a positive number: 2 draws every point as
///    2x2 pixels), to override what the display says;
/// 2. the `Xft.dpi` X resource (the root window's RESOURCE_MANAGER, which `xrdb` and desktop
///    settings daemons set, and which GTK and Qt read too), over 96 dots per inch: 192 is 2;
/// 3. the dots per inch of the RandR monitor under the window's centre, from its size in
///    pixels and in millimetres, over 96; a monitor that reports no size, or one giving under
///    50 or over 600 dots per inch (virtual servers such as Xvfb and VNC report made-up sizes),
///    counts as 96;
/// 4. else 1.
///
/// A scale from the resource or a monitor is rounded to the nearest quarter (97 dots per inch
/// draws at 1, not 1.01, so that points stay on whole pixels); every scale is kept between 1
/// (as AppKit's `backingScaleFactor`, never below it) and 8.
struct DisplayScale: Equatable {
    /// The environment variable that overrides the display's scale.
    static let environmentVariable = "SCENECORE_SCALE"
    /// Where a scale came from: a window re-reads it when that source may have changed.
    enum Source: Equatable { case environment, resource, monitor, none }

    /// The pixels per point.
    let scale: CGFloat
    /// Where `scale` came from.
    let source: Source

    /// The scale from the sources' values (see the type's description): the environment
    /// variable's text, the resource database's text, and the monitor's width in pixels and
    /// millimetres.
    init(environment: String?, resources: String?, monitor: (pixels: Int, millimetres: Int)?) {
        if let text = environment, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
            value > 0
        {
            self.init(scale: Self.clamped(CGFloat(value)), source: .environment)
        } else if let resources, let dpi = Self.xftDPI(in: resources) {
            self.init(scale: Self.clamped(Self.quarters(dpi / 96)), source: .resource)
        } else if let monitor, monitor.millimetres > 0, monitor.pixels > 0 {
            let dpi = Double(monitor.pixels) / (Double(monitor.millimetres) / 25.4)
            let scale = (50...600).contains(dpi) ? Self.quarters(dpi / 96) : 1
            self.init(scale: Self.clamped(scale), source: .monitor)
        } else {
            self.init(scale: 1, source: .none)
        }
    }

    private init(scale: CGFloat, source: Source) {
        self.scale = scale
        self.source = source
    }

    /// The scale for a window whose centre is at `centre` (root coordinates, pixels) on
    /// `display`: the process's environment, the root window's resources, the monitor there.
    static func read(
        _ display: OpaquePointer, centre: CGPoint, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DisplayScale {
        DisplayScale(
            environment: environment[environmentVariable], resources: resources(of: display),
            monitor: monitor(of: display, at: centre))
    }

    /// The value of `Xft.dpi` in a resource database's text (lines `name: value`).
    static func xftDPI(in resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0
            else { continue }
            return dpi
        }
        return nil
    }

    /// The root window's RESOURCE_MANAGER property as it is now (Xlib's `XResourceManagerString`
    /// keeps the text the connection opened with).
    static func resources(of display: OpaquePointer) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let root = XDefaultRootWindow(display)
        let property = XInternAtom(display, "RESOURCE_MANAGER", 0)
        guard
            XGetWindowProperty(
                display, root, property, 0, 1 << 20, 0, Atom(AnyPropertyType), &type, &format, &count, &remaining,
                &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        return format == 8 ? String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self) : nil
    }

    /// The width in pixels and millimetres of the RandR monitor holding `point` (else the
    /// primary one, else the first); nil without RandR monitors.
    private static func monitor(of display: OpaquePointer, at point: CGPoint) -> (pixels: Int, millimetres: Int)? {
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(display, XDefaultRootWindow(display), 1, &count), count > 0 else {
            return nil
        }
        defer { XRRFreeMonitors(monitors) }
        let all = UnsafeBufferPointer(start: monitors, count: Int(count))
        let under = all.first { m in
            CGRect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height)).contains(point)
        }
        guard let chosen = under ?? all.first(where: { $0.primary != 0 }) ?? all.first else { return nil }
        return (Int(chosen.width), Int(chosen.mwidth))
    }

    private static func quarters(_ scale: Double) -> CGFloat { CGFloat((scale * 4).rounded() / 4) }

    private static func clamped(_ scale: CGFloat) -> CGFloat { min(max(scale, 1), 8) }
}
