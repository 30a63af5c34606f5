import Foundation

/// Something the render side saw happen to an animation at a frame.
struct AnimationEvent: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// The active duration began.
        case started
        /// The active duration ended; `removed` when the render side dropped the animation
        /// (`isRemovedOnCompletion`).
        case finished(removed: Bool)
    }
    let layer: LayerID
    let serial: UInt64
    let kind: Kind
}

/// Where render sides send animation events; they are handled on the main queue (the app's
/// run loop), where delegates are told and finished animations are removed from the model.
/// Several renderers showing one tree send the same events; each is handled once.
final class AnimationEventCenter: Sendable {
    package static let shared = AnimationEventCenter()

    private struct WeakRecord { weak var record: AnimationRecord? }
    private let records = Locked<[UInt64: WeakRecord]>([:])

    package func register(_ record: AnimationRecord) {
        records.withLock { $0[record.serial] = WeakRecord(record: record) }
    }

    package func unregister(_ record: AnimationRecord) {
        records.withLock { _ = $0.removeValue(forKey: record.serial) }
    }

    /// Sends `events` (from any thread) to the main queue.
    func post(_ events: [AnimationEvent]) {
        guard !events.isEmpty else { return }
        DispatchQueue.main.async { self.handle(events) }
    }

    /// Handles events on the app's main queue: delegate callbacks and model removal.
    ///
    /// Holds `LayerLock` throughout: the records and their layers may belong to threads that
    /// change them at the same time.
    func handle(_ events: [AnimationEvent]) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        for event in events {
            guard let record = records.withLock({ $0[event.serial]?.record }) else { continue }
            switch event.kind {
            case .started:
                reportStart(record)
            case .finished:
                reportStart(record)
                if record.animation.isRemovedOnCompletion { record.layer?.dropFinished(record) }
                record.stop(finished: true, now: true)
            }
        }
    }

    private func reportStart(_ record: AnimationRecord) {
        guard !record.startReported, !record.isStopped else { return }
        record.startReported = true
        record.animation.delegate?.animationDidStart(record.animation)
    }
}
