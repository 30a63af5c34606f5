/// A random sequence of `LayerStep`s on a pool of layers, ending with a frame.
public struct LayerProgram: Sendable, CustomStringConvertible {
    /// How many layers the pool holds.
    public var layerCount: Int
    /// What the program does, in order.
    public var steps: [LayerStep]

    /// A random program of up to `maximumSteps` steps on up to `maximumLayers` layers.
    public static func random(
        maximumSteps: Int = 40, maximumLayers: Int = 10, using random: inout some RandomNumberGenerator
    ) -> LayerProgram {
        let layerCount = Int.random(in: 2...maximumLayers, using: &random)
        var steps = (0..<Int.random(in: 1...maximumSteps, using: &random)).map { _ in
            LayerStep.random(layerCount: layerCount, using: &random)
        }
        steps.append(.render(after: 0))
        return LayerProgram(layerCount: layerCount, steps: steps)
    }

    public var description: String {
        "LayerProgram(\(layerCount) layers):\n" + steps.map { "  \($0)" }.joined(separator: "\n")
    }
}

extension LayerProgram {
    /// The program with its tree edits only, and a frame after each.
    public var onlyTreeEdits: LayerProgram {
        let edits = steps.filter { step in
            switch step {
            case .add, .insert, .insertNextTo, .remove, .replace, .setSublayers, .mask: true
            default: false
            }
        }
        return LayerProgram(layerCount: layerCount, steps: edits.flatMap { [$0, .render(after: 0)] })
    }
}

extension LayerProgram {
    /// A program that puts one layer of every class in the tree (`LayerPool.layerMakers`) and
    /// then calls public setters with numbers that are edge cases half the time (NaN, the
    /// infinities, 1e300, `Int.max`...), animates, and shows frames at times that are extreme
    /// too: what an app with mistakes hands the damage, particle, text and tiling paths.
    public static func extremes(maximumSteps: Int = 30, using random: inout some RandomNumberGenerator) -> LayerProgram
    {
        let layerCount = LayerPool.layerMakers.count + 1
        var steps: [LayerStep] = (1..<layerCount).map { .add($0, to: Int.random(in: 0..<$0, using: &random)) }
        for _ in 0..<Int.random(in: 1...maximumSteps, using: &random) {
            let layer = Int.random(in: 1..<layerCount, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let numbers = (0..<4).map { _ in FuzzNumber.double(using: &random) }
                steps.append(.setter(layer, LayerSetter.allCases.randomElement(using: &random)!, numbers))
            case 6: steps.append(.animate(layer, AnimationRecipe.random(using: &random)))
            case 7:
                steps.append(.set(layer, key: LayerStep.keys.randomElement(using: &random)!, .random(using: &random)))
            default: steps.append(.render(after: FuzzNumber.double(using: &random)))
            }
        }
        steps.append(.render(after: 0))
        return LayerProgram(layerCount: layerCount, steps: steps)
    }
}
