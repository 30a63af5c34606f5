// UIKit stand-in: a minimal layer-backed view and view controller. Geometry, colour, opacity
// and visibility are the layer's own properties, as in UIKit; the view is its layer's delegate.
import Foundation
import SceneCore

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

public enum UIViewContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

open class UIResponder: NSObject {}

open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer a view of this class creates.
    open class var layerClass: AnyClass { CALayer.self }

    public let layer: CALayer
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    public var tag = 0
    open var contentMode: UIViewContentMode = .scaleToFill
    public var isUserInteractionEnabled = true
    public var translatesAutoresizingMaskIntoConstraints = true
    open var tintColor: UIColor! {
        get { storedTint ?? superview?.tintColor ?? UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) }
        set { storedTint = newValue }
    }
    private var storedTint: UIColor?
    private var storedBackground: UIColor?

    public init(frame: CGRect) {
        // UIKit makes the layer with the class's +alloc/-init. CALayer's init() is not required
        // in SceneCore, so a class known only at run time is made through its one required
        // initializer, init(presentationOf:), which runs the class's init(layer:).
        let cls: AnyClass = type(of: self).layerClass
        layer = (cls as? CALayer.Type).map { $0.init(presentationOf: CALayer()) } ?? CALayer()
        super.init()
        layer.delegate = self
        self.frame = frame
        // UIKit draws a view's content (`draw(_:)`) when it first goes on screen.
        layer.setNeedsDisplay()
    }
    public convenience override init() { self.init(frame: .zero) }
    public required init?(coder: NSCoder) { fatalError("UIKit stand-in: no nib or storyboard loading") }

    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    open var backgroundColor: UIColor? {
        get { storedBackground }
        set {
            storedBackground = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
    }
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(min(index, layer.sublayers?.count ?? 0)))
    }
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    open func layoutSubviews() {}
    open func setNeedsLayout() { layer.setNeedsLayout() }
    open func layoutIfNeeded() { layer.layoutIfNeeded() }
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// Draws the view's content in the current context (UIKit's y-down coordinates). Subclasses
    /// override it; UIKit's own does nothing.
    open func draw(_ rect: CGRect) { baseDrawCalled = true }
    private var baseDrawCalled = false
    open func didMoveToSuperview() {}
    open func didMoveToWindow() {}
    open func sizeToFit() {}

    // CALayerDelegate: the view lays out its subviews when its layer lays out. Outside UIKit's
    // animation blocks a view's layer has no implicit animations: the view answers NSNull.
    public func layoutSublayers(of layer: CALayer) { layoutSubviews() }
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIView.animationAction(for: layer, forKey: event)
    }

    /// The layer's display step: the backing store drawn by `draw(_:)`. UIKit gives a backing
    /// store only to views whose class overrides `draw(_:)`; without Objective-C's runtime the
    /// stand-in cannot ask, so every view draws one, and a view whose `draw(_:)` is UIKit's own
    /// keeps contents its program set on its layer.
    open func display(_ layer: CALayer) {
        let before = layer.contents
        baseDrawCalled = false
        layer.displayIntoBackingStore()
        if baseDrawCalled, let before {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.contents = before
            CATransaction.commit()
        }
    }
    /// Calls `draw(_:)` with the layer's context as UIKit's current context.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(layer.bounds)
        UIGraphicsPopContext()
    }
}

open class UIViewController: UIResponder {
    private var loadedView: UIView?
    public var title: String?
    public override init() { super.init() }
    public required init?(coder: NSCoder) { fatalError("UIKit stand-in: no nib or storyboard loading") }

    /// The view, loaded on first use (`loadView()` then `viewDidLoad()`), as in UIKit.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667)) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    public var isViewLoaded: Bool { loadedView != nil }
    open func loadView() { loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667)) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
}
