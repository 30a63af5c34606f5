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
