import Foundation

/// A layer's properties moved into composition frames before its layers are built (see
/// `TimeMapping`): the builders then make every animation in one timeline.
extension TimeMapping {
    /// The most values a sampled path keeps in all (vertices times samples).
    static let maximumPathSamples = 200_000

    /// `layer` with its in and out points, transform, masks and shapes in composition frames.
    func retimed(_ layer: LayerModel) -> LayerModel {
        var layer = layer
        (layer.inPoint, layer.outPoint) = shown(from: layer.inPoint, until: layer.outPoint)
        layer.transform = retimed(layer.transform)
        layer.masks = layer.masks.map { mask in
            var mask = mask
            mask.path = retimed(path: mask.path)
            mask.opacity = retimed(mask.opacity)
            return mask
        }
        if case .shapes(let items) = layer.content { layer.content = .shapes(items.map(retimed)) }
        return layer
    }

    private func retimed(_ animated: Animated<Double>) -> Animated<Double> {
        retimed(animated, limit: Self.maximumSamples)
    }

    private func retimed(path: Animated<BezierShape>) -> Animated<BezierShape> {
        retimed(path, limit: Self.maximumPathSamples / max(1, path.initial.vertices.count))
    }

    func retimed(_ transform: TransformModel) -> TransformModel {
        var transform = transform
        transform.anchor = retimed(transform.anchor, limit: Self.maximumSamples)
        switch transform.position {
        case .point(let point):
            // Sampled along its curves when it has any.
            let path = MotionPath(position: transform.position)
            if samples != nil, case .keyframes(let keys) = point, keys.contains(where: { $0.spatialOut != nil }),
                let sampled = sampled({ frame -> [Double] in
                    let p = path.point(at: frame)
                    return [p.x, p.y]
                })
            {
                transform.position = .point(sampled)
            } else {
                transform.position = .point(retimed(point, limit: Self.maximumSamples))
            }
        case .split(let x, let y):
            transform.position = .split(x: retimed(x), y: retimed(y))
        }
        transform.scale = retimed(transform.scale, limit: Self.maximumSamples)
        transform.rotation = retimed(transform.rotation)
        transform.opacity = retimed(transform.opacity)
        transform.skew = retimed(transform.skew)
        transform.skewAxis = retimed(transform.skewAxis)
        return transform
    }

    private func retimed(_ item: ShapeItem) -> ShapeItem {
        switch item {
        case .group(let name, let items, let transform):
            return .group(name: name, items: items.map(retimed), transform: retimed(transform))
        case .path(let path):
            return .path(retimed(path: path))
        case .rectangle(var rectangle):
            rectangle.position = retimed(rectangle.position, limit: Self.maximumSamples)
            rectangle.size = retimed(rectangle.size, limit: Self.maximumSamples)
            rectangle.roundness = retimed(rectangle.roundness)
            return .rectangle(rectangle)
        case .ellipse(var ellipse):
            ellipse.position = retimed(ellipse.position, limit: Self.maximumSamples)
            ellipse.size = retimed(ellipse.size, limit: Self.maximumSamples)
            return .ellipse(ellipse)
        case .polystar(var star):
            star.position = retimed(star.position, limit: Self.maximumSamples)
            star.points = retimed(star.points)
            star.rotation = retimed(star.rotation)
            star.outerRadius = retimed(star.outerRadius)
            star.innerRadius = retimed(star.innerRadius)
            return .polystar(star)
        case .fill(var fill):
            fill.color = retimed(fill.color, limit: Self.maximumSamples)
            fill.opacity = retimed(fill.opacity)
            return .fill(fill)
        case .stroke(let stroke):
            return .stroke(retimed(stroke))
        case .gradientFill(let gradient):
            return .gradientFill(retimed(gradient))
        case .gradientStroke(let gradient, let stroke):
            return .gradientStroke(retimed(gradient), retimed(stroke))
        case .trim(var trim):
            trim.start = retimed(trim.start)
            trim.end = retimed(trim.end)
            trim.offset = retimed(trim.offset)
            return .trim(trim)
        case .roundCorners(let radius):
            return .roundCorners(retimed(radius))
        case .repeater(var repeater):
            repeater.transform = retimed(repeater.transform)
            repeater.copies = retimed(repeater.copies)
            repeater.offset = retimed(repeater.offset)
            repeater.startOpacity = retimed(repeater.startOpacity)
            repeater.endOpacity = retimed(repeater.endOpacity)
            return .repeater(repeater)
        case .merge:
            return item
        }
    }

    private func retimed(_ stroke: StrokeModel) -> StrokeModel {
        var stroke = stroke
        stroke.color = retimed(stroke.color, limit: Self.maximumSamples)
        stroke.opacity = retimed(stroke.opacity)
        stroke.width = retimed(stroke.width)
        stroke.dashOffset = retimed(stroke.dashOffset)
        return stroke
    }

    private func retimed(_ gradient: GradientFillModel) -> GradientFillModel {
        var gradient = gradient
        gradient.start = retimed(gradient.start, limit: Self.maximumSamples)
        gradient.end = retimed(gradient.end, limit: Self.maximumSamples)
        gradient.stops = retimed(gradient.stops, limit: Self.maximumSamples)
        gradient.opacity = retimed(gradient.opacity)
        return gradient
    }
}
