import Foundation
import Testing

@testable import SceneCore

/// The anti-aliased edges a layer's quads carry in `QuadParameters.edges` (`EdgeAntialiasing`).
@Suite struct EdgeAntialiasingParamsTests {
    /// A 40x40 layer with a background, contents clipped by masksToBounds, a sublayer and a border.
    func tile(_ configure: (CALayer) -> Void) -> (root: CALayer, list: DisplayList) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        layer.backgroundColor = red
        layer.contents = testImage()
        layer.masksToBounds = true
        layer.borderWidth = 2
        layer.borderColor = blue
        layer.addSublayer(CALayer())
        layer.sublayers?[0].frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.sublayers?[0].backgroundColor = green
        configure(layer)
        root.addSublayer(layer)
        return (root, displayList(for: root))
    }

    /// The anti-aliased edges of the layer's background, contents, sublayer clip and border, in that order.
    func edges(_ list: DisplayList) -> [Float] {
        var clip: Float?
        for command in list.commands {
            if case .beginShapeClip(let index) = command { clip = list.instances[index].parameters.edges }
            if case .pushClip(let index) = command { clip = list.instances[index].parameters.edges }
        }
        let background = list.instances.first { $0.color == SIMD4(1, 0, 0, 1) }?.parameters.edges
        let contents = list.instances.first { $0.parameters.paint == .texture }?.parameters.edges
        let border = list.instances.first { $0.parameters.borderWidth == 2 }?.parameters.edges
        return [background, contents, clip, border].map { $0 ?? -1 }
    }

    @Test func theMaskNamesTheSmoothEdgesOfEveryPartOfTheLayer() {
        let (_, list) = tile {
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        }
        // minX (1) and maxY (8).
        #expect(edges(list) == [9, 9, 9, 9])
        #expect(list.commands.contains { if case .beginShapeClip = $0 { true } else { false } })
    }

    @Test func withoutEdgeAntialiasingOrWithAnEmptyMaskEveryEdgeIsHard() {
        for configure: (CALayer) -> Void in [
            { _ in },
            {
                $0.allowsEdgeAntialiasing = true
                $0.edgeAntialiasingMask = []
            },
        ] {
            let (_, list) = tile(configure)
            #expect(edges(list) == [0, 0, 0, 0])
            // The stencil clips, and the background needs no shape coverage.
            #expect(list.commands.contains { if case .pushClip = $0 { true } else { false } })
            #expect(list.instances.first { $0.color == SIMD4(1, 0, 0, 1) }?.isShaped == false)
        }
    }

    @Test func roundedCornersAreAlwaysSmooth() {
        // Without allowsEdgeAntialiasing a rounded layer is smooth all round; with it, its
        // straight edges follow the mask and its corners stay smooth.
        let plain = tile { $0.cornerRadius = 5 }
        #expect(edges(plain.list) == Array(repeating: EdgeAntialiasing.all, count: 4))
        let masked = tile {
            $0.cornerRadius = 5
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = [.layerRightEdge]
        }
        #expect(edges(masked.list) == [18, 18, 18, 18])
        let none = tile {
            $0.cornerRadius = 5
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = []
        }
        #expect(edges(none.list) == [16, 16, 16, 16])
    }

    @Test func aRasterizedLayersBitmapHasTheLayersSmoothEdges() throws {
        let (_, list) = tile {
            $0.shouldRasterize = true
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = [.layerBottomEdge, .layerRightEdge]
        }
        let quad = try #require(
            list.commands.lazy.compactMap { command -> QuadInstance? in
                if case .drawRaster(_, let batch) = command { list.instances[batch.first] } else { nil }
            }.first)
        #expect(quad.parameters.edges == 6)
        #expect(quad.isShaped)
    }
}
