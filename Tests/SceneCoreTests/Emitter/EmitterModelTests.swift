import Foundation
import Testing

@testable import SceneCore

/// `CAEmitterLayer` and `CAEmitterCell`: Apple's defaults, copies on set, and the values that
/// travel to the render side.
@Suite struct EmitterModelTests {
    @Test func theLayerHasCoreAnimationsDefaults() {
        let layer = CAEmitterLayer()
        #expect(layer.emitterCells == nil)
        #expect(layer.emitterPosition == .zero)
        #expect(layer.emitterZPosition == 0)
        #expect(layer.emitterSize == .zero)
        #expect(layer.emitterDepth == 0)
        #expect(layer.emitterShape == .point)
        #expect(layer.emitterMode == .volume)
        #expect(layer.renderMode == .unordered)
        #expect(layer.birthRate == 1 && layer.lifetime == 1 && layer.velocity == 1)
        #expect(layer.scale == 1 && layer.spin == 1)
        #expect(layer.seed == 0)
        #expect(layer.preservesDepth == false)
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String == "volume")
        #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float == 1)
        #expect(CAEmitterLayer.defaultValue(forKey: "seed") == nil)
        #expect(CALayer.defaultValue(forKey: "birthRate") == nil)
    }

    @Test func theNamesHaveApplesRawValues() {
        #expect(
            [CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue) == [
                "point", "line", "rectangle", "cuboid", "circle", "sphere",
            ])
        #expect(
            [CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue) == [
                "points", "outline", "surface", "volume",
            ])
        #expect(
            [CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue)
                == ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
    }

    @Test func theCellHasCoreAnimationsDefaults() {
        let cell = CAEmitterCell()
        #expect(cell.name == nil && cell.isEnabled)
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.color?.value == RGBA(r: 1, g: 1, b: 1, a: 1))
        #expect([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange] == [0, 0, 0, 0])
        #expect([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed] == [0, 0, 0, 0])
        #expect(cell.contents == nil)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.minificationFilterBias == 0)
        #expect(cell.emitterCells == nil && cell.style == nil)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1 && cell.timeOffset == 0)
        #expect(cell.repeatCount == 0 && cell.repeatDuration == 0 && !cell.autoreverses && cell.fillMode == .removed)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
        #expect(cell.shouldArchiveValue(forKey: "birthRate"))
    }

    @Test func cellArraysKeepTheCellObjectsAndTheirValuesAsSet() throws {
        // Apple keeps the very objects (GNUstep's suite, run on Apple's QuartzCore); the values
        // committed are those of the moment the layer's array is set.
        let spark = CAEmitterCell()
        spark.birthRate = 3
        let rocket = CAEmitterCell()
        rocket.emitterCells = [spark]
        #expect(rocket.emitterCells?.first === spark)

        let layer = CAEmitterLayer()
        layer.emitterCells = [rocket]
        spark.birthRate = 9
        rocket.birthRate = 50
        let kept = try #require(layer.emitterCells?.first)
        #expect(kept === rocket && kept.emitterCells?.first === spark)
        #expect(layer.state.emitterCells.cells.map(\.birthRate) == [0])
        #expect(layer.state.emitterCells.cells[0].cells.map(\.birthRate) == [3])
        layer.emitterCells = layer.emitterCells
        #expect(layer.state.emitterCells.cells.map(\.birthRate) == [50])
        #expect(layer.state.emitterCells.cells[0].cells.map(\.birthRate) == [9])
        // A copy of a cell holds the same sub-cells.
        #expect((rocket.copy() as? CAEmitterCell)?.emitterCells?.first === spark)
    }

    @Test func cellsThatContainThemselvesAreCutOff() {
        let loop = CAEmitterCell()
        loop.emitterCells = [loop, loop, loop, loop, loop, loop, loop, loop, loop, loop]
        let layer = CAEmitterLayer()
        let messages = Diagnostics.capturing { layer.emitterCells = [loop] }
        #expect(messages.count <= 1)
        func count(_ values: EmitterCellValues) -> Int { 1 + values.cells.map(count).reduce(0, +) }
        let described = layer.state.emitterCells.cells.map(count).reduce(0, +)
        #expect(described <= EmitterCellValues.maximumCount)
        #expect(described > 1000)
    }

    @Test func emitterKeysAreArbitraryKeysOnOtherLayers() {
        let layer = CALayer()
        #expect(layer.value(forKey: "birthRate") == nil)
        layer.setValue(4, forKey: "birthRate")
        #expect(layer.value(forKey: "birthRate") as? Int == 4)
        let emitter = CAEmitterLayer()
        emitter.setValue(4, forKey: "birthRate")
        #expect(emitter.birthRate == 4)
    }

    @Test func aPresentationCopyKeepsTheCells() throws {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "fire"
        LayerTest.commitWithoutActions { layer.emitterCells = [cell] }
        let presentation = try #require(layer.presentation())
        #expect(presentation.emitterCells?.first?.name == "fire")
    }
}
