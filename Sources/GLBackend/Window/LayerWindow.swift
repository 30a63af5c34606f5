import CSceneCoreX11
import Foundation
import SceneCore

/// An X11 window that shows a layer tree, like a layer-hosting view on Apple platforms.
///
/// The window's `layer` is resized with the window. A render thread of its own owns the GL
/// context and draws every commit of the tree, paced to the display refresh; the app thread
/// only changes layers. Mouse, scroll, key, resize and close events arrive on the main run
/// loop, so implicit transactions made in handlers commit at the end of that run-loop turn. Run
/// the main run loop (`LayerWindow.run(until:)` or `RunLoop.main.run()`) for events to arrive.
///
/// The window's size and every position it reports are in points; it draws `contentsScale`
/// pixels per point, as the display says (`Xft.dpi`, the monitor's density, or
/// `SCENECORE_SCALE`). The render thread draws the whole tree at that scale, so geometry,
/// borders, corners and shapes are sharp at 2×; the window also gives the layers of its tree the
/// scale as their `contentsScale` (except where the app set it), as AppKit does for the layers
/// of a window's views, so that text and drawn contents are drawn with as many pixels. Layers
/// added to the tree later keep theirs (1 by default), as on Apple platforms: set theirs to the
/// window's `contentsScale` to draw them as sharply.
///
/// Key presses carry the text the X input method composed (dead keys, Compose sequences, an
/// input method's CJK text) and mouse events their modifiers, held buttons and click count;
/// motion without a button held and the pointer entering and leaving arrive too, for hover.
@MainActor
public final class LayerWindow {
    /// The tree's root layer, sized to the window. Setting it shows another tree.
    public var layer: CALayer {
        didSet {
            attach(layer)
            if showsInspector { inspector.attach(to: layer) }
            updateLayerBorders()
        }
    }
    /// Called for mouse down, up, motion (`moved` without a button held, `dragged` with one),
    /// and the pointer entering and leaving the window, in window coordinates. Wheel buttons go
    /// to `onScroll` instead.
    public var onMouse: ((MouseEvent) -> Void)?
    /// Called for each scroll-wheel notch (vertical and horizontal), with the distance to scroll
    /// in points and the pointer's position in window coordinates.
    public var onScroll: ((ScrollEvent) -> Void)?
    /// Called for key presses (auto-repeats included) and releases, with the text the input
    /// method composed (see `KeyEvent`).
    public var onKey: ((KeyEvent) -> Void)?
    /// Called after the window (and `layer`) changed size.
    public var onResize: ((CGSize) -> Void)?
    /// Called after the window went into full screen or came out of it (`isFullScreen`).
    public var onFullScreenChange: ((Bool) -> Void)?
    /// Called when the window is asked to close or is destroyed, just before it closes.
    public var onClose: (() -> Void)?
    /// Called on the main thread when the connection to the X server is lost (the server ended
    /// or crashed), with the display's name, just before the program ends: the place to save
    /// state. Without a handler the program ends at once with a message naming the display.
    ///
    /// The windows went with the server: the handler must not use them (one that does ends
    /// the program at once). The program ends when the handler returns, or after ten seconds
    /// if it has not (a main thread busy elsewhere cannot make a lost display hang the program).
    public static var onDisplayConnectionLost: (@MainActor @Sendable (_ display: String) -> Void)? {
        get { DisplayConnectionLoss.handler }
        set { DisplayConnectionLoss.handler = newValue }
    }
    /// The window's size in points: its size in pixels over `contentsScale`.
    public private(set) var size: CGSize
    /// The window's pixels per point, as `NSWindow.backingScaleFactor`: from the
    /// `SCENECORE_SCALE` environment variable when set (a positive number), else the `Xft.dpi`
    /// X resource over 96, else the dots per inch of the RandR monitor under the window over 96
    /// (a monitor reporting a made-up size, as Xvfb's and VNC's do, counts as 96), else 1.
    /// Resource and monitor scales are rounded to the nearest quarter; every scale lies between
    /// 1 and 8. It changes when the resource changes (`xrdb`, a desktop's settings) or the window
    /// moves to a monitor of another density: `onScaleChange` is called then.
    public private(set) var contentsScale: CGFloat
    /// Called after `contentsScale` changed, with the new scale. The window has then given its
    /// tree's layers the new scale (see the class's description), asked the window manager to
    /// keep its size in points (more or fewer pixels), and is drawing at the new scale.
    public var onScaleChange: ((CGFloat) -> Void)?
    /// The window's title, shown by the window manager (WM_NAME, and _NET_WM_NAME in UTF-8),
    /// as `NSWindow.title`.
    public var title: String {
        didSet { setTitle(title) }
    }
    /// The smallest size, in points, the window manager lets the user make the window
    /// (WM_NORMAL_HINTS), as `NSWindow.minSize`; `.zero` (the default) for no minimum. A window
    /// smaller than a new minimum is not resized by it: the window manager applies it to the
    /// user's next resize.
    public var minimumSize: CGSize = .zero {
        didSet { setSizeHints() }
    }
    /// Whether the window manager shows the window full screen: known once the window manager
    /// has set the window's `_NET_WM_STATE`, so `toggleFullScreen()` changes it only under a
    /// window manager (and `onFullScreenChange` tells when).
    public private(set) var isFullScreen = false
    /// Whether the window is still open.
    public private(set) var isOpen = true
    /// The X11 window id (for tools such as xdotool).
    public var windowID: UInt { UInt(surface.window) }
    /// "GLX" or "EGL".
    public var presentationAPI: String { surface.api }
    /// Whether the window reads the pointer through XInput 2.1 or later, so that touchpads and
    /// high-resolution wheels scroll by fractions of a notch; false where the server lacks it,
    /// and wheels scroll by whole notches (`ScrollEvent.pointsPerNotch`).
    public var hasSmoothScrolling: Bool { eventPump.hasSmoothScrolling }
    /// What the render thread has drawn so far.
    public var statistics: WindowStatistics { renderThread.statistics }

    private let connection: X11Connection
    private let surface: any WindowSurface
    private let renderThread: RenderThread
    private var eventPump: EventPump!
    private var destroyed = false
    /// The window's size in pixels.
    private var pixelSize: (width: Int, height: Int)

    private static var openWindows: [ObjectIdentifier: LayerWindow] = [:]

    /// Opens a window showing `layer`, `width` x `height` points (times `contentsScale` pixels).
    /// - Parameters:
    ///   - title: the window's title (`title`), as the window manager shows it.
    ///   - width: the window's width in points.
    ///   - height: the window's height in points.
    ///   - layer: the root of the tree the window shows, sized to the window (`layer`).
    ///   - presentation: `.glx` (the faster path on Mesa's software rasteriser) or `.egl`;
    ///     when the chosen one is unavailable the other is tried.
    ///   - paced: draw at most one frame per display refresh (XRandR's rate, else 60 Hz);
    ///     false draws as fast as possible (for throughput benchmarks).
    ///   - display: the X display to open, such as ":1"; nil opens `DISPLAY`.
    ///   - limitsRedrawToDamage: where the presentation path can show part of a frame (GLX with
    ///     GLX_MESA_copy_sub_buffer), redraw and show only what changed since the last frame
    ///     (`FrameDamage`), and, everywhere, build a frame in which only plain leaf layers
    ///     changed from the last one (`FramePatch`); false builds and draws every frame whole
    ///     (to compare the two).
    /// - Throws: `WindowError.noDisplay` when no X server is reachable (the message names the
    ///   headless `OffscreenRenderer` alternative), other `WindowError`s when no GL context can be made.
    public init(
        title: String = "SceneCore", width: Int = 640, height: Int = 480, layer: CALayer = CALayer(),
        presentation: PresentationAPI = .glx, paced: Bool = true, display: String? = nil,
        limitsRedrawToDamage: Bool = true
    ) throws {
        connection = try X11Connection(name: display)
        // The window opens at the screen's top-left corner: its centre is there in pixels.
        let displayScale = DisplayScale.read(connection.display, centre: CGPoint(x: width / 2, y: height / 2))
        let scale = displayScale.scale
        contentsScale = scale
        pixelSize = (Self.pixels(CGFloat(width), scale), Self.pixels(CGFloat(height), scale))
        surface = try Self.makeSurface(
            connection, width: pixelSize.width, height: pixelSize.height, preferred: presentation)
        size = CGSize(width: CGFloat(pixelSize.width) / scale, height: CGFloat(pixelSize.height) / scale)
        self.title = title
        self.layer = layer
        renderThread = RenderThread(
            surface: surface, width: pixelSize.width, height: pixelSize.height, scale: scale,
            interval: paced ? DisplayRefresh.interval(for: connection) : 0, limitsRedrawToDamage: limitsRedrawToDamage)
        configureWindow(title: title)
        renderThread.setDebugOverlays(debugOverlays)
        attach(layer)
        updateLayerBorders()
        renderThread.start()
        let target = WeakWindow(self)
        eventPump = EventPump(
            connection: connection, window: surface.window, size: pixelSize, scale: displayScale,
            renderThread: renderThread
        ) { input in
            DispatchQueue.main.async { MainActor.assumeIsolated { target.window?.handle(input) } }
        }
        eventPump.start()
        DisplayLinkDriver.shared.register(renderThread)
        Self.openWindows[ObjectIdentifier(self)] = self
    }

    /// Whether the window tints, for one frame, the region each frame redraws when it draws
    /// only what changed (`limitsRedrawToDamage`), so that what a scene costs shows on screen.
    /// Default false.
    public var showsDamage = false {
        didSet { renderThread.setShowsDamage(showsDamage) }
    }

    /// Debugging pictures the render thread draws over, or instead of, every frame
    /// (`DebugOverlays`): blended and offscreen-rendered layers, flashed redrawn regions, the
    /// overdraw heat map and the frame graph. Starts as the environment variable
    /// `SCENECORE_DEBUG` names (none when it is unset). While any is on, frames are drawn whole.
    public var debugOverlays: DebugOverlays = .fromEnvironment {
        didSet {
            renderThread.setDebugOverlays(debugOverlays)
            updateLayerBorders()
        }
    }
    private let layerBorders = LayerBordersOverlay()

    /// Whether the layer inspector (`inspector`) is on: the layer under the pointer is outlined
    /// and described beside it, and clicks report its path instead of reaching `onMouse`.
    /// Default false.
    public var showsInspector = false {
        didSet {
            guard showsInspector != oldValue else { return }
            if showsInspector { inspector.attach(to: layer) } else { inspector.detach() }
        }
    }
    /// The window's layer inspector (`showsInspector` turns it on).
    public let inspector = LayerInspector()

    /// Asks the window manager to show the window full screen, or as before when it is full
    /// screen, as `NSWindow.toggleFullScreen(_:)`: a `_NET_WM_STATE` client message to the root
    /// window (EWMH), which a window manager acts on; `isFullScreen` follows once it has. Without a
    /// window manager nothing changes.
    public func toggleFullScreen() {
        guard isOpen else { return }
        let display = connection.display
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = surface.window
        event.xclient.message_type = connection.atom("_NET_WM_STATE")
        event.xclient.format = 32
        // _NET_WM_STATE_REMOVE (0) or _NET_WM_STATE_ADD (1), the property, no second one, and
        // the source: 1, an application.
        event.xclient.data.l.0 = isFullScreen ? 0 : 1
        event.xclient.data.l.1 = Int(connection.atom("_NET_WM_STATE_FULLSCREEN"))
        event.xclient.data.l.2 = 0
        event.xclient.data.l.3 = 1
        let root = XRootWindow(display, XDefaultScreen(display))
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        flush()
    }

    /// The model layer at `point` (window coordinates), hit-tested against the presentation
    /// tree, that is, against what is on screen.
    public func hitTest(_ point: CGPoint) -> CALayer? {
        layer.presentation()?.hitTest(point)?.model()
    }

    /// Stops the render thread, destroys the window and releases its connection.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        CommitDistributor.shared.detach(renderThread)
        DisplayLinkDriver.shared.unregister(renderThread)
        renderThread.stop()
        eventPump.stop()
        surface.destroy()
        if !destroyed { XDestroyWindow(connection.display, surface.window) }
        XFlush(connection.display)
        Self.openWindows[ObjectIdentifier(self)] = nil
    }

    /// Runs the main run loop until every window has closed, or until `deadline`.
    public static func run(until deadline: Date? = nil) {
        while !openWindows.isEmpty {
            let step = Date(timeIntervalSinceNow: 0.05)
            if let deadline, deadline <= Date() { return }
            _ = RunLoop.main.run(mode: .default, before: deadline.map { min($0, step) } ?? step)
        }
    }

    // MARK: - Internals

    private static func makeSurface(_ connection: X11Connection, width: Int, height: Int, preferred: PresentationAPI)
        throws -> any WindowSurface
    {
        let order: [PresentationAPI] = preferred == .glx ? [.glx, .egl] : [.egl, .glx]
        var failure: Error?
        for api in order {
            do {
                switch api {
                case .glx: return try GLXWindowSurface(connection, width: width, height: height)
                case .egl: return try EGLWindowSurface(connection, width: width, height: height)
                }
            } catch {
                Diagnostics.warning(
                    "window: \(api.rawValue.uppercased()) unavailable (\(error)); trying the other path")
                failure = failure ?? error
            }
        }
        throw failure ?? WindowError.noContext("neither GLX nor EGL could present")
    }

    private func configureWindow(title: String) {
        let display = connection.display
        setTitle(title)
        var protocols = [connection.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(display, surface.window, &protocols, 1)
        XMapWindow(display, surface.window)
        XFlush(display)
    }

    /// Outlines the tree's layers while `debugOverlays` holds `layerBorders`.
    private func updateLayerBorders() {
        if debugOverlays.contains(.layerBorders) { layerBorders.attach(to: layer) } else { layerBorders.detach() }
    }

    private func setTitle(_ title: String) {
        guard isOpen else { return }
        let display = connection.display
        XStoreName(display, surface.window, title)
        // XStoreName's text is Latin-1; window managers show _NET_WM_NAME, in UTF-8, first.
        let bytes = Array(title.utf8)
        XChangeProperty(
            display, surface.window, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
            PropModeReplace, bytes, Int32(bytes.count))
        flush()
    }

    /// Sends what Xlib holds to the server and wakes the event pump: an Xlib call on this
    /// thread may have read the pump's events into Xlib's queue, where its `poll` does not see
    /// them (a resize's ConfigureNotify once waited there for the next event). Before the pump
    /// starts there is no one to wake.
    private func flush() {
        XFlush(connection.display)
        eventPump?.nudge()
    }

    /// Sets WM_NORMAL_HINTS' minimum size from `minimumSize`.
    private func setSizeHints() {
        guard isOpen, let hints = XAllocSizeHints() else { return }
        defer { XFree(hints) }
        let width = minimumSize.width.isFinite ? max(minimumSize.width, 0) : 0
        let height = minimumSize.height.isFinite ? max(minimumSize.height, 0) : 0
        if width > 0 || height > 0 {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32(min((width * contentsScale).rounded(.up), 16384))
            hints.pointee.min_height = Int32(min((height * contentsScale).rounded(.up), 16384))
        }
        XSetWMNormalHints(connection.display, surface.window, hints)
        flush()
    }

    /// The pixels `points` take at `scale` (at least 1).
    private static func pixels(_ points: CGFloat, _ scale: CGFloat) -> Int {
        max(1, Int(min((points * scale).rounded(), 16384)))
    }

    /// Sizes `root` to the window, gives its tree the window's scale and makes the render thread
    /// show it.
    private func attach(_ root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: size)
        root.adoptWindowScale(contentsScale)
        CATransaction.commit()
        CommitDistributor.shared.attach(renderThread, root: root)
        renderThread.setRoot(root.layerID)
    }

    /// Sizes the tree to the window's pixels at its scale, and the render thread's frames.
    private func layOut() {
        let newSize = CGSize(
            width: CGFloat(pixelSize.width) / contentsScale, height: CGFloat(pixelSize.height) / contentsScale)
        let resized = newSize != size
        size = newSize
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(origin: .zero, size: size)
        CATransaction.commit()
        // After the commit that resized (and laid out) the tree: the render thread's next frame
        // applies it and the new size together.
        renderThread.resize(width: pixelSize.width, height: pixelSize.height, scale: contentsScale)
        if resized { onResize?(size) }
    }

    private func handle(_ input: WindowInput) {
        guard isOpen else { return }
        switch input {
        case .mouse(let event) where showsInspector:
            switch event.kind {
            case .moved, .dragged, .entered: inspector.pointerMoved(to: event.location)
            case .exited: inspector.pointerMoved(to: nil)
            case .down: inspector.click(at: event.location)
            case .up: break
            }
        case .mouse(let event): onMouse?(event)
        case .key(let event): onKey?(event)
        case .scroll(let event): onScroll?(event)
        case .resized(let width, let height):
            pixelSize = (width, height)
            layOut()
        case .scaleChanged(let scale):
            contentsScale = scale
            layer.adoptWindowScale(scale)
            setSizeHints()
            // The window keeps its size in points, as on Apple platforms: it asks for the pixels
            // that takes now (a window manager may refuse), and meanwhile spans its pixels.
            XResizeWindow(
                connection.display, surface.window, UInt32(Self.pixels(size.width, scale)),
                UInt32(Self.pixels(size.height, scale)))
            flush()
            layOut()
            onScaleChange?(scale)
        case .fullScreenChanged(let fullScreen):
            isFullScreen = fullScreen
            onFullScreenChange?(fullScreen)
        case .closeRequested:
            onClose?()
            close()
        case .destroyed:
            destroyed = true
            onClose?()
            close()
        }
    }
}

/// A weak, sendable reference to a window for callbacks that hop to the main queue.
private struct WeakWindow: @unchecked Sendable {
    weak var window: LayerWindow?
    init(_ window: LayerWindow) { self.window = window }
}
