import Foundation
import Testing

@testable import SceneCore

/// Key-value coding of emitter cells and key paths through an emitter's named cells
/// (`emitterCells.fire.birthRate`), as Core Animation resolves them.
@Suite struct EmitterKeyPathTests {
    /// An emitter with a cell named `fire` holding a sub-cell named `spark`, and an unnamed cell.
    static func emitter() -> CAEmitterLayer {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.velocity = 5
        let fire = CAEmitterCell()
        fire.name = "fire"
        fire.birthRate = 10
        fire.emitterCells = [spark]
        let layer = CAEmitterLayer()
        layer.emitterCells = [CAEmitterCell(), fire]
        return layer
    }

    @Test func cellsAreKeyValueCodingContainers() {
        let cell = CAEmitterCell()
        #expect(cell.value(forKey: "enabled") as? Bool == true)
        #expect(cell.value(forKey: "isEnabled") as? Bool == true)
        #expect(cell.value(forKey: "scale") as? CGFloat == 1)
        #expect(cell.value(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
        cell.setValue(12, forKey: "birthRate")
        cell.setValue(false, forKey: "enabled")
        cell.setValue(CGRect(x: 0, y: 0, width: 0.5, height: 0.5), forKey: "contentsRect")
        cell.setValue("both", forKey: "fillMode")
        #expect(cell.birthRate == 12 && !cell.isEnabled)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(cell.fillMode == .both)
        // A value of the wrong type changes nothing.
        cell.setValue("fast", forKey: "velocity")
        #expect(cell.velocity == 0)
        // Other keys are stored, copied with the cell, and fall back to the style, then the defaults.
        cell.setValue("ember", forKey: "kind")
        cell.style = ["glow": 3]
        #expect(cell.value(forKey: "kind") as? String == "ember")
        #expect((cell.copy() as? CAEmitterCell)?.value(forKey: "kind") as? String == "ember")
        #expect(cell.value(forKey: "glow") as? Int == 3)
        #expect(cell.value(forKey: "unknown") == nil)
    }

    @Test func keyPathsReachNamedCellsAndSubCells() throws {
        let layer = Self.emitter()
        #expect(layer.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 10)
        #expect(layer.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity") as? CGFloat == 5)
        #expect((layer.value(forKeyPath: "emitterCells.fire") as? CAEmitterCell)?.name == "fire")
        #expect(layer.value(forKeyPath: "emitterCells.smoke.birthRate") == nil)

        layer.setValue(50, forKeyPath: "emitterCells.fire.birthRate")
        layer.setValue(7.5, forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")
        #expect(layer.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 50)
        let fire = try #require(layer.emitterCells?.last)
        #expect(fire.birthRate == 50)
        #expect(fire.emitterCells?.first?.velocity == 7.5)
        // The change is the layer's committed value: the render side's cells carry it.
        #expect(layer.state.emitterCells.cells.map(\.birthRate) == [0, 50])
        #expect(layer.state.emitterCells.cells[1].cells.map(\.velocity) == [7.5])
        #expect(layer.state.emitterCells.cells[1].name == "fire")

        // An unknown name or a wrong type changes nothing.
        layer.setValue(3, forKeyPath: "emitterCells.smoke.birthRate")
        layer.setValue("many", forKeyPath: "emitterCells.fire.birthRate")
        #expect(layer.state.emitterCells.cells.map(\.birthRate) == [0, 50])
        // Other key paths are the layer's own.
        layer.setValue(30, forKeyPath: "emitterPosition.x")
        #expect(layer.emitterPosition == CGPoint(x: 30, y: 0))
    }

    @Test func settingACellByKeyPathMarksTheCellsChanged() {
        let layer = Self.emitter()
        LayerTest.commitWithoutActions { layer.emitterPosition = CGPoint(x: 1, y: 1) }
        layer.setValue(20, forKeyPath: "emitterCells.fire.lifetime")
        #expect(layer.pendingChanges.contains(LayerChanges(.emitterCells)))
    }
}
