import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The clock's hands: their angles for fixed times, their moved anchor point, and the picture.
@Suite struct ClockSceneTests {
    let utc = TimeZone(identifier: "UTC")!
    let size = CGSize(width: 400, height: 300)

    /// `hour:minute:second` on 1 March 2026 in UTC.
    func date(_ hour: Int, _ minute: Int, _ second: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(
            from: DateComponents(year: 2026, month: 3, day: 1, hour: hour, minute: minute, second: second))!
    }

    func degrees(_ d: CGFloat) -> CGFloat { d * .pi / 180 }

    /// Normalises an angle to [0, 2π).
    func turn(_ angle: CGFloat) -> CGFloat {
        let r = angle.truncatingRemainder(dividingBy: 2 * .pi)
        return r < 0 ? r + 2 * .pi : r
    }

    /// A clock scene whose time is frozen: its root on a manual clock at local time 1000, the
    /// hands started there showing `when`. The manual clock moves its time on.
    func frozenClock(showing when: Date) -> ManualClock {
        let clock = ManualClock(ClockScene.make(size), at: 1000)
        ClockScene.startHands(clock.layer, showing: when, at: CACurrentMediaTime(), in: utc)
        CATransaction.flush()
        return clock
    }

    /// The rotation on screen of the hand named `name`, in [0, 2π).
    func presentedAngle(_ root: CALayer, _ name: String) throws -> CGFloat {
        let hand = try #require(root.descendant(named: name)?.presentation())
        return turn(zRotation(hand.transform))
    }

    @Test func anglesAtTenPastTen() {
        let angles = ClockScene.angles(for: date(10, 10, 30), in: utc)
        #expect(isClose(angles.hour, degrees(305.25)))
        #expect(isClose(angles.minute, degrees(63)))
        #expect(isClose(angles.second, degrees(180)))
    }

    @Test func afternoonHoursWrapAndTheSecondHandSweeps() {
        let angles = ClockScene.angles(for: date(15, 0, 0).addingTimeInterval(0.75), in: utc)
        #expect(isClose(angles.hour, degrees(90 + 0.75 / 120), tolerance: 1e-6))
        #expect(isClose(angles.minute, degrees(0.75 / 10), tolerance: 1e-6))
        #expect(isClose(angles.second, degrees(4.5), tolerance: 1e-6))
    }

    @Test func timeZoneMovesOnlyTheHourHand() {
        let instant = date(10, 10, 30)
        let utcAngles = ClockScene.angles(for: instant, in: utc)
        let paris = ClockScene.angles(for: instant, in: TimeZone(secondsFromGMT: 3600)!)
        #expect(isClose(paris.hour - utcAngles.hour, degrees(30)))
        #expect(isClose(paris.minute, utcAngles.minute))
    }

    @Test func eachHandHasOneEndlessTurnAndNoAppThreadTick() throws {
        #expect(DemoScene.named("clock")?.tick(SceneOptions(size: size)) == nil)
        let root = ClockScene.make(size)
        for hand in ClockScene.hands {
            let layer = try #require(root.descendant(named: hand.name))
            #expect(layer.animationKeys() == [ClockScene.animationKey])
            let turn = try #require(layer.animation(forKey: ClockScene.animationKey) as? CABasicAnimation)
            #expect(turn.keyPath == "transform.rotation.z")
            #expect(turn.fromValue as? Int == 0 && turn.byValue as? Double == 2 * .pi)
            #expect(turn.duration == hand.period && turn.repeatCount == .infinity)
            // The model never turns: the render thread shows the animation over it.
            #expect(CATransform3DIsIdentity(layer.transform))
        }
    }

    @Test func thePresentedHandsShowTheTimeTheyWereStartedAt() throws {
        let root = frozenClock(showing: date(10, 10, 30)).layer
        #expect(isClose(try presentedAngle(root, "hourHand"), degrees(305.25), tolerance: 1e-9))
        #expect(isClose(try presentedAngle(root, "minuteHand"), degrees(63), tolerance: 1e-9))
        #expect(isClose(try presentedAngle(root, "secondHand"), degrees(180), tolerance: 1e-9))
    }

    @Test func theHandsKeepTheTimeAsTheirTimeRunsOnAcrossTheHour() throws {
        let clock = frozenClock(showing: date(10, 59, 50))
        let root = clock.layer
        // 95 s later it is 11:01:25: every hand has passed 12 or its period's end at least once.
        clock.advance(by: 95)
        let expected = ClockScene.angles(for: date(11, 1, 25), in: utc)
        #expect(isClose(try presentedAngle(root, "hourHand"), expected.hour, tolerance: 1e-9))
        #expect(isClose(try presentedAngle(root, "minuteHand"), expected.minute, tolerance: 1e-9))
        #expect(isClose(try presentedAngle(root, "secondHand"), expected.second, tolerance: 1e-9))
    }

    @Test func handsHangFromTheirBottomCentreAtTheFaceCentre() throws {
        let root = ClockScene.make(size)
        let face = try #require(root.descendant(named: "face"))
        let centre = CGPoint(x: face.bounds.midX, y: face.bounds.midY)
        #expect(isClose(face.frame.midX, 200) && isClose(face.frame.midY, 150))
        for (name, _, _, _, _) in ClockScene.hands {
            let hand = try #require(root.descendant(named: name))
            #expect(hand.superlayer === face)
            #expect(hand.anchorPoint == CGPoint(x: 0.5, y: 1))
            #expect(hand.position == centre)
        }
    }

    @Test func atThreeTheHourHandReachesRightFromTheCentreAndTheMinuteHandUp() throws {
        let root = frozenClock(showing: date(3, 0, 0)).layer
        let face = try #require(root.descendant(named: "face"))
        let centre = CGPoint(x: face.bounds.midX, y: face.bounds.midY)
        let hour = try #require(root.descendant(named: "hourHand")?.presentation())
        let minute = try #require(root.descendant(named: "minuteHand")?.presentation())
        // Turned a quarter clockwise about its bottom centre, the hour hand lies along +x.
        #expect(isClose(hour.frame.minX, centre.x, tolerance: 1e-9))
        #expect(isClose(hour.frame.midY, centre.y, tolerance: 1e-9))
        #expect(isClose(hour.frame.width, hour.bounds.height, tolerance: 1e-9))
        #expect(isClose(minute.frame.maxY, centre.y, tolerance: 1e-9))
        #expect(isClose(minute.frame.midX, centre.x, tolerance: 1e-9))
    }

    @Test func twelveNamedHourTicks() {
        let root = ClockScene.make(size)
        #expect((0..<12).allSatisfy { root.descendant(named: "tick-\($0)") != nil })
        #expect(root.descendant(named: "tick-12") == nil)
    }

    @Test func renderedHandsPointWhereTheirAnglesSay() throws {
        let when = date(3, 0, 45)
        let root = frozenClock(showing: when).layer
        let angles = ClockScene.angles(for: when, in: utc)
        let image = try render(root)
        let radius: CGFloat = 126
        // The point `fraction` of the radius out from the centre (200, 150) along `angle`.
        func along(_ angle: CGFloat, _ fraction: CGFloat) -> CGPoint {
            CGPoint(x: 200 + fraction * radius * sin(angle), y: 150 - fraction * radius * cos(angle))
        }
        expectPixel(image, at: along(angles.hour, 0.35), opaque(Palette.ink), tolerance: 2)
        expectPixel(image, at: along(angles.minute, 0.6), opaque(Palette.ink), tolerance: 2)
        expectPixel(image, at: along(angles.second, 0.6), opaque(Palette.orange), tolerance: 2)
        expectPixel(image, at: along(degrees(180), 0.4), opaque(CGColor.white), tolerance: 2)
        expectPixel(image, at: CGPoint(x: 200, y: 150 - 0.85 * radius), opaque(Palette.orange), tolerance: 2)
        expectPixel(image, at: CGPoint(x: 10, y: 10), opaque(Palette.background), tolerance: 2)
    }
}
