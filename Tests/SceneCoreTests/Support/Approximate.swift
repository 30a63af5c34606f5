import Foundation
@testable import SceneCore

/// The tolerance for results that floating point cannot make exact.
let floatTolerance: CGFloat = 1e-9

/// True when `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = floatTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// True when every entry of `a` is within `tolerance` of the same entry of `b`.
func isClose(_ a: CATransform3D, _ b: CATransform3D, tolerance: CGFloat = floatTolerance) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

/// True when the four edges of `a` and `b` are within `tolerance`.
func isClose(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = floatTolerance) -> Bool {
    isClose(a.minX, b.minX, tolerance: tolerance) && isClose(a.minY, b.minY, tolerance: tolerance)
        && isClose(a.maxX, b.maxX, tolerance: tolerance) && isClose(a.maxY, b.maxY, tolerance: tolerance)
}
