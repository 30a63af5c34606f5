import Foundation
import SceneCore

/// The faces of `CubeFixture`'s cube, each an opaque colour.
public enum CubeFace: Int, CaseIterable, Sendable {
    case front, right, back, left, top, bottom

    /// The face's colour: red, green, blue, yellow, cyan, magenta.
    public var color: CGColor {
        switch self {
        case .front: CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case .right: CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        case .back: CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        case .left: CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        case .top: CGColor(red: 0, green: 1, blue: 1, alpha: 1)
        case .bottom: CGColor(red: 1, green: 0, blue: 1, alpha: 1)
        }
    }

    /// The face's colour as `Pixel` values.
    public var pixel: Pixel { opaque(color) }

    /// Pushes a face out by half the side `s`, then turns it to its side of the cube (the front
    /// stays, the right turns +90° about y, the top +90° about x).
    func transform(side s: CGFloat) -> CATransform3D {
        let out = CATransform3DMakeTranslation(0, 0, s / 2)
        switch self {
        case .front: return out
        case .right: return CATransform3DConcat(out, CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        case .back: return CATransform3DConcat(out, CATransform3DMakeRotation(.pi, 0, 1, 0))
        case .left: return CATransform3DConcat(out, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0))
        case .top: return CATransform3DConcat(out, CATransform3DMakeRotation(.pi / 2, 1, 0, 0))
        case .bottom: return CATransform3DConcat(out, CATransform3DMakeRotation(-.pi / 2, 1, 0, 0))
        }
    }
}

/// A cube of six opaque 100-point faces (sublayers of a `CATransformLayer`, in `CubeFace`
/// order) turned about y, in a 200x200 white root whose `sublayerTransform` has
/// `m34 = −1/400`.
///
/// The transform layer's centre is at `centre` in the root (the root's centre by default), so
/// the eye looks straight at the cube from 400 points in front of the root's plane. The face
/// at z = +50 is seen 1/(1 − 50/400) ≈ 1.143 times larger: the unturned front face covers
/// x = 42.9 ... 157.1 of the window.
public struct CubeFixture {
    public static let side: CGFloat = 100
    public let root: CALayer
    public let cube: CATransformLayer
    public let faces: [CALayer]

    /// - Parameters:
    ///   - angle: the cube's turn about y, in radians (`transform` of the transform layer).
    ///   - doubleSided: every face's `isDoubleSided`.
    public init(angle: CGFloat, centre: CGPoint = CGPoint(x: 100, y: 100), doubleSided: Bool = true) {
        root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), CGColor(gray: 1, alpha: 1))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        root.sublayerTransform = perspective
        cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        cube.position = centre
        cube.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        root.addSublayer(cube)
        faces = CubeFace.allCases.map { face in
            let layer = solidLayer(CGRect(x: 0, y: 0, width: Self.side, height: Self.side), face.color)
            layer.transform = face.transform(side: Self.side)
            layer.isDoubleSided = doubleSided
            return layer
        }
        cube.sublayers = faces
    }

    /// The layer of `face`.
    public subscript(face: CubeFace) -> CALayer { faces[face.rawValue] }
}
