import Foundation
import GLBackend
import SceneComposition
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Inputs by key path: the key paths a composition offers, values set by key path (wildcards
/// included) that override the composition's keyframes through playing, seeking and looping,
/// animations added by key path that the render side plays, and key paths that match nothing.
@Suite struct InputKeyPathTests {
    private typealias L = LottieDocument

    /// Layer "Card": group "Box" (a square at (30, 50), its "Fill 1" keyframed from red to green
    /// over frames 0–30) and group "Ring" (a disc at (75, 50), 30 across, "Fill 1" blue, and
    /// "Stroke 1", black, 4 wide). 100 x 100 at 30 fps, frames 0–30.
    private static let json = L.make(
        layers: L.shapeLayer(
            "Card",
            shapes: """
                {"ty": "gr", "nm": "Box", "it": [\(L.rectangle(center: (30, 50), size: (30, 30))),
                  {"ty": "fl", "nm": "Fill 1", "c": \(L.animated([(0, "[1, 0, 0, 1]"), (30, "[0, 1, 0, 1]")])),
                   "o": {"a": 0, "k": 100}, "r": 1}]},
                {"ty": "gr", "nm": "Ring", "it": [{"ty": "el", "p": {"a": 0, "k": [75, 50]}, "s": {"a": 0, "k": [30, 30]}},
                  {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100},
                   "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1},
                  \(L.fill((0, 0, 1)).replacingOccurrences(of: "\"ty\": \"fl\"", with: "\"ty\": \"fl\", \"nm\": \"Fill 1\""))]}
                """))

    private func player() throws -> CACompositionLayer {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        return layer
    }

    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// Precomposition layer "A" showing shape layer "B", whose group "G" holds "Fill 1".
    private static let nested = L.make(
        layers: """
            {"ddd": 0, "ty": 0, "nm": "A", "ind": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 30,
             "st": 0, "ks": {}}
            """,
        assets: """
            {"id": "inner", "layers": [\(L.shapeLayer("B", shapes: """
                {"ty": "gr", "nm": "G", "it": [\(L.rectangle(center: (50, 50), size: (20, 20))),
                  \(L.fill((1, 0, 0)).replacingOccurrences(of: "\"ty\": \"fl\"", with: "\"ty\": \"fl\", \"nm\": \"Fill 1\""))]}
                """))]}
            """)

    @Test func aSmallCompositionListsItsKeyPaths() throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.nested.utf8)))
        let transform = ["Anchor Point", "Opacity", "Position", "Rotation", "Scale"]
        #expect(
            layer.inputKeyPaths
                == ["A.B.G.Fill 1.Color", "A.B.G.Fill 1.Opacity"] + transform.map { "A.B.Transform.\($0)" }
                + transform.map { "A.Transform.\($0)" })
        #expect(
            try player().inputKeyPaths
                == [
                    "Card.Box.Fill 1.Color", "Card.Box.Fill 1.Opacity", "Card.Ring.Fill 1.Color",
                    "Card.Ring.Fill 1.Opacity", "Card.Ring.Stroke 1.Color", "Card.Ring.Stroke 1.Opacity",
                    "Card.Ring.Stroke 1.Stroke Width",
                ] + transform.map { "Card.Transform.\($0)" })
        #expect(CACompositionLayer().inputKeyPaths.isEmpty)
    }

    /// Each pattern set to a colour: whether it reaches the one colour, "A.B.G.Fill 1.Color".
    @Test(arguments: [
        ("**.Fill 1.Color", true), ("A.B.G.Fill 1.Color", true), ("*.Fill 1.Color", false),
        ("*.*.*.Fill 1.Color", true), ("A.**.Color", true), ("A.**", true), ("**", true), ("**.**.Color", true),
        ("A.*", false), ("a.B.G.Fill 1.Color", false), ("**.B.**.Color", true), ("**.G.**.B.Color", false),
        ("A.B.Fill 1.Color", false), ("A.B.G.Fill 1", false), ("", false), ("A.B.G.Fill 1.Color.", false),
    ])
    func wildcardsMatchAsLottieReadsThem(pattern: String, matches: Bool) throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.nested.utf8)))
        #expect(layer.setValue(white, forInputKeyPath: pattern) == matches)
    }

    private let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// The pixel at the centre of the box (group "Box") and of the disc (group "Ring").
    private func box(_ image: RenderedImage) -> Pixel { image.pixel(x: 30, y: 50) }
    private func disc(_ image: RenderedImage) -> Pixel { image.pixel(x: 75, y: 50) }

    /// "**.Fill 1.Color" reaches both fills, the keyframed one included: yellow at every frame.
    @Test func aWildcardRecoloursEveryFillItMatches() throws {
        let layer = try player()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let before = try renderer.render(layer)
        #expect(box(before) == (255, 0, 0, 255))
        #expect(disc(before) == (0, 0, 255, 255))
        #expect(layer.setValue(yellow, forInputKeyPath: "**.Fill 1.Color"))
        for frame in [0.0, 15, 29] {
            layer.currentFrame = frame
            let image = try renderer.render(layer)
            #expect(box(image) == (255, 255, 0, 255), "frame \(frame)")
            #expect(disc(image) == (255, 255, 0, 255), "frame \(frame)")
            // The stroke, at the disc's edge, is not a fill.
            #expect(image.pixel(x: 90, y: 50) == (0, 0, 0, 255), "frame \(frame)")
        }
        #expect(layer.value(forInputKeyPath: "Card.Box.Fill 1.Color") as? CGColor == yellow)
    }

    /// Plays `layer` in a loop, committed; returns when its timeline began and a renderer for it.
    private func playingInALoop(_ layer: CACompositionLayer) throws -> (CFTimeInterval, OffscreenRenderer) {
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        return (try #require(layer.sublayers?.first).beginTime, try OffscreenRenderer(width: 100, height: 100))
    }

    /// A value set once shows while playing, across loops, after seeking and after the range
    /// played changes (which installs the animations again); the fill not set still animates.
    @Test func aSetValueSurvivesPlayingSeekingAndLooping() throws {
        let layer = try player()
        #expect(layer.setValue(yellow, forInputKeyPath: "Card.Box.Fill 1.Color"))
        let (begin, renderer) = try playingInALoop(layer)
        for time in [0.5, 1.5, 2.9] {
            #expect(box(try renderer.render(layer, at: begin + time)) == (255, 255, 0, 255), "\(time) s")
        }
        layer.currentFrame = 10
        #expect(box(try renderer.render(layer)) == (255, 255, 0, 255))
        layer.play(fromFrame: 5, toFrame: 20)
        layer.pause()
        #expect(box(try renderer.render(layer)) == (255, 255, 0, 255))
        #expect(disc(try renderer.render(layer)) == (0, 0, 255, 255))
    }

    /// An animation added by key path plays on the render side: frames rendered at two later
    /// times, with nothing done on the app thread in between, show its values; it plays over the
    /// keyframes of the property it animates, and removing it brings them back.
    @Test func anAnimationAddedByKeyPathPlaysOnTheRenderSide() throws {
        let layer = try player()
        let fade = CABasicAnimation(keyPath: "ignored")
        fade.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        fade.duration = 1
        #expect(layer.add(fade, forInputKeyPath: "**.Ring.Fill 1.Color"))
        let blue = CAKeyframeAnimation()
        blue.values = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        blue.duration = 0.5
        #expect(layer.add(blue, forInputKeyPath: "Card.Box.Fill 1.Color"))
        let (begin, renderer) = try playingInALoop(layer)
        let first = try renderer.render(layer, at: begin + 0.25)
        let second = try renderer.render(layer, at: begin + 0.75)
        #expect(isClose(disc(first), (191, 0, 64, 255)), "\(disc(first))")
        #expect(isClose(disc(second), (64, 0, 191, 255)), "\(disc(second))")
        #expect(box(first) == (0, 0, 255, 255))
        // Past the added animation, the keyframes (red to green) show again.
        #expect(box(second).g > 100 && box(second).b == 0, "\(box(second))")
        layer.removeAnimation(forInputKeyPath: "**.Color")
        #expect(disc(try renderer.render(layer, at: begin + 0.25)) == (0, 0, 255, 255))
    }

    /// A layer's position with and without "Transform", its opacity (0–1) and a stroke's width,
    /// read back in the same units.
    @Test func positionOpacityAndStrokeWidth() throws {
        let layer = try player()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let before = try renderer.render(layer)
        #expect(before.pixel(x: 20, y: 50) == (255, 0, 0, 255))
        #expect(before.pixel(x: 93, y: 50).a == 0)
        #expect(layer.setValue(CGPoint(x: 0, y: 20), forInputKeyPath: "Card.Position"))
        #expect(layer.value(forInputKeyPath: "Card.Transform.Position") as? CGPoint == CGPoint(x: 0, y: 20))
        #expect(layer.setValue(10, forInputKeyPath: "**.Stroke Width"))
        let moved = try renderer.render(layer)
        #expect(moved.pixel(x: 30, y: 40).a == 0)
        #expect(moved.pixel(x: 30, y: 70) == (255, 0, 0, 255))
        #expect(moved.pixel(x: 93, y: 70) == (0, 0, 0, 255))
        #expect(layer.setValue(CGPoint(x: 0, y: 0), forInputKeyPath: "Card.Transform.Position"))
        #expect(layer.setValue(0.5, forInputKeyPath: "Card.Transform.Opacity"))
        #expect(layer.value(forInputKeyPath: "**.Opacity") as? Double == 0.5)
        let faded = try renderer.render(layer)
        #expect(isClose(box(faded), (255, 0, 0, 128)), "\(box(faded))")
    }

    /// Key paths that match nothing, values of the wrong kind and animations that are not basic
    /// or keyframe animations change nothing, and are logged once per key path.
    @Test func unknownKeyPathsAreHarmless() throws {
        let layer = try player()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let before = try renderer.render(layer)
        let messages = Diagnostics.capturing {
            #expect(!layer.setValue(yellow, forInputKeyPath: "Nothing.Fill 1.Color"))
            #expect(!layer.setValue(white, forInputKeyPath: "Nothing.Fill 1.Color"))
            #expect(!layer.setValue("red", forInputKeyPath: "**.Color"))
            #expect(!layer.setValue(yellow, forInputKeyPath: "**.Position"))
            #expect(layer.value(forInputKeyPath: "Card.Nothing") == nil)
            #expect(!layer.add(CABasicAnimation(), forInputKeyPath: "Nothing"))
            #expect(!layer.add(CAAnimationGroup(), forInputKeyPath: "**.Opacity"))
            let wrong = CABasicAnimation()
            wrong.toValue = CGPoint(x: 1, y: 1)
            #expect(!layer.add(wrong, forInputKeyPath: "**.Opacity"))
            layer.removeAnimation(forInputKeyPath: "Nothing")
        }
        let prefix = "CACompositionLayer: no property at key path"
        #expect(
            messages == [
                "\(prefix) \"Nothing.Fill 1.Color\" takes CGColor", "\(prefix) \"**.Color\" takes String",
                "\(prefix) \"**.Position\" takes CGColor", "\(prefix) \"Card.Nothing\" exists",
                "\(prefix) \"Nothing\" is animated by CABasicAnimation",
                "\(prefix) \"**.Opacity\" is animated by CAAnimationGroup",
            ])
        #expect(try renderer.render(layer) == before)
        #expect(!CACompositionLayer().setValue(yellow, forInputKeyPath: "**"))
    }

    /// Layer "Line": a black stroke 6 wide from (10, 50) to (90, 50), trimmed by "Trim Paths 1"
    /// whose end runs from 0 to 100 over frames 0–30.
    private static let line = L.make(
        layers: L.shapeLayer(
            "Line",
            shapes: """
                {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]],
                  "o": [[0, 0], [0, 0]]}}},
                {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100},
                 "w": {"a": 0, "k": 6}, "lc": 1, "lj": 1},
                {"ty": "tm", "nm": "Trim Paths 1", "s": {"a": 0, "k": 0}, "e": \(L.animated([(0, "0"), (30, "100")])),
                 "o": {"a": 0, "k": 0}, "m": 1}
                """))

    /// Whether the line is drawn at `x`.
    private func drawn(_ image: RenderedImage, _ x: Int) -> Bool { image.pixel(x: x, y: 50).a == 255 }

    /// A trim's end (0 to 1) set and animated by key path: the progress of a line drawn on.
    @Test func aTrimsEndIsTheProgressOfAStroke() throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.line.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(layer.inputKeyPaths.contains("Line.Trim Paths 1.End"))
        #expect(layer.inputKeyPaths.contains("Line.Trim Paths 1.Start"))
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        #expect(!drawn(try renderer.render(layer), 30))
        #expect(layer.setValue(0.5, forInputKeyPath: "**.Trim Paths 1.End"))
        for frame in [0.0, 29] {
            layer.currentFrame = frame
            let image = try renderer.render(layer)
            #expect(drawn(image, 30) && drawn(image, 48) && !drawn(image, 52) && !drawn(image, 70), "frame \(frame)")
        }
        let drawOn = CABasicAnimation()
        drawOn.fromValue = 0
        drawOn.toValue = 1
        drawOn.duration = 1
        #expect(layer.add(drawOn, forInputKeyPath: "Line.*.End"))
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        let begin = try #require(layer.sublayers?.first).beginTime
        let quarter = try renderer.render(layer, at: begin + 0.25)
        let most = try renderer.render(layer, at: begin + 0.75)
        #expect(drawn(quarter, 20) && !drawn(quarter, 40), "a quarter: 10 to 30")
        #expect(drawn(most, 60) && !drawn(most, 80), "three quarters: 10 to 70")
    }

    /// Layer "Spinner" at (50, 50), its scale keyframed from 100 % to 50 % over frames 0–30
    /// (linear), its rotation still: a red square 10 across centred 20 right of it.
    private static let spinner = L.make(
        layers: L.shapeLayer(
            "Spinner",
            transform: L.transform(
                anchor: L.still("[0, 0]"), position: L.still("[50, 50]"),
                scale: L.animated([(0, "[100, 100]"), (30, "[50, 50]")], ease: (0, 0, 1, 1)),
                rotation: L.still("0"), opacity: L.still("100")),
            shapes: "\(L.rectangle(center: (20, 0), size: (10, 10))), \(L.fill((1, 0, 0)))"))

    /// A rotation (radians, clockwise) set by key path turns the layer at every frame while its
    /// scale keyframes play on; a scale and an anchor point set by key path replace theirs.
    @Test func rotationScaleAndAnchorPoint() throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.spinner.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        #expect(try renderer.render(layer).pixel(x: 70, y: 50) == (255, 0, 0, 255))
        #expect(layer.setValue(Double.pi / 2, forInputKeyPath: "Spinner.Transform.Rotation"))
        let turned = try renderer.render(layer)
        #expect(turned.pixel(x: 70, y: 50).a == 0)
        #expect(turned.pixel(x: 50, y: 70) == (255, 0, 0, 255))
        layer.currentFrame = 29
        // Scaled by 0.5167: the square, 5.2 across, centred 10.3 below the layer.
        let scaled = try renderer.render(layer)
        #expect(scaled.pixel(x: 50, y: 60) == (255, 0, 0, 255))
        #expect(scaled.pixel(x: 50, y: 67).a == 0)
        #expect(isClose(try #require(layer.value(forInputKeyPath: "Spinner.Rotation") as? Double), .pi / 2))
        #expect(layer.setValue(2, forInputKeyPath: "Spinner.Scale"))
        #expect(layer.setValue(CGPoint(x: 20, y: 0), forInputKeyPath: "Spinner.Anchor Point"))
        #expect(layer.value(forInputKeyPath: "Spinner.Transform.Anchor Point") as? CGPoint == CGPoint(x: 20, y: 0))
        // The square's centre at the layer's position, 20 across, at every frame.
        for frame in [0.0, 29] {
            layer.currentFrame = frame
            let image = try renderer.render(layer)
            #expect(image.pixel(x: 41, y: 50) == (255, 0, 0, 255), "frame \(frame)")
            #expect(image.pixel(x: 59, y: 59) == (255, 0, 0, 255), "frame \(frame)")
            #expect(image.pixel(x: 50, y: 62).a == 0, "frame \(frame)")
        }
    }

    /// Null layer "Rig" at the origin parents layer "Child", whose position is given as
    /// separate x and y (20, 20) and whose group "Mover" has an animated transform (at the
    /// origin throughout) holding a red square 10 across.
    private static let rig = L.make(
        layers: """
            {"ddd": 0, "ty": 3, "nm": "Rig", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": \(L.transform())},
            {"ddd": 0, "ty": 4, "nm": "Child", "ind": 2, "parent": 1, "ip": 0, "op": 30, "st": 0,
             "ks": {"p": {"s": true, "x": {"a": 0, "k": 20}, "y": {"a": 0, "k": 20}}},
             "shapes": [{"ty": "gr", "nm": "Mover", "it": [\(L.rectangle(center: (0, 0), size: (10, 10))),
               \(L.fill((1, 0, 0))), {"ty": "tr", "p": \(L.animated([(0, "[0, 0]"), (30, "[0, 0]")])),
               "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
               "o": {"a": 0, "k": 100}}]}]}
            """)

    /// A null parent's position moves its child; a position given as x and y, and an animated
    /// group's position, are set as points.
    @Test func parentsSplitPositionsAndGroups() throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.rig.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(layer.inputKeyPaths.contains("Rig.Transform.Position"))
        #expect(layer.inputKeyPaths.contains("Child.Mover.Transform.Position"))
        #expect(!layer.inputKeyPaths.contains("Rig.Transform.Opacity"), "a parent's opacity is not its child's")
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        #expect(try renderer.render(layer).pixel(x: 20, y: 20) == (255, 0, 0, 255))
        #expect(layer.setValue(CGPoint(x: 30, y: 30), forInputKeyPath: "Rig.Position"))
        var image = try renderer.render(layer)
        #expect(image.pixel(x: 20, y: 20).a == 0 && image.pixel(x: 50, y: 50) == (255, 0, 0, 255))
        #expect(layer.setValue(CGPoint(x: 10, y: 10), forInputKeyPath: "Child.Position"))
        image = try renderer.render(layer)
        #expect(image.pixel(x: 50, y: 50).a == 0 && image.pixel(x: 40, y: 40) == (255, 0, 0, 255))
        #expect(layer.setValue(CGPoint(x: 0, y: 20), forInputKeyPath: "**.Mover.Transform.Position"))
        layer.currentFrame = 15
        image = try renderer.render(layer)
        #expect(image.pixel(x: 40, y: 40).a == 0 && image.pixel(x: 40, y: 60) == (255, 0, 0, 255))
    }
}
