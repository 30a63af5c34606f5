extension PropertyID {
    /// The layer kind whose own property this is; `.layer` for a property every layer has. On a
    /// layer of another kind the property's key is an arbitrary key (`ownerClass`). Declared
    /// here for every property (the switch is exhaustive): a new property names its owner.
    var owner: LayerKind {
        switch self {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform, .isHidden,
            .isDoubleSided, .isGeometryFlipped, .masksToBounds, .opacity, .allowsGroupOpacity, .allowsEdgeAntialiasing,
            .edgeAntialiasingMask, .backgroundColor, .cornerRadius, .maskedCorners, .cornerCurve, .borderWidth,
            .borderColor, .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath, .shouldRasterize,
            .rasterizationScale, .filters, .backgroundFilters, .compositingFilter, .contents, .contentsRect,
            .contentsCenter, .contentsGravity, .contentsScale, .contentsFormat, .minificationFilter,
            .magnificationFilter, .minificationFilterBias, .isOpaque, .beginTime, .duration, .speed, .timeOffset,
            .repeatCount, .repeatDuration, .autoreverses, .fillMode:
            .layer
        case .instanceCount, .instanceTransform, .instanceDelay, .instanceColor, .instanceRedOffset,
            .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            .replicator
        // `preservesDepth` is `CAReplicatorLayer`'s too; it counts with the emitter's, whose
        // emission it changes.
        case .preservesDepth, .emitterCells, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth,
            .emitterShape, .emitterMode, .renderMode, .emitterBirthRate, .emitterLifetime, .emitterVelocity,
            .emitterScale, .emitterSpin, .emitterSeed:
            .emitter
        case .gradientColors, .gradientLocations, .startPoint, .endPoint, .gradientType:
            .gradient
        case .shapePath, .fillColor, .fillRule, .strokeColor, .lineWidth, .miterLimit, .lineCap, .lineJoin,
            .lineDashPhase, .lineDashPattern, .strokeStart, .strokeEnd:
            .shape
        case .foregroundColor:
            .text
        case .isAsynchronous:
            .openGL
        }
    }

    /// What a change of the property does to the render side's drawing, declared for every
    /// property (the switch is exhaustive).
    var renderEffect: RenderEffect {
        switch self {
        case .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .opacity, .isHidden, .isDoubleSided:
            .placement
        case .beginTime, .speed, .timeOffset:
            .time
        case .contents, .emitterCells:
            .images
        case .backgroundColor, .borderColor, .shadowColor, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset, .gradientColors, .gradientLocations, .startPoint, .endPoint,
            .gradientType, .fillColor, .strokeColor, .foregroundColor:
            .paint
        case .bounds, .sublayerTransform, .isGeometryFlipped, .masksToBounds, .allowsGroupOpacity,
            .allowsEdgeAntialiasing, .edgeAntialiasingMask, .cornerRadius, .maskedCorners, .cornerCurve, .borderWidth,
            .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath, .shouldRasterize, .rasterizationScale,
            .filters, .backgroundFilters, .compositingFilter, .contentsRect, .contentsCenter, .contentsGravity,
            .contentsScale, .contentsFormat, .minificationFilter, .magnificationFilter, .minificationFilterBias,
            .isOpaque, .duration, .repeatCount, .repeatDuration, .autoreverses, .fillMode, .instanceCount,
            .instanceTransform, .instanceDelay, .preservesDepth, .emitterPosition, .emitterZPosition, .emitterSize,
            .emitterDepth, .emitterShape, .emitterMode, .renderMode, .emitterBirthRate, .emitterLifetime,
            .emitterVelocity, .emitterScale, .emitterSpin, .emitterSeed, .shapePath, .fillRule, .lineWidth,
            .miterLimit, .lineCap, .lineJoin, .lineDashPhase, .lineDashPattern, .strokeStart, .strokeEnd,
            .isAsynchronous:
            .drawing
        }
    }
}

/// What a change of a layer property does to the render side's drawing of the layer
/// (`PropertyID.renderEffect`).
enum RenderEffect: Sendable {
    /// It only places the layer in its superlayer (or hides it): its subtree drawn in its own
    /// space, without its opacity, is unchanged (`RenderTree.contentVersion(of:)` keeps).
    case placement
    /// It changes the layer's time (the timing tree notes it; `RenderTree.noteTiming`).
    case time
    /// It changes which images the layer draws: textures may fall out of use.
    case images
    /// It changes only the colours the layer draws with: where the layer and its subtree can
    /// draw is unchanged (`RenderLayer.extentVersion` keeps).
    case paint
    /// It changes what the layer draws.
    case drawing
}
