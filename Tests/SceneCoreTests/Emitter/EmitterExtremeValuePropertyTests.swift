import Foundation
import PropertyBased
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Emitter layers and cells given extreme values (NaN, ±infinity, 1e300, 1e17, `Int.max`,
/// negative rates and ranges) and layer timing far from zero, drawn through the frame step at
/// times up to a million seconds on: no trap, no frame over `frameLimit`, never more live
/// particles than the layer's cap. Tagged `.scale`: a case can work out 100,000 particles a frame.
///
/// CI runs a fixed number of cases; `SCENECORE_PROPERTY_CASES` runs more (see Tests/README.md).
@Suite(.tags(.scale)) struct EmitterExtremeValuePropertyTests {
    /// Far longer than a frame of 100,000 particles in a debug build (processor time: 0.3 s).
    static let frameLimit = 5.0
    static let caseLimit = 60.0

    static let extremes: [Double] = [
        0, 1, -1, 1e-300, 1e6, 1e17, -1e17, 3.4e38, 1e300, -1e300, Double(Int.max), .nan, .infinity, -.infinity,
    ]

    /// Where an extreme value goes.
    enum Slot: CaseIterable {
        case birthRate, lifetime, velocity, scale, spin, position, size, depth, timeOffset, beginTime, speed
        case cellBirthRate, cellLifetime, lifetimeRange, cellVelocity, velocityRange, emissionRange, longitude
        case cellScale, scaleSpeed, cellSpin, acceleration, cellBeginTime, cellDuration, cellSpeed, cellTimeOffset
        case alphaSpeed
    }

    struct Case: CustomStringConvertible {
        var values: [(Slot, Double)]
        var subCell: Bool
        /// Whether the layer's birth rate animates for ever from the start (the values drive a
        /// track then).
        var animated: Bool
        /// Whether the values are set after the first frames, in a commit with actions (so an
        /// emission begun at an ordinary time meets a huge layer time later).
        var late: Bool
        var description: String {
            "values \(values.map { "\($0.0) = \($0.1)" }), subCell \(subCell), animated \(animated), late \(late)"
        }

        func emitter() -> CAEmitterLayer {
            let cell = CAEmitterCell()
            cell.name = "fire"
            cell.contents = testImage()
            cell.birthRate = 50
            cell.lifetime = 10
            cell.velocity = 20
            let layer = CAEmitterLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
            if subCell {
                let spark = CAEmitterCell()
                spark.contents = testImage()
                spark.birthRate = 20
                spark.lifetime = 2
                cell.emitterCells = [spark]
            }
            if !late { for (slot, v) in values { Self.set(slot, v, layer, cell) } }
            layer.emitterCells = [cell]
            if animated {
                let swing = CABasicAnimation(keyPath: "birthRate")
                swing.fromValue = 0.5
                swing.toValue = 2
                swing.duration = 1
                swing.repeatCount = .infinity
                layer.add(swing, forKey: "swing")
            }
            return layer
        }

        /// Sets the values late: on the layer and on a copy of its cell, committed with actions.
        func setLate(on layer: CAEmitterLayer) {
            guard late, let cell = layer.emitterCells?.first else { return }
            LayerTest.commitNow {
                for (slot, v) in values { Self.set(slot, v, layer, cell) }
                layer.emitterCells = [cell]
            }
        }

        static func set(_ slot: Slot, _ v: Double, _ layer: CAEmitterLayer, _ cell: CAEmitterCell) {
            let f = Float(v)
            switch slot {
            case .birthRate: layer.birthRate = f
            case .lifetime: layer.lifetime = f
            case .velocity: layer.velocity = f
            case .scale: layer.scale = f
            case .spin: layer.spin = f
            case .position: layer.emitterPosition = CGPoint(x: v, y: -v)
            case .size: layer.emitterSize = CGSize(width: v, height: v)
            case .depth: layer.emitterDepth = v
            case .timeOffset: layer.timeOffset = v
            case .beginTime: layer.beginTime = v
            case .speed: layer.speed = f
            case .cellBirthRate: cell.birthRate = f
            case .cellLifetime: cell.lifetime = f
            case .lifetimeRange: cell.lifetimeRange = f
            case .cellVelocity: cell.velocity = v
            case .velocityRange: cell.velocityRange = v
            case .emissionRange: cell.emissionRange = v
            case .longitude: cell.emissionLongitude = v
            case .cellScale: cell.scale = v
            case .scaleSpeed: cell.scaleSpeed = v
            case .cellSpin: cell.spin = v
            case .acceleration: cell.yAcceleration = v
            case .cellBeginTime: cell.beginTime = v
            case .cellDuration: cell.duration = v
            case .cellSpeed: cell.speed = f
            case .cellTimeOffset: cell.timeOffset = v
            case .alphaSpeed: cell.alphaSpeed = f
            }
        }
    }

    static let cases = Generator { seed in
        var random = SplitMix64(seed: seed.next())
        let values = (0..<Int.random(in: 1...6, using: &random)).map { _ in
            (Slot.allCases.randomElement(using: &random)!, extremes.randomElement(using: &random)!)
        }
        return Case(
            values: values, subCell: Bool.random(using: &random), animated: Bool.random(using: &random),
            late: Bool.random(using: &random))
    }

    @Test func extremeValuesNeverTrapAndStayUnderTheCap() async {
        // 15 cases: 30 took 22 s, the scale suites' longest test.
        await propertyCheck(count: propertyCaseCount(ciDefault: 15), input: Self.cases) { example in
            let description = example.description
            withTimeLimit(Self.caseLimit, describing: { description }) {
                let layer = example.emitter()
                let probe = CommitProbe(root: layer)
                let start = CACurrentMediaTime()
                for (index, offset) in [0, 1.0 / 60, 1, 3_600, 1e6].enumerated() {
                    if index == 2 { example.setLate(on: layer) }
                    let seconds = threadCPUSeconds { probe.frame(at: start + offset) }.seconds
                    #expect(seconds < timeBudget(Self.frameLimit), "a frame took \(seconds) s\n\(description)")
                    let count = probe.pipeline.tree.emitters[layer.layerID]?.particleCount ?? 0
                    #expect(count <= EmitterHistory.maximumParticles, "\(count) particles\n\(description)")
                }
            }
        }
    }
}
