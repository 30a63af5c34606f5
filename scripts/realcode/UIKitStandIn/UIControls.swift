// UIKit stand-in: labels, image views and buttons, built on layers. A label's text is shown by a
// CATextLayer sublayer one line high, centred vertically in the label as UIKit draws a label's
// single line; an image view shows its image as its layer's contents, placed by its content
// mode's gravity. Ours, from UIKit's documented behaviour.
import Foundation
import SceneCore

public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

open class UILabel: UIView {
    private let textLayer = CATextLayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        textLayer.contentsScale = UIScreen.main.scale
        textLayer.isWrapped = false
        layer.addSublayer(textLayer)
        update()
    }
    public required init?(coder: NSCoder) { fatalError("UIKit stand-in: no nib or storyboard loading") }

    open var text: String? { didSet { update() } }
    /// UIKit's default: the system font at 17 points.
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { update() } }
    open var textColor: UIColor! = .black { didSet { update() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { update() } }
    open var numberOfLines = 1 { didSet { update() } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { update() } }
    open var adjustsFontSizeToFitWidth = false

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; update() }
    }
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; update() }
    }

    /// UILabel draws nothing of its own in the stand-in: its text layer shows the text.
    open override func display(_ layer: CALayer) {}

    private func update() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        textLayer.string = text
        textLayer.font = font.ctFont
        textLayer.fontSize = font.pointSize
        textLayer.foregroundColor = textColor.cgColor
        textLayer.isWrapped = numberOfLines != 1
        textLayer.truncationMode = lineBreakMode == .byTruncatingTail ? .end : .none
        switch textAlignment {
        case .left: textLayer.alignmentMode = .left
        case .center: textLayer.alignmentMode = .center
        case .right: textLayer.alignmentMode = .right
        case .justified: textLayer.alignmentMode = .justified
        case .natural: textLayer.alignmentMode = .natural
        }
        let b = layer.bounds
        let lineHeight = min(b.height, font.lineHeight)
        textLayer.frame = numberOfLines == 1
            ? CGRect(x: b.minX, y: b.minY + (b.height - lineHeight) / 2, width: b.width, height: lineHeight) : b
        CATransaction.commit()
    }

    open override func sizeToFit() {
        let width = CGFloat((text ?? "").count) * font.pointSize * 0.6
        frame.size = CGSize(width: width, height: font.lineHeight)
    }
}

open class UIImageView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        applyContentMode()
    }
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        // Swift runs no property observer for a property set in its own class's initializer,
        // so the image goes to the layer here as well.
        self.image = image
        applyImage()
    }
    public required init?(coder: NSCoder) { fatalError("UIKit stand-in: no nib or storyboard loading") }

    open var image: UIImage? {
        didSet { applyImage() }
    }
    private func applyImage() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
        CATransaction.commit()
    }
    open override var contentMode: UIViewContentMode {
        didSet { applyContentMode() }
    }

    /// An image view's contents are its image, not a drawing.
    open override func display(_ layer: CALayer) {}

    private func applyContentMode() {
        let gravity: CALayerContentsGravity
        switch contentMode {
        case .scaleToFill, .redraw: gravity = .resize
        case .scaleAspectFit: gravity = .resizeAspect
        case .scaleAspectFill: gravity = .resizeAspectFill
        case .center: gravity = .center
        case .top: gravity = .top
        case .bottom: gravity = .bottom
        case .left: gravity = .left
        case .right: gravity = .right
        case .topLeft: gravity = .topLeft
        case .topRight: gravity = .topRight
        case .bottomLeft: gravity = .bottomLeft
        case .bottomRight: gravity = .bottomRight
        }
        layer.contentsGravity = gravity
    }
}

open class UIControl: UIView {
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }
    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var state: State { isEnabled ? (isSelected ? .selected : .normal) : .disabled }
}

/// A button shows its title for the current state in a label centred in it (no touches: the
/// harness does not touch).
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    public let titleLabel: UILabel?
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    public override init(frame: CGRect) {
        titleLabel = UILabel(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        titleLabel?.textAlignment = .center
        titleLabel?.font = .systemFont(ofSize: 18)
        titleLabel?.textColor = .white
        if let titleLabel { addSubview(titleLabel) }
    }
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        if buttonType == .system { titleLabel?.textColor = tintColor }
    }
    public required init?(coder: NSCoder) { fatalError("UIKit stand-in: no nib or storyboard loading") }

    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            titleLabel?.frame = CGRect(origin: .zero, size: newValue.size)
        }
    }

    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        titleLabel?.text = titles[self.state.rawValue] ?? titles[0]
    }
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        if let c = titleColors[self.state.rawValue] ?? titleColors[0] { titleLabel?.textColor = c }
    }
    open var currentTitle: String? { title(for: state) }
    open override func display(_ layer: CALayer) {}
}
