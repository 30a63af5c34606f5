/// The regions recent frames redrew, each fading out over `DebugOverlays.flashDuration`
/// (`DebugOverlays.flashUpdatedRegions`).
package struct FlashedRegions: Sendable {
    /// The flash colour at full strength: translucent magenta, premultiplied.
    package static let color = SIMD4<Float>(0.5, 0, 0.5, 0.5)
    /// The most regions kept: at 60 frames a second, the frames of half a second and more.
    static let capacity = 64

    private var flashes: [(region: PixelRegion, time: Double)] = []

    package init() {}

    /// Notes that the frame shown at `time` redrew `region` (nil: the whole `width` x `height`
    /// target; an empty region redrew nothing), each of its rectangles flashing on its own.
    package mutating func record(_ region: DamageRegion?, width: Int, height: Int, at time: Double) {
        guard time.isFinite else { return }
        for redrawn in (region ?? DamageRegion(width: width, height: height)).rects { flashes.append((redrawn, time)) }
        if flashes.count > Self.capacity { flashes.removeFirst(flashes.count - Self.capacity) }
    }

    /// Whether a flash is still fading at `time` (a frame is needed to fade it further).
    package mutating func isFading(at time: Double) -> Bool {
        flashes.removeAll { time - $0.time >= DebugOverlays.flashDuration }
        return !flashes.isEmpty
    }

    /// The flashes as quads over `list`'s target at `time`: each at `color` times the part of
    /// the duration it has left.
    func quads(over list: DisplayList, at time: Double) -> [QuadInstance] {
        flashes.compactMap { flash in
            let left = Float(1 - max(time - flash.time, 0) / DebugOverlays.flashDuration)
            guard left > 0 else { return nil }
            return list.windowQuad(PixelBox(flash.region), color: Self.color * left)
        }
    }
}
