import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct BatcherTests {
    /// `count` layers placed like the stress scene's quads, but with no colour and no turn of
    /// their own, configured by `configure`.
    private func grid(_ count: Int, configure: (CALayer, Int) -> Void) -> CALayer {
        StressFixture.make(count: count) { layer, i in
            layer.backgroundColor = nil
            layer.transform = CATransform3DIdentity
            configure(layer, i)
        }
    }

    @Test func thousandPlainLayersTakeOneDrawCall() {
        let root = StressFixture.make(count: 1000)
        let list = displayList(for: root, width: 1280, height: 720)
        #expect(list.instances.count == 1000)
        #expect(list.drawCallCount == 1)
    }

    @Test func thousandLayersSharingAnImageTakeOneDrawCall() {
        let image = testImage()
        let root = grid(1000) { layer, _ in
            layer.contents = image
            layer.backgroundColor = red
        }
        let list = displayList(for: root, width: 1280, height: 720)
        #expect(list.instances.count == 2000)
        #expect(list.drawCallCount == 1)
    }

    @Test func alternatingImagesOrSamplingBreakBatchesInPaintersOrder() {
        let a = testImage()
        let b = testImage()
        let root = grid(10) { layer, i in layer.contents = i % 2 == 0 ? a : b }
        #expect(displayList(for: root, width: 1280, height: 720).drawCallCount == 10)
        let sameImage = grid(10) { layer, i in
            layer.contents = a
            layer.magnificationFilter = i < 5 ? .linear : .nearest
        }
        #expect(displayList(for: sameImage, width: 1280, height: 720).drawCallCount == 2)
    }

    /// A quad with any of its 36 numbers infinite or NaN is left out; one with all finite is drawn.
    @Test func aQuadWithAnyNumberNotFiniteIsLeftOut() {
        let quad = QuadInstance(
            transform: CATransform3D.identity.float16, rect: SIMD4(0, 0, 4, 4), color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        #expect(quad.isFinite)
        var admitted: [Int] = []
        for index in 0..<36 {
            for bad in [Float.infinity, -.infinity, .nan] {
                var broken = quad
                withUnsafeMutableBytes(of: &broken) { $0.bindMemory(to: Float.self)[index] = bad }
                var batcher = Batcher()
                batcher.add(broken, image: nil, sampling: .init())
                if batcher.instanceCount > 0 { admitted.append(index) }
            }
        }
        #expect(admitted.isEmpty, "numbers whose overflow was drawn: \(admitted)")
        var batcher = Batcher()
        batcher.add(quad, image: nil, sampling: .init())
        #expect(batcher.instanceCount == 1)
    }

    /// A gradient layer's default gradient (top to bottom over its bounds), or one from side to
    /// side, is interpolated from the vertices; one whose points, locations or rounded shape
    /// take it past its stops is an axial gradient of two stops, whose batch the interpolated
    /// ones join; more stops, or another kind, draw apart.
    @Test func gradientsAreInterpolatedWhereTheyStayBetweenTheirStops() {
        func gradient(_ configure: (CAGradientLayer) -> Void) -> CAGradientLayer {
            let layer = CAGradientLayer()
            layer.colors = [red, blue]
            configure(layer)
            return layer
        }
        let layers = [
            gradient { _ in },
            gradient { $0.startPoint = CGPoint(x: 0.5, y: 0.25) },
            gradient {
                $0.startPoint = CGPoint(x: 0, y: 0.5)
                $0.endPoint = CGPoint(x: 1, y: 0.5)
            },
            gradient { $0.locations = [0.2, 0.8] },
            gradient { $0.cornerRadius = 4 },
            gradient { $0.colors = [red, green, blue] },
            gradient {
                $0.type = .radial
                $0.endPoint = CGPoint(x: 1, y: 1)
            },
        ]
        let root = grid(layers.count) { layer, i in
            layers[i].frame = layer.bounds
            layer.addSublayer(layers[i])
        }
        let list = displayList(for: root, width: 1280, height: 720)
        #expect(
            list.instances.map(\.parameters.paint) == [
                .interpolatedGradient, .axialTwoStopGradient, .interpolatedGradient, .axialTwoStopGradient,
                .axialTwoStopGradient, .gradient, .gradient,
            ])
        let batches = list.commands.compactMap { if case .draw(let batch) = $0 { batch } else { nil } }
        // The rounded one is shaped: a batch of its own.
        #expect(batches.map(\.gradient) == [.axialTwoStops, .axialTwoStops, .any])
        #expect(batches.map(\.count) == [4, 1, 2])
        // Past the start, the stops or the end by more than a ten-thousandth of the gradient.
        let block = GradientTexels.block(for: renderTree(for: layers[0])[layers[0].layerID]!.properties)!
        #expect(GradientTexels.staysBetweenStops(block, over: SIMD4(0, 0, 48, 48)))
        #expect(GradientTexels.staysBetweenStops(block, over: SIMD4(0, -0.004, 48, 48.008)))
        #expect(!GradientTexels.staysBetweenStops(block, over: SIMD4(0, -0.01, 48, 48)))
        #expect(!GradientTexels.staysBetweenStops(block, over: SIMD4(0, 0, 48, 48.01)))
    }

    @Test func untexturedQuadsJoinATexturedBatchAndTheBatchTakesTheImage() {
        var batcher = Batcher()
        let quad = QuadInstance(
            transform: CATransform3D.identity.float16, rect: .zero, color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        let image = testImage()
        batcher.add(quad, image: nil, sampling: .init())
        batcher.add(quad, image: image, sampling: .init(minification: .nearest))
        batcher.add(quad, image: nil, sampling: .init())
        let list = batcher.finish(width: 1, height: 1, clearColor: .zero)
        #expect(
            list.commands == [
                .draw(
                    DrawBatch(
                        first: 0, count: 3, image: image, sampling: .init(minification: .nearest), isShaped: false,
                        shapeCoverage: .uniformAffineFill))
            ])
    }

    @Test func aFinishedListKeepsNoRoomItsGrowthLeftUnused() {
        let quad = QuadInstance(
            transform: CATransform3D.identity.float16, rect: .zero, color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        for (reserved, count) in [(0, 1_025), (4_000, 1_000), (1_000, 1_000)] {
            var batcher = Batcher(reservingCapacity: reserved)
            for _ in 0..<count { batcher.add(quad, image: nil, sampling: .init()) }
            let list = batcher.finish(width: 1, height: 1, clearColor: .zero)
            #expect(list.instances.count == count)
            #expect(list.instances.capacity <= count + count / 8, "reserved \(reserved), drew \(count)")
        }
    }

    @Test func shapedQuadsAndPlainQuadsDrawInSeparateBatches() {
        var batcher = Batcher()
        let plain = QuadInstance(
            transform: CATransform3D.identity.float16, rect: .zero, color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        var ring = plain
        ring.parameters = .init(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true, borderWidth: 2)
        var clipped = plain
        clipped.parameters = .init(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true)
        for quad in [plain, plain, ring, clipped, plain] { batcher.add(quad, image: nil, sampling: .init()) }
        let batches = batcher.finish(width: 1, height: 1, clearColor: .zero).commands.compactMap {
            command -> DrawBatch? in
            if case .draw(let batch) = command { batch } else { nil }
        }
        #expect(batches.map(\.count) == [2, 2, 1])
        #expect(batches.map(\.isShaped) == [false, true, false])
    }

    @Test func plainLayersNeedNoShapeButRoundedOrAntialiasedOnesDo() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let plain = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        let rounded = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        rounded.cornerRadius = 3
        let smooth = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        smooth.allowsEdgeAntialiasing = true
        root.sublayers = [plain, rounded, smooth]
        let quads = displayList(for: root).instances
        #expect(quads.map(\.isShaped) == [false, true, true])
        // Rounded without allowsEdgeAntialiasing: anti-aliased all round; square with it: the four
        // straight edges of the default edgeAntialiasingMask.
        #expect(quads.map(\.parameters.edges) == [0, EdgeAntialiasing.all, 15])
    }

    /// A shaped batch takes the coverage code its most demanding instance needs: the general
    /// one for a continuous corner or mixed edges, the simple one for a border or perspective,
    /// the affine fill's for hard edges or corners of different radii, and the uniform fill's
    /// otherwise.
    @Test func aBatchTakesTheCoverageItsMostDemandingShapeNeeds() {
        func quad(
            radius: Float, edges: Float, border: Float = 0, m24: CGFloat = 0, firstRadius: Float? = nil
        ) -> QuadInstance {
            // m24 (with m14) makes w change over the quad: the perspective of a turned layer.
            var transform = CATransform3D.identity
            transform.m24 = m24
            return QuadInstance(
                transform: transform.float16, rect: .zero, color: .one, shapeRect: .zero,
                radii: SIMD4(firstRadius ?? radius, radius, radius, radius),
                parameters: .init(paint: .color, edges: edges, clipsToShape: true, borderWidth: border))
        }
        func coverage(_ quads: [QuadInstance]) -> ShapeCoverage? {
            var batcher = Batcher()
            for quad in quads { batcher.add(quad, image: nil, sampling: .init()) }
            guard case .draw(let batch) = batcher.finish(width: 1, height: 1, clearColor: .zero).commands.first
            else { return nil }
            return batch.shapeCoverage
        }
        #expect(
            coverage([quad(radius: 8, edges: 15), quad(radius: 4, edges: EdgeAntialiasing.all)]) == .uniformAffineFill)
        #expect(coverage([quad(radius: 8, edges: 15), quad(radius: 4, edges: 0)]) == .affineFill)
        #expect(coverage([quad(radius: 8, edges: 15), quad(radius: 4, edges: 15, firstRadius: 2)]) == .affineFill)
        #expect(coverage([quad(radius: 8, edges: 15), quad(radius: 8, edges: 15, border: 2)]) == .simple)
        #expect(coverage([quad(radius: 8, edges: 15, m24: -0.002), quad(radius: 8, edges: 15)]) == .simple)
        #expect(coverage([quad(radius: 8, edges: 15), quad(radius: -8, edges: 15)]) == .general)
        #expect(coverage([quad(radius: 8, edges: 3), quad(radius: 8, edges: 15, border: 2)]) == .general)
    }
}
