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
    /// Called for mouse down, up and motion, in window coordinates. Wheel buttons go to
    /// `onScroll` instead.
    public var onMouse: ((MouseEvent) -> Void)?
    /// Called for each scroll-wheel notch (vertical and horizontal), with the distance to scroll
    /// in points and the pointer's position in window coordinates.
    public var onScroll: ((ScrollEvent) -> Void)?
    /// Called for key presses and releases.
    public var onKey: ((KeyEvent) -> Void)?
    /// Called after the window (and `layer`) changed size.
    public var onResize: ((CGSize) -> Void)?
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
    /// The window's size in points (pixels at scale 1).
    public private(set) var size: CGSize
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

    private static var openWindows: [ObjectIdentifier: LayerWindow] = [:]

    /// Opens a window showing `layer`.
    /// - Parameters:
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
        surface = try Self.makeSurface(connection, width: width, height: height, preferred: presentation)
        size = CGSize(width: width, height: height)
        self.layer = layer
        renderThread = RenderThread(
            surface: surface, width: width, height: height,
            interval: paced ? DisplayRefresh.interval(for: connection) : 0, limitsRedrawToDamage: limitsRedrawToDamage)
        configureWindow(title: title)
        renderThread.setDebugOverlays(debugOverlays)
        attach(layer)
        updateLayerBorders()
        renderThread.start()
        let target = WeakWindow(self)
        eventPump = EventPump(
            connection: connection, window: surface.window, size: (width, height), renderThread: renderThread
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
        XStoreName(display, surface.window, title)
        var protocols = [connection.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(display, surface.window, &protocols, 1)
        XMapWindow(display, surface.window)
        XFlush(display)
    }

    /// Outlines the tree's layers while `debugOverlays` holds `layerBorders`.
    private func updateLayerBorders() {
        if debugOverlays.contains(.layerBorders) { layerBorders.attach(to: layer) } else { layerBorders.detach() }
    }

    /// Sizes `root` to the window and makes the render thread show its tree.
    private func attach(_ root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: size)
        CATransaction.commit()
        CommitDistributor.shared.attach(renderThread, root: root)
        renderThread.setRoot(root.layerID)
    }

    private func handle(_ input: WindowInput) {
        guard isOpen else { return }
        switch input {
        case .mouse(let event) where showsInspector:
            switch event.kind {
            case .moved: inspector.pointerMoved(to: event.location)
            case .down: inspector.click(at: event.location)
            case .up: break
            }
        case .mouse(let event): onMouse?(event)
        case .key(let event): onKey?(event)
        case .scroll(let event): onScroll?(event)
        case .resized(let width, let height):
            size = CGSize(width: width, height: height)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.frame = CGRect(origin: .zero, size: size)
            CATransaction.commit()
            // After the commit that resized (and laid out) the tree: the render thread's next
            // frame applies it and the new size together.
            renderThread.resize(width: width, height: height)
            onResize?(size)
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
