// UIKit stand-in: UIKit's current-context stack and image contexts, over SceneCore's bitmap
// CGContext. UIKit's drawing space is y-down with the origin at the top left: an image context
// is a Core Graphics bitmap context (y-up) flipped once, scaled by its scale, and its image is
// `makeImage()`. Ours, from UIKit's documented behaviour.
import Foundation
import SceneCore

nonisolated(unsafe) private var contextStack: [CGContext] = []
nonisolated(unsafe) private var imageContextScales: [ObjectIdentifier: CGFloat] = [:]

/// The context UIKit drawing calls draw in: the innermost pushed (by `draw(_:)`, an image
/// context or `UIGraphicsPushContext`), nil when there is none.
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
public func UIGraphicsPopContext() { if !contextStack.isEmpty { contextStack.removeLast() } }

/// A bitmap context of `size` points at `scale` pixels a point, in UIKit's y-down space.
func makeUIKitBitmapContext(size: CGSize, scale: CGFloat, origin: CGPoint = .zero) -> CGContext? {
    let width = max(1, Int((size.width * scale).rounded(.up))), height = max(1, Int((size.height * scale).rounded(.up)))
    let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    guard let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
    else { return nil }
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: scale, y: -scale)
    context.translateBy(x: -origin.x, y: -origin.y)
    return context
}

/// A scale of 0 means the screen's scale.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 ? scale : UIScreen.main.scale
    guard let context = makeUIKitBitmapContext(size: size, scale: s) else { return }
    if opaque {
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(origin: .zero, size: size))
    }
    imageContextScales[ObjectIdentifier(context)] = s
    UIGraphicsPushContext(context)
}
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current image context's drawing so far; nil when the current context is no image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = contextStack.last, let scale = imageContextScales[ObjectIdentifier(context)],
        let image = context.makeImage()
    else { return nil }
    return UIImage(cgImage: image, scale: scale)
}
public func UIGraphicsEndImageContext() {
    guard let context = contextStack.last, imageContextScales[ObjectIdentifier(context)] != nil else { return }
    imageContextScales[ObjectIdentifier(context)] = nil
    contextStack.removeLast()
}

open class UIGraphicsRendererFormat: NSObject {
    public var bounds: CGRect = .zero
}

open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// The screen's scale by default.
    public var scale: CGFloat = UIScreen.main.scale
    public var opaque = false
    public var prefersExtendedRange = false
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

open class UIGraphicsRendererContext: NSObject {
    public let cgContext: CGContext
    init(cgContext: CGContext) { self.cgContext = cgContext }
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.format = format
        super.init(cgContext: cgContext)
    }
    /// The drawing so far.
    public var currentImage: UIImage {
        cgContext.makeImage().map { UIImage(cgImage: $0, scale: format.scale) } ?? UIImage()
    }
}

open class UIGraphicsRenderer: NSObject {
    public let format: UIGraphicsRendererFormat
    init(format: UIGraphicsRendererFormat) { self.format = format }
}

/// Draws `actions` into a fresh bitmap of `bounds` (the context's origin at the bounds' origin),
/// made current for UIKit's drawing calls, and hands back its image.
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
    private let imageFormat: UIGraphicsImageRendererFormat
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        imageFormat = format
        format.bounds = bounds
        super.init(format: format)
    }
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let bounds = imageFormat.bounds
        guard let context = makeUIKitBitmapContext(size: bounds.size, scale: imageFormat.scale, origin: bounds.origin)
        else { return UIImage() }
        if imageFormat.opaque {
            context.setFillColor(gray: 0, alpha: 1)
            context.fill(bounds)
        }
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: imageFormat)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        return rendererContext.currentImage
    }
}

// UIKit's drawing calls, in the current context.
extension UIColor {
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    public func set() { setFill(); setStroke() }
}

extension UIBezierPath {
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

extension UIImage {
    /// Draws the image upright in `rect` of the current (y-down) context.
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

extension UIGraphicsImageRenderer {
    /// The drawing encoded as PNG.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
    /// The drawing encoded as JPEG (quality 0 to 1).
    public func jpegData(withCompressionQuality quality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: quality) ?? Data()
    }
}

extension UIImage {
    public func pngData() -> Data? { try? cgImage?.pngData() }
    public func jpegData(compressionQuality: CGFloat) -> Data? { try? cgImage?.jpegData(quality: compressionQuality) }
}
