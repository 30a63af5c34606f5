import Foundation

/// The built-in `CALayer` properties, declared once each.
///
/// A property's declaration below is the one place that says what it is: its key-value coding
/// names, where `LayerProperties` stores it (its type and, there, its default), the public
/// accessor key-value coding goes through, and whether it animates. The change bits
/// (`LayerChanges`), the commit fields (`LayerField.property`), key-value coding
/// (`LayerKey.table`), `CALayer.defaultValue(forKey:)` and the animatable set are all derived
/// from these declarations; a case's position is its change bit.
enum PropertyID: Int, CaseIterable, Sendable {
    // Geometry
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case isHidden, isDoubleSided, isGeometryFlipped, masksToBounds
    // Appearance
    case opacity, allowsGroupOpacity, allowsEdgeAntialiasing, edgeAntialiasingMask, backgroundColor
    case cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, shouldRasterize, rasterizationScale
    // Filters
    case filters, backgroundFilters, compositingFilter
    // Contents
    case contents, contentsRect, contentsCenter, contentsGravity, contentsScale, contentsFormat
    case minificationFilter, magnificationFilter, minificationFilterBias, isOpaque
    // Timing (CAMediaTiming)
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    // Replicator (CAReplicatorLayer)
    case instanceCount, instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, preservesDepth
    // Emitter (CAEmitterLayer; other layers treat these keys as arbitrary keys)
    case emitterCells, emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode
    case renderMode, emitterBirthRate, emitterLifetime, emitterVelocity, emitterScale, emitterSpin, emitterSeed
    // Gradient (CAGradientLayer; other layers treat these keys as arbitrary keys)
    case gradientColors, gradientLocations, startPoint, endPoint, gradientType
    // Shape (CAShapeLayer; other layers treat these keys as arbitrary keys)
    case shapePath, fillColor, fillRule, strokeColor, lineWidth, miterLimit, lineCap, lineJoin
    case lineDashPhase, lineDashPattern, strokeStart, strokeEnd
    // Text (CATextLayer; other layers treat the key as an arbitrary key)
    case foregroundColor
    // OpenGL (CAOpenGLLayer; other layers treat the key as an arbitrary key)
    case isAsynchronous

    /// The property's declaration.
    var declared: any LayerPropertyDeclaration { PropertyID.declarations[rawValue] }

    /// Every declaration, in id order.
    static let declarations: [any LayerPropertyDeclaration] = allCases.map(\.declaration)

    /// The property named `key` (Objective-C or Swift name), nil for any other key.
    init?(key: String) {
        guard let id = PropertyID.byKey[key] else { return nil }
        self = id
    }

    private static let byKey: [String: PropertyID] = {
        var byKey: [String: PropertyID] = [:]
        for declaration in declarations {
            byKey[declaration.key] = declaration.id
            if let swiftKey = declaration.swiftKey { byKey[swiftKey] = declaration.id }
        }
        return byKey
    }()

    private var declaration: any LayerPropertyDeclaration {
        typealias V = ValueConversion
        // A name or an option set is accepted as its raw value (as Core Animation's NSString and
        // NSNumber) or as the Swift type `value(forKey:)` returns.
        func name<T: RawRepresentable>(_ make: @escaping (String) -> T) -> (Any?) -> T? where T.RawValue == String {
            { ($0 as? T) ?? V.string($0).map(make) }
        }
        func bits<T: OptionSet>(_ make: @escaping (UInt64) -> T) -> (Any?) -> T? {
            { ($0 as? T) ?? V.double($0).flatMap { $0 >= 0 && $0 < 1e18 ? make(UInt64($0)) : nil } }
        }
        // A list of numbers is accepted as an array of any numbers, or nil.
        func numbers(_ value: Any?) -> [NSNumber]?? {
            guard let value else { return .some(nil) }
            guard let list = value as? [Any] else { return nil }
            let numbers = list.compactMap(V.double)
            return numbers.count == list.count ? numbers.map(NSNumber.init(value:)) : nil
        }
        switch self {
        case .bounds: return StoredProperty(self, "bounds", \.bounds, LayerKey(\.bounds, V.rect), .implicit)
        case .position: return StoredProperty(self, "position", \.position, LayerKey(\.position, V.point), .implicit)
        case .zPosition:
            return StoredProperty(self, "zPosition", \.zPosition, LayerKey(\.zPosition, V.cgFloat), .implicit)
        case .anchorPoint:
            return StoredProperty(self, "anchorPoint", \.anchorPoint, LayerKey(\.anchorPoint, V.point), .implicit)
        case .anchorPointZ:
            return StoredProperty(
                self, "anchorPointZ", extra: \.anchorPointZ, LayerKey(\.anchorPointZ, V.cgFloat), .implicit)
        case .transform:
            return StoredProperty(self, "transform", \.transform, LayerKey(\.transform, V.transform3D), .implicit)
        case .sublayerTransform:
            return StoredProperty(
                self, "sublayerTransform", extra: \.sublayerTransform, LayerKey(\.sublayerTransform, V.transform3D),
                .implicit)
        case .isHidden:
            return StoredProperty(
                self, "hidden", swift: "isHidden", \.isHidden, LayerKey(\.isHidden, V.bool), .implicit)
        case .isDoubleSided:
            return StoredProperty(
                self, "doubleSided", swift: "isDoubleSided", \.isDoubleSided, LayerKey(\.isDoubleSided, V.bool),
                .explicit)
        case .isGeometryFlipped:
            return StoredProperty(
                self, "geometryFlipped", swift: "isGeometryFlipped", \.isGeometryFlipped,
                LayerKey(\.isGeometryFlipped, V.bool), .none)
        case .masksToBounds:
            return StoredProperty(self, "masksToBounds", \.masksToBounds, LayerKey(\.masksToBounds, V.bool), .implicit)
        case .opacity: return StoredProperty(self, "opacity", \.opacity, LayerKey(\.opacity, V.float), .implicit)
        case .allowsGroupOpacity:
            return StoredProperty(
                self, "allowsGroupOpacity", \.allowsGroupOpacity, LayerKey(\.allowsGroupOpacity, V.bool), .none)
        case .allowsEdgeAntialiasing:
            return StoredProperty(
                self, "allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, LayerKey(\.allowsEdgeAntialiasing, V.bool),
                .none)
        case .edgeAntialiasingMask:
            return StoredProperty(
                self, "edgeAntialiasingMask", \.edgeAntialiasingMask,
                LayerKey(
                    \.edgeAntialiasingMask, bits { CAEdgeAntialiasingMask(rawValue: UInt32(truncatingIfNeeded: $0)) }),
                .none)
        case .backgroundColor:
            return StoredProperty(
                self, "backgroundColor", \.backgroundColor, LayerKey(\.backgroundColor, V.color), .implicit,
                shownColor: \.animatedBackgroundColor)
        case .cornerRadius:
            return StoredProperty(
                self, "cornerRadius", \.cornerRadius, LayerKey(\.cornerRadius, V.cgFloat), .implicit,
                limit: .nonNegative
            )
        case .maskedCorners:
            return StoredProperty(
                self, "maskedCorners", extra: \.maskedCorners,
                LayerKey(\.maskedCorners, bits { CACornerMask(rawValue: UInt($0)) }),
                .actionOnly)
        case .cornerCurve:
            return StoredProperty(
                self, "cornerCurve", \.cornerCurve, LayerKey(\.cornerCurve, name(CALayerCornerCurve.init)), .none)
        case .borderWidth:
            return StoredProperty(
                self, "borderWidth", \.borderWidth, LayerKey(\.borderWidth, V.cgFloat), .implicit, limit: .nonNegative)
        case .borderColor:
            return StoredProperty(
                self, "borderColor", \.borderColor, LayerKey(\.borderColor, V.color), .implicit,
                shownExtraColor: \.animatedBorderColor)
        case .shadowColor:
            return StoredProperty(
                self, "shadowColor", extra: \.shadowColor, LayerKey(\.shadowColor, V.color), .implicit,
                shownColor: \.animatedShadowColor)
        case .shadowOpacity:
            return StoredProperty(
                self, "shadowOpacity", extra: \.shadowOpacity, LayerKey(\.shadowOpacity, V.float), .implicit)
        case .shadowOffset:
            return StoredProperty(
                self, "shadowOffset", extra: \.shadowOffset, LayerKey(\.shadowOffset, V.size), .implicit)
        case .shadowRadius:
            return StoredProperty(
                self, "shadowRadius", extra: \.shadowRadius, LayerKey(\.shadowRadius, V.cgFloat), .implicit)
        case .shadowPath:
            return StoredProperty(self, "shadowPath", extra: \.shadowPath, LayerKey(\.shadowPath, V.path), .implicit)
        case .shouldRasterize:
            return StoredProperty(
                self, "shouldRasterize", extra: \.shouldRasterize, LayerKey(\.shouldRasterize, V.bool), .none)
        case .rasterizationScale:
            return StoredProperty(
                self, "rasterizationScale", extra: \.rasterizationScale, LayerKey(\.rasterizationScale, V.cgFloat),
                .explicit)
        case .filters:
            return StoredProperty(self, "filters", extra: \.filters, LayerKey(\.filters, V.filterList), .implicit)
        case .backgroundFilters:
            return StoredProperty(
                self, "backgroundFilters", extra: \.backgroundFilters, LayerKey(\.backgroundFilters, V.filterList),
                .explicit)
        case .compositingFilter:
            return StoredProperty(
                self, "compositingFilter", extra: \.compositingFilter, LayerKey(\.compositingFilter, { .some($0) }),
                .actionOnly)
        case .contents:
            return StoredProperty(self, "contents", \.contents, LayerKey(\.contents, { .some($0) }), .implicit)
        case .contentsRect:
            return StoredProperty(
                self, "contentsRect", extra: \.contentsRect, LayerKey(\.contentsRect, V.rect), .implicit)
        case .contentsCenter:
            return StoredProperty(
                self, "contentsCenter", extra: \.contentsCenter, LayerKey(\.contentsCenter, V.rect), .implicit)
        case .contentsGravity:
            return StoredProperty(
                self, "contentsGravity", extra: \.contentsGravity,
                LayerKey(\.contentsGravity, name(CALayerContentsGravity.init)),
                .none)
        case .contentsScale:
            return StoredProperty(
                self, "contentsScale", extra: \.contentsScale, LayerKey(\.contentsScale, V.cgFloat), .explicit,
                limit: .positive)
        case .contentsFormat:
            return StoredProperty(
                self, "contentsFormat", extra: \.contentsFormat,
                LayerKey(\.contentsFormat, name(CALayerContentsFormat.init)),
                .none)
        case .minificationFilter:
            return StoredProperty(
                self, "minificationFilter", extra: \.minificationFilter,
                LayerKey(\.minificationFilter, name(CALayerContentsFilter.init)), .none)
        case .magnificationFilter:
            return StoredProperty(
                self, "magnificationFilter", extra: \.magnificationFilter,
                LayerKey(\.magnificationFilter, name(CALayerContentsFilter.init)), .none)
        case .minificationFilterBias:
            return StoredProperty(
                self, "minificationFilterBias", extra: \.minificationFilterBias,
                LayerKey(\.minificationFilterBias, V.float),
                .none)
        case .isOpaque:
            return StoredProperty(self, "opaque", swift: "isOpaque", \.isOpaque, LayerKey(\.isOpaque, V.bool), .none)
        case .beginTime:
            return StoredProperty(self, "beginTime", extra: \.timing.beginTime, LayerKey(\.beginTime, V.double), .none)
        case .duration:
            return StoredProperty(self, "duration", extra: \.timing.duration, LayerKey(\.duration, V.double), .none)
        case .speed: return StoredProperty(self, "speed", extra: \.timing.speed, LayerKey(\.speed, V.float), .none)
        case .timeOffset:
            return StoredProperty(
                self, "timeOffset", extra: \.timing.timeOffset, LayerKey(\.timeOffset, V.double), .none)
        case .repeatCount:
            return StoredProperty(
                self, "repeatCount", extra: \.timing.repeatCount, LayerKey(\.repeatCount, V.float), .none)
        case .repeatDuration:
            return StoredProperty(
                self, "repeatDuration", extra: \.timing.repeatDuration, LayerKey(\.repeatDuration, V.double), .none)
        case .autoreverses:
            return StoredProperty(
                self, "autoreverses", extra: \.timing.autoreverses, LayerKey(\.autoreverses, V.bool), .none)
        case .fillMode:
            return StoredProperty(
                self, "fillMode", extra: \.timing.fillMode, LayerKey(\.fillMode, name(CAMediaTimingFillMode.init)),
                .none)
        case .instanceCount:
            return StoredProperty(
                self, "instanceCount", extra: \.instanceCount,
                LayerKey(owner: \CAReplicatorLayer.instanceCount, "instanceCount", V.integer), .implicit)
        case .instanceTransform:
            return StoredProperty(
                self, "instanceTransform", extra: \.instanceTransform,
                LayerKey(owner: \CAReplicatorLayer.instanceTransform, "instanceTransform", V.transform3D), .implicit)
        case .instanceDelay:
            return StoredProperty(
                self, "instanceDelay", extra: \.instanceDelay,
                LayerKey(owner: \CAReplicatorLayer.instanceDelay, "instanceDelay", V.double), .implicit)
        case .instanceColor:
            return StoredProperty(
                self, "instanceColor", extra: \.instanceColor,
                LayerKey(owner: \CAReplicatorLayer.instanceColor, "instanceColor", V.color), .implicit,
                shownColor: \.animatedInstanceColor)
        case .instanceRedOffset:
            return StoredProperty(
                self, "instanceRedOffset", extra: \.instanceRedOffset,
                LayerKey(owner: \CAReplicatorLayer.instanceRedOffset, "instanceRedOffset", V.float), .implicit)
        case .instanceGreenOffset:
            return StoredProperty(
                self, "instanceGreenOffset", extra: \.instanceGreenOffset,
                LayerKey(owner: \CAReplicatorLayer.instanceGreenOffset, "instanceGreenOffset", V.float),
                .implicit)
        case .instanceBlueOffset:
            return StoredProperty(
                self, "instanceBlueOffset", extra: \.instanceBlueOffset,
                LayerKey(owner: \CAReplicatorLayer.instanceBlueOffset, "instanceBlueOffset", V.float), .implicit)
        case .instanceAlphaOffset:
            return StoredProperty(
                self, "instanceAlphaOffset", extra: \.instanceAlphaOffset,
                LayerKey(owner: \CAReplicatorLayer.instanceAlphaOffset, "instanceAlphaOffset", V.float),
                .implicit)
        case .preservesDepth:
            return StoredProperty(
                self, "preservesDepth", extra: \.preservesDepth, LayerKey(\.replicatedPreservesDepth, V.bool), .none)
        case .emitterCells:
            return StoredProperty(
                self, "emitterCells", extra: \.emitterCells,
                LayerKey(owner: \CAEmitterLayer.emitterCells, "emitterCells") {
                    $0 == nil ? .some(nil) : ($0 as? [CAEmitterCell]).map(Optional.some)
                }, .explicit)
        case .emitterPosition:
            return StoredProperty(
                self, "emitterPosition", extra: \.emitterPosition,
                LayerKey(owner: \CAEmitterLayer.emitterPosition, "emitterPosition", V.point),
                .implicit)
        case .emitterZPosition:
            return StoredProperty(
                self, "emitterZPosition", extra: \.emitterZPosition,
                LayerKey(owner: \CAEmitterLayer.emitterZPosition, "emitterZPosition", V.cgFloat), .implicit)
        case .emitterSize:
            return StoredProperty(
                self, "emitterSize", extra: \.emitterSize,
                LayerKey(owner: \CAEmitterLayer.emitterSize, "emitterSize", V.size),
                .implicit)
        case .emitterDepth:
            return StoredProperty(
                self, "emitterDepth", extra: \.emitterDepth,
                LayerKey(owner: \CAEmitterLayer.emitterDepth, "emitterDepth", V.cgFloat),
                .explicit)
        case .emitterShape:
            return StoredProperty(
                self, "emitterShape", extra: \.emitterShape,
                LayerKey(owner: \CAEmitterLayer.emitterShape, "emitterShape", name(CAEmitterLayerEmitterShape.init)),
                .none)
        case .emitterMode:
            return StoredProperty(
                self, "emitterMode", extra: \.emitterMode,
                LayerKey(owner: \CAEmitterLayer.emitterMode, "emitterMode", name(CAEmitterLayerEmitterMode.init)), .none
            )
        case .renderMode:
            return StoredProperty(
                self, "renderMode", extra: \.renderMode,
                LayerKey(owner: \CAEmitterLayer.renderMode, "renderMode", name(CAEmitterLayerRenderMode.init)), .none)
        case .emitterBirthRate:
            return StoredProperty(
                self, "birthRate", extra: \.emitterBirthRate,
                LayerKey(owner: \CAEmitterLayer.birthRate, "birthRate", V.float),
                .explicit)
        case .emitterLifetime:
            return StoredProperty(
                self, "lifetime", extra: \.emitterLifetime,
                LayerKey(owner: \CAEmitterLayer.lifetime, "lifetime", V.float),
                .explicit)
        case .emitterVelocity:
            return StoredProperty(
                self, "velocity", extra: \.emitterVelocity,
                LayerKey(owner: \CAEmitterLayer.velocity, "velocity", V.float),
                .explicit)
        case .emitterScale:
            return StoredProperty(
                self, "scale", extra: \.emitterScale, LayerKey(owner: \CAEmitterLayer.scale, "scale", V.float),
                .explicit)
        case .emitterSpin:
            return StoredProperty(
                self, "spin", extra: \.emitterSpin, LayerKey(owner: \CAEmitterLayer.spin, "spin", V.float), .explicit)
        case .emitterSeed:
            return StoredProperty(
                self, "seed", extra: \.emitterSeed,
                LayerKey(owner: \CAEmitterLayer.seed, "seed") {
                    V.double($0).flatMap { UInt32(exactly: $0.rounded(.down)) }
                },
                .none)
        case .gradientColors:
            return StoredProperty(
                self, "colors", extra: \.gradientColors,
                LayerKey(owner: \CAGradientLayer.colors, "colors") {
                    $0 == nil ? .some(nil) : ($0 as? [Any]).map(Optional.some)
                },
                .implicit)
        case .gradientLocations:
            return StoredProperty(
                self, "locations", extra: \.gradientLocations,
                LayerKey(owner: \CAGradientLayer.locations, "locations", numbers), .implicit)
        case .startPoint:
            return StoredProperty(
                self, "startPoint", extra: \.startPoint,
                LayerKey(owner: \CAGradientLayer.startPoint, "startPoint", V.point),
                .implicit)
        case .endPoint:
            return StoredProperty(
                self, "endPoint", extra: \.endPoint, LayerKey(owner: \CAGradientLayer.endPoint, "endPoint", V.point),
                .implicit
            )
        case .gradientType:
            return StoredProperty(
                self, "type", extra: \.gradientType,
                LayerKey(owner: \CAGradientLayer.type, "type", name(CAGradientLayerType.init)), .none)
        case .shapePath:
            return StoredProperty(
                self, "path", extra: \.shapePath, LayerKey(owner: \CAShapeLayer.path, "path", V.path), .explicit)
        case .fillColor:
            return StoredProperty(
                self, "fillColor", extra: \.fillColor, LayerKey(owner: \CAShapeLayer.fillColor, "fillColor", V.color),
                .implicit, shownColor: \.animatedFillColor)
        case .foregroundColor:
            return StoredProperty(
                self, "foregroundColor", extra: \.foregroundColor,
                LayerKey(owner: \CATextLayer.foregroundColor, "foregroundColor", V.color), .implicit,
                shownColor: \.animatedForegroundColor)
        case .fillRule:
            return StoredProperty(
                self, "fillRule", extra: \.fillRule,
                LayerKey(owner: \CAShapeLayer.fillRule, "fillRule", name(CAShapeLayerFillRule.init)), .none)
        case .strokeColor:
            return StoredProperty(
                self, "strokeColor", extra: \.strokeColor,
                LayerKey(owner: \CAShapeLayer.strokeColor, "strokeColor", V.color), .implicit,
                shownColor: \.animatedStrokeColor)
        case .lineWidth:
            return StoredProperty(
                self, "lineWidth", extra: \.lineWidth, LayerKey(owner: \CAShapeLayer.lineWidth, "lineWidth", V.cgFloat),
                .implicit)
        case .miterLimit:
            return StoredProperty(
                self, "miterLimit", extra: \.miterLimit,
                LayerKey(owner: \CAShapeLayer.miterLimit, "miterLimit", V.cgFloat),
                .implicit)
        case .lineCap:
            return StoredProperty(
                self, "lineCap", extra: \.lineCap,
                LayerKey(owner: \CAShapeLayer.lineCap, "lineCap", name(CAShapeLayerLineCap.init)), .none)
        case .lineJoin:
            return StoredProperty(
                self, "lineJoin", extra: \.lineJoin,
                LayerKey(owner: \CAShapeLayer.lineJoin, "lineJoin", name(CAShapeLayerLineJoin.init)), .none)
        case .lineDashPhase:
            return StoredProperty(
                self, "lineDashPhase", extra: \.lineDashPhase,
                LayerKey(owner: \CAShapeLayer.lineDashPhase, "lineDashPhase", V.cgFloat), .implicit)
        case .lineDashPattern:
            return StoredProperty(
                self, "lineDashPattern", extra: \.lineDashPattern,
                LayerKey(owner: \CAShapeLayer.lineDashPattern, "lineDashPattern", numbers), .none)
        case .strokeStart:
            return StoredProperty(
                self, "strokeStart", extra: \.strokeStart,
                LayerKey(owner: \CAShapeLayer.strokeStart, "strokeStart", V.cgFloat), .implicit)
        case .strokeEnd:
            return StoredProperty(
                self, "strokeEnd", extra: \.strokeEnd, LayerKey(owner: \CAShapeLayer.strokeEnd, "strokeEnd", V.cgFloat),
                .implicit)
        case .isAsynchronous:
            return StoredProperty(
                self, "asynchronous", swift: "isAsynchronous", extra: \.isAsynchronous,
                LayerKey(owner: \CAOpenGLLayer.isAsynchronous, "asynchronous", V.bool), .none)
        }
    }
}
