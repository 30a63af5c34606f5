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
    /// A bundle image by name: in a playground the main bundle holds the page's Resources/ (the
    /// folder RC_RESOURCES names). As UIKit, the name may leave out `.png` and the `@2x`/`@3x`
    /// suffix, and such a suffix sets the scale. Asset catalogues: none (nil, as UIKit for a name
    /// it does not find).
    public convenience init?(named name: String) {
        guard let (image, scale) = UIImage.resource(name, guessing: true) else { return nil }
        self.init(cgImage: image, scale: scale)
    }
    /// The folders resources are looked up in: RC_RESOURCES, then the main bundle's.
    static func resource(_ name: String, guessing: Bool) -> (CGImage, CGFloat)? {
        let folders = [ProcessInfo.processInfo.environment["RC_RESOURCES"], Bundle.main.resourcePath].compactMap { $0 }
        var names = [name]
        if guessing && (name as NSString).pathExtension.isEmpty {
            names = ["@3x", "@2x", ""].flatMap { s in ["png", "jpg", "jpeg"].map { "\(name)\(s).\($0)" } }
        }
        for folder in folders {
            for candidate in names {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if let data = FileManager.default.contents(atPath: path), let image = try? CGImage.decode(data) {
                    let stem = ((candidate as NSString).lastPathComponent as NSString).deletingPathExtension
                    let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
                    return (image, scale)
                }
            }
        }
        return nil
    }
    /// `#imageLiteral(resourceName:)`: the named file among the program's resources (the
    /// folder RC_RESOURCES names, then the main bundle's; `@2x` in the name sets the scale, as
    /// `UIImage(named:)`, which the literal calls on Apple); an empty image, with a message, when
    /// the harness does not have it (UIKit's literal requires the resource to be there).
    public required convenience init(imageLiteralResourceName name: String) {
        if let (image, scale) = UIImage.resource(name, guessing: false) {
            self.init(cgImage: image, scale: scale)
            return
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
