import Foundation
import SceneCore
import Testing

// Layer and animation subclasses spelled exactly as code written for Apple's platforms spells
// them (no `@testable`, Swift 6 language mode): this target compiling is half the test.

/// A layer subclass with an initializer of its own, overriding every member public code commonly
/// overrides, and one custom animatable property in the supported pattern (stored by key, redrawn
/// by `needsDisplay(forKey:)`).
final class GaugeLayer: CALayer {
    var tint: CGColor?
    private(set) var log: [String] = []

    /// The custom animatable property: `@NSManaged var progress` on Apple's platforms.
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    init(tint: CGColor) {
        self.tint = tint
        super.init()
    }

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? GaugeLayer { tint = other.tint }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? NSNumber(value: 0.25) : super.defaultValue(forKey: key)
    }

    override var frame: CGRect {
        didSet { log.append("frame") }
    }

    override var bounds: CGRect {
        get { super.bounds }
        set {
            log.append("bounds")
            super.bounds = newValue
        }
    }

    override var position: CGPoint {
        didSet { log.append("position") }
    }

    override var contents: Any? {
        didSet { log.append("contents") }
    }

    override var cornerRadius: CGFloat {
        get { bounds.height / 2 }
        set {}
    }

    override func addSublayer(_ layer: CALayer) {
        log.append("addSublayer")
        super.addSublayer(layer)
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        log.append("layoutSublayers")
    }

    override func display() {
        log.append("display")
        super.display()
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(tint ?? CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }

    override func action(forKey event: String) -> CAAction? {
        event == "position" ? NSNull() : super.action(forKey: event)
    }

    override func hitTest(_ p: CGPoint) -> CALayer? {
        super.hitTest(p)
    }

    override func contains(_ p: CGPoint) -> Bool {
        let r = bounds.height / 2
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        return hypot(p.x - centre.x, p.y - centre.y) <= r
    }
}

/// A subclass with no initializers of its own: it inherits them all.
final class PlainSubclass: CAShapeLayer {
    override func layoutSublayers() { super.layoutSublayers() }
}

/// An animation subclass as Apple's platforms spell it.
final class PulseAnimation: CABasicAnimation {
    override init() {
        super.init()
        keyPath = "opacity"
        duration = 2
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@Suite struct LayerSubclassSpellingTests {
    @Test func overridesRunWhereCoreAnimationCallsThem() {
        let gauge = GaugeLayer(tint: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        gauge.position = CGPoint(x: 60, y: 30)
        gauge.addSublayer(CALayer())
        gauge.contents = nil
        gauge.setNeedsLayout()
        gauge.layoutIfNeeded()
        gauge.setNeedsDisplay()
        gauge.displayIfNeeded()
        for entry in ["frame", "bounds", "position", "addSublayer", "contents", "layoutSublayers", "display"] {
            #expect(gauge.log.contains(entry), "\(entry) not overridden")
        }
        #expect(gauge.cornerRadius == 10)
        #expect(gauge.progress == 0.25)
        #expect(gauge.action(forKey: "position") is NSNull)
        #expect(gauge.contains(CGPoint(x: 50, y: 10)))
        #expect(!gauge.contains(CGPoint(x: 1, y: 1)))
        #expect(PulseAnimation().duration == 2)
        #expect((PulseAnimation().copy() as? PulseAnimation)?.keyPath == "opacity")
    }

    @Test func thePresentationOfASubclassIsThatSubclassWithItsValues() throws {
        let gauge = GaugeLayer(tint: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        gauge.progress = 0.5
        CATransaction.flush()
        let shown = try #require(gauge.presentation())
        #expect(shown.tint === gauge.tint)
        #expect(shown.progress == 0.5)
        #expect(shown.model() === gauge)
        let plain = PlainSubclass()
        plain.lineWidth = 3
        CATransaction.flush()
        let plainShown = try #require(plain.presentation())
        #expect(plainShown.lineWidth == 3)
    }

    @Test func aCustomPropertyAnimatesOnTheSubclassPresentation() throws {
        // The layer's own clock stopped at 10 s (speed 0): its time is its timeOffset.
        let gauge = GaugeLayer(tint: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        gauge.speed = 0
        gauge.timeOffset = 10
        CATransaction.flush()
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = NSNumber(value: 0)
        fill.toValue = NSNumber(value: 1)
        fill.duration = 2
        gauge.add(fill, forKey: "fill")
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gauge.timeOffset = 11
        CATransaction.commit()
        let shown = try #require(gauge.presentation())
        #expect(shown.progress == 0.5)
        #expect(shown.tint === gauge.tint)
        #expect(gauge.progress == 0.25, "the model keeps its default")
    }
}
