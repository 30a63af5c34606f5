import Foundation
import SceneCore

/// A long list in a `CAScrollLayer`: 200 numbered rows, scrolled by the wheel (each notch
/// glides on, decelerating, from wherever the list is on screen) and by keys (↑/↓ a row,
/// Page Up/Page Down a page, Home/End the ends). A caption shows the content's `visibleRect`
/// and the rows it covers, for where the scroll is going.
///
/// The scroll layer holds one content layer as tall as all the rows; scrolling moves the
/// scroll layer's bounds origin (`scroll(to:)`), clamped so the list never scrolls past its
/// ends. Each scroll sets the new origin at once and adds an ease-out animation of
/// `bounds.origin.y` from the origin shown on screen, so notches in quick succession add up to
/// one decelerating glide.
enum ScrollScene {
    static let rowCount = 200
    static let rowHeight: CGFloat = 32
    /// The seconds a scroll glides for.
    static let glideDuration = 0.3
    /// The key of the glide animation on the scroll layer.
    static let glideKey = "glide"
    static let margin: CGFloat = 24
    static let captionHeight: CGFloat = 24

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let list = CAScrollLayer()
        list.name = "list"
        list.scrollMode = .vertically
        list.frame = CGRect(
            x: margin, y: margin + captionHeight, width: max(size.width - 2 * margin, 1),
            height: max(size.height - 2 * margin - captionHeight, 1))
        list.backgroundColor = .white
        list.borderWidth = 1
        list.borderColor = Palette.ink
        list.masksToBounds = true
        let content = CALayer()
        content.name = "content"
        content.frame = CGRect(x: 0, y: 0, width: list.bounds.width, height: CGFloat(rowCount) * rowHeight)
        for index in 0..<rowCount { content.addSublayer(row(index, width: list.bounds.width)) }
        list.addSublayer(content)
        root.addSublayer(list)

        let caption = CATextLayer()
        caption.name = "caption"
        caption.frame = CGRect(x: margin, y: margin, width: max(size.width - 2 * margin, 1), height: 20)
        caption.fontSize = 13
        caption.foregroundColor = Palette.ink
        caption.contentsScale = 2
        caption.string = self.caption(root)
        root.addSublayer(caption)
        return root
    }

    /// Row `index`: alternating white and pale grey, a swatch cycling through the palette, and
    /// its number.
    private static func row(_ index: Int, width: CGFloat) -> CALayer {
        let shade: CGColor = index % 2 == 0 ? .white : CGColor(gray: 0.92, alpha: 1)
        let row = CALayer.filled(CGRect(x: 0, y: CGFloat(index) * rowHeight, width: width, height: rowHeight), shade)
        row.name = "row-\(index)"
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
        let swatch = CALayer.filled(CGRect(x: 8, y: 6, width: 20, height: 20), colors[index % colors.count])
        swatch.cornerRadius = 4
        row.addSublayer(swatch)
        let label = CATextLayer()
        label.frame = CGRect(x: 40, y: 8, width: max(width - 48, 1), height: 18)
        label.fontSize = 13
        label.foregroundColor = Palette.ink
        label.contentsScale = 2
        label.string = "Row \(index)"
        row.addSublayer(label)
        return row
    }

    /// The rows the content's `visibleRect` covers (any part of them), nil for none.
    static func visibleRows(_ root: CALayer) -> ClosedRange<Int>? {
        guard let content = root.descendant(named: "content") else { return nil }
        let visible = content.visibleRect
        guard !visible.isNull, visible.height > 0 else { return nil }
        let first = Int((visible.minY / rowHeight).rounded(.down))
        let last = Int((visible.maxY / rowHeight).rounded(.up)) - 1
        return max(first, 0)...min(last, rowCount - 1)
    }

    /// The caption: the content's `visibleRect` and the rows in it.
    static func caption(_ root: CALayer) -> String {
        guard let content = root.descendant(named: "content") else { return "" }
        let visible = content.visibleRect
        guard let rows = visibleRows(root) else { return "scroll: no row visible" }
        return "visibleRect y \(Int(visible.minY))–\(Int(visible.maxY)) of \(Int(content.bounds.height)):"
            + " rows \(rows.lowerBound)–\(rows.upperBound) of \(rowCount)"
            + " · wheel, ↑/↓, Page Up/Down, Home/End scroll"
    }

    /// A wheel scroll by `delta` points (vertical part only; the list scrolls vertically).
    static func scroll(_ root: CALayer, _ delta: CGSize, _ point: CGPoint) -> String? {
        guard delta.height != 0 else { return nil }
        return scroll(root, by: delta.height)
    }

    /// ↑/↓ scroll a row, Page Up/Page Down a page less a row, Home/End to the ends (X11 keysyms).
    static func key(_ root: CALayer, _ keySym: UInt) -> String? {
        guard let list = root.descendant(named: "list") else { return nil }
        let page = max(list.bounds.height - rowHeight, rowHeight)
        switch keySym {
        case 0xff52: return scroll(root, by: -rowHeight)
        case 0xff54: return scroll(root, by: rowHeight)
        case 0xff55: return scroll(root, by: -page)
        case 0xff56: return scroll(root, by: page)
        case 0xff50: return scroll(root, by: -.greatestFiniteMagnitude)
        case 0xff57: return scroll(root, by: .greatestFiniteMagnitude)
        default: return nil
        }
    }

    /// Scrolls the list `dy` points down from where it is going (up for negative), kept within
    /// the content, gliding there from where it is on screen; updates the caption and returns it.
    static func scroll(_ root: CALayer, by dy: CGFloat) -> String {
        guard let list = root.descendant(named: "list") as? CAScrollLayer,
            let content = root.descendant(named: "content")
        else { return "" }
        let bottom = max(content.frame.height - list.bounds.height, 0)
        let target = min(max(list.bounds.origin.y + dy, 0), bottom)
        let shown = list.presentation()?.bounds.origin.y ?? list.bounds.origin.y
        CALayer.withoutActions {
            list.scroll(to: CGPoint(x: 0, y: target))
            (root.descendant(named: "caption") as? CATextLayer)?.string = caption(root)
        }
        if shown != target {
            let glide = CABasicAnimation(keyPath: "bounds.origin.y")
            glide.fromValue = shown
            glide.toValue = target
            glide.duration = glideDuration
            glide.timingFunction = CAMediaTimingFunction(name: .easeOut)
            list.add(glide, forKey: glideKey)
        }
        return caption(root)
    }
}
