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

extension [RenderAnimation] {
    /// The event pass of one layer's animations at `layerTime`: appends a started event for
    /// each animation whose active duration has begun and a finished event for each whose
    /// active duration has ended (once each, as `marks` records), and drops the finished
    /// animations that are removed on completion, adding their serials to `removed`. The list
    /// changes (and so is copied) only when an animation is dropped.
    mutating func recordEvents(
        layerTime: Double, id: LayerID, marks: inout AnimationEventMarks, removed: inout Set<UInt64>,
        events: inout [AnimationEvent]
    ) {
        var dropped = false
        for index in indices {
            let timing = self[index].timing
            let tau = (layerTime - timing.beginTime) * Double(timing.speed)
            if tau >= 0 && !marks.hasStarted(index) {
                marks.markStarted(index)
                events.append(AnimationEvent(layer: id, serial: self[index].serial, kind: .started))
            }
            if tau >= timing.activeDuration && !marks.hasFinished(index) {
                marks.markFinished(index)
                let remove = self[index].isRemovedOnCompletion
                events.append(AnimationEvent(layer: id, serial: self[index].serial, kind: .finished(removed: remove)))
                if remove {
                    removed.insert(self[index].serial)
                    dropped = true
                }
            }
        }
        guard dropped else { return }
        let kept = indices.filter { !(marks.hasFinished($0) && self[$0].isRemovedOnCompletion) }.map { self[$0] }
        marks = marks.carried(from: self, to: kept)
        self = kept
    }

    /// The list without the animations whose serials are in `removed`: the list itself (its
    /// storage shared, not copied) when none of them is in it.
    func removing(_ removed: Set<UInt64>) -> [RenderAnimation] {
        guard !removed.isEmpty, contains(where: { removed.contains($0.serial) }) else { return self }
        return filter { !removed.contains($0.serial) }
    }
}

/// Where render sides send animation events; they are handled on the main queue (the app's
/// run loop), where delegates are told and finished animations are removed from the model.
/// Several renderers showing one tree send the same events; each is handled once.
final class AnimationEventCenter: Sendable {
    package static let shared = AnimationEventCenter()

    /// The records of the animations attached to layers, held until their animation stops or
    /// their layer goes (`CALayer`'s deinit): held weakly, each record would need a weak
    /// reference's side table of its own (48 bytes an animation).
    private let records = Locked<[UInt64: AnimationRecord]>([:])

    package func register(_ record: AnimationRecord) {
        records.withLock { $0[record.serial] = record }
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
            guard let record = records.withLock({ $0[event.serial] }) else { continue }
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
