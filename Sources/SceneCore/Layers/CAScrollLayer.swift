import Foundation

/// The directions in which a `CAScrollLayer` may scroll.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll: `scroll(to:)` leaves its bounds as they are.
    public static let none = Self(rawValue: "none")
    /// Only the bounds origin's y changes.
    public static let vertically = Self(rawValue: "vertically")
    /// Only the bounds origin's x changes.
    public static let horizontally = Self(rawValue: "horizontally")
    /// Both coordinates of the bounds origin change (the default).
    public static let both = Self(rawValue: "both")
}

/// A layer that shows a movable window onto its sublayers, as Core Animation's `CAScrollLayer`.
///
/// Scrolling changes the layer's `bounds.origin` and nothing else: the sublayers stay where they
/// are in the layer's coordinate space, and the part of that space shown at the layer's place
/// moves. Set `masksToBounds` to hide what lies outside the bounds (the layer does not clip by
/// itself, as in Core Animation). The layer has no scroll bars and does not react to input; a
/// program scrolls it with `scroll(to:)`, or from a sublayer with `scroll(_:)` and
/// `scrollRectToVisible(_:)`, and reads what shows with any sublayer's `visibleRect`.
///
/// A scroll is a change of `bounds`, so on a layer that has been committed it is animated
/// implicitly (0.25 s) like any other bounds change; inside a transaction with actions disabled
/// it jumps. `scrollMode` is key-value coded, archived and copied to the presentation layer; it
/// does not animate.
open class CAScrollLayer: CALayer {
    /// A scroll layer that scrolls in both directions.
    public override init() {
        super.init()
    }

    /// Unarchives a scroll layer archived by `encode(with:)`, with its scroll mode.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A shadow copy of `layer` with its scroll mode, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let scroll = layer as? CAScrollLayer { keyedValues = scroll.keyedValues }
    }

    /// The directions `scroll(to:)` may move the bounds origin in. Default `.both`. A name
    /// (`String`) set through `setValue(_:forKey: "scrollMode")` is taken as its raw value.
    open var scrollMode: CAScrollLayerScrollMode {
        get {
            let value = value(forKey: "scrollMode")
            return (value as? CAScrollLayerScrollMode)
                ?? (value as? String).map(CAScrollLayerScrollMode.init(rawValue:)) ?? .both
        }
        set { setValue(newValue, forKey: "scrollMode") }
    }

    /// Core Animation's scroll default, `scrollMode` `.both`; the layer defaults for other keys.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "scrollMode" ? CAScrollLayerScrollMode.both : super.defaultValue(forKey: key)
    }

    /// Scrolls so that `p` (in the layer's coordinate space) is at the top-left corner of the
    /// bounds: sets `bounds.origin` to `p` along the axes `scrollMode` allows, keeping the other
    /// coordinate. With `.none` nothing changes.
    open func scroll(to p: CGPoint) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let mode = scrollMode
        var origin = bounds.origin
        if mode == .both || mode == .horizontally { origin.x = p.x }
        if mode == .both || mode == .vertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as possible to show `r` (in the layer's coordinate space), along the
    /// axes `scrollMode` allows. On each axis: nothing moves when `r` already lies within the
    /// bounds; otherwise the bounds move until the near edge of `r` (the one on the side it
    /// sticks out) lies on the matching edge of the bounds. A rectangle longer than the bounds
    /// on an axis is aligned to its origin (its minimum) on that axis. A null rectangle, or one
    /// with a coordinate that is not finite, scrolls nothing (with one logged error).
    open func scroll(to r: CGRect) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let r = r.standardized
        guard !r.isNull, [r.minX, r.minY, r.maxX, r.maxY].allSatisfy(\.isFinite) else {
            Diagnostics.errorOnce(
                "CAScrollLayer.scroll(to:) rect", "CAScrollLayer.scroll(to: \(r)): not a finite rectangle; not scrolled"
            )
            return
        }
        let shown = bounds
        let x = Self.origin(showing: r.minX...r.maxX, from: shown.minX, length: shown.width)
        let y = Self.origin(showing: r.minY...r.maxY, from: shown.minY, length: shown.height)
        scroll(to: CGPoint(x: x, y: y))
    }

    /// The least-moved origin of a span `length` long, now at `origin`, that shows `range` (or
    /// starts at it when it is longer than the span).
    static func origin(showing range: ClosedRange<CGFloat>, from origin: CGFloat, length: CGFloat) -> CGFloat {
        if range.upperBound - range.lowerBound > length { return range.lowerBound }
        if range.lowerBound < origin { return range.lowerBound }
        if range.upperBound > origin + length { return range.upperBound - length }
        return origin
    }
}
