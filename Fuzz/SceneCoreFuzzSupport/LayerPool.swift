import Foundation
import SceneCore

/// The layers a `LayerProgram` works on: layer 0 is the root a renderer shows (64x48 points,
/// at the origin); the others are of each layer class in turn (`layerClasses`), in no tree
/// until a step puts them in one.
public final class LayerPool {
    /// The size of the root, and of the target a program is rendered into.
    public static let rootSize = (width: 64, height: 48)

    /// The pool's layers in turn: one of every layer class that draws something of its own or
    /// arranges its sublayers differently.
    public static let layerMakers: [@Sendable () -> CALayer] = [
        { CALayer() }, { CAShapeLayer() }, { CATextLayer() }, { CAGradientLayer() }, { CAReplicatorLayer() },
        { CAEmitterLayer() }, { CATiledLayer() }, { CATransformLayer() }, { CAScrollLayer() }, { videoLayer() },
    ]

    /// A video layer (as SceneMedia's `AVPlayerLayer` is) whose feed holds four 8x8 frames a tenth
    /// of a second apart, played from now.
    static func videoLayer() -> CALayer {
        let layer = CALayer()
        let feed = VideoFeed()
        for index in 0..<4 {
            let sample = UInt8(40 + index * 50)
            let frame = VideoFrame(
                copying: [
                    Array(repeating: sample, count: 64), Array(repeating: 90, count: 16),
                    Array(repeating: 200, count: 16),
                ],
                format: .i420, width: 8, height: 8, time: Double(index) / 10)
            if let frame { feed.enqueue(frame) }
        }
        feed.setClock(.running(offset: CACurrentMediaTime()))
        layer.videoContent = VideoContent(feed: feed, gravity: .resizeAspectFill)
        return layer
    }

    /// The layers, named by their index in the steps.
    public let layers: [CALayer]
    /// Layer 0, the root a renderer shows.
    public var root: CALayer { layers[0] }

    /// A pool of `count` new layers.
    public init(count: Int) {
        layers = (0..<count).map { Self.layerMakers[$0 % Self.layerMakers.count]() }
        root.frame = CGRect(x: 0, y: 0, width: Self.rootSize.width, height: Self.rootSize.height)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        for (index, layer) in layers.enumerated().dropFirst() {
            layer.frame = CGRect(x: index * 4, y: index * 3, width: 20, height: 16)
            layer.backgroundColor = CGColor(red: 1, green: Double(index) / 10, blue: 0, alpha: 0.8)
        }
    }

    /// Runs every step of `program`, calling `frame` with the absolute time of each frame to
    /// show, after committing.
    public func run(_ program: LayerProgram, frame: (Double) throws -> Void) rethrows {
        for step in program.steps {
            if case .render(let offset) = step {
                CATransaction.flush()
                try frame(CACurrentMediaTime() + offset)
            } else {
                apply(step)
            }
        }
    }

    /// Applies one step other than a frame.
    public func apply(_ step: LayerStep) {
        switch step {
        case .add(let child, let parent): layers[parent].addSublayer(layers[child])
        case .insert(let child, let parent, let index): layers[parent].insertSublayer(layers[child], at: index)
        case .insertNextTo(let layer, let sibling, let above):
            guard let parent = layers[sibling].superlayer else { return layers[layer].removeFromSuperlayer() }
            if above {
                parent.insertSublayer(layers[layer], above: layers[sibling])
            } else {
                parent.insertSublayer(layers[layer], below: layers[sibling])
            }
        case .remove(let layer): layers[layer].removeFromSuperlayer()
        case .replace(let old, let new):
            (layers[old].superlayer ?? layers[old]).replaceSublayer(layers[old], with: layers[new])
        case .setSublayers(let layer, let list): layers[layer].sublayers = list.map { $0.map { layers[$0] } }
        case .mask(let owner, let mask): layers[owner].mask = mask.map { layers[$0] }
        case .set(let layer, let key, let value):
            if key.contains(".") {
                layers[layer].setValue(value.object, forKeyPath: key)
            } else {
                layers[layer].setValue(value.object, forKey: key)
            }
        case .setter(let layer, let setter, let numbers): setter.apply(to: layers[layer], numbers)
        case .animate(let layer, let recipe): layers[layer].add(recipe.make(), forKey: recipe.key)
        case .removeAnimation(let layer, let key):
            if let key { layers[layer].removeAnimation(forKey: key) } else { layers[layer].removeAllAnimations() }
        case .disableActions(let value): CATransaction.setDisableActions(value)
        case .commit: CATransaction.flush()
        case .render: CATransaction.flush()
        }
    }
}
