import Foundation

/// A player of a list of items, one after another (AVFoundation's `AVQueuePlayer`).
///
/// At an item's end (`actionAtItemEnd` `.advance`, the default) the next item plays without a
/// gap: its file is queued into the pipeline (playbin's `about-to-finish`) before the current
/// one runs out, so its first frame follows the last frame of the one before. The finished
/// item leaves the queue after its `AVPlayerItemDidPlayToEndTime`.
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    /// A player of no items.
    public override init() { super.init() }

    /// A player of `items`, in order; the first loads at once.
    public convenience init(items: [AVPlayerItem]) {
        self.init()
        setInitialItems(items)
    }

    override class var defaultActionAtItemEnd: ActionAtItemEnd { .advance }

    /// The items in the queue, the current one first.
    open func items() -> [AVPlayerItem] { state.withLock { $0.items } }

    /// Ends the current item and plays the next (the player pauses when none is left).
    open func advanceToNextItem() {
        guard let current = currentItem else { return }
        let time = currentTime()
        withChange(of: "currentItem") { state.withLock { _ = $0.items.removeFirst() } }
        release(current, at: time)
        let next = state.withLock { $0.items.first }
        queue.async { [weak self] in self?.load(next) }
    }

    /// Whether `item` may be inserted after `afterItem` (nil: at the end): not when it is
    /// already in a player, nor when `afterItem` is not in this queue.
    open func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        let owner = item.state.withLock { $0.player }
        let items = state.withLock { $0.items }
        return owner == nil && !items.contains { $0 === item }
            && (afterItem.map { a in items.contains { $0 === a } } ?? true)
    }

    /// Inserts `item` after `afterItem` (nil: at the end). Refused (logged) when
    /// `canInsert(_:after:)` is false. An item inserted into an empty queue becomes current.
    open func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        guard canInsert(item, after: afterItem), adopt(item) else {
            Diagnostics.error(
                "AVQueuePlayer: insert(_:after:) refused (the item is in a player, or the other is not queued)")
            return
        }
        let becomesCurrent = state.withLock { $0.items.isEmpty }
        let insert = {
            self.state.withLock { state in
                let index = afterItem.flatMap { a in state.items.firstIndex { $0 === a } }.map { $0 + 1 }
                state.items.insert(item, at: index ?? state.items.count)
            }
        }
        if becomesCurrent {
            withChange(of: "currentItem", insert)
            queue.async { [weak self] in self?.load(item) }
        } else {
            insert()
            queue.async { [weak self] in self?.refreshNextURI() }
        }
    }

    /// Removes `item` from the queue; removing the current item plays the next.
    open func remove(_ item: AVPlayerItem) {
        if item === currentItem {
            advanceToNextItem()
            return
        }
        let removed = state.withLock { state in
            let count = state.items.count
            state.items.removeAll { $0 === item }
            return state.items.count != count
        }
        guard removed else { return }
        release(item, at: item.currentTime())
        queue.async { [weak self] in self?.refreshNextURI() }
    }

    /// Empties the queue: nothing plays.
    open func removeAllItems() {
        let items = state.withLock { $0.items }
        guard !items.isEmpty else { return }
        let time = currentTime()
        withChange(of: "currentItem") { state.withLock { $0.items.removeAll() } }
        for (index, item) in items.enumerated() { release(item, at: index == 0 ? time : item.currentTime()) }
        queue.async { [weak self] in self?.load(nil) }
    }
}
