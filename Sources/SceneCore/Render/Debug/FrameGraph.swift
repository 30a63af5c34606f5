/// What the frame graph shows of each frame (`DebugOverlays.frameGraph`), the last
/// `columns` frames, drawn as bars in the bottom-left corner of the target.
package struct FrameGraph: Sendable {
    /// One frame's times, in seconds.
    package struct Sample: Sendable, Equatable {
        /// The render thread's CPU time for the frame.
        package var renderCPU: Double
        /// The app thread's time making the commits the frame applied (layout, display, encoding).
        package var commitTime: Double
        /// The time since the frame before was presented.
        package var interval: Double
        /// Refreshes skipped before the frame (a paced window's dropped frames).
        package var droppedFrames: Int

        package init(renderCPU: Double, commitTime: Double, interval: Double, droppedFrames: Int) {
            (self.renderCPU, self.commitTime, self.interval) = (renderCPU, commitTime, interval)
            self.droppedFrames = droppedFrames
        }
    }

    /// The frames shown, one column of `columnWidth` pixels each: three seconds at 60 Hz.
    package static let columns = 180
    static let columnWidth: Float = 2
    /// The graph's height in pixels, and the time it spans: 2/60 s.
    static let height: Float = 80
    static let span = 2.0 / 60
    /// Colours, premultiplied: the panel, the 1/60 s line, render CPU, commit time, the
    /// interval mark and a frame after dropped ones.
    static let panel = SIMD4<Float>(0, 0, 0, 0.6)
    static let reference = SIMD4<Float>(0.5, 0.5, 0.5, 1)
    static let renderColor = SIMD4<Float>(0.2, 0.5, 1, 1)
    static let commitColor = SIMD4<Float>(0.2, 0.9, 0.3, 1)
    static let intervalColor = SIMD4<Float>(1, 1, 1, 1)
    static let droppedColor = SIMD4<Float>(0.9, 0.1, 0.1, 1)

    private(set) var samples: [Sample] = []

    package init() {}

    /// Adds a frame's sample, forgetting the oldest past `columns`.
    package mutating func record(_ sample: Sample) {
        samples.append(sample)
        if samples.count > 2 * Self.columns { samples.removeFirst(samples.count - Self.columns) }
    }

    /// The graph's quads over `list`'s target: a panel, the reference line, and a column per
    /// frame, newest on the right.
    func quads(over list: DisplayList) -> [QuadInstance] {
        let shown = samples.suffix(Self.columns)
        let width = Float(Self.columns) * Self.columnWidth
        let bottom: Float = 0
        var quads: [QuadInstance?] = [
            list.windowQuad(
                PixelBox(low: SIMD2(0, bottom), high: SIMD2(width, bottom + Self.height)), color: Self.panel)
        ]
        /// A bar of `column` from `low` to `high` seconds up the graph.
        func bar(_ column: Int, from low: Double, to high: Double, _ color: SIMD4<Float>) -> QuadInstance? {
            let y0 = bottom + Self.height * Float(min(max(low / Self.span, 0), 1))
            let y1 = bottom + Self.height * Float(min(max(high / Self.span, 0), 1))
            let x = Float(column) * Self.columnWidth
            return list.windowQuad(PixelBox(low: SIMD2(x, y0), high: SIMD2(x + Self.columnWidth, y1)), color: color)
        }
        for (column, sample) in shown.enumerated() {
            if sample.droppedFrames > 0 { quads.append(bar(column, from: 0, to: Self.span, Self.droppedColor)) }
            quads.append(bar(column, from: 0, to: sample.renderCPU, Self.renderColor))
            quads.append(
                bar(column, from: sample.renderCPU, to: sample.renderCPU + sample.commitTime, Self.commitColor))
            let mark = min(sample.interval, Self.span)
            quads.append(bar(column, from: mark - Self.span / Double(Self.height), to: mark, Self.intervalColor))
        }
        let line = bottom + Self.height / 2
        quads.append(
            list.windowQuad(PixelBox(low: SIMD2(0, line), high: SIMD2(width, line + 1)), color: Self.reference))
        return quads.compactMap { $0 }
    }
}
