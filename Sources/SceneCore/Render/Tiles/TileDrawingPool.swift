import Foundation

/// The threads that draw the tiles of every `CATiledLayer` and run their scheduling passes,
/// shared so that one layer's slow or stuck `draw(in:)` cannot hold up another layer's tiles.
///
/// Work is queued per owner (a tile store) and taken round robin. An owner with nothing
/// running always gets a thread, so a layer's tiles never wait behind other layers' drawing;
/// more work of one owner runs while fewer than `width` jobs that are not stalled run. A job
/// running longer than `stallSeconds` is stalled: it no longer counts towards `width`, and its
/// owner is reported once, with a logged error naming the layer.
///
/// Threads are bounded: at most `maximumThreads` (`width` + 32) run jobs, and one more watches
/// for stalls while there is work. A stuck drawer keeps the threads of the tiles it was drawing (at most
/// `TileStore.drawingWidth` a layer) until it returns; once that many threads are taken, the
/// work of owners without one waits for a thread to come free. Threads left idle beyond
/// `width` end.
final class TileDrawingPool: @unchecked Sendable {
    /// The pool all tile stores share: as wide as the machine has cores, stalls after 2 s.
    static let shared = TileDrawingPool(width: TileStore.drawingWidth, stallSeconds: 2)

    /// How many jobs that are not stalled run at once, past each owner's first.
    let width: Int
    /// How long a job runs before it counts as stalled.
    let stallSeconds: Double
    /// The most threads that run jobs.
    var maximumThreads: Int { width + 32 }

    private struct Job {
        let work: @Sendable () -> Void
    }

    private struct Owner {
        var pending: [Job] = []
        var running = 0
        let name: String
    }

    private struct Running {
        let owner: ObjectIdentifier
        let started: Double
        var isStalled = false
    }

    /// Guards everything below.
    private let condition = NSCondition()
    private var owners: [ObjectIdentifier: Owner] = [:]
    /// Owners with pending work, in the order they are served.
    private var turns: [ObjectIdentifier] = []
    private var running: [UInt64: Running] = [:]
    private var nextJob: UInt64 = 0
    private var threads = 0
    private var idle = 0
    private var active = 0
    private var isWatching = false

    init(width: Int, stallSeconds: Double) {
        self.width = max(width, 1)
        self.stallSeconds = stallSeconds
    }

    /// Runs `work` on a pool thread, queued behind `owner`'s earlier work; `name` names the
    /// layer in the message logged if the work stalls.
    func run(for owner: AnyObject, name: String, _ work: @escaping @Sendable () -> Void) {
        let key = ObjectIdentifier(owner)
        condition.lock()
        defer { condition.unlock() }
        if owners[key] == nil { owners[key] = Owner(name: name) }
        if owners[key]!.pending.isEmpty { turns.append(key) }
        owners[key]!.pending.append(Job(work: work))
        wakeOrSpawn()
        if !isWatching {
            isWatching = true
            Thread { self.watch() }.start()
        }
    }

    /// How many threads run jobs or wait for them (tests).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    // MARK: - Threads (the caller holds the condition's lock)

    /// Whether an owner's next job may start now.
    private func mayStart(_ owner: Owner) -> Bool { owner.running == 0 || active < width }

    /// Wakes an idle thread, or starts one, when some pending job may start.
    private func wakeOrSpawn() {
        guard turns.contains(where: { owners[$0].map(mayStart) ?? false }) else { return }
        if idle > 0 {
            // The watching thread waits on the same condition: wake them all.
            condition.broadcast()
        } else if threads < maximumThreads {
            threads += 1
            let thread = Thread {
                FrameTrace.setThreadName("SceneCore.tiles")
                self.work()
            }
            thread.name = "SceneCore.tiles"
            thread.start()
        }
    }

    /// The next job that may start, taken from the first owner in turn that may start one
    /// (that owner goes to the back of the line).
    private func takeJob() -> (UInt64, Job)? {
        guard let index = turns.firstIndex(where: { owners[$0].map(mayStart) ?? false }) else { return nil }
        let key = turns.remove(at: index)
        let job = owners[key]!.pending.removeFirst()
        owners[key]!.running += 1
        if !owners[key]!.pending.isEmpty { turns.append(key) }
        nextJob += 1
        running[nextJob] = Running(owner: key, started: CACurrentMediaTime())
        active += 1
        return (nextJob, job)
    }

    private func work() {
        condition.lock()
        while true {
            guard let (id, job) = takeJob() else {
                if idle >= width {
                    threads -= 1
                    condition.unlock()
                    return
                }
                idle += 1
                condition.wait()
                idle -= 1
                continue
            }
            // More may start (stalled jobs stopped counting): another thread for the next one.
            wakeOrSpawn()
            condition.unlock()
            job.work()
            condition.lock()
            let finished = running.removeValue(forKey: id)!
            if !finished.isStalled { active -= 1 }
            owners[finished.owner]!.running -= 1
            if owners[finished.owner]!.running == 0, owners[finished.owner]!.pending.isEmpty {
                owners[finished.owner] = nil
            }
            // A job that ended may let another start on a thread of its own.
            wakeOrSpawn()
        }
    }

    /// Marks jobs that run longer than `stallSeconds` as stalled (reporting their owners once)
    /// and lets other work start in their place.
    private func watch() {
        condition.lock()
        while true {
            _ = condition.wait(until: Date(timeIntervalSinceNow: stallSeconds / 4))
            if running.isEmpty && owners.isEmpty {
                // Nothing to watch: the next job starts another watcher.
                isWatching = false
                condition.unlock()
                return
            }
            let now = CACurrentMediaTime()
            var stalledOwners: [String] = []
            for (id, job) in running where !job.isStalled && now - job.started > stallSeconds {
                running[id]!.isStalled = true
                active -= 1
                if let name = owners[job.owner]?.name { stalledOwners.append(name) }
            }
            guard !stalledOwners.isEmpty else { continue }
            wakeOrSpawn()
            condition.unlock()
            for name in stalledOwners {
                Diagnostics.errorOnce(
                    "CATiledLayer.stalledDraw.\(name)",
                    "CATiledLayer: draw(in:) of \(name) has drawn one tile for more than \(stallSeconds) s; "
                        + "other layers' tiles are drawn on other threads meanwhile")
            }
            condition.lock()
        }
    }
}
