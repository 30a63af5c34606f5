import SceneCore

/// A grid of named, rounded tiles to click: one rotated, one with nested tiles inside it, one
/// clipping a sublayer that overhangs it. A click recolours the tile it hits and names it.
///
/// Above the tiles a round "mover": every click that misses it sends it gliding to the click
/// point over 4 s (an implicit position animation); a click on it, where it is on screen
/// mid-glide, recolours it. Clicks are hit-tested against the presentation tree.
enum HitTestScene {
    static let columns = 5
    static let rows = 3
    /// The colours a click steps a layer through, in order.
    static let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
    /// The line a click reports when it hits no tile.
    static let nothing = "hit: nothing (outside every layer)"
    /// The mover's name, side and seconds per glide.
    static let moverName = "mover"
    static let moverSide: CGFloat = 28
    static let glideDuration = 4.0

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        for row in 0..<rows {
            for column in 0..<columns {
                root.addSublayer(tile(column, row, in: size))
            }
        }
        let rotated = root.descendant(named: "tile-1-1")
        rotated?.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)

        if let nest = root.descendant(named: "tile-3-1") {
            let inner = square(
                "tile-3-1.inner", side: nest.bounds.width * 0.6, centre: boundsCentre(nest), Palette.orange)
            inner.addSublayer(
                square("tile-3-1.core", side: inner.bounds.width * 0.5, centre: boundsCentre(inner), Palette.green))
            nest.addSublayer(inner)
        }

        if let clip = root.descendant(named: "tile-4-2") {
            clip.masksToBounds = true
            let side = clip.bounds.width
            // Its right and bottom halves lie outside the tile and are clipped away.
            clip.addSublayer(square("tile-4-2.overhang", side: side, centre: CGPoint(x: side, y: side), Palette.green))
        }

        // The mover starts in the bottom-right margin, clear of every tile.
        let mover = CALayer.filled(CGRect(x: 0, y: 0, width: moverSide, height: moverSide), Palette.ink)
        mover.name = moverName
        mover.cornerRadius = moverSide / 2
        mover.position = CGPoint(x: size.width - moverSide / 2 - 4, y: size.height - moverSide / 2 - 4)
        mover.zPosition = 1
        root.addSublayer(mover)
        return root
    }

    /// The square cell of the grid: the largest that fits `columns` x `rows` within a margin.
    static func cell(in size: CGSize) -> CGFloat {
        min((size.width - 40) / CGFloat(columns), (size.height - 40) / CGFloat(rows)).rounded(.down)
    }

    /// The centre, in root coordinates, of the tile at `column`, `row`.
    static func tileCentre(_ column: Int, _ row: Int, in size: CGSize) -> CGPoint {
        let cell = cell(in: size)
        let origin = CGPoint(x: (size.width - cell * CGFloat(columns)) / 2, y: (size.height - cell * CGFloat(rows)) / 2)
        return CGPoint(x: origin.x + (CGFloat(column) + 0.5) * cell, y: origin.y + (CGFloat(row) + 0.5) * cell)
    }

    private static func tile(_ column: Int, _ row: Int, in size: CGSize) -> CALayer {
        let tile = square(
            "tile-\(column)-\(row)", side: (cell(in: size) * 0.8).rounded(),
            centre: tileCentre(column, row, in: size), Palette.blue)
        tile.borderWidth = 2
        tile.borderColor = Palette.ink
        return tile
    }

    private static func square(_ name: String, side: CGFloat, centre: CGPoint, _ color: CGColor) -> CALayer {
        let layer = CALayer.filled(
            CGRect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side), color)
        layer.name = name
        layer.cornerRadius = side * 0.2
        return layer
    }

    private static func boundsCentre(_ layer: CALayer) -> CGPoint {
        CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
    }

    /// The colour after `color` in `colors`, round again (the first for any other colour).
    static func nextColor(after color: CGColor?) -> CGColor {
        colors[((colors.firstIndex { $0 == color } ?? -1) + 1) % colors.count]
    }

    /// A click on the mover recolours it (an implicit colour animation). Any other click sends
    /// the mover gliding there in `glideDuration` seconds and, when it hits a tile, steps the
    /// tile to its next colour at once; the root counts as nothing.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        guard let mover = root.descendant(named: moverName) else { return nothing }
        if hit === mover {
            mover.backgroundColor = nextColor(after: mover.backgroundColor)
            return "hit: mover (recoloured)"
        }
        CATransaction.begin()
        CATransaction.setAnimationDuration(glideDuration)
        mover.position = point
        CATransaction.commit()
        let glide = "; the mover glides to (\(Int(point.x)), \(Int(point.y)))"
        guard let hit, hit !== root else { return nothing + glide }
        CALayer.withoutActions { hit.backgroundColor = nextColor(after: hit.backgroundColor) }
        return "hit: \(hit.name ?? "an unnamed layer")" + glide
    }
}
