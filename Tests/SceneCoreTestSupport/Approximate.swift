import Foundation
import SceneCore

/// The tolerance for results that floating point cannot make exact.
public let floatTolerance: CGFloat = 1e-9

/// True when `a` and `b` differ by at most `tolerance`.
public func isClose(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = floatTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// True when both coordinates of `a` are within `tolerance` of those of `b`.
public func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = floatTolerance) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

/// True when the width and the height of `a` are within `tolerance` of those of `b`.
public func isClose(_ a: CGSize, _ b: CGSize, tolerance: CGFloat = floatTolerance) -> Bool {
    isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

/// True when the four edges of `a` are within `tolerance` of those of `b`.
public func isClose(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = floatTolerance) -> Bool {
    isClose(a.minX, b.minX, tolerance: tolerance) && isClose(a.minY, b.minY, tolerance: tolerance)
        && isClose(a.maxX, b.maxX, tolerance: tolerance) && isClose(a.maxY, b.maxY, tolerance: tolerance)
}

/// True when every entry of `a` is within `tolerance` of the same entry of `b`.
public func isClose(_ a: CATransform3D, _ b: CATransform3D, tolerance: CGFloat = floatTolerance) -> Bool {
    zip(a.entries, b.entries).allSatisfy { isClose($0, $1, tolerance: tolerance) }
}
