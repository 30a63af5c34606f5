// UIKit stand-in: images, fonts, the screen.
import Foundation
import SceneCore

open class UIImage: NSObject {
    public let cgImage: CGImage?
    public let scale: CGFloat
    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Int = 0) {
        self.cgImage = cgImage
        self.scale = scale
    }
    /// Asset-catalogue images: the harness has no assets, so none is found.
    public convenience init?(named name: String) { return nil }
    /// Loads a PNG or JPEG file.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), let image = try? CGImage.decode(data) else { return nil }
        self.init(cgImage: image)
    }
    public var size: CGSize {
        guard let image = cgImage else { return .zero }
        return CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
    }
}

open class UIFont: NSObject {
    public let fontName: String
    public let pointSize: CGFloat
    public init?(name: String, size: CGFloat) {
        fontName = name
        pointSize = size
    }
    private init(system name: String, size: CGFloat) {
        fontName = name
        pointSize = size
    }
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "DejaVu Sans", size: size) }
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "DejaVu Sans Bold", size: size) }
    /// As a Core Text font, for `CATextLayer.font`.
    public var ctFont: CTFont { CTFontCreateWithName(fontName, pointSize, nil) }
}

open class UIScreen: NSObject {
    public static let main = UIScreen()
    /// The harness renders at one pixel a point.
    public var scale: CGFloat { 1 }
    public var nativeScale: CGFloat { 1 }
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: 375, height: 667) }
}

public extension CGRect {
    /// `UIEdgeInsets` applied as UIKit's `inset(by:)` does.
    func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}

/// UIKit's string forms of geometry ("{x, y}"), as `NSCoder`'s UIKit additions read them.
public extension NSCoder {
    static func cgPoint(for string: String) -> CGPoint {
        let n = string.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero
    }
    static func string(for point: CGPoint) -> String { "{\(point.x), \(point.y)}" }
}
