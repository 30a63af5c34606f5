// UIKit stand-in: images, fonts, the screen.
import Foundation
import SceneCore

open class UIImage: NSObject, _ExpressibleByImageLiteral {
    public let cgImage: CGImage?
    public let scale: CGFloat
    /// An empty image (no pixels, size zero).
    public override init() {
        cgImage = nil
        scale = 1
    }
    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Int = 0) {
        self.cgImage = cgImage
        self.scale = scale
    }
    /// Asset-catalogue images: the harness has no assets, so none is found.
    public convenience init?(named name: String) { return nil }
    /// `#imageLiteral(resourceName:)`: the named file among the program's resources (the
    /// folder RC_RESOURCES names, then the main bundle's); an empty image, with a message, when
    /// the harness does not have it (UIKit's literal requires the resource to be there).
    public required convenience init(imageLiteralResourceName name: String) {
        let folders = [ProcessInfo.processInfo.environment["RC_RESOURCES"], Bundle.main.resourcePath].compactMap { $0 }
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: path), let image = try? CGImage.decode(data) {
                self.init(cgImage: image)
                return
            }
        }
        FileHandle.standardError.write("UIKit stand-in: image resource \(name) not found\n".data(using: .utf8)!)
        self.init()
    }
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

/// A font: on Apple's platforms a UIFont is a CTFont (toll-free bridged), so it is one here too,
/// and goes to `CATextLayer.font` and Core Text's calls as it is.
open class UIFont: CTFont, @unchecked Sendable {
    public let fontName: String
    public let pointSize: CGFloat
    public init?(name: String, size: CGFloat) {
        fontName = name
        pointSize = size
        super.init(name: name, size: size)
    }
    private init(system name: String, size: CGFloat) {
        fontName = name
        pointSize = size
        super.init(name: name, size: size)
    }
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "DejaVu Sans", size: size) }
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "DejaVu Sans Bold", size: size) }
    /// The height of a line: ascent plus descent plus leading. For the stand-in's system font
    /// (DejaVu Sans: ascent 0.928, descent 0.236 of the size, no leading).
    public var lineHeight: CGFloat { pointSize * 1.164 }
    public var ascender: CGFloat { pointSize * 0.928 }
    public var descender: CGFloat { -pointSize * 0.236 }
    /// As a Core Text font: the font itself.
    public var ctFont: CTFont { self }
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

/// What an untyped `#imageLiteral(...)` makes, as with UIKit imported.
public typealias _ImageLiteralType = UIImage

/// UIKit's string forms of geometry ("{x, y}"), as `NSCoder`'s UIKit additions read them.
public extension NSCoder {
    static func cgPoint(for string: String) -> CGPoint {
        let n = string.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero
    }
    static func string(for point: CGPoint) -> String { "{\(point.x), \(point.y)}" }
}
