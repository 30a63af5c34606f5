import Foundation
import SceneCore

/// An analog clock showing the wall-clock time. Each hand hangs from a moved anchor point,
/// (0.5, 1), its bottom centre, placed at the face centre, so rotating its `transform` swings
/// it about the centre of the face.
enum ClockScene {
    /// The hands: layer name, length and width as fractions of the face radius, and colour.
    static let hands: [(name: String, length: CGFloat, width: CGFloat, color: CGColor)] = [
        ("hourHand", 0.5, 0.07, Palette.ink),
        ("minuteHand", 0.78, 0.045, Palette.ink),
        ("secondHand", 0.88, 0.018, Palette.orange),
    ]

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let radius = (min(size.width, size.height) * 0.42).rounded()
        let face = CALayer.filled(
            CGRect(x: size.width / 2 - radius, y: size.height / 2 - radius, width: 2 * radius, height: 2 * radius),
            CGColor.white)
        face.name = "face"
        face.cornerRadius = radius
        face.borderWidth = max(2, radius * 0.04)
        face.borderColor = Palette.ink
        root.addSublayer(face)
        let centre = CGPoint(x: radius, y: radius)

        for minute in 0..<60 {
            let isHour = minute % 5 == 0
            let length = radius * (isHour ? 0.14 : 0.05)
            let tick = CALayer.filled(
                CGRect(x: 0, y: 0, width: radius * (isHour ? 0.035 : 0.012), height: length),
                minute == 0 ? Palette.orange : Palette.ink)
            tick.name = isHour ? "tick-\(minute / 5)" : nil
            // Each tick hangs from the face centre too: its anchor lies below it, at the centre.
            let reach = radius * 0.9
            tick.anchorPoint = CGPoint(x: 0.5, y: reach / length)
            tick.position = centre
            tick.transform = CATransform3DMakeRotation(CGFloat(minute) * .pi / 30, 0, 0, 1)
            face.addSublayer(tick)
        }

        for hand in hands {
            let layer = CALayer.filled(
                CGRect(x: 0, y: 0, width: radius * hand.width, height: radius * hand.length), hand.color)
            layer.name = hand.name
            layer.cornerRadius = radius * hand.width / 2
            layer.anchorPoint = CGPoint(x: 0.5, y: 1)
            layer.position = centre
            face.addSublayer(layer)
        }
        let cap = CALayer.filled(
            CGRect(x: radius * 0.94, y: radius * 0.94, width: radius * 0.12, height: radius * 0.12), Palette.orange)
        cap.name = "cap"
        cap.cornerRadius = radius * 0.06
        face.addSublayer(cap)

        setHands(root, to: Date())
        return root
    }

    /// The hands' angles, clockwise from 12 in radians, for `date` in `timeZone`. The hour
    /// and minute hands move smoothly; the second hand jumps once a second.
    static func angles(for date: Date, in timeZone: TimeZone) -> (hour: CGFloat, minute: CGFloat, second: CGFloat) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let seconds = CGFloat(parts.second ?? 0)
        let minutes = CGFloat(parts.minute ?? 0) + seconds / 60
        let hours = CGFloat((parts.hour ?? 0) % 12) + minutes / 60
        return (hours * .pi / 6, minutes * .pi / 30, seconds * .pi / 30)
    }

    /// Turns the hands of a clock built by `make` to show `date` in `timeZone`.
    static func setHands(_ root: CALayer, to date: Date, in timeZone: TimeZone = .current) {
        let angles = angles(for: date, in: timeZone)
        CALayer.withoutActions {
            for (name, angle) in [("hourHand", angles.hour), ("minuteHand", angles.minute), ("secondHand", angles.second)] {
                root.descendant(named: name)?.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            }
        }
    }
}
