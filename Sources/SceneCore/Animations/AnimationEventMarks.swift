/// Which animations of a layer's list have had their started and finished events sent, by
/// index in the list.
///
/// Kept beside the list rather than in it: marking an animation started would otherwise copy
/// the list, so the render side would keep a list of its own for every animated layer instead
/// of the one the app committed (120 bytes a layer with one animation).
struct AnimationEventMarks: Sendable, Equatable {
    /// Two bits an animation: started at bit 2i, finished at bit 2i + 1. The first 32
    /// animations' bits are in `first`, the others' in `more` (64 bits a word).
    private var first: UInt64 = 0
    private var more: [UInt64] = []

    init() {}

    /// Whether the started event of the animation at `index` was sent.
    func hasStarted(_ index: Int) -> Bool { bit(2 * index) }

    /// Whether the finished event of the animation at `index` was sent.
    func hasFinished(_ index: Int) -> Bool { bit(2 * index + 1) }

    mutating func markStarted(_ index: Int) { setBit(2 * index) }

    mutating func markFinished(_ index: Int) { setBit(2 * index + 1) }

    /// Whether the animation at `index`, `animation`, has started, has not finished and runs
    /// forwards: what a `SteadyAnimation` needs of its state (it checks its kind).
    func isRunningForwards(_ index: Int, _ animation: RenderAnimation) -> Bool {
        hasStarted(index) && !hasFinished(index) && animation.timing.speed > 0
    }

    /// The marks for `list`, carried over from these marks of `known` by serial: an animation
    /// committed again sends no event twice.
    func carried(from known: [RenderAnimation], to list: [RenderAnimation]) -> AnimationEventMarks {
        guard first != 0 || !more.isEmpty else { return AnimationEventMarks() }
        // Lists are short; a long one is searched through a dictionary.
        let indexBySerial =
            known.count > 16 ? Dictionary(known.indices.map { (known[$0].serial, $0) }) { a, _ in a } : nil
        var carried = AnimationEventMarks()
        for (index, animation) in list.enumerated() {
            guard
                let old = indexBySerial.map({ $0[animation.serial] })
                    ?? known.firstIndex(where: { $0.serial == animation.serial })
            else { continue }
            if hasStarted(old) { carried.markStarted(index) }
            if hasFinished(old) { carried.markFinished(index) }
        }
        return carried
    }

    private func bit(_ position: Int) -> Bool {
        if position < 64 { return first & (1 << UInt64(position)) != 0 }
        let word = position / 64 - 1
        return word < more.count && more[word] & (1 << UInt64(position % 64)) != 0
    }

    private mutating func setBit(_ position: Int) {
        if position < 64 {
            first |= 1 << UInt64(position)
            return
        }
        let word = position / 64 - 1
        if word >= more.count { more.append(contentsOf: repeatElement(0, count: word - more.count + 1)) }
        more[word] |= 1 << UInt64(position % 64)
    }
}
