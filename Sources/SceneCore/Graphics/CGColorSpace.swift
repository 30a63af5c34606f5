import Foundation

/// A colour space. SceneCore works in sRGB; device gray is accepted for colours made from gray.
public final class CGColorSpace: Sendable, Equatable {
    /// The colour space's name, for example `CGColorSpace.sRGB`.
    public let name: String
    /// The number of colour components, not counting alpha.
    public let numberOfComponents: Int

    private init(name: String, numberOfComponents: Int) {
        self.name = name
        self.numberOfComponents = numberOfComponents
    }

    /// Creates a colour space by name; nil for names SceneCore does not support.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.genericRGBLinear: self.init(name: name, numberOfComponents: 3)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.deviceGray: self.init(name: name, numberOfComponents: 1)
        default: return nil
        }
    }

    /// The name of the sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the linear RGB colour space (treated as sRGB for rendering).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// The name of the gray colour space.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name SceneCore gives the device gray space.
    public static let deviceGray = "kCGColorSpaceDeviceGray"

    /// The sRGB colour space, the one layers are composited in.
    public static let srgb = CGColorSpace(name: sRGB, numberOfComponents: 3)

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.name == rhs.name }
}

/// Creates the device RGB colour space (sRGB in SceneCore).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.srgb }

/// Creates the device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.deviceGray)! }
