import Foundation
import Testing

@testable import SceneCore

/// `CAEmitterCell` and `CAEmitterLayer` round-trip through `NSKeyedArchiver` and
/// `NSKeyedUnarchiver` (secure coding): every cell property, the nesting of sub-cells, other
/// keys, and the layer's emitter values, exactly.
@Suite struct EmitterArchivingTests {
    /// A cell with every property set away from its default.
    static func fullCell(name: String) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = name
        cell.isEnabled = false
        cell.birthRate = 12.5
        cell.lifetime = 3.25
        cell.lifetimeRange = 0.5
        cell.emissionLatitude = 0.1
        cell.emissionLongitude = -1.5
        cell.emissionRange = 0.75
        cell.velocity = 40
        cell.velocityRange = 4
        (cell.xAcceleration, cell.yAcceleration, cell.zAcceleration) = (1, -9.8, 2)
        (cell.scale, cell.scaleRange, cell.scaleSpeed) = (0.5, 0.125, -0.25)
        (cell.spin, cell.spinRange) = (3, 1)
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        (cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange) = (0.1, 0.2, 0.3, 0.4)
        (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed) = (-0.1, -0.2, -0.3, -0.4)
        cell.contents = LayerArchivingTests.image
        cell.contentsRect = CGRect(x: 0.25, y: 0, width: 0.5, height: 1)
        cell.contentsScale = 2
        cell.minificationFilter = CALayerContentsFilter.trilinear.rawValue
        cell.magnificationFilter = CALayerContentsFilter.nearest.rawValue
        cell.minificationFilterBias = 0.5
        cell.style = ["glow": 2.5]
        (cell.beginTime, cell.duration, cell.speed, cell.timeOffset) = (1, 4, 2, 0.5)
        (cell.repeatCount, cell.repeatDuration, cell.autoreverses, cell.fillMode) = (3, 6, true, .both)
        cell.setValue("ember", forKey: "kind")
        return cell
    }

    /// Every property of `a` and `b`, as key-value coding reads them, is the same (sub-cells compared
    /// the same way); contents compare by pixels.
    static func expectSame(_ a: CAEmitterCell, _ b: CAEmitterCell, path: String = "") {
        // Sub-cells are compared one by one, contents by pixels, the style by its entry.
        for key in CAEmitterCell.propertyKeys where !["emitterCells", "contents", "style"].contains(key) {
            let (x, y) = (a.value(forKey: key), b.value(forKey: key))
            #expect(AnyHashableValue(x) == AnyHashableValue(y), "\(path)\(key): \(String(describing: x))")
        }
        #expect((a.contents as? CGImage)?.pixels == (b.contents as? CGImage)?.pixels, "\(path)contents")
        #expect(a.style?["glow"] as? Double == b.style?["glow"] as? Double, "\(path)style")
        #expect(a.value(forKey: "kind") as? String == b.value(forKey: "kind") as? String)
        let (subA, subB) = (a.emitterCells ?? [], b.emitterCells ?? [])
        #expect(subA.count == subB.count, "\(path)emitterCells")
        for (x, y) in zip(subA, subB) { expectSame(x, y, path: path + "\(x.name ?? "?").") }
    }

    @Test func cellsSupportSecureCoding() {
        #expect(CAEmitterCell.supportsSecureCoding)
    }

    @Test func aCellRoundTripsEveryPropertyAndItsSubCells() throws {
        let spark = Self.fullCell(name: "spark")
        spark.emitterCells = [Self.fullCell(name: "smoke")]
        let fire = Self.fullCell(name: "fire")
        fire.emitterCells = [spark, CAEmitterCell()]
        let data = try NSKeyedArchiver.archivedData(withRootObject: fire, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAEmitterCell.self, from: data))
        Self.expectSame(fire, back)
        #expect(back.emitterCells?[0].emitterCells?[0].name == "smoke")
        #expect(back.color?.value == RGBA(r: 1, g: 0.5, b: 0.25, a: 0.75))
        #expect(back.birthRate == 12.5 && back.fillMode == .both && back.style?["glow"] as? Double == 2.5)
        // A default cell reads back with the defaults.
        let plain = try #require(back.emitterCells?[1])
        Self.expectSame(plain, CAEmitterCell())
    }

    @Test func anEmitterLayerRoundTripsItsCellsAndValues() throws {
        let layer = CAEmitterLayer()
        let fire = Self.fullCell(name: "fire")
        fire.emitterCells = [Self.fullCell(name: "spark")]
        layer.emitterCells = [fire]
        layer.emitterPosition = CGPoint(x: 10, y: 20)
        layer.emitterZPosition = 3
        layer.emitterSize = CGSize(width: 30, height: 40)
        layer.emitterDepth = 5
        layer.emitterShape = .sphere
        layer.emitterMode = .outline
        layer.renderMode = .additive
        (layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin) = (2, 3, 4, 5, 6)
        layer.seed = 77
        layer.preservesDepth = true
        let back = try LayerArchivingTests.roundTrip(layer, as: CAEmitterLayer.self)
        let cells = try #require(back.emitterCells)
        #expect(cells.count == 1)
        Self.expectSame(fire, cells[0])
        // The cells are compared above (their images are equal by pixels, not by identity).
        for id in PropertyID.allCases where id.owner == .emitter && id != .emitterCells {
            #expect(
                id.declared.propertyValue(in: back.state) == id.declared.propertyValue(in: layer.state),
                "\(id.declared.key)")
        }
        #expect(back.emitterShape == .sphere && back.renderMode == .additive && back.seed == 77)
    }
}

/// A value compared by its description when it is not `Hashable` (colours, rectangles), so
/// that any property can be compared.
private struct AnyHashableValue: Equatable {
    let text: String
    init(_ value: Any?) {
        switch value {
        case let color as CGColor: text = "\(color.value)"
        case let value?: text = "\(value)"
        case nil: text = "nil"
        }
    }
}
