/// Small images packed into shared textures, the atlas's pages, so that what is drawn from one
/// page shares a draw call. The render side's shape rasters (`ShapeRasterCache`) and glyphs
/// (`GlyphAtlas`) each keep one.
///
/// A page is known to the renderer as a transparent image of its size; what is placed in it is
/// written into that image's texture by `TextureUpdate`s, which the frame's display list
/// carries (`takeUpdates`). Slots are found by a `ShelfPacker` and have a transparent pixel
/// round them, so that sampling at a slot's edge reads nothing of its neighbours. Slots are not
/// freed one by one: when an image finds no room in any of `maximumPages` pages the atlas is
/// marked full, and its owner empties it whole between frames (`emptyIfFull`), so that no
/// quad of the frame being built loses its pixels.
struct TextureAtlas: Sendable {
    /// Where an image lies in the atlas: its page, and its pixels in that page.
    struct Slot: Equatable, Sendable {
        let page: Int
        let x: Int, y: Int, width: Int, height: Int
    }

    private struct Page: Sendable {
        /// The page's identity for the renderer, whose texture the updates write into.
        let image: CGImage
        var packer: ShelfPacker
    }

    /// The side of a page, in pixels.
    let pageSide: Int
    /// The most pages the atlas keeps.
    let maximumPages: Int
    private var pages: [Page] = []
    private var updates: [TextureUpdate] = []
    /// Set when an image found no room in any page.
    private(set) var isFull = false

    init(pageSide: Int, maximumPages: Int) {
        self.pageSide = pageSide
        self.maximumPages = maximumPages
    }

    /// A slot of `width` x `height` pixels in the first page with room, or in a new page; nil,
    /// marking the atlas full, when every page is full (and nil for an image larger than a page).
    mutating func place(width: Int, height: Int) -> Slot? {
        guard width + 2 <= pageSide, height + 2 <= pageSide else { return nil }
        for index in pages.indices {
            if let origin = pages[index].packer.place(width: width + 2, height: height + 2) {
                return Slot(page: index, x: origin.x + 1, y: origin.y + 1, width: width, height: height)
            }
        }
        guard pages.count < maximumPages else {
            isFull = true
            return nil
        }
        let image = CGImage(
            premultipliedRGBA: [UInt8](repeating: 0, count: pageSide * pageSide * 4), width: pageSide, height: pageSide)
        pages.append(Page(image: image, packer: ShelfPacker(side: pageSide)))
        return place(width: width, height: height)
    }

    /// Writes `region` of `image` (all of it when nil; the image is the slot's size) into the
    /// same place of `slot`.
    mutating func write(_ image: CGImage, into slot: Slot, region: UpdatedRegion? = nil) {
        let region = region ?? UpdatedRegion(base: 0, x: 0, y: 0, width: image.width, height: image.height)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(region.width * region.height * 4)
        for row in region.y..<(region.y + region.height) {
            let start = (row * image.width + region.x) * 4
            pixels += image.pixels[start..<(start + region.width * 4)]
        }
        updates.append(
            TextureUpdate(
                texture: pages[slot.page].image, x: slot.x + region.x, y: slot.y + region.y, width: region.width,
                height: region.height, pixels: pixels))
    }

    /// The image of the page `slot` is in.
    func image(of slot: Slot) -> CGImage { pages[slot.page].image }

    /// The slot's pixels in its page in unit texture coordinates: minX, minY, maxX, maxY.
    func uv(of slot: Slot) -> SIMD4<Float> {
        let side = Float(pageSide)
        return SIMD4(
            Float(slot.x) / side, Float(slot.y) / side, Float(slot.x + slot.width) / side,
            Float(slot.y + slot.height) / side)
    }

    /// Empties a full atlas (its slots are forgotten; its owner places its images again);
    /// whether it did.
    mutating func emptyIfFull() -> Bool {
        guard isFull else { return false }
        pages = []
        isFull = false
        return true
    }

    /// The ids of the pages' images.
    var imageIDs: [UInt64] { pages.map(\.image.imageID) }

    /// The pixels to write into the pages before the next frame is drawn, taken once.
    mutating func takeUpdates() -> [TextureUpdate] {
        defer { updates = [] }
        return updates
    }
}
