import Foundation
import SceneCore

/// Three hundred layers of every kind the renderer draws, none of them changing: a window
/// showing it has nothing to redraw once the first frame is up. The group cells are rasterized
/// (`shouldRasterize`): drawn into their bitmaps once, then from the cache (the frame-rate
/// overlay, `f`, counts them).
enum StaticScene {
    static let columns = 20
    static let rows = 12
    /// The kinds of specimen, one per cell in turn. Clipped cells add one sublayer and group
    /// cells two, so every round of the twelve kinds is 15 layers and the scene 300.
    enum Kind: CaseIterable {
        case plain, rounded, bordered, twoCorners, clipped
        case imageResize, imageAspect, imageCenter, imageAspectFill
        case group, rotated, turnedIn3D

        /// Makes `layer`, a plain coloured layer, into this kind of specimen; `index` varies it.
        func dress(_ layer: CALayer, _ index: Int) {
            let b = layer.bounds
            switch self {
            case .plain:
                break
            case .rounded:
                layer.cornerRadius = b.width * 0.3
            case .bordered:
                layer.borderWidth = 3
                layer.borderColor = Palette.ink
            case .twoCorners:
                layer.cornerRadius = b.width * 0.5
                layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
                layer.borderWidth = 1.5
                layer.borderColor = Palette.ink
            case .clipped:
                layer.cornerRadius = b.width * 0.35
                layer.masksToBounds = true
                layer.addSublayer(
                    CALayer.filled(
                        CGRect(x: b.midX, y: -b.height * 0.2, width: b.width, height: b.height * 1.4), color(index + 7))
                )
            case .imageResize:
                StaticScene.image(layer, .resize)
            case .imageAspect:
                StaticScene.image(layer, .resizeAspect)
            case .imageCenter:
                StaticScene.image(layer, .center)
            case .imageAspectFill:
                StaticScene.image(layer, .resizeAspectFill)
                layer.masksToBounds = true
                layer.cornerRadius = b.width * 0.25
            case .group:
                layer.backgroundColor = nil
                layer.opacity = 0.5
                layer.shouldRasterize = true
                layer.addSublayer(
                    CALayer.filled(CGRect(x: 0, y: 0, width: b.width * 0.7, height: b.height * 0.7), color(index + 3)))
                layer.addSublayer(
                    CALayer.filled(
                        CGRect(x: b.width * 0.3, y: b.height * 0.3, width: b.width * 0.7, height: b.height * 0.7),
                        color(index + 9)))
            case .rotated:
                layer.transform = CATransform3DMakeRotation(CGFloat(index % 7 + 1) * .pi / 16, 0, 0, 1)
            case .turnedIn3D:
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 100
                layer.transform = CATransform3DConcat(
                    CATransform3DMakeRotation(CGFloat(index % 5 + 1) * .pi / 8, 0, 1, 0), perspective)
            }
        }
    }

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        for index in 0..<columns * rows {
            let frame = CGRect(
                x: CGFloat(index % columns) * cell.width, y: CGFloat(index / columns) * cell.height,
                width: cell.width, height: cell.height)
            let layer = CALayer.filled(frame.insetBy(dx: cell.width * 0.12, dy: cell.height * 0.12), color(index))
            layer.name = "cell-\(index)"
            Kind.allCases[index % Kind.allCases.count].dress(layer, index)
            root.addSublayer(layer)
        }
        return root
    }

    /// An opaque colour that varies smoothly with `index`.
    static func color(_ index: Int) -> CGColor {
        let f = CGFloat(index) * 0.37
        return CGColor(
            red: 0.55 + 0.4 * sin(f), green: 0.55 + 0.4 * sin(f + 2.1), blue: 0.55 + 0.4 * sin(f + 4.2), alpha: 1)
    }

    private static func image(_ layer: CALayer, _ gravity: CALayerContentsGravity) {
        layer.contents = Palette.quadrants
        layer.contentsGravity = gravity
    }
}
