import Foundation

/// Builds a shape layer's contents: each fill, stroke or gradient becomes a `CAShapeLayer` (a
/// gradient a `CAGradientLayer` masked by one) drawing every path listed before it in its group
/// and the groups inside it, as one path (a fill of an area merge items combine: the layers of
/// `MergedArea`); groups whose transform animates become transform layers (`TransformLayers`),
/// still groups are folded into their paths. The fills' and
/// strokes' colours, opacities and widths, and the transforms of the groups that are layers,
/// are recorded in `inputs` under their key paths.
struct ShapeLayerBuilder {
    let animator: CompositionAnimator
    let warnings: LoadWarnings
    let inputs: CompositionInputs
    let layerName: String
    /// The area an inverted part of merged paths is cut out of (see `MergedArea`).
    let everywhere: CGRect

    /// What the styles of a group share: the transform and opacity of the still groups around
    /// them (folded in, not layers), and the trim and the rounded corners in effect.
    private struct Context {
        var transform: CGAffineTransform = .identity
        var opacity: Double = 1
        var trim: TrimModel?
        /// The key path of the trim in effect: its group's, then its name.
        var trimPath: [String] = []
        /// The radius of the rounded corners modifier in effect (the innermost group's).
        var rounding: Animated<Double>?
        /// How many copies the repeaters inside may make in all (nested repeaters multiply).
        var copyBudget = ShapeLayerBuilder.maximumCopies
        /// How many values the repeaters inside may sample their copies at, in all.
        var sampleBudget = ShapeLayerBuilder.repeaterSamples
        /// The key path of the group: the layer's, then the names of the groups around.
        var path: [String] = []
    }

    /// The most copies the repeaters of one shape layer make, nested ones multiplied.
    static let maximumCopies = 1_024

    /// The most values the copies of the repeaters of one shape layer are sampled at, in all
    /// (nested ones sharing their copy's part), where they animate.
    static let repeaterSamples = 60_000

    /// Adds the layers of `items` (a shape layer's `shapes`) to `container`; `path` is the
    /// layer's key path.
    func addItems(_ items: [ShapeItem], to container: CALayer, path: [String]) {
        var context = Context()
        context.path = path
        _ = addGroup(items, to: container, context: context)
    }

    /// Adds a group's layers to `container`, the first listed on top; returns its paths for the
    /// styles of the groups around it.
    private func addGroup(_ items: [ShapeItem], to container: CALayer, context: Context) -> [GatheredPaths] {
        if let index = items.firstIndex(where: { if case .repeater = $0 { true } else { false } }),
            case .repeater(let repeater) = items[index]
        {
            // The rest below the copies of what the repeater repeats.
            let rest = TransformLayers.pointLayer(name: "\(layerName) after repeater")
            let geometries = addGroup(Array(items[(index + 1)...]), to: rest, context: context)
            container.addSublayer(rest)
            addCopies(of: Array(items[..<index]), repeater, to: container, context: context)
            return geometries
        }
        var context = context
        // A trim modifies the paths listed before it, those of the groups before it included,
        // whichever style then draws them: it applies to the whole group.
        for case .trim(let trim) in items {
            context.trim = trim
            context.trimPath = context.path + [trim.name]
        }
        var geometries: [GatheredPaths] = []
        var layers: [CALayer] = []
        // Rounded corners, as a trim, modify the paths of the whole group, its groups' included.
        let rounding =
            items.lazy.compactMap { item -> Animated<Double>? in
                if case .roundCorners(let radius) = item { return radius }
                return nil
            }.first ?? context.rounding
        context.rounding = rounding
        for (position, item) in items.enumerated() {
            switch item {
            case .path(let shape):
                let rounded = rounding.map { BezierShape.rounding(shape, radius: $0) } ?? shape
                geometries.append(.path(rounded, transform: context.transform))
            case .rectangle(let rectangle):
                var roundness = rectangle.roundness
                if let rounding, !roundness.isAnimated, roundness.initial == 0 { roundness = rounding }
                let shape = DerivedProperty.derive([rectangle.position, rectangle.size, roundness.map { [$0] }]) {
                    let path = ShapeGeometry.rectangle(
                        center: CGPoint(x: $0[0][0], y: $0[0][1]), size: CGSize(width: $0[1][0], height: $0[1][1]),
                        roundness: $0[2][0])
                    return rectangle.reversed ? path.reversed : path
                }
                geometries.append(.path(shape, transform: context.transform))
            case .ellipse(let ellipse):
                let shape = DerivedProperty.derive([ellipse.position, ellipse.size]) {
                    let path = ShapeGeometry.ellipse(
                        center: CGPoint(x: $0[0][0], y: $0[0][1]), size: CGSize(width: $0[1][0], height: $0[1][1]))
                    return ellipse.reversed ? path.reversed : path
                }
                geometries.append(.path(shape, transform: context.transform))
            case .polystar(let star):
                let parameters = [star.points, star.rotation, star.outerRadius, star.innerRadius].map {
                    $0.map { [$0] }
                }
                if star.points.isAnimated { warnings.unsupported("animated polystar point counts", in: layerName) }
                let shape = DerivedProperty.derive([star.position] + parameters) {
                    let path = ShapeGeometry.polystar(
                        center: CGPoint(x: $0[0][0], y: $0[0][1]), points: $0[1][0], rotation: $0[2][0],
                        outerRadius: $0[3][0], innerRadius: $0[4][0], star: star.isStar)
                    return star.reversed ? path.reversed : path
                }
                let rounded = rounding.map { BezierShape.rounding(shape, radius: $0) } ?? shape
                geometries.append(.path(rounded, transform: context.transform))
            case .group(let name, let children, let transform):
                if transform.isAnimated || transform.opacity.isAnimated {
                    let group = TransformLayers(
                        transform, name: name, withOpacity: true, animator: animator, inputs: inputs,
                        path: context.path + [name], isLayer: false)
                    var inner = Context()
                    inner.trim = context.trim
                    inner.trimPath = context.trimPath
                    inner.rounding = context.rounding
                    inner.path = context.path + [name]
                    let childGeometries = addGroup(children, to: group.inner, context: inner)
                    if !childGeometries.isEmpty && Self.hasStyle(in: items[(position + 1)...]) {
                        warnings.unsupported("styles drawing paths of groups whose transform animates", in: layerName)
                    }
                    // Drawn by the styles around the group where it starts.
                    let start = transform.initialAffine
                    geometries += Self.operand(
                        childGeometries.map { $0.moved(by: start.concatenating(context.transform)) })
                    layers.append(group.outer)
                } else {
                    var inner = context
                    inner.transform = transform.initialAffine.concatenating(context.transform)
                    inner.opacity = context.opacity * min(max(transform.opacity.initial / 100, 0), 1)
                    inner.path = context.path + [name]
                    let holder = TransformLayers.pointLayer(name: name)
                    geometries += Self.operand(addGroup(children, to: holder, context: inner))
                    layers.append(holder)
                }
            case .fill(let fill):
                if let layer = fillLayer(fill, geometries, context) { layers.append(layer) }
            case .stroke(let stroke):
                layers += strokeLayers(stroke, geometries, context)
            case .gradientFill(let gradient):
                if let layer = gradientLayer(gradient, stroke: nil, window: nil, geometries, context) {
                    layers.append(layer)
                }
            case .gradientStroke(let gradient, let stroke):
                if let trim = context.trim, trim.oneAfterAnother, !Self.isWhole(trim) {
                    warnings.unsupported("gradient strokes trimmed along their paths one after another", in: layerName)
                }
                for piece in pieces(geometries, context) {
                    if let layer = gradientLayer(gradient, stroke: stroke, window: piece.window, piece.paths, context) {
                        layers.append(layer)
                    }
                }
            case .merge(let mode):
                if !geometries.isEmpty { geometries = [.merged(mode, geometries)] }
            case .trim, .roundCorners, .repeater:
                break
            }
        }
        for layer in layers.reversed() { container.addSublayer(layer) }
        return geometries
    }

    /// The repeater's copies of `items`, each in a layer carrying its transform (in the space
    /// of the still groups around it) and opacity; where they animate, sampled at every frame
    /// (each copy's transform and opacity within its share of `repeaterSamples`), a copy not
    /// shown at a frame drawn transparent.
    private func addCopies(of items: [ShapeItem], _ repeater: RepeaterModel, to container: CALayer, context: Context) {
        let toGroup = context.transform.inverted()
        let most = repeater.mostCopies
        let count = min(most, context.copyBudget)
        if count < most {
            warnings.note(
                "repeaters in layer \"\(layerName)\" make over \(Self.maximumCopies) copies: the rest were left out")
        }
        var inner = context
        inner.copyBudget = count > 0 ? context.copyBudget / count : 0
        // Each copy's share: a quarter for its transform, a quarter for its opacity, half for
        // the repeaters inside it.
        let share = context.sampleBudget / max(count, 1)
        inner.sampleBudget = share / 2
        let samples = min(max(share / 4, 2), CompositionAnimator.maximumSampledFrames)
        let moves = repeater.transformSpan ?? 0...0
        let fades = repeater.opacitySpan ?? 0...0
        var copies: [CALayer] = []
        for copy in 0..<count {
            let holder = TransformLayers.pointLayer(name: "\(layerName) copy \(copy)")
            let transforms = Animated.sampled(
                from: moves.lowerBound, through: moves.upperBound, maximumSamples: samples
            ) {
                toGroup.concatenating(repeater.matrix(of: copy, at: $0)).concatenating(context.transform)
            }
            animator.apply(transforms, to: holder, keyPath: "transform") { CATransform3DMakeAffineTransform($0) }
            let opacities = Animated.sampled(from: fades.lowerBound, through: fades.upperBound, maximumSamples: samples)
            {
                repeater.opacity(of: copy, at: $0)
            }
            animator.apply(opacities, to: holder, keyPath: "opacity") { Float($0) }
            _ = addGroup(items, to: holder, context: inner)
            copies.append(holder)
        }
        for copy in repeater.laterBelow ? copies.reversed() : copies { container.addSublayer(copy) }
    }

    /// A group's paths as the paths after it see them: one operand of a merge, however many
    /// paths it has (a merge item combines the group as one shape, its paths filled together).
    private static func operand(_ paths: [GatheredPaths]) -> [GatheredPaths] {
        paths.count > 1 ? [.merged(.merge, paths)] : paths
    }

    private static func hasStyle(in items: ArraySlice<ShapeItem>) -> Bool {
        items.contains { item in
            switch item {
            case .fill, .stroke, .gradientFill, .gradientStroke: true
            default: false
            }
        }
    }

    /// One path of all `geometries`, over time, each moved by its transform and `extra`; merges
    /// that combine areas are warned about (a stroke or a trim draws the paths merged).
    private func path(of geometries: [GatheredPaths], extra: CGAffineTransform = .identity) -> Animated<CGPath> {
        if geometries.contains(where: \.combinesAreas) {
            warnings.unsupported(
                "strokes and trims of paths merged by adding, subtracting, intersecting or excluding", in: layerName)
        }
        return GatheredPaths.path(of: geometries, extra: extra)
    }

    private func shapeLayer(named suffix: String) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.name = "\(layerName) \(suffix)"
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.position = .zero
        return layer
    }

    /// A fill's or stroke's colour: red, green and blue. A fourth component is not the
    /// colour's opacity: After Effects colours have none (the item's `o` is its opacity), and
    /// lottie-web, lottie-ios and rlottie draw a colour whose fourth component is 0 opaque.
    private func color(_ components: [Double]) -> CGColor {
        CGColor(red: components[0], green: components[1], blue: components[2], alpha: 1)
    }

    private func applyOpacity(_ opacity: Animated<Double>, to layer: CALayer, _ context: Context) {
        animator.apply(opacity, to: layer, keyPath: "opacity") {
            Float(min(max($0 / 100, 0), 1) * context.opacity)
        }
    }

    private func fillLayer(_ fill: FillModel, _ geometries: [GatheredPaths], _ context: Context) -> CALayer? {
        guard !geometries.isEmpty else { return nil }
        let path = context.path + [fill.name]
        let layer = area(of: geometries, evenOdd: fill.evenOdd, trim: context.trim, named: "fill") { shape in
            animator.apply(fill.color, to: shape, keyPath: "fillColor") { color($0) }
            inputs.record(path + ["Color"], layer: shape, kind: .color, keyPath: "fillColor", replacing: ["fillColor"])
        }
        applyOpacity(fill.opacity, to: layer, context)
        inputs.record(
            path + ["Opacity"], layer: layer, kind: .opacity(scale: context.opacity), keyPath: "opacity",
            replacing: ["opacity"])
        return layer
    }

    /// A layer covering what `geometries` cover, moved by `extra` (`MergedArea`'s): one shape
    /// layer filling their paths together (even-odd when `evenOdd`), cut by `trim`
    /// (`TrimmedPaths`), or, where merges combine areas, a layer of those areas and of the other
    /// paths together (not trimmed: warned), given their fill by `paint`.
    private func area(
        of geometries: [GatheredPaths], evenOdd: Bool, trim: TrimModel?, named suffix: String,
        extra: CGAffineTransform = .identity, paint: (CAShapeLayer) -> Void
    ) -> CALayer {
        let moved = geometries.map { $0.moved(by: extra) }
        let name = "\(layerName) \(suffix)"
        let merged = MergedArea(animator: animator, everywhere: everywhere.applying(extra), name: name)
        if let trim, !Self.isWhole(trim) {
            guard moved.contains(where: \.combinesAreas) else {
                return merged.shape(TrimmedPaths.path(of: moved, trim: trim), evenOdd: evenOdd, paint: paint)
            }
            warnings.unsupported(
                "trimmed fills of paths merged by adding, subtracting, intersecting or excluding", in: layerName)
        }
        let plain = moved.filter { !$0.combinesAreas }
        let combined = moved.filter(\.combinesAreas)
        guard !combined.isEmpty else { return merged.layer(.merged(.merge, plain), evenOdd: evenOdd, paint: paint) }
        let holder = TransformLayers.pointLayer(name: name)
        if !plain.isEmpty { holder.addSublayer(merged.layer(.merged(.merge, plain), evenOdd: evenOdd, paint: paint)) }
        for geometry in combined { holder.addSublayer(merged.layer(geometry, evenOdd: evenOdd, paint: paint)) }
        return holder
    }

    /// The paths a style draws, as pieces of one layer each: all together, or each path in
    /// every window of the trim in effect (a trim of each path on its own; one running along
    /// the paths one after another cuts them instead, `TrimmedPaths`).
    private func pieces(_ geometries: [GatheredPaths], _ context: Context) -> [(
        paths: [GatheredPaths], window: (start: Animated<Double>, end: Animated<Double>)?
    )] {
        guard let trim = context.trim, !Self.isWhole(trim), !trim.oneAfterAnother else { return [(geometries, nil)] }
        if geometries.contains(where: \.combinesAreas) {
            warnings.unsupported(
                "strokes and trims of paths merged by adding, subtracting, intersecting or excluding", in: layerName)
        }
        let windows = TrimWindows.windows(trim)
        // Each path on its own, merged ones too: the trim applies to the group's paths.
        let paths = geometries.flatMap(\.paths).map { GatheredPaths.path($0.shape, transform: $0.transform) }
        return paths.flatMap { path in windows.map { ([path], $0) } }
    }

    /// A stroke's layers: one for all its paths, or one per path and trim window.
    private func strokeLayers(_ stroke: StrokeModel, _ geometries: [GatheredPaths], _ context: Context) -> [CALayer] {
        guard !geometries.isEmpty else { return [] }
        return pieces(geometries, context).map { piece in
            let layer = shapeLayer(named: "stroke")
            layer.fillColor = nil
            configure(layer, stroke: stroke, context: context)
            if let trim = context.trim, trim.oneAfterAnother, !Self.isWhole(trim) {
                animator.apply(TrimmedPaths.path(of: piece.paths, trim: trim), to: layer, keyPath: "path") { $0 }
            } else {
                animator.apply(path(of: piece.paths), to: layer, keyPath: "path") { $0 }
            }
            animator.apply(stroke.color, to: layer, keyPath: "strokeColor") { color($0) }
            applyOpacity(stroke.opacity, to: layer, context)
            if let window = piece.window { apply(window, to: layer) }
            recordInputs(of: stroke, on: layer, context)
            if let trim = context.trim, piece.paths.count == 1, Self.drawsOneWindow(trim) {
                recordInputs(of: context.trimPath, on: layer)
            }
            return layer
        }
    }

    private func recordInputs(of stroke: StrokeModel, on layer: CAShapeLayer, _ context: Context) {
        let path = context.path + [stroke.name]
        inputs.record(
            path + ["Color"], layer: layer, kind: .color, keyPath: "strokeColor", replacing: ["strokeColor"])
        inputs.record(
            path + ["Opacity"], layer: layer, kind: .opacity(scale: context.opacity), keyPath: "opacity",
            replacing: ["opacity"])
        inputs.record(
            path + ["Stroke Width"], layer: layer, kind: .number(scale: Self.lengthScale(context.transform)),
            keyPath: "lineWidth", replacing: ["lineWidth"])
    }

    /// A trim's start and end (0 to 1) as `strokeStart` and `strokeEnd` of a layer it draws
    /// alone, in one window.
    private func recordInputs(of trimPath: [String], on layer: CAShapeLayer) {
        inputs.record(
            trimPath + ["Start"], layer: layer, kind: .number(scale: 1), keyPath: "strokeStart",
            replacing: ["strokeStart"])
        inputs.record(
            trimPath + ["End"], layer: layer, kind: .number(scale: 1), keyPath: "strokeEnd", replacing: ["strokeEnd"])
    }

    /// Whether `trim` is drawn as one `strokeStart`–`strokeEnd` window that its start and end
    /// give directly: no offset, and never wrapping round the path's end.
    private static func drawsOneWindow(_ trim: TrimModel) -> Bool {
        !trim.offset.isAnimated && trim.offset.initial == 0 && TrimWindows.windows(trim).count <= 1
    }

    /// The stroke's width, caps, joins and dashes, scaled as the still groups around it scale.
    private func configure(_ layer: CAShapeLayer, stroke: StrokeModel, context: Context) {
        let scale = Self.lengthScale(context.transform)
        animator.apply(stroke.width, to: layer, keyPath: "lineWidth") { CGFloat(max($0, 0) * scale) }
        layer.lineCap = stroke.lineCap
        layer.lineJoin = stroke.lineJoin
        layer.miterLimit = stroke.miterLimit
        if !stroke.dashes.isEmpty {
            layer.lineDashPattern = stroke.dashes.map { NSNumber(value: $0 * scale) }
            animator.apply(stroke.dashOffset, to: layer, keyPath: "lineDashPhase") { CGFloat($0 * scale) }
        }
    }

    /// How much `transform` scales lengths (a stroke's width): the square root of its area scale.
    private static func lengthScale(_ transform: CGAffineTransform) -> Double {
        sqrt(abs(transform.a * transform.d - transform.b * transform.c))
    }

    private static func isWhole(_ trim: TrimModel) -> Bool {
        !trim.start.isAnimated && !trim.end.isAnimated && trim.start.initial <= 0 && trim.end.initial >= 100
    }

    private func apply(_ window: (start: Animated<Double>, end: Animated<Double>), to layer: CAShapeLayer) {
        animator.apply(window.start, to: layer, keyPath: "strokeStart") { CGFloat($0) }
        animator.apply(window.end, to: layer, keyPath: "strokeEnd") { CGFloat($0) }
    }

    /// A gradient fill (or, with `stroke`, a gradient stroke): a `CAGradientLayer` over the
    /// paths' bounds, masked by a shape layer that fills (or strokes) the paths. The gradient
    /// is laid out in the space of its group and carried by a layer with the still groups'
    /// transform around it, so that a group scaled unevenly skews the gradient's bands as the
    /// group's other contents are skewed.
    private func gradientLayer(
        _ gradient: GradientFillModel, stroke: StrokeModel?,
        window: (start: Animated<Double>, end: Animated<Double>)?, _ geometries: [GatheredPaths], _ context: Context
    ) -> CALayer? {
        let t = context.transform
        guard !geometries.isEmpty, t.a * t.d - t.b * t.c != 0 else { return nil }
        let local = t.inverted()
        let shapes = GatheredPaths.path(of: geometries, extra: local)
        var box = CGRect.null
        switch shapes {
        case .fixed(let path): box = path.boundingBoxOfPath
        case .keyframes(let keys): for key in keys { box = box.union(key.value.boundingBoxOfPath) }
        }
        if let stroke {
            let pad = stroke.width.initial / 2 + 1
            box = box.insetBy(dx: -pad, dy: -pad)
            if stroke.width.isAnimated { warnings.unsupported("animated gradient stroke widths", in: layerName) }
        }
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        // Square, so that the unit space of the gradient's points keeps angles: an axial
        // gradient's bands are square to its axis in that space.
        let side = max(box.width, box.height)
        box = CGRect(x: box.midX - side / 2, y: box.midY - side / 2, width: side, height: side)
        let holder = TransformLayers.pointLayer(name: "\(layerName) gradient space")
        holder.transform = CATransform3DMakeAffineTransform(t)
        var inner = context
        inner.transform = .identity
        let layer = CAGradientLayer()
        layer.name = "\(layerName) gradient"
        layer.anchorPoint = .zero
        layer.position = box.origin
        layer.bounds = CGRect(origin: .zero, size: box.size)
        layer.type = gradient.radial ? .radial : .axial
        let toLayer = local.concatenating(CGAffineTransform(translationX: -box.minX, y: -box.minY))
        if let stroke {
            let mask = shapeLayer(named: "gradient mask")
            animator.apply(path(of: geometries, extra: toLayer), to: mask, keyPath: "path") { $0 }
            mask.fillColor = nil
            mask.strokeColor = CGColor(gray: 0, alpha: 1)
            configure(mask, stroke: stroke, context: inner)
            if let window { apply(window, to: mask) }
            layer.mask = mask
        } else {
            layer.mask = area(
                of: geometries, evenOdd: gradient.evenOdd, trim: context.trim, named: "gradient mask", extra: toLayer
            ) {
                $0.fillColor = CGColor(gray: 0, alpha: 1)
            }
        }
        let stops = gradient.stops.map { GradientStops(packed: $0, colorCount: gradient.colorStopCount) }
        animator.apply(stops, to: layer, keyPath: "colors") { $0.colors }
        animator.apply(stops, to: layer, keyPath: "locations") { $0.locations }
        let unitPoint: (CGPoint) -> CGPoint = { p in
            CGPoint(x: (p.x - box.minX) / box.width, y: (p.y - box.minY) / box.height)
        }
        let unit: ([Double]) -> CGPoint = { unitPoint(CGPoint(x: $0[0], y: $0[1])) }
        animator.applyPoint(gradient.start, to: layer, keyPath: "startPoint", convert: unitPoint)
        if gradient.radial {
            // Core Animation's radial gradient reaches the ellipse through the end point's
            // horizontal and vertical distances; Lottie's is the circle through the end point.
            let end = DerivedProperty.derive([gradient.start, gradient.end]) { points -> [Double] in
                let (s, e) = (points[0], points[1])
                let radius = hypot(e[0] - s[0], e[1] - s[1])
                return [s[0] + radius, s[1] + radius]
            }
            animator.apply(end, to: layer, keyPath: "endPoint", convert: unit)
        } else {
            animator.applyPoint(gradient.end, to: layer, keyPath: "endPoint", convert: unitPoint)
        }
        applyOpacity(gradient.opacity, to: layer, context)
        holder.addSublayer(layer)
        return holder
    }
}
