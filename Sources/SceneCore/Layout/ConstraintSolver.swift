import Foundation

/// Solves the constraints of the sublayers of one layer (see `CAConstraintLayoutManager` for the rules).
///
/// Each (sublayer, axis) pair is a node of a dependency graph; a node depends on the nodes of
/// the siblings its constraints read. Nodes are solved in topological order (Kahn's algorithm,
/// ready nodes taken in sublayer order), working on a copy of the frames.
struct ConstraintSolver {
    /// One usable constraint: its source is a sibling index, or nil for the superlayer.
    struct Relation {
        let attribute: CAConstraintAttribute
        let source: Int?
        let sourceAttribute: CAConstraintAttribute
        let scale: CGFloat
        let offset: CGFloat
    }

    /// The frames as solved so far, in sublayer order.
    private(set) var frames: [CGRect]
    /// The frames before solving.
    let originalFrames: [CGRect]
    private let bounds: CGRect
    private let sublayers: [CALayer]
    /// The relations that decide each node (none: the axis is left alone); node = sublayer index * 2 + axis.
    private var relations: [[Relation]]

    init(superlayer: CALayer, sublayers: [CALayer]) {
        bounds = superlayer.bounds
        originalFrames = sublayers.map(\.frame)
        frames = originalFrames
        self.sublayers = sublayers
        relations = Array(repeating: [], count: sublayers.count * 2)
        var indexByName: [String: Int] = [:]
        for (index, sublayer) in sublayers.enumerated() {
            if let name = sublayer.name, indexByName[name] == nil { indexByName[name] = index }
        }
        let constraints = sublayers.map { $0.constraints ?? [] }
        let constrainedAxes = constraints.map { Set($0.map(\.attribute.axis)) }
        for index in sublayers.indices {
            var declared: [[Relation]] = [[], []]
            for constraint in constraints[index] {
                let source: Int?
                if constraint.sourceName == "superlayer" {
                    source = nil
                } else if let sibling = indexByName[constraint.sourceName] {
                    source = sibling
                } else {
                    warnOnce(
                        index, "\(label(index)): no sibling named \"\(constraint.sourceName)\"; ignored \(constraint)")
                    continue
                }
                declared[constraint.attribute.axis.rawValue].append(
                    Relation(
                        attribute: constraint.attribute, source: source, sourceAttribute: constraint.sourceAttribute,
                        scale: constraint.scale, offset: constraint.offset))
            }
            for axis in ConstraintAxis.allCases {
                var used = choose(declared[axis.rawValue], for: index, on: axis)
                // A sibling with no constraints on the axis it is read on gives nothing.
                let unplaced = used.first { relation in
                    relation.source.map { !constrainedAxes[$0].contains(relation.sourceAttribute.axis) } ?? false
                }
                if let unplaced, let source = unplaced.source {
                    warnOnce(
                        index,
                        "\(label(index)): reads \(label(source)).\(unplaced.sourceAttribute), which has no constraints "
                            + "on the \(unplaced.sourceAttribute.axis) axis; the \(axis) axis is left alone")
                    used = []
                }
                relations[index * 2 + axis.rawValue] = used
            }
        }
    }

    /// The relations that decide one axis of the sublayer at `index`, from those declared on it
    /// in order: all of them when there are at most two, otherwise the last one declared and the
    /// lowest of the others in the order min < mid < max < size (the first of equals). Two that
    /// set the same attribute decide nothing.
    private func choose(_ declared: [Relation], for index: Int, on axis: ConstraintAxis) -> [Relation] {
        guard let last = declared.last,
            let partner = declared.dropLast().min(by: { $0.attribute.rank < $1.attribute.rank })
        else { return declared }
        if partner.attribute == last.attribute {
            warnOnce(index, "\(label(index)): two constraints set \(last.attribute); the \(axis) axis is left alone")
            return []
        }
        if declared.count > 2 {
            warnOnce(
                index,
                "\(label(index)): \(declared.count) constraints on the \(axis) axis; "
                    + "using the last, \(last.attribute), and \(partner.attribute)")
        }
        return [partner, last]
    }

    /// How warnings name the sublayer at `index`.
    private func label(_ index: Int) -> String { sublayers[index].name ?? "\(sublayers[index])" }

    /// Logs `message` about the sublayer at `index` unless it was logged about it before.
    private func warnOnce(_ index: Int, _ message: String) {
        guard sublayers[index].loggedConstraintWarnings.insert(message).inserted else { return }
        Diagnostics.warning("CAConstraintLayoutManager: \(message)")
    }

    /// Solves every node whose dependencies can be ordered; warns (once per layer) about the
    /// layers left alone.
    mutating func solve() {
        let nodeCount = relations.count
        var waitingOn = Array(repeating: 0, count: nodeCount)
        var dependents: [[Int]] = Array(repeating: [], count: nodeCount)
        for node in 0..<nodeCount {
            for relation in relations[node] {
                guard let source = relation.source else { continue }
                dependents[source * 2 + relation.sourceAttribute.axis.rawValue].append(node)
                waitingOn[node] += 1
            }
        }
        var ready = (0..<nodeCount).filter { waitingOn[$0] == 0 }
        var next = 0
        while next < ready.count {
            let node = ready[next]
            next += 1
            solve(node: node)
            for dependent in dependents[node] {
                waitingOn[dependent] -= 1
                if waitingOn[dependent] == 0 { ready.append(dependent) }
            }
        }
        let stuck = Set((0..<nodeCount).filter { waitingOn[$0] > 0 }.map { $0 / 2 }).sorted()
        let unreported = stuck.filter { sublayers[$0].loggedConstraintWarnings.insert("cycle").inserted }
        if !unreported.isEmpty {
            Diagnostics.warning(
                "CAConstraintLayoutManager: constraints of \(unreported.map { label($0) }.joined(separator: ", ")) "
                    + "form a dependency cycle or depend on one; left alone")
        }
    }

    private mutating func solve(node: Int) {
        let used = relations[node]
        guard !used.isEmpty else { return }
        let index = node / 2
        let isX = node % 2 == 0
        let values = used.map { relation in
            let source = relation.source.map { frames[$0] } ?? bounds
            return (relation.attribute, relation.scale * relation.sourceAttribute.value(in: source) + relation.offset)
        }
        var frame = frames[index]
        let current = isX ? (frame.minX, frame.width) : (frame.minY, frame.height)
        let (minimum, size) = Self.interval(values, current: current)
        if isX {
            frame.origin.x = minimum
            frame.size.width = size
        } else {
            frame.origin.y = minimum
            frame.size.height = size
        }
        frames[index] = frame
    }

    /// The start and length of a layer's extent along one axis, given the values of one or two
    /// distinct attributes of that axis and its current extent. A size computed as negative is 0;
    /// a size alone changes nothing.
    static func interval(
        _ values: [(CAConstraintAttribute, CGFloat)], current: (minimum: CGFloat, size: CGFloat)
    ) -> (minimum: CGFloat, size: CGFloat) {
        var minimum: CGFloat?
        var middle: CGFloat?
        var maximum: CGFloat?
        var size: CGFloat?
        for (attribute, value) in values {
            switch attribute {
            case .minX, .minY: minimum = value
            case .midX, .midY: middle = value
            case .maxX, .maxY: maximum = value
            case .width, .height: size = value
            }
        }
        switch (minimum, middle, maximum, size) {
        case let (minimum?, middle?, _, _): return (minimum, max(0, 2 * (middle - minimum)))
        case let (minimum?, _, maximum?, _): return (minimum, max(0, maximum - minimum))
        case let (minimum?, _, _, size?): return (minimum, max(0, size))
        case let (_, middle?, maximum?, _):
            let size = max(0, 2 * (maximum - middle))
            return (maximum - size, size)
        case let (_, middle?, _, size?):
            let size = max(0, size)
            return (middle - size / 2, size)
        case let (_, _, maximum?, size?):
            let size = max(0, size)
            return (maximum - size, size)
        case let (minimum?, nil, nil, nil): return (minimum, current.size)
        case let (nil, middle?, nil, nil): return (middle - current.size / 2, current.size)
        case let (nil, nil, maximum?, nil): return (maximum - current.size, current.size)
        case (nil, nil, nil, _): return current
        }
    }
}
