import Foundation
import SceneCore
import Testing

// The samples of "Porting from Apple's platforms" (SceneCore.docc).

/// A custom animatable property, spelled for Linux: `@NSManaged var progress: CGFloat` on
/// Apple's platforms, a property stored by key here.
final class ProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)  // redrawn while it animates
    }

    override func draw(in ctx: CGContext) {
        let shown = presentation()?.progress ?? progress
        ctx.setFillColor(CGColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * shown, height: bounds.height))
    }
}

/// A display link's target, spelled with a method reference where Apple's platforms take a
/// `#selector`.
final class Ticker {
    private(set) var frames = 0

    func step(_ link: CADisplayLink) {
        frames += 1
    }

    func start() -> CADisplayLink {
        let link = CADisplayLink(target: self, selector: Ticker.step)  // #selector(step(_:)) on Apple's platforms
        link.add(to: .main, forMode: .common)
        return link
    }
}

@Suite struct PortingSamples {
    @Test func customAnimatableProperty() {
        ProgressLayer.registerAnimatableProperty("progress")  // implicit animations, as @NSManaged gives
        let bar = ProgressLayer()
        bar.progress = 0.25
        let fill = CABasicAnimation(keyPath: "progress")
        fill.toValue = 1
        fill.duration = 0.5
        bar.add(fill, forKey: "fill")

        #expect(bar.progress == 0.25)
        #expect(bar.animation(forKey: "fill") != nil)
    }

    @Test @MainActor func displayLinkWithAMethodReference() {
        let ticker = Ticker()
        let link = ticker.start()
        link.invalidate()
        #expect(ticker.frames == 0)
    }
}
