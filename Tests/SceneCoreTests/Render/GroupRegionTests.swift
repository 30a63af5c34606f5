import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The pixels each group may touch (`DisplayList.groupRegions`), worked out while the frame is
/// built: what the group draws, grown by two pixels, within its mask and clip shape, in GL's
/// bottom-left window coordinates of the 200x100 target.
@Suite struct GroupRegionTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// A 200x100 root with no background holding `layer`.
    func scene(_ layer: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.addSublayer(layer)
        return root
    }

    @Test func aGroupCoversWhatItDrawsPlusTwoPixels() {
        let layer = solidLayer(CGRect(x: 20, y: 10, width: 40, height: 30), red)
        layer.opacity = 0.5
        layer.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 10, height: 10), green))
        let list = displayList(for: scene(layer))
        #expect(list.commands.first == .beginGroup)
        // Window x 20...60, y 10...40 (y down): GL y 60...90, grown by 2.
        #expect(list.groupRegions == [0: PixelRegion(x: 18, y: 58, width: 44, height: 34)])
    }

    @Test func aSublayerStickingOutWidensTheGroupAndTheTargetEdgeCutsIt() {
        let layer = solidLayer(CGRect(x: 20, y: 10, width: 40, height: 30), red)
        layer.opacity = 0.5
        layer.addSublayer(solidLayer(CGRect(x: -30, y: 20, width: 200, height: 10), green))
        let list = displayList(for: scene(layer))
        // The sublayer spans window x -10...190, y 30...40: the box is x -12...192 (cut at 0),
        // y 58...92 from the layer.
        #expect(list.groupRegions == [0: PixelRegion(x: 0, y: 58, width: 192, height: 34)])
    }

    @Test func aMaskedGroupCoversOnlyWhereItsMaskDraws() {
        let layer = solidLayer(CGRect(x: 20, y: 10, width: 40, height: 30), red)
        let mask = solidLayer(CGRect(x: 30, y: 0, width: 100, height: 10), green)
        layer.mask = mask
        // Drawn directly (a still masked layer is otherwise kept as a bitmap, in its own space).
        let list = displayList(for: scene(layer), keepingEffects: false)
        #expect(list.commands.first == .beginGroup)
        // Content x 18...62, GL y 58...92; the mask is window x 50...150, y 10...20: GL
        // x 48...152, y 78...92. The intersection: x 48...62, y 78...92.
        #expect(list.groupRegions == [0: PixelRegion(x: 48, y: 78, width: 14, height: 14)])
    }

    @Test func aNestedGroupGrowsItsParentAndAShapeClipKeepsToItsShape() throws {
        let outer = solidLayer(CGRect(x: 20, y: 10, width: 40, height: 30), red)
        outer.opacity = 0.5
        let clip = solidLayer(CGRect(x: 100, y: 50, width: 20, height: 20))
        clip.masksToBounds = true
        clip.cornerRadius = 5
        clip.addSublayer(solidLayer(CGRect(x: -50, y: -50, width: 200, height: 200), green))
        outer.addSublayer(clip)
        let list = displayList(for: scene(outer))
        let clipCommand = try #require(
            list.commands.firstIndex { if case .beginShapeClip = $0 { true } else { false } })
        // The clip: window x 120...140, y 60...80: GL y 20...40, grown by 2.
        #expect(list.groupRegions[clipCommand] == PixelRegion(x: 118, y: 18, width: 24, height: 24))
        // The outer group: its own quad (x 18...62, GL y 58...92) and the clip's region.
        #expect(list.groupRegions[0] == PixelRegion(x: 18, y: 18, width: 124, height: 74))
    }

    @Test func somethingBehindTheEyeMakesTheGroupTheWholeTarget() {
        let layer = solidLayer(CGRect(x: 20, y: 10, width: 40, height: 30), red)
        layer.opacity = 0.5
        let near = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green)
        near.zPosition = 600
        layer.addSublayer(near)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        layer.sublayerTransform = perspective
        near.transform = CATransform3DMakeRotation(.pi / 2.2, 1, 0, 0)
        let list = displayList(for: scene(layer))
        #expect(list.groupRegions[0] == PixelRegion(x: 0, y: 0, width: 200, height: 100))
    }
}
