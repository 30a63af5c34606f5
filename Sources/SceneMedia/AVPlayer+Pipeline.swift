import CSceneMediaGStreamer
import Foundation

/// The player's side of the pipeline, all on the player's serial queue: loading items, seeks,
/// the rate, and what the bus says. Changes the app can observe are made on the main queue.
extension AVPlayer {
    /// A seek asked for and not yet done.
    struct Seek {
        /// Exactly (`ACCURATE`), or to a key frame (`KEY_UNIT` with a snap direction).
        enum Mode {
            case accurate
            case keyUnit(GstSeekFlags)

            init(toleranceBefore: CMTime, toleranceAfter: CMTime) {
                let (before, after) = (toleranceBefore == .zero, toleranceAfter == .zero)
                self =
                    switch (before, after) {
                    case (true, true): .accurate
                    case (false, true): .keyUnit(GST_SEEK_FLAG_SNAP_BEFORE)
                    case (true, false): .keyUnit(GST_SEEK_FLAG_SNAP_AFTER)
                    case (false, false): .keyUnit(GST_SEEK_FLAG_SNAP_NEAREST)
                    }
            }
        }

        /// The number `requestSeek` gave it (0 for the player's own seeks).
        var id: Int
        var time: CMTime
        var mode: Mode
        var completions: [@Sendable (Bool) -> Void]
    }

    /// Seamless looping of the current item between `start` and `stop` (nanoseconds; no stop:
    /// the item's end), by segment seeks: each segment's end seeks back to its start without a
    /// flush, so running time, and the frames' times, go on without a gap.
    struct Loop {
        var start: gint64
        var stop: gint64?
        /// Called on the main queue each time a loop ends and the next begins.
        var onLoop: @Sendable () -> Void
    }

    /// What the player's queue knows of the pipeline.
    struct PipelineState {
        enum Phase {
            /// No item loaded.
            case idle
            /// Loading: waiting for the first preroll.
            case prerolling
            case ready
            case failed
        }

        var loaded: AVPlayerItem?
        var phase = Phase.idle
        /// The bus messages of this load carry this number; older ones are ignored.
        var generation = 0
        /// The rate of the pipeline's segment.
        var segmentRate = 1.0
        var pending: Seek?
        var inFlight: Seek?
        /// Whether PLAYING was asked for, and whether the pipeline is in it.
        var playing = false
        var inPlayingState = false
        var ended = false
        /// The item whose URI `about-to-finish` may queue, and the one it did queue.
        var nextCandidate: AVPlayerItem?
        var gaplessNext: AVPlayerItem?
        var missingPlugin: String?
        /// The duration the container declared when the item loaded (nanoseconds).
        var declaredDuration: gint64?
        var videoSize: CGSize?
        var loop: Loop?
        /// The looper's callback, kept after looping stops: loops already under way still end.
        var onLoop: (@Sendable () -> Void)?
        var shutDown = false
        /// Raised by every seek and load: an end of stream waiting to be announced is stale
        /// once it changes.
        var timeline = 0

        /// Where a loop's segment stops, if looping.
        var loopStop: gint64? { loop.flatMap { $0.stop } }

        /// Whether the item's time runs: playing, not seeking, not at the end.
        var timeRuns: Bool { inPlayingState && inFlight == nil && !ended && phase == .ready }
    }

    // MARK: - Loading

    func load(_ item: AVPlayerItem?) {
        let p = pipeline
        guard !p.value.shutDown else { return }
        cancelSeeks()
        playbin.setNextURI(nil)
        playbin.output.reset()
        playbin.setState(GST_STATE_READY)
        p.value.generation = playbin.generation.withLock { generation in
            generation += 1
            return generation
        }
        p.value.loaded = item
        state.withLock { $0.lastPosition = .zero }
        p.value.timeline += 1
        playbin.loopSeek.withLock { $0 = nil }
        p.value.onLoop = nil
        p.value.phase = .idle
        p.value.segmentRate = 1
        (p.value.playing, p.value.inPlayingState, p.value.ended) = (false, false, false)
        (p.value.nextCandidate, p.value.gaplessNext, p.value.missingPlugin, p.value.videoSize) = (nil, nil, nil, nil)
        setPipelinePlaying(false)
        timebaseChanged()
        guard let item, let url = item.url else {
            playbin.setState(GST_STATE_NULL)
            return
        }
        if url.isFileURL, !FileManager.default.fileExists(atPath: url.path) {
            fail(item, MediaError.fileNotFound(url), reason: "no such file")
            return
        }
        playbin.setURI(url)
        p.value.phase = .prerolling
        playbin.setState(GST_STATE_PAUSED)
    }

    /// Brings the pipeline in line with what the app asked for: the next seek, then the rate.
    func reconcile() {
        let p = pipeline
        guard !p.value.shutDown, p.value.phase == .ready, p.value.inFlight == nil else { return }
        if let seek = p.value.pending {
            p.value.pending = nil
            send(seek)
            return
        }
        let rate = Double(state.withLock { $0.rate })
        if rate == 0 {
            guard p.value.playing else { return }
            p.value.playing = false
            playbin.setState(GST_STATE_PAUSED)
            playbin.output.stopPlaying(at: playbin.pausedRunningTime)
            return
        }
        if rate != p.value.segmentRate {
            let position = playbin.position ?? 0
            send(
                Seek(
                    id: 0, time: CMTime(value: CMTimeValue(position), timescale: 1_000_000_000), mode: .accurate,
                    completions: []), rate: rate)
            return
        }
        guard !p.value.playing else { return }
        p.value.playing = true
        playbin.output.startPlaying()
        playbin.setState(GST_STATE_PLAYING)
    }

    // MARK: - Seeking

    func enqueue(_ seek: Seek) {
        let p = pipeline
        guard !p.value.shutDown else { return }
        guard p.value.loaded != nil, p.value.phase != .failed, p.value.phase != .idle else {
            finish(seek, false)
            return
        }
        if let pending = p.value.pending { finish(pending, false) }
        if let inFlight = p.value.inFlight, !inFlight.completions.isEmpty {
            let completions = inFlight.completions
            DispatchQueue.main.async { for completion in completions { completion(false) } }
            p.value.inFlight?.completions = []
        }
        p.value.pending = seek
        reconcile()
    }

    /// Sends `seek` at `rate` (the segment's rate when nil): flushing, accurate or to a key frame,
    /// a segment seek while looping.
    private func send(_ seek: Seek, rate: Double? = nil) {
        let p = pipeline
        let rate = rate ?? p.value.segmentRate
        let position = gint64(max(0, seek.time.convertScale(1_000_000_000, method: .default).value))
        var flags = [GST_SEEK_FLAG_FLUSH]
        switch seek.mode {
        case .accurate: flags.append(GST_SEEK_FLAG_ACCURATE)
        case .keyUnit(let snap): flags += [GST_SEEK_FLAG_KEY_UNIT, snap]
        }
        if p.value.loop != nil { flags.append(GST_SEEK_FLAG_SEGMENT) }
        // A loop of the whole item stops at its duration: a segment with no stop ends in EOS.
        let loopStop = p.value.loop.flatMap { $0.stop ?? playbin.duration }
        let (start, stop): (gint64, gint64?) =
            rate > 0 ? (position, loopStop) : (p.value.loop?.start ?? 0, position)
        playbin.loopSeek.withLock { $0 = loopStop.map { (rate, p.value.loop?.start ?? 0, $0) } }
        guard playbin.seek(rate: rate, flags: flags, start: start, stop: stop) else {
            if rate != p.value.segmentRate {
                let name = p.value.loaded?.url?.lastPathComponent ?? "the item"
                Diagnostics.error(
                    "AVPlayer: GStreamer cannot play \(name) at rate \(rate); the rate goes back to \(p.value.segmentRate)"
                )
                let previous = Float(p.value.segmentRate)
                DispatchQueue.main.async { [weak self] in self?.changeRate(to: previous) }
            }
            finish(seek, false)
            return
        }
        p.value.segmentRate = rate
        p.value.inFlight = seek
        p.value.ended = false
        p.value.timeline += 1
        timebaseChanged()
    }

    /// Calls a seek's completions on the main queue, and ends `currentTime()`'s answer of its
    /// target if it was the latest seek.
    private func finish(_ seek: Seek, _ finished: Bool) {
        state.withLock { state in
            if state.seekTarget?.id == seek.id { state.seekTarget = nil }
            if finished { state.lastPosition = seek.time }
        }
        guard !seek.completions.isEmpty else { return }
        let completions = seek.completions
        DispatchQueue.main.async { for completion in completions { completion(finished) } }
    }

    private func cancelSeeks() {
        let p = pipeline
        if let pending = p.value.pending { finish(pending, false) }
        if let inFlight = p.value.inFlight { finish(inFlight, false) }
        (p.value.pending, p.value.inFlight) = (nil, nil)
        state.withLock { $0.seekTarget = nil }
    }

    // MARK: - Looping

    /// Loops the current item (see `Loop`); a ready item seeks to the loop's start at once.
    func startLooping(_ loop: Loop) {
        queue.async { [weak self] in
            guard let self else { return }
            pipeline.value.loop = loop
            pipeline.value.onLoop = loop.onLoop
            refreshNextURI()
            if pipeline.value.phase == .ready {
                enqueue(
                    Seek(
                        id: 0, time: CMTime(value: CMTimeValue(loop.start), timescale: 1_000_000_000), mode: .accurate,
                        completions: []))
            }
        }
    }

    /// A segment's end has been seen through to the video sink (on the streaming thread), or
    /// estimated (`onQueue`): in `shownIn` seconds a loop ends, or the item.
    func segmentEnded(looped: Bool, shownIn: Double, onQueue: Bool = false) {
        let handle: @Sendable () -> Void = { [weak self] in
            guard let self, pipeline.value.phase == .ready else { return }
            if looped {
                guard let onLoop = pipeline.value.onLoop else { return }
                DispatchQueue.main.asyncAfter(deadline: .now() + shownIn) { onLoop() }
            } else if !pipeline.value.ended {
                endAfter(shownIn)
            }
        }
        if onQueue { handle() } else { queue.async(execute: handle) }
    }

    /// Stops looping: the loop playing now plays to its end, and the item ends there.
    func stopLooping() {
        playbin.loopSeek.withLock { $0 = nil }
        queue.async { [weak self] in self?.pipeline.value.loop = nil }
    }

    // MARK: - Gapless advance

    /// Queues the next item's URI for `about-to-finish` when the player advances at item end.
    func refreshNextURI() {
        let p = pipeline
        let (action, next) = state.withLock { ($0.actionAtItemEnd, $0.items.dropFirst().first) }
        guard !p.value.shutDown, p.value.phase == .ready, p.value.loop == nil, action == .advance, let next,
            let url = next.url, !url.isFileURL || FileManager.default.fileExists(atPath: url.path)
        else {
            p.value.nextCandidate = nil
            playbin.setNextURI(nil)
            return
        }
        p.value.nextCandidate = next
        playbin.setNextURI(url)
    }

    /// On the streaming thread: `about-to-finish` queued `url` (or nothing).
    func aboutToFinish(queued url: URL?) {
        guard let url else { return }
        queue.async { [weak self] in
            guard let self, let candidate = pipeline.value.nextCandidate, candidate.url == url else { return }
            pipeline.value.gaplessNext = candidate
            pipeline.value.nextCandidate = nil
        }
    }

    /// The stream queued by `about-to-finish` started: the next item is current.
    private func gaplessSwitch(to next: AVPlayerItem) {
        let p = pipeline
        guard let finished = p.value.loaded else { return }
        p.value.loaded = next
        p.value.gaplessNext = nil
        p.value.ended = false
        let duration = playbin.duration
        let endTime = finished.duration
        DispatchQueue.main.async { [weak self] in
            NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: finished)
            guard let self else { return }
            withChange(of: "currentItem") {
                state.withLock { state in
                    state.items.removeAll { $0 === finished }
                    if state.items.first !== next {
                        state.items.removeAll { $0 === next }
                        state.items.insert(next, at: 0)
                    }
                }
            }
            release(finished, at: endTime)
            next.setStatus(.readyToPlay)
            if let duration { next.setDuration(CMTime(value: CMTimeValue(duration), timescale: 1_000_000_000)) }
            queue.async { [weak self] in self?.refreshNextURI() }
        }
    }

    // MARK: - Item end

    /// Ends the item after `delay` seconds, unless a seek or a new item comes first.
    private func endAfter(_ delay: Double) {
        let timeline = pipeline.value.timeline
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, pipeline.value.timeline == timeline, !pipeline.value.ended else { return }
            itemEnded()
        }
    }

    /// The loaded item played to its end: tell the app, then pause, do nothing or advance.
    private func itemEnded() {
        let p = pipeline
        guard let item = p.value.loaded else { return }
        p.value.ended = true
        timebaseChanged()
        let action = state.withLock { $0.actionAtItemEnd }
        DispatchQueue.main.async { [weak self] in
            NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: item)
            guard let self else { return }
            switch action {
            case .pause:
                changeRate(to: 0)
                queue.async { [weak self] in self?.reconcile() }
            case .none: break
            case .advance: advance(from: item)
            }
        }
    }

    /// On the main queue: the current item `item` is done; the next one (if any) becomes current
    /// and loads; with none left the player pauses.
    func advance(from item: AVPlayerItem) {
        guard currentItem === item else { return }
        let endTime = item.duration
        withChange(of: "currentItem") { state.withLock { _ = $0.items.removeFirst() } }
        release(item, at: endTime.isNumeric ? endTime : item.currentTime())
        let next = state.withLock { $0.items.first }
        if next == nil { changeRate(to: 0) }
        queue.async { [weak self] in self?.load(next) }
    }

    // MARK: - Failure

    /// Where the stream ended and the duration declared when the item loaded, when it ended more
    /// than a quarter of a second short of that (a file cut off: Matroska, WebM and MP4 declare
    /// their duration; AVI and Ogg, whose duration GStreamer reads from what the file holds, cannot
    /// tell a cut file from a short one).
    private func cutShort() -> (end: Double, declared: Double)? {
        guard let declared = pipeline.value.declaredDuration, let position = playbin.position,
            declared - position > 250_000_000
        else { return nil }
        return (GStreamer.seconds(GstClockTime(position)), GStreamer.seconds(GstClockTime(declared)))
    }

    /// `item` cannot play: it and the player fail, on the main queue; the failure is logged.
    private func fail(_ item: AVPlayerItem, _ error: NSError, reason: String) {
        let p = pipeline
        let wasReady = p.value.phase == .ready
        p.value.phase = .failed
        p.value.playing = false
        cancelSeeks()
        playbin.setNextURI(nil)
        playbin.setState(GST_STATE_READY)
        Diagnostics.error("AVPlayer: \(error.localizedDescription) (\(reason))")
        DispatchQueue.main.async { [weak self] in
            item.setStatus(.failed, error: error)
            if wasReady {
                NotificationCenter.default.post(
                    name: .AVPlayerItemFailedToPlayToEndTime, object: item,
                    userInfo: [AVPlayerItemFailedToPlayToEndTimeErrorKey: error])
            }
            guard let self else { return }
            withChange(of: "error") { state.withLock { $0.error = error } }
            if state.withLock({ $0.status }) != .failed {
                withChange(of: "status") { state.withLock { $0.status = .failed } }
            }
            setPipelinePlaying(false)
        }
    }

    // MARK: - The bus

    func handle(_ message: Playbin.Message) {
        let p = pipeline
        guard !p.value.shutDown, message.generation == p.value.generation else { return }
        switch message.type {
        case GST_MESSAGE_ERROR:
            guard let item = p.value.loaded, p.value.phase != .failed else { return }
            let error = MediaError.playbackFailed(message, url: item.url, missingPlugin: p.value.missingPlugin)
            fail(item, error, reason: error.localizedFailureReason ?? "")
        case GST_MESSAGE_ELEMENT:
            if gst_is_missing_plugin_message(message.pointer) != 0,
                let description = gst_missing_plugin_message_get_description(message.pointer)
            {
                p.value.missingPlugin = String(cString: description)
                g_free(description)
            }
        case GST_MESSAGE_ASYNC_DONE where message.isFromPipeline:
            asyncDone()
        case GST_MESSAGE_STATE_CHANGED where message.isFromPipeline:
            var (old, new, pending) = (GST_STATE_VOID_PENDING, GST_STATE_VOID_PENDING, GST_STATE_VOID_PENDING)
            gst_message_parse_state_changed(message.pointer, &old, &new, &pending)
            if new == GST_STATE_PLAYING || old == GST_STATE_PLAYING {
                p.value.inPlayingState = new == GST_STATE_PLAYING
                setPipelinePlaying(p.value.inPlayingState)
                timebaseChanged()
            }
        case GST_MESSAGE_EOS where p.value.phase == .ready && !p.value.ended:
            if let item = p.value.loaded, let cut = cutShort(), p.value.segmentRate > 0 {
                // The stream ended well before the duration its container declares.
                fail(
                    item, MediaError.cutShort(url: item.url, endsAt: cut.end, of: cut.declared),
                    reason: "end of stream at \(cut.end) s of \(cut.declared) s")
                return
            }
            // The sink ends its stream as early as it takes frames: the item ends that much later.
            endAfter(playbin.earliness.withLock { $0 })
        case GST_MESSAGE_SEGMENT_DONE where p.value.phase == .ready && p.value.videoSize == nil:
            // With no video sink to see the segment's end arrive, estimate when what the demuxer
            // read will have played from the position (the sync handler has seeked, if looping).
            let end = p.value.loopStop ?? playbin.duration
            let position = playbin.position
            let left = end.flatMap { end in position.map { GStreamer.seconds(abs(end - $0)) } } ?? 0
            let looped = playbin.segmentEnds.withLock { $0.isEmpty ? false : $0.removeFirst() }
            segmentEnded(looped: looped, shownIn: min(left / abs(p.value.segmentRate), 10), onQueue: true)
        case GST_MESSAGE_STREAM_START where message.isFromPipeline:
            if let next = p.value.gaplessNext { gaplessSwitch(to: next) }
        case GST_MESSAGE_DURATION_CHANGED:
            if p.value.phase == .ready, let item = p.value.loaded, let duration = playbin.duration {
                DispatchQueue.main.async {
                    item.setDuration(CMTime(value: CMTimeValue(duration), timescale: 1_000_000_000))
                }
            }
        default: break
        }
    }

    /// The pipeline finished prerolling: after loading (the item is ready) or after a seek.
    private func asyncDone() {
        let p = pipeline
        if p.value.phase == .prerolling, let item = p.value.loaded {
            p.value.phase = .ready
            p.value.declaredDuration = playbin.duration
            let duration = p.value.declaredDuration.map { CMTime(value: CMTimeValue($0), timescale: 1_000_000_000) }
            let size = p.value.videoSize
            DispatchQueue.main.async { [weak self] in
                if let duration { item.setDuration(duration) }
                if let size { item.setPresentationSize(size) }
                item.setStatus(.readyToPlay)
                guard let self, state.withLock({ $0.status }) == .unknown else { return }
                withChange(of: "status") { state.withLock { $0.status = .readyToPlay } }
            }
            if let loop = p.value.loop, p.value.pending == nil {
                p.value.pending = Seek(
                    id: 0, time: CMTime(value: CMTimeValue(loop.start), timescale: 1_000_000_000), mode: .accurate,
                    completions: [])
            }
            refreshNextURI()
        } else if let seek = p.value.inFlight {
            p.value.inFlight = nil
            finish(seek, true)
            timebaseChanged()
        }
        reconcile()
    }

    /// On the streaming thread: the decoded picture's size changed.
    func videoFormatChanged(_ size: CGSize) {
        queue.async { [weak self] in
            guard let self else { return }
            pipeline.value.videoSize = size
            guard pipeline.value.phase == .ready, let item = pipeline.value.loaded else { return }
            DispatchQueue.main.async { item.setPresentationSize(size) }
        }
    }

    /// Whether the pipeline plays, as `timeControlStatus` reports it: set on the main queue.
    private func setPipelinePlaying(_ playing: Bool) {
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            let changes = state.withLock { state in
                state.pipelinePlaying != playing && state.rate != 0
            }
            if changes {
                withChange(of: "timeControlStatus") { state.withLock { $0.pipelinePlaying = playing } }
            } else {
                state.withLock { $0.pipelinePlaying = playing }
            }
        }
    }

    /// Tells the time observers that time now runs (or not) at the segment's rate.
    private func timebaseChanged() {
        let observers = state.withLock { $0.timeObservers }
        for observer in observers {
            observer.timebaseChanged(running: pipeline.value.timeRuns, rate: pipeline.value.segmentRate)
        }
    }

    /// Stops the pipeline for good (on the queue, from deinit).
    func shutDown() {
        pipeline.value.shutDown = true
        cancelSeeks()
        playbin.shutDown()
    }
}
