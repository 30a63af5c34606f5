import Foundation

/// Something that presents frames and can time display links: a window's render thread.
package protocol DisplayFrameSource: AnyObject, Sendable {
    /// While true, the source presents a frame every refresh even when nothing changes, as
    /// the display keeps refreshing under a running `CADisplayLink`.
    func setDrivesDisplayLinks(_ on: Bool)
}

/// Connects display links to the frames windows present. The first window still open times
/// every link; with no window, links run on a timer at the display rate.
package final class DisplayLinkDriver: Sendable {
    package static let shared = DisplayLinkDriver()

    private struct State {
        var sources: [WeakSource] = []
        var links: [WeakLink] = []
        /// When a window last timed the links.
        var lastDelivery = -Double.infinity
    }
    private struct WeakSource { weak var source: (any DisplayFrameSource)? }
    private struct WeakLink { weak var link: CADisplayLink? }
    private let state = Locked(State())

    /// Registers a window's frame source.
    package func register(_ source: any DisplayFrameSource) {
        let active = state.withLock { s in
            s.sources.removeAll { $0.source == nil }
            s.sources.append(WeakSource(source: source))
            return s.links.contains { $0.link?.isRunning ?? false }
        }
        source.setDrivesDisplayLinks(active)
    }

    package func unregister(_ source: any DisplayFrameSource) {
        state.withLock { $0.sources.removeAll { $0.source == nil || $0.source === source } }
    }

    /// Whether a window timed the links within the last `interval` seconds (otherwise their
    /// own timers stand in).
    func windowTimedLinks(within interval: Double) -> Bool {
        let last = state.withLock { $0.lastDelivery }
        return CACurrentMediaTime() - last < interval
    }

    /// A source presented a frame at `time`; the next is expected `interval` later. Only the
    /// first registered source times the links.
    package func framePresented(by source: any DisplayFrameSource, at time: Double, interval: Double) {
        let links: [CADisplayLink] = state.withLock { s in
            guard s.sources.first(where: { $0.source != nil })?.source === source else { return [] }
            let links = s.links.compactMap(\.link)
            if links.contains(where: \.isRunning) { s.lastDelivery = time }
            return links
        }
        for link in links { link.framePresented(at: time, interval: interval) }
    }

    /// A link was added, paused, resumed or invalidated: windows draw continuously while any runs.
    func linksChanged(adding link: CADisplayLink? = nil) {
        let (active, sources) = state.withLock { s -> (Bool, [any DisplayFrameSource]) in
            s.links.removeAll { $0.link == nil }
            if let link, !s.links.contains(where: { $0.link === link }) { s.links.append(WeakLink(link: link)) }
            return (s.links.contains { $0.link?.isRunning ?? false }, s.sources.compactMap(\.source))
        }
        for source in sources { source.setDrivesDisplayLinks(active) }
    }
}
