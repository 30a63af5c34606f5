import Foundation

/// Values that can be checked for NaN or infinite components before they enter the tree.
protocol FiniteCheckable {
    var isFiniteValue: Bool { get }
}

extension CGFloat: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension Double: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckable { package var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckable { package var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckable { package var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CATransform3D: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
