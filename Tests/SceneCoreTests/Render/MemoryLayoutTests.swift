import Foundation
import Testing

@testable import SceneCore

/// The sizes the memory and speed work depends on, asserted here rather than written in
/// comments: a change that grows one of them fails here, to be weighed and the number changed
/// on purpose (in the commit that changes it).
@Suite struct MemoryLayoutTests {
    /// `QuadInstance` is exactly `layer.vert.glsl`'s per-instance attributes 0...8, four floats each.
    @Test func aQuadInstanceIsTheShadersNineAttributes() {
        #expect(MemoryLayout<QuadInstance>.size == 144)
        #expect(MemoryLayout<QuadInstance>.stride == QuadInstance.stride)
        let offsets: [PartialKeyPath<QuadInstance>] = [
            \.transformX, \.transformY, \.transformOrigin, \.rect, \.uv, \.color, \.shapeRect, \.radii, \.parameters,
        ]
        #expect(offsets.map { MemoryLayout<QuadInstance>.offset(of: $0) } == (0..<9).map { $0 * 16 })
        #expect(MemoryLayout<QuadParameters>.size == 16)
    }

    /// A layer's values: the box every layer stores, the box of values few set (shared while at
    /// their defaults), and the boxes of app-side settings and occasional state, one reference
    /// each until a layer sets one of theirs.
    @Test func layerValues() {
        #expect(MemoryLayout<LayerProperties.Values>.size == 304)
        #expect(MemoryLayout<LayerProperties.ExtraValues>.size == 1120)
        #expect(MemoryLayout<LayerProperties>.size == 8)
        #expect(MemoryLayout<LayerAttributes>.size == 156)
        #expect(MemoryLayout<LayerOccasionalState?>.size == 8)
    }

    /// What a commit carries per changed property.
    @Test func commitFields() {
        #expect(MemoryLayout<LayerField>.size == 34)
        #expect(MemoryLayout<PropertyValue>.size == 33)
    }

    /// What the render side keeps per animation and per animated layer.
    @Test func renderAnimations() {
        #expect(MemoryLayout<RenderAnimation>.size == 72)
        #expect(MemoryLayout<SteadyAnimation>.size == 93)
        #expect(MemoryLayout<SteadyAnimationTable.Entry>.stride == 24)
        #expect(MemoryLayout<SteadyPlacement>.size == 144)
        #expect(MemoryLayout<AnimationEventMarks>.size == 16)
        #expect(MemoryLayout<TransformDecomposition>.size == 104)
        #expect(MemoryLayout<TransformCache>.size == 240)
        #expect(MemoryLayout<BasicAnimationValues>.size == 40)
    }

    /// The per-layer records of the timing tree and of a frame patch.
    @Test func perLayerRecords() {
        #expect(MemoryLayout<TimingTree.Node>.stride == 24)
        #expect(MemoryLayout<FrameLeaves.Leaf>.stride == 24)
    }
}
