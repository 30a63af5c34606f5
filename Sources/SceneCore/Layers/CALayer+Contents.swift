import Foundation

extension CALayer {
    /// Apple's Swift spelling of `CADynamicRange`.
    public typealias DynamicRange = CADynamicRange
    /// Apple's Swift spelling of `CAToneMapMode`.
    public typealias ToneMapMode = CAToneMapMode
}
