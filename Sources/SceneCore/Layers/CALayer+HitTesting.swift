import Foundation

extension CALayer {
    /// The hit-test Core Animation performs (see `hitTest(_:)`).
    ///
    /// The deepest visible layer containing `p`, given in the **superlayer's** coordinate space.
    ///
    /// Sublayers are searched front to back: a higher `zPosition` first, then the last in
    /// `sublayers` first. Hidden layers are skipped, `masksToBounds` excludes points outside
    /// the bounds, and the point is unprojected onto 3D-transformed layers. Call it on a
    /// `presentation()` layer to test what is on screen; it then returns presentation layers,
    /// whose `model()` is the layer you built.
    /// A `CATransformLayer` passes the test through to the planes of its 3D space, front-most
    /// first (`hitTestThroughTransformLayer(_:)`), and is never hit itself.
    ///
    /// The subtree is searched with an explicit stack, so a chain of layers 100,000 deep does not
    /// run out of call stack. A sublayer of SceneCore's own classes is searched in the same walk;
    /// a sublayer of any other class is asked through its `hitTest(_:)`, which a subclass may
    /// override (and whose default starts a walk of its own). Such calls nest on the call stack,
    /// so below 256 of them the walk goes on by itself, without asking the
    /// deeper subclasses (logged once): a chain of 100,000 layers of an app's subclass hit-tests
    /// as a chain of plain layers does.
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if state.kind == .transform { return hitTestThroughTransformLayer(p) }
        guard let first = HitTestFrame(self, point: p) else { return nil }
        return CALayer.hitTestWalk(from: first)
    }

    /// The deepest layer hit in the subtree of `first`'s layer, `first` itself when none of its
    /// sublayers is; the caller holds the layer lock.
    static func hitTestWalk(from first: HitTestFrame) -> CALayer? {
        var stack = [first]
        while !stack.isEmpty {
            guard let sublayer = stack[stack.count - 1].remaining.popLast() else {
                let finished = stack.removeLast()
                // A layer none of whose sublayers was hit: itself if the point is inside, else
                // its superlayer goes on with the next sublayer.
                if finished.inside { return finished.layer }
                continue
            }
            let local = stack[stack.count - 1].local
            if sublayer.hitTestsByDefault || !NestedHitTests.enter() {
                if let frame = HitTestFrame(sublayer, point: local) { stack.append(frame) }
            } else {
                defer { NestedHitTests.leave() }
                if let hit = sublayer.hitTest(local) { return hit }
            }
        }
        return nil
    }

    /// True for SceneCore's own layer classes that hit-test as plain layers, none of which
    /// overrides `hitTest(_:)` (a `CATransformLayer` is asked, and hit-tests its 3D space).
    fileprivate var hitTestsByDefault: Bool {
        let type = type(of: self)
        return type == CALayer.self || type == CAShapeLayer.self || type == CATextLayer.self
            || type == CAGradientLayer.self
    }
}

/// How many `hitTest(_:)` calls of app subclasses the calling thread is inside.
private enum NestedHitTests {
    /// The deepest nesting of subclass `hitTest(_:)` calls: each holds a few hundred bytes of
    /// call stack, and a thread may have as little as 512 KiB.
    static let maximum = 256

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var depth: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Counts one more nested call; false (logged once) when that would pass the maximum.
    static func enter() -> Bool {
        guard depth < maximum else {
            Diagnostics.errorOnce(
                "hitTest.depth",
                "CALayer.hitTest: more than \(maximum) nested layers of app subclasses; deeper ones are searched by the default hit-test, not their own hitTest(_:)"
            )
            return false
        }
        depth += 1
        return true
    }

    static func leave() { depth -= 1 }
}

/// One layer of a hit-test walk: the point in its own space, whether the point is inside it,
/// and its sublayers still to search (the next one last).
struct HitTestFrame {
    let layer: CALayer
    let local: CGPoint
    let inside: Bool
    var remaining: [CALayer]

    /// nil when `layer` cannot be hit at `point` (given in its superlayer's space) nor any of its
    /// sublayers: hidden, seen edge-on, or masking to bounds the point lies outside.
    init?(_ layer: CALayer, point: CGPoint) {
        guard let local = layer.pointFromSuperlayer(point) else { return nil }
        self.init(layer, local: local)
    }

    /// nil when `layer` cannot be hit at `local` (in its own space) nor any of its sublayers:
    /// hidden, or masking to bounds the point lies outside.
    init?(_ layer: CALayer, local: CGPoint) {
        if layer.state.isHidden { return nil }
        let inside = layer.contains(local)
        if layer.state.masksToBounds && !inside { return nil }
        self.layer = layer
        self.local = local
        self.inside = inside
        remaining = (layer.sublayers ?? []).frontToBack.reversed()
    }
}

extension Array where Element == CALayer {
    /// The layers in hit-testing order: higher zPosition first, later array position first.
    var frontToBack: [CALayer] {
        enumerated().sorted { a, b in
            a.element.state.zPosition != b.element.state.zPosition
                ? a.element.state.zPosition > b.element.state.zPosition
                : a.offset > b.offset
        }.map(\.element)
    }
}
