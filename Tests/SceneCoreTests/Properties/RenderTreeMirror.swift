import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The invariants a committed tree keeps, checked after every frame of a random program: the
/// model tree is a tree (each layer reached once, sublayers and a mask point back to their
/// superlayer or owner), the render tree mirrors it layer by layer (sublayers, mask,
/// superlayer, every committed value), and `presentation()` answers for each layer.
enum RenderTreeMirror {
    /// Records an issue, naming `context`, for every difference under `root`.
    static func expectMirror(of root: CALayer, in tree: RenderTree, _ context: @autoclosure () -> String) {
        var stack = [root]
        var reached = Set<ObjectIdentifier>()
        while let layer = stack.popLast() {
            guard reached.insert(ObjectIdentifier(layer)).inserted else {
                Issue.record("layer \(layer.layerID) reached twice from the root\n\(context())")
                continue
            }
            let sublayers = layer.sublayers ?? []
            for sublayer in sublayers where sublayer.superlayer !== layer {
                Issue.record("sublayer \(sublayer.layerID) does not point back to \(layer.layerID)\n\(context())")
            }
            if let mask = layer.mask, mask.superlayer !== layer || sublayers.contains(where: { $0 === mask }) {
                Issue.record(
                    "mask \(mask.layerID) of \(layer.layerID) is not the mask of its owner alone\n\(context())")
            }
            expectRendered(layer, in: tree, context())
            if layer.presentation() == nil {
                Issue.record("presentation() of committed layer \(layer.layerID) is nil\n\(context())")
            }
            stack += sublayers
            if let mask = layer.mask { stack.append(mask) }
        }
    }

    private static func expectRendered(_ layer: CALayer, in tree: RenderTree, _ context: @autoclosure () -> String) {
        guard let rendered = tree[layer.layerID] else {
            Issue.record("layer \(layer.layerID) is missing from the render tree\n\(context())")
            return
        }
        let sublayerIDs = (layer.sublayers ?? []).map(\.layerID)
        if rendered.sublayers != sublayerIDs {
            Issue.record(
                "render tree sublayers of \(layer.layerID): \(rendered.sublayers), model: \(sublayerIDs)\n\(context())")
        }
        if rendered.mask != layer.mask?.layerID {
            Issue.record("render tree mask of \(layer.layerID) differs from the model's\n\(context())")
        }
        for id in sublayerIDs + [layer.mask?.layerID].compactMap({ $0 }) where tree[id]?.superlayer != layer.layerID {
            Issue.record("render tree superlayer of \(id) is not \(layer.layerID)\n\(context())")
        }
        if rendered.model != layer.state {
            let values = "render:\n\(rendered.model)\nmodel:\n\(layer.state)"
            Issue.record("render tree values of \(layer.layerID) differ from the model's\n\(values)\n\(context())")
        }
    }

    /// Records an issue for a display list that the GL side could not draw as it is: a number
    /// that is not finite, a batch outside the instances, or clips and groups that do not nest.
    static func expectDrawable(_ list: DisplayList, _ context: @autoclosure () -> String) {
        for (index, quad) in list.instances.enumerated() {
            let numbers =
                (0..<16).map { quad.transform[$0] } + (0..<4).flatMap { [quad.rect[$0], quad.uv[$0], quad.color[$0]] }
            if numbers.contains(where: \.isNaN) {
                Issue.record("instance \(index) of the display list holds NaN: \(quad)\n\(context())")
            }
        }
        var open: [String] = []
        for command in list.commands {
            switch command {
            case .draw(let batch):
                if batch.first < 0 || batch.count < 0 || batch.first + batch.count > list.instances.count {
                    Issue.record(
                        "batch \(batch.first)+\(batch.count) past \(list.instances.count) instances\n\(context())")
                }
            case .pushClip: open.append("clip")
            case .beginGroup: open.append("group")
            case .filterBackdrop: break
            case .endEffectGroup:
                if open.popLast() != "group" { Issue.record("endEffectGroup without its beginGroup\n\(context())") }
            case .popClip:
                if open.popLast() != "clip" { Issue.record("popClip without its pushClip\n\(context())") }
            case .endGroup:
                if open.popLast() != "group" { Issue.record("endGroup without its beginGroup\n\(context())") }
            case .beginMask:
                if open.popLast() != "group" { Issue.record("beginMask without its beginGroup\n\(context())") }
                open.append("mask")
            case .endMask:
                if open.popLast() != "mask" { Issue.record("endMask without its beginMask\n\(context())") }
            case .beginShapeClip(let instance): open.append("shape clip \(instance)")
            case .endShapeClip(let instance):
                if open.popLast() != "shape clip \(instance)" {
                    Issue.record("endShapeClip without its beginShapeClip\n\(context())")
                }
            case .beginRaster: open.append("raster")
            case .endRaster:
                if open.popLast() != "raster" { Issue.record("endRaster without its beginRaster\n\(context())") }
            case .drawRaster(_, let batch):
                if batch.first < 0 || batch.count != 1 || batch.first >= list.instances.count {
                    Issue.record("raster quad \(batch.first) past \(list.instances.count) instances\n\(context())")
                }
            case .beginShadow: open.append("shadow")
            case .endShadow:
                if open.popLast() != "shadow" { Issue.record("endShadow without its beginShadow\n\(context())") }
            case .drawGLContent(_, let batch), .drawVideo(_, let batch):
                if batch.first < 0 || batch.count != 1 || batch.first >= list.instances.count {
                    Issue.record("content quad \(batch.first) past \(list.instances.count) instances\n\(context())")
                }
            case .drawShadow: break
            }
        }
        if !open.isEmpty { Issue.record("unclosed \(open) in the display list\n\(context())") }
    }
}

extension LayerPool {
    /// Runs `program` on the pool through a `CommitProbe` attached to its root: each frame must
    /// take less than `frameLimit` seconds (stretched by `timeBudget`) and give a drawable
    /// display list; `check` then sees the probe after each frame.
    func runProbed(
        _ program: LayerProgram, frameLimit: Double, _ description: String, check: (CommitProbe) -> Void = { _ in }
    ) {
        let probe = CommitProbe(root: root)
        run(program) { time in
            let (output, seconds) = probe.frame(at: time)
            #expect(seconds < timeBudget(frameLimit), "a frame took \(seconds) s\n\(description)")
            RenderTreeMirror.expectDrawable(output.displayList, description)
            check(probe)
        }
    }
}
