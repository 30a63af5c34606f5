import Foundation
import SceneCore

/// An analog clock showing the wall-clock time. Each hand hangs from a moved anchor point,
/// (0.5, 1), its bottom centre, placed at the face centre, so rotating it swings it about the
/// centre of the face.
///
/// The hands are turned by render-thread animations only: each has one `transform.rotation.z`
/// animation by 2π per period, repeating forever, started at the phase the time of day puts
/// it at. The app thread never touches them again, so the clock keeps going while it is busy.
enum ClockScene {
    /// The hands: layer name, length and width as fractions of the face radius, colour, and
    /// seconds per turn.
    static let hands: [(name: String, length: CGFloat, width: CGFloat, color: CGColor, period: Double)] = [
        ("hourHand", 0.5, 0.07, Palette.ink, 43_200),
        ("minuteHand", 0.78, 0.045, Palette.ink, 3_600),
        ("secondHand", 0.88, 0.018, Palette.orange, 60),
    ]
    /// The key of each hand's turning animation.
    static let animationKey = "turn"

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

        startHands(root, showing: Date(), at: CACurrentMediaTime())
        return root
    }

    /// The wall-clock time of day of `date` in `timeZone`, in seconds since midnight.
    static func secondsOfDay(_ date: Date, in timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let fraction = date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate.rounded(.down)
        return Double((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) + fraction
    }

    /// The hands' angles, clockwise from 12 in radians, for `date` in `timeZone`: each hand's
    /// share of its period elapsed, all three moving smoothly.
    static func angles(for date: Date, in timeZone: TimeZone) -> (hour: CGFloat, minute: CGFloat, second: CGFloat) {
        let seconds = secondsOfDay(date, in: timeZone)
        let turns = hands.map { (seconds / $0.period).truncatingRemainder(dividingBy: 1) }
        return (CGFloat(turns[0] * 2 * .pi), CGFloat(turns[1] * 2 * .pi), CGFloat(turns[2] * 2 * .pi))
    }

    /// Adds each hand of a clock built by `make` its endless turn (replacing any earlier one),
    /// so that at absolute time `mediaTime` the clock shows `date` in `timeZone`.
    ///
    /// A turn goes from 0 by 2π in the hand's period; it begins at `mediaTime` (in the hand's
    /// own time) with `timeOffset` the seconds already elapsed of the current period.
    static func startHands(
        _ root: CALayer, showing date: Date, at mediaTime: CFTimeInterval, in timeZone: TimeZone = .current
    ) {
        let seconds = secondsOfDay(date, in: timeZone)
        for hand in hands {
            guard let layer = root.descendant(named: hand.name) else { continue }
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.byValue = 2 * Double.pi
            turn.duration = hand.period
            turn.repeatCount = .infinity
            turn.beginTime = layer.convertTime(mediaTime, from: nil)
            turn.timeOffset = seconds.truncatingRemainder(dividingBy: hand.period)
            layer.add(turn, forKey: animationKey)
        }
    }
}
