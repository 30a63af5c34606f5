import Foundation

/// The geometric attribute of a layer that a `CAConstraint` sets or reads, measured in the
/// superlayer's coordinate space (for the `"superlayer"` source, in its own bounds).
///
/// The raw values are Core Animation's (`kCAConstraintMinX` = 0 ... `kCAConstraintHeight` = 7).
/// SceneCore's coordinates are y-down, so `minY` is the top edge and `maxY` the bottom edge.
public enum CAConstraintAttribute: Int32, Sendable {
    /// The left edge.
    case minX = 0
    /// The horizontal centre.
    case midX
    /// The right edge.
    case maxX
    /// The width.
    case width
    /// The top edge (y-down).
    case minY
    /// The vertical centre.
    case midY
    /// The bottom edge (y-down).
    case maxY
    /// The height.
    case height

    /// The axis the attribute belongs to.
    var axis: ConstraintAxis { rawValue < 4 ? .x : .y }

    /// The attribute's place on its axis in the order min < mid < max < size, by which an
    /// over-specified axis picks the partner of its last constraint.
    var rank: Int { Int(rawValue % 4) }

    /// The attribute's value for `rect`.
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}

/// One of the two axes along which `CAConstraintLayoutManager` solves constraints independently.
enum ConstraintAxis: Int, CaseIterable, Sendable {
    case x = 0
    case y = 1
}

/// A relation between one geometric attribute of a layer and one attribute of a sibling layer
/// or of the superlayer: `attribute = scale * source.sourceAttribute + offset`.
///
/// Constraints take effect through `CAConstraintLayoutManager` set as the superlayer's
/// `layoutManager`; add them to a layer with `CALayer.addConstraint(_:)`. The source is the
/// sibling whose `name` is `sourceName`, or the superlayer itself for `"superlayer"`. A constraint
/// is immutable.
public final class CAConstraint: Sendable, CustomStringConvertible {
    /// The attribute of the constrained layer that the constraint sets.
    public let attribute: CAConstraintAttribute
    /// The `name` of the sibling layer the value is read from, or `"superlayer"`.
    public let sourceName: String
    /// The attribute of the source layer that the value is read from.
    public let sourceAttribute: CAConstraintAttribute
    /// The factor applied to the source attribute's value.
    public let scale: CGFloat
    /// The amount added to the scaled source value.
    public let offset: CGFloat

    /// Creates the constraint `attribute = scale * source.sourceAttribute + offset`, reading the
    /// source named `sourceName` (a sibling's `name`, or `"superlayer"`).
    ///
    /// A non-finite `scale` or `offset` is refused with a logged error and replaced by 1 or 0.
    public init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: CAConstraintAttribute, scale: CGFloat, offset: CGFloat
    ) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        if !scale.isFinite { Diagnostics.error("CAConstraint: refused non-finite scale \(scale); using 1") }
        if !offset.isFinite { Diagnostics.error("CAConstraint: refused non-finite offset \(offset); using 0") }
        self.scale = scale.isFinite ? scale : 1
        self.offset = offset.isFinite ? offset : 0
    }

    /// Creates the constraint `attribute = source.sourceAttribute + offset` (scale 1).
    public convenience init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: CAConstraintAttribute, offset: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: offset)
    }

    /// Creates the constraint `attribute = source.sourceAttribute` (scale 1, offset 0).
    public convenience init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: CAConstraintAttribute
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: 0)
    }

    public var description: String {
        "CAConstraint(\(attribute) = \(scale) * \(sourceName).\(sourceAttribute) + \(offset))"
    }
}
