import Foundation

/// Values that can be checked for NaN or infinite components before they enter the tree.
protocol FiniteCheckable {
    var isFiniteValue: Bool { get }
}

extension FiniteCheckable {
    /// True for a NaN number (the timing properties that accept infinity still refuse NaN).
    var isNaNValue: Bool { (self as? any BinaryFloatingPoint)?.isNaN ?? false }
}

extension CGFloat: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Double: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckable { var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckable { var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckable { var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CATransform3D: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
