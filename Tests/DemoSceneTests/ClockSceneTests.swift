import Foundation
import GLBackend
import SceneCore
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
        return calendar.date(from: DateComponents(year: 2026, month: 3, day: 1, hour: hour, minute: minute, second: second))!
    }

    func degrees(_ d: CGFloat) -> CGFloat { d * .pi / 180 }

    @Test func anglesAtTenPastTen() {
        let angles = ClockScene.angles(for: date(10, 10, 30), in: utc)
        #expect(isClose(angles.hour, degrees(305.25)))
        #expect(isClose(angles.minute, degrees(63)))
        #expect(isClose(angles.second, degrees(180)))
    }

    @Test func afternoonHoursWrapAndTheSecondHandJumpsWholeSeconds() {
        let angles = ClockScene.angles(for: date(15, 0, 0).addingTimeInterval(0.75), in: utc)
        #expect(isClose(angles.hour, degrees(90)))
        #expect(isClose(angles.minute, 0))
        #expect(isClose(angles.second, 0))
    }

    @Test func timeZoneMovesOnlyTheHourHand() {
        let instant = date(10, 10, 30)
        let utcAngles = ClockScene.angles(for: instant, in: utc)
        let paris = ClockScene.angles(for: instant, in: TimeZone(secondsFromGMT: 3600)!)
        #expect(isClose(paris.hour - utcAngles.hour, degrees(30)))
        #expect(isClose(paris.minute, utcAngles.minute))
    }

    @Test func setHandsRotatesEachHandAboutZ() throws {
        let root = ClockScene.make(size)
        ClockScene.setHands(root, to: date(10, 10, 30), in: utc)
        let expected = ["hourHand": degrees(305.25 - 360), "minuteHand": degrees(63), "secondHand": degrees(180)]
        for (name, angle) in expected {
            let hand = try #require(root.descendant(named: name))
            #expect(isClose(zRotation(hand.transform), angle), "\(name)")
            #expect(CATransform3DIsAffine(hand.transform))
        }
    }

    @Test func handsHangFromTheirBottomCentreAtTheFaceCentre() throws {
        let root = ClockScene.make(size)
        let face = try #require(root.descendant(named: "face"))
        let centre = CGPoint(x: face.bounds.midX, y: face.bounds.midY)
        #expect(isClose(face.frame.midX, 200) && isClose(face.frame.midY, 150))
        for (name, _, _, _) in ClockScene.hands {
            let hand = try #require(root.descendant(named: name))
            #expect(hand.superlayer === face)
            #expect(hand.anchorPoint == CGPoint(x: 0.5, y: 1))
            #expect(hand.position == centre)
        }
    }

    @Test func atThreeTheHourHandReachesRightFromTheCentreAndTheMinuteHandUp() throws {
        let root = ClockScene.make(size)
        ClockScene.setHands(root, to: date(3, 0, 0), in: utc)
        let face = try #require(root.descendant(named: "face"))
        let centre = CGPoint(x: face.bounds.midX, y: face.bounds.midY)
        let hour = try #require(root.descendant(named: "hourHand"))
        let minute = try #require(root.descendant(named: "minuteHand"))
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
        let root = ClockScene.make(size)
        let when = date(3, 0, 45)
        ClockScene.setHands(root, to: when, in: utc)
        let angles = ClockScene.angles(for: when, in: utc)
        let image = try render(root)
        let radius: CGFloat = 126
        // The point `fraction` of the radius out from the centre (200, 150) along `angle`.
        func along(_ angle: CGFloat, _ fraction: CGFloat) -> CGPoint {
            CGPoint(x: 200 + fraction * radius * sin(angle), y: 150 - fraction * radius * cos(angle))
        }
        #expect(matches(pixel(image, along(angles.hour, 0.35)), Palette.ink))
        #expect(matches(pixel(image, along(angles.minute, 0.6)), Palette.ink))
        #expect(matches(pixel(image, along(angles.second, 0.6)), Palette.orange))
        #expect(matches(pixel(image, along(degrees(180), 0.4)), CGColor.white))
        #expect(matches(pixel(image, CGPoint(x: 200, y: 150 - 0.85 * radius)), Palette.orange))
        #expect(matches(pixel(image, CGPoint(x: 10, y: 10)), Palette.background))
    }
}
