/// Places rectangles in a square page row by row: each shelf is as tall as the first rectangle
/// put on it, and takes the rectangles that fit its height and what is left of its width; a
/// rectangle that fits no shelf opens a new one below the last. Nothing is freed: a full page
/// is emptied whole.
struct ShelfPacker: Sendable {
    /// The page's side, in pixels.
    let side: Int
    private var shelves: [(y: Int, height: Int, x: Int)] = []

    init(side: Int) { self.side = side }

    /// Where a `width` x `height` rectangle goes, its top-left corner; nil when the page has no
    /// room for it. Shelves waste at most a quarter of their height on a shorter rectangle.
    mutating func place(width: Int, height: Int) -> (x: Int, y: Int)? {
        guard width > 0, height > 0, width <= side, height <= side else { return nil }
        for i in shelves.indices {
            let shelf = shelves[i]
            guard height <= shelf.height, height * 4 >= shelf.height * 3, shelf.x + width <= side else { continue }
            shelves[i].x += width
            return (shelf.x, shelf.y)
        }
        let y = shelves.last.map { $0.y + $0.height } ?? 0
        guard y + height <= side else { return nil }
        shelves.append((y, height, width))
        return (0, y)
    }
}
