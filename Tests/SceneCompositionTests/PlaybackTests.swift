import Foundation
import GLBackend
import SceneComposition
import SceneCoreTestSupport
import Testing

/// Playing: the player's API mapped onto media timing, read back at chosen times of a manual
/// clock, and frames the render side draws by itself after `play()`, against rlottie.
@Suite struct PlaybackTests {
    private typealias L = LottieDocument

    /// A box moving from left to right over frames 0 to 30, with markers "intro" (frames 0–10)
    /// and "loop" (10–20).
    private static let json = L.make(
        layers: L.shapeLayer(
            "mover",
            transform: L.transform(
                anchor: L.still("[0, 0]"),
                position: L.animated([(0, "[15, 50]"), (30, "[85, 50]")], ease: (0, 0, 1, 1)),
                scale: L.still("[100, 100]"), rotation: L.animated([(0, "0"), (30, "90")]), opacity: L.still("100")),
            shapes:
                "{\"ty\": \"gr\", \"it\": [\(L.rectangle(center: (0, 0), size: (20, 30))), \(L.fill((0.8, 0.2, 0.3)))]}"
        ),
        markers: "{\"cm\": \"intro\", \"tm\": 0, \"dr\": 10}, {\"cm\": \"loop\", \"tm\": 10, \"dr\": 10}")

    /// A composition layer under a paused clock layer at time 100.
    private func player() throws -> (CACompositionLayer, ManualClock) {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let clock = ManualClock { $0.addSublayer(layer) }
        return (layer, clock)
    }

    @Test func compositionValues() throws {
        let composition = try CAComposition(data: Data(Self.json.utf8))
        #expect(composition.size == CGSize(width: 100, height: 100))
        #expect(composition.frameRate == 30)
        #expect(composition.inPoint == 0)
        #expect(composition.outPoint == 30)
        #expect(composition.duration == 1)
        #expect(
            composition.markers == [
                CACompositionMarker(name: "intro", frame: 0, durationFrames: 10),
                CACompositionMarker(name: "loop", frame: 10, durationFrames: 10),
            ])
        #expect(composition.warnings.isEmpty)
    }

    @Test func playOnceHoldsTheLastFrame() throws {
        let (layer, clock) = try player()
        #expect(layer.currentFrame == 0)
        #expect(!layer.isPlaying)
        layer.play()
        #expect(layer.isPlaying)
        clock.advance(by: 0.5)
        #expect(isClose(layer.currentFrame, 15))
        #expect(isClose(layer.currentProgress, 0.5))
        clock.advance(by: 2)
        #expect(layer.currentFrame == 30)
    }

    @Test func pauseStopsAndPlayResumes() throws {
        let (layer, clock) = try player()
        layer.play()
        clock.advance(by: 10.0 / 30)
        layer.pause()
        clock.advance(by: 1)
        #expect(isClose(layer.currentFrame, 10))
        layer.play()
        clock.advance(by: 5.0 / 30)
        #expect(isClose(layer.currentFrame, 15))
    }

    @Test func settingTheFrameOrProgressPausesThere() throws {
        let (layer, clock) = try player()
        layer.play()
        layer.currentFrame = 12
        #expect(!layer.isPlaying)
        clock.advance(by: 1)
        #expect(isClose(layer.currentFrame, 12))
        layer.currentProgress = 0.25
        #expect(isClose(layer.currentFrame, 7.5))
        layer.currentFrame = 400
        #expect(layer.currentFrame == 30)
    }

    @Test(arguments: [
        (CACompositionLoopMode.loop, 40.0, 10.0), (.autoReverse, 40, 20), (.autoReverse, 70, 10), (.repeat(2), 45, 15),
        (.repeat(2), 90, 30), (.repeat(1.5), 200, 15), (.repeatBackwards(1), 45, 15), (.repeatBackwards(1), 90, 0),
    ])
    func loopModes(mode: CACompositionLoopMode, frames: Double, expected: Double) throws {
        let (layer, clock) = try player()
        layer.loopMode = mode
        layer.play()
        clock.advance(by: frames / 30)
        #expect(isClose(layer.currentFrame, expected))
    }

    /// Changing a layer's speed moves its local time (as in Core Animation), so the speed is
    /// changed while paused, where the frame shown is kept by the timeline's `timeOffset`.
    @Test func layerSpeedIsThePlaybackSpeed() throws {
        let (layer, clock) = try player()
        layer.speed = 2
        layer.play()
        clock.advance(by: 5.0 / 30)
        #expect(isClose(layer.currentFrame, 10))
        layer.pause()
        layer.speed = -1
        layer.loopMode = .loop
        layer.play()
        clock.advance(by: 15.0 / 30)
        #expect(isClose(layer.currentFrame, 25))
    }

    @Test func playBetweenMarkers() throws {
        let (layer, clock) = try player()
        #expect(layer.play(fromMarker: "loop"))
        #expect(layer.playbackRange == 10...20)
        clock.advance(by: 4.0 / 30)
        #expect(isClose(layer.currentFrame, 14))
        layer.loopMode = .loop
        clock.advance(by: 10.0 / 30)
        #expect(isClose(layer.currentFrame, 14))
        #expect(layer.play(fromMarker: "intro", toMarker: "loop"))
        #expect(layer.playbackRange == 0...10)
        #expect(!layer.play(fromMarker: "missing"))
        #expect(layer.playbackRange == 0...10)
    }

    /// The test: once `play()` has added the animations, frames rendered at two later
    /// times, with nothing done on the app thread in between, match rlottie's at those times.
    @Test func framesPlayWithoutAppThreadWork() throws {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(Self.json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        // The layer is a root: its timeline began at this absolute time.
        let begin = try #require(layer.sublayers?.first).beginTime
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let first = try renderer.render(layer, at: begin + 9.0 / 30)
        let second = try renderer.render(layer, at: begin + 51.0 / 30)
        for result in try ReferenceRenderer.compare(Self.json, images: [(9, first), (21, second)]) {
            #expect(result.meanDifference < 1, "\(result)")
            #expect(result.ssim > 0.98, "\(result)")
        }
    }

    /// A composition fits the layer's bounds keeping its aspect ratio, centred: 100x100 in a
    /// 200x100 layer is drawn at its size, 50 points in; in a 100x50 layer, at half size.
    @Test func theCompositionFitsTheBounds() throws {
        let json = L.make(
            layers: """
                {"ddd": 0, "ty": 1, "nm": "solid", "ind": 1, "ip": 0, "op": 30, "sw": 100, "sh": 100, "sc": "#ff0000",
                 "ks": {}}
                """)
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let wide = try OffscreenRenderer(width: 200, height: 100).render(layer)
        #expect(wide.pixel(x: 49, y: 50).a == 0)
        #expect(wide.pixel(x: 51, y: 50) == (255, 0, 0, 255))
        #expect(wide.pixel(x: 148, y: 50) == (255, 0, 0, 255))
        #expect(wide.pixel(x: 151, y: 50).a == 0)
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let small = try OffscreenRenderer(width: 100, height: 50).render(layer)
        #expect(small.pixel(x: 24, y: 25).a == 0)
        #expect(small.pixel(x: 26, y: 48) == (255, 0, 0, 255))
        #expect(small.pixel(x: 76, y: 25).a == 0)
    }
}
