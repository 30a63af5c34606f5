import Foundation

extension CALayer {
    /// The scale a backing store of `size` points (and `margin` pixels a side) is drawn at:
    /// `contentsScale`, or the largest lower scale within `BackingStoreBudget`, with one logged
    /// warning (`what` names the caller) for each requested size and scale, not one every time
    /// the layer redraws.
    func backingStoreScale(for size: CGSize, margin: CGFloat = 0, what: String) -> CGFloat {
        let requested = state.contentsScale
        let scale = BackingStoreBudget.scale(for: size, at: requested, margin: margin)
        let request = "\(size) at \(requested)"
        guard scale < requested, loggedBackingStoreRequest != request else { return scale }
        loggedBackingStoreRequest = request
        Diagnostics.warning(
            "\(what) of \(self): \(size) at scale \(requested) is drawn at scale \(scale) (a backing store is at most \(BackingStoreBudget.maximumSide) pixels a side and \(BackingStoreBudget.maximumPixelCount) pixels)"
        )
        return scale
    }

    /// Marks `rect` for redrawing and enrols the layer in the transaction.
    func markNeedsDisplay(_ rect: CGRect) {
        guard !isPresentation, rect.isFiniteValue else { return }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        dirtyRect = dirtyRect.map { $0.union(rect) } ?? rect
        recordChange([])
    }

    /// The default display step: draws `draw(in:)` into a backing store of `bounds` x
    /// `contentsScale` pixels (at a lower scale, with a logged warning, where that is over
    /// `BackingStoreBudget`: at most 8192 pixels a side and 2^24 pixels) and makes it the
    /// contents. A marked part smaller than the layer is drawn over the previous backing store,
    /// clipped to that part. A layer of zero size gets no contents. With `drawsAsynchronously`
    /// the drawing is recorded here and its pixels committed later (`AsyncDisplay`).
    public func displayIntoBackingStore() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let dirty = dirtyRect ?? state.bounds
        dirtyRect = nil
        let bounds = state.bounds
        let scale = backingStoreScale(for: bounds.size, what: "CALayer.display")
        let width = Int((bounds.width * scale).rounded(.up))
        let height = Int((bounds.height * scale).rounded(.up))
        let recording = attributes.drawsAsynchronously
        if recording { asyncDisplayGeneration &+= 1 }
        guard width > 0, height > 0,
            let context = CGContext(layerWidth: width, height: height, scale: scale, recording: recording)
        else {
            setDisplayedContents(nil)
            return
        }
        let previous = state.contents
        let partial = previous.map { $0.width == width && $0.height == height } == true && !dirty.contains(bounds)
        let region = partial ? pixelRect(dirty, in: bounds, scale: scale, width: width, height: height) : nil
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        if let previous, partial {
            // Start from the last drawing and redraw only the marked part (a recording is
            // played over the last drawing).
            if !recording { context.copyPixels(from: previous) }
            context.clear(dirty)
            context.clip(to: dirty)
        }
        delegate?.layerWillDraw(self)
        drawWithAnimatedCustomKeys(in: context)
        let update = previous.flatMap { base in
            region.map { UpdatedRegion(base: base.imageID, x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        }
        if let drawing = context.recordedDrawing() {
            AsyncDisplay.finish(
                drawing, over: partial ? previous : nil, updating: update, of: self, generation: asyncDisplayGeneration)
        } else {
            setDisplayedContents(context.makeImage(updating: update))
        }
    }

    /// `draw(in:)`, with a subclass's animated custom keys that need display reading their
    /// animated values (as the presentation layer Core Animation draws would) while it runs.
    private func drawWithAnimatedCustomKeys(in context: CGContext) {
        guard let redraw = customKeyRedraw(), contentRedraw === redraw else { return draw(in: context) }
        let animated = redraw.values(for: self)
        guard !animated.isEmpty else { return draw(in: context) }
        let model = keyedValues
        keyedValues.merge(animated) { $1 }
        draw(in: context)
        keyedValues = model
    }

    /// Sets contents from a display step: a plain change, never an implicit animation.
    func setDisplayedContents(_ image: CGImage?) {
        contentsObject = image
        guard state.contents !== image else { return }
        state.contents = image
        recordChange(LayerChanges(.contents))
    }

    /// Displays the layers of this commit that are marked.
    static func displayMarkedLayers(_ layers: [CALayer]) {
        for layer in layers { layer.displayIfNeeded() }
    }

    private func pixelRect(_ r: CGRect, in bounds: CGRect, scale: CGFloat, width: Int, height: Int) -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        let x0 = max(0, Int(clampingPixels: ((r.minX - bounds.minX) * scale).rounded(.down)))
        let y0 = max(0, Int(clampingPixels: ((r.minY - bounds.minY) * scale).rounded(.down)))
        let x1 = min(width, Int(clampingPixels: ((r.maxX - bounds.minX) * scale).rounded(.up)))
        let y1 = min(height, Int(clampingPixels: ((r.maxY - bounds.minY) * scale).rounded(.up)))
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}
