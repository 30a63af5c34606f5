import Foundation

/// What a shape group's paths give the styles listed after them: a path, in the space of the
/// layer the styles draw in (`transform` folds in the still groups between), or the paths a
/// merge item combined, with how it combines them.
indirect enum GatheredPaths {
    case path(Animated<BezierShape>, transform: CGAffineTransform)
    case merged(MergeMode, [GatheredPaths])

    /// Every path, a merge's parts in order.
    var paths: [(shape: Animated<BezierShape>, transform: CGAffineTransform)] {
        switch self {
        case .path(let shape, let transform): [(shape, transform)]
        case .merged(_, let parts): parts.flatMap(\.paths)
        }
    }

    /// Whether the area drawn is more than the paths filled together: a merge that adds,
    /// subtracts, intersects or excludes, here or in its parts.
    var combinesAreas: Bool {
        switch self {
        case .path: false
        case .merged(let mode, let parts): mode != .merge || parts.contains(where: \.combinesAreas)
        }
    }

    /// The same paths, moved by `transform` after their own.
    func moved(by transform: CGAffineTransform) -> GatheredPaths {
        switch self {
        case .path(let shape, let own): .path(shape, transform: own.concatenating(transform))
        case .merged(let mode, let parts): .merged(mode, parts.map { $0.moved(by: transform) })
        }
    }

    /// One path of every path of `gathered`, over time, each moved by its transform and `extra`.
    static func path(of gathered: [GatheredPaths], extra: CGAffineTransform = .identity) -> Animated<CGPath> {
        let paths = gathered.flatMap(\.paths)
        return DerivedProperty.derive(paths.map(\.shape)) { shapes in
            let path = CGMutablePath()
            for (shape, part) in zip(shapes, paths) {
                shape.append(to: path, transform: part.transform.concatenating(extra))
            }
            return path as CGPath
        }
    }
}
