import Foundation
import Testing

@testable import SceneCore

@Suite struct RenderTreeTests {
    let a = LayerID(rawValue: 1_000_001), b = LayerID(rawValue: 1_000_002), c = LayerID(rawValue: 1_000_003)

    private func commit(_ sequence: UInt64, _ updates: [LayerUpdate], released: [LayerID] = []) -> LayerTreeCommit {
        LayerTreeCommit(sequence: sequence, updates: updates, released: released, timestamp: 0)
    }

    @Test func appliesFieldsStructureAndReleasesInOrder() {
        var tree = RenderTree()
        var props = LayerProperties()
        props.opacity = 0.25
        tree.apply(
            commit(
                1,
                [
                    LayerUpdate(layer: a, field: .all(props)),
                    LayerUpdate(layer: a, field: .sublayers([b, c])),
                    LayerUpdate(layer: b, field: .property(.point(CGPoint(x: 3, y: 4)), .position)),
                ]))
        #expect(tree[a]?.properties.opacity == 0.25)
        #expect(tree[a]?.sublayers == [b, c])
        #expect(tree[b]?.superlayer == a && tree[c]?.superlayer == a)
        #expect(tree[b]?.properties.position == CGPoint(x: 3, y: 4))

        tree.apply(commit(2, [LayerUpdate(layer: a, field: .sublayers([c]))], released: [b]))
        #expect(tree[b] == nil)
        #expect(tree[a]?.sublayers == [c])
        #expect(tree.lastAppliedSequence == 2)
    }

    /// A commit's layers sent whole are counted (a frame after one that brought many returns the
    /// memory its encoding used, `FreedMemory`), and the table makes room for them at once.
    @Test func layersSentWholeAreCounted() {
        var tree = RenderTree()
        let ids = (0..<1_500).map { LayerID(rawValue: 2_000_000 + UInt64($0)) }
        tree.apply(
            commit(
                1,
                ids.map { LayerUpdate(layer: $0, field: .all(LayerProperties())) }
                    + [LayerUpdate(layer: ids[0], field: .sublayers(Array(ids.dropFirst())))]))
        #expect(tree.lastCommitWholeLayers == 1_500)
        #expect(tree.layers.count == 1_500)
        tree.apply(commit(2, [LayerUpdate(layer: ids[3], field: .property(.number(0.5), .opacity))]))
        #expect(tree.lastCommitWholeLayers == 0)
        #expect(tree[ids[3]]?.properties.opacity == 0.5)
    }

    @Test func onlyTheChangedFieldIsTouched() {
        var tree = RenderTree()
        var props = LayerProperties()
        props.cornerRadius = 7
        tree.apply(commit(1, [LayerUpdate(layer: a, field: .all(props))]))
        tree.apply(
            commit(
                2, [LayerUpdate(layer: a, field: .property(.rect(CGRect(x: 0, y: 0, width: 9, height: 9)), .bounds))]))
        #expect(tree[a]?.properties.cornerRadius == 7)
        #expect(tree[a]?.properties.bounds.width == 9)
    }

    @Test func liveImagesFollowTheLayersThatShowThem() {
        var tree = RenderTree()
        let image = testImage()
        tree.apply(commit(1, [LayerUpdate(layer: a, field: .property(.image(image), .contents))]))
        #expect(tree.liveImageIDs == [image.imageID])
        #expect(tree.lastCommitChangedContents)
        tree.apply(commit(2, [LayerUpdate(layer: a, field: .property(.number(0.5), .opacity))]))
        #expect(!tree.lastCommitChangedContents)
        tree.apply(commit(3, [], released: [a]))
        #expect(tree.liveImageIDs.isEmpty)
        #expect(tree.lastCommitChangedContents)
    }
}
