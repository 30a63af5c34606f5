import Foundation

/// Builds a composition's layer tree: for each Lottie layer, the transform layers of its
/// parents (Lottie parenting moves a layer with its parent but draws it in its own place in the
/// stacking order, without the parent's opacity), its own transform layers and its content.
/// Animations are recorded in `animator`, in composition frames.
final class LayerTreeBuilder {
    /// The most Lottie layers one composition builds (precompositions count each time they are
    /// shown); the rest are left out with a warning.
    static let maximumLayers = 4_096
    /// The deepest chain of parents followed.
    static let maximumParentDepth = 64

    let model: CompositionModel
    let animator: CompositionAnimator
    let warnings: LoadWarnings
    /// The properties that key paths reach, recorded as the layers are built.
    let inputs = CompositionInputs()
    private var layersLeft = LayerTreeBuilder.maximumLayers

    init(model: CompositionModel, warnings: LoadWarnings) {
        self.model = model
        self.warnings = warnings
        animator = CompositionAnimator(frameRate: model.frameRate)
    }

    /// The composition's root layer: its size, the origin at its top-left corner, holding the
    /// layers.
    func build() -> CALayer {
        let root = CALayer()
        root.name = "composition"
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: model.width, height: model.height)
        addLayers(model.layers, to: root, time: TimeMapping(), path: [])
        return root
    }

    private var compositionRange: ClosedRange<Double> { model.inPoint...model.outPoint }

    /// A rectangle far larger than the composition: what an inverted mask cuts its path out of.
    private var everywhere: CGRect {
        CGRect(x: -10 * model.width, y: -10 * model.height, width: 21 * model.width, height: 21 * model.height)
    }

    /// Adds the layers of one list to `container`, the first listed on top; `path` is the key
    /// path of the precomposition layer showing the list (empty for the composition's).
    private func addLayers(_ layers: [LayerModel], to container: CALayer, time: TimeMapping, path: [String]) {
        var byIndex: [Int: LayerModel] = [:]
        for layer in layers { if let index = layer.index, byIndex[index] == nil { byIndex[index] = layer } }
        for (position, layer) in layers.enumerated().reversed() where !layer.isMatteSource {
            if case .none = layer.content { continue }
            guard layersLeft > 0 else {
                warnings.note("over \(Self.maximumLayers) layers: the rest were left out")
                return
            }
            layersLeft -= 1
            guard let kind = layer.matte, position > 0, layers[position - 1].isMatteSource else {
                addChain(of: layer, byIndex: byIndex, to: container, time: time, path: path)
                continue
            }
            // A track matte: the layer, in a holder of the list's space, masked by the matte
            // layer (the one listed before it) built in a layer of the same space.
            let matted = TransformLayers.pointLayer(name: "\(layer.name) matted")
            addChain(of: layer, byIndex: byIndex, to: matted, time: time, path: path)
            let matte = TransformLayers.pointLayer(name: "\(layers[position - 1].name) matte")
            addChain(of: layers[position - 1], byIndex: byIndex, to: matte, time: time, path: path)
            matted.mask = TrackMatte.mask(kind, of: matte, everywhere: everywhere)
            container.addSublayer(matted)
        }
    }

    /// Adds `layer` to `container`: its parents' transforms, its own, its masks, its content.
    private func addChain(
        of layer: LayerModel, byIndex: [Int: LayerModel], to container: CALayer, time: TimeMapping, path: [String]
    ) {
        var top = container
        for parent in parents(of: layer, in: byIndex) {
            // A parent's key path reaches these copies of its transform too.
            let layers = TransformLayers(
                time.retimed(parent.transform), name: parent.name, withOpacity: false, animator: animator,
                inputs: inputs, path: path + [parent.name], isLayer: true)
            top.addSublayer(layers.outer)
            top = layers.inner
        }
        // Built in composition frames; a precomposition's own layers map from the list's.
        let retimed = time.retimed(layer)
        let own = TransformLayers(
            retimed.transform, name: layer.name, withOpacity: true, animator: animator, inputs: inputs,
            path: path + [layer.name], isLayer: true)
        top.addSublayer(own.outer)
        animator.applyVisibility(
            to: own.outer, inPoint: retimed.inPoint, outPoint: retimed.outPoint, composition: compositionRange)
        let holder =
            layer.masks.isEmpty
            ? own.inner
            : MaskLayers(animator: animator, warnings: warnings, everywhere: everywhere)
                .contentHolder(for: retimed, in: own.inner)
        addContent(of: layer, retimed: retimed, to: holder, time: time, path: path + [layer.name])
    }

    /// The parents of `layer`, outermost first; a missing parent or a loop ends the chain.
    private func parents(of layer: LayerModel, in byIndex: [Int: LayerModel]) -> [LayerModel] {
        var chain: [LayerModel] = []
        var seen: Set<Int> = []
        if let index = layer.index { seen.insert(index) }
        var next = layer.parent
        while let id = next, chain.count < Self.maximumParentDepth {
            guard let parent = byIndex[id], seen.insert(id).inserted else {
                warnings.note("layer \"\(layer.name)\" names a parent that is missing or its own descendant")
                break
            }
            chain.append(parent)
            next = parent.parent
        }
        return chain.reversed()
    }

    /// Adds what `layer` draws; `path` is its key path.
    private func addContent(
        of layer: LayerModel, retimed: LayerModel, to container: CALayer, time: TimeMapping, path: [String]
    ) {
        switch layer.content {
        case .precomposition(let id, let width, let height):
            guard let layers = model.precompositions[id] else {
                warnings.note("layer \"\(layer.name)\" shows precomposition \"\(id)\", which is missing")
                return
            }
            let clip = contentLayer(name: layer.name, width: width, height: height)
            clip.masksToBounds = true
            container.addSublayer(clip)
            let inner =
                layer.timeRemap.map {
                    time.remapped(
                        by: $0, frameRate: model.frameRate,
                        window: max(
                            retimed.inPoint, model.inPoint)...max(
                                min(retimed.outPoint, model.outPoint), max(retimed.inPoint, model.inPoint)))
                } ?? time.precomposition(start: layer.startTime, stretch: layer.stretch)
            addLayers(layers, to: clip, time: inner, path: path)
        case .solid(let color, let width, let height):
            let solid = contentLayer(name: layer.name, width: width, height: height)
            solid.backgroundColor = color
            container.addSublayer(solid)
        case .image(let id):
            guard let asset = model.images[id] else {
                warnings.note("layer \"\(layer.name)\" shows image \"\(id)\", which is missing or unreadable")
                return
            }
            let image = contentLayer(name: layer.name, width: asset.width, height: asset.height)
            image.contents = asset.image
            container.addSublayer(image)
        case .shapes:
            guard case .shapes(let items) = retimed.content else { return }
            ShapeLayerBuilder(
                animator: animator, warnings: warnings, inputs: inputs, layerName: layer.name, everywhere: everywhere
            )
            .addItems(items, to: container, path: path)
        case .text(let text):
            TextLayerBuilder(animator: animator, inputs: inputs, composition: compositionRange)
                .addDocuments(of: text, named: layer.name, to: container, time: time, path: path)
        case .none:
            break
        }
    }

    /// A layer of `width` x `height` with its top-left corner at its superlayer's bounds origin.
    private func contentLayer(name: String, width: Double, height: Double) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: max(width, 0), height: max(height, 0))
        layer.position = .zero
        return layer
    }
}
