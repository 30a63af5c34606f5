import SceneCore

/// Rounded, bordered, clipped, image, group-opacity and z-ordered layers, and tiles that abut.
enum GalleryScene {
    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)

        let rounded = CALayer.filled(CGRect(x: 20, y: 20, width: 140, height: 100), Palette.blue)
        rounded.cornerRadius = 24
        rounded.borderWidth = 6
        rounded.borderColor = Palette.ink
        root.addSublayer(rounded)

        let oneCorner = CALayer.filled(CGRect(x: 180, y: 20, width: 140, height: 100), Palette.orange)
        oneCorner.cornerRadius = 40
        oneCorner.maskedCorners = [.layerMaxXMaxYCorner]
        root.addSublayer(oneCorner)

        let clip = CALayer.filled(CGRect(x: 340, y: 20, width: 120, height: 100), Palette.ink)
        clip.cornerRadius = 30
        clip.masksToBounds = true
        clip.addSublayer(CALayer.filled(CGRect(x: -20, y: 40, width: 160, height: 30), Palette.orange))
        clip.addSublayer(CALayer.filled(CGRect(x: 70, y: -10, width: 30, height: 130), Palette.green))
        root.addSublayer(clip)

        let image = CALayer()
        image.frame = CGRect(x: 20, y: 140, width: 140, height: 100)
        image.contents = Palette.quadrants
        image.contentsGravity = .resizeAspect
        image.magnificationFilter = .nearest
        image.borderWidth = 1
        root.addSublayer(image)

        let group = CALayer()
        group.frame = CGRect(x: 180, y: 140, width: 140, height: 100)
        group.opacity = 0.5
        group.addSublayer(CALayer.filled(CGRect(x: 0, y: 0, width: 90, height: 70), Palette.blue))
        group.addSublayer(CALayer.filled(CGRect(x: 50, y: 30, width: 90, height: 70), Palette.orange))
        root.addSublayer(group)

        let back = CALayer.filled(CGRect(x: 340, y: 140, width: 80, height: 80), Palette.green)
        let front = CALayer.filled(CGRect(x: 380, y: 170, width: 80, height: 70), Palette.blue)
        back.zPosition = 1
        root.addSublayer(back)
        root.addSublayer(front)

        let rotated = CALayer.filled(CGRect(x: 500, y: 60, width: 100, height: 100), Palette.orange)
        rotated.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        rotated.cornerRadius = 12
        // Its shadow turns with it: the offset is in the layer's own space.
        rotated.shadowOpacity = 0.4
        rotated.shadowRadius = 6
        rotated.shadowOffset = CGSize(width: 0, height: 8)
        root.addSublayer(rotated)

        // Two tiles turned together, anti-aliased except where they meet, so no seam shows.
        let tiles = CALayer()
        tiles.frame = CGRect(x: 660, y: 60, width: 160, height: 80)
        tiles.transform = CATransform3DMakeRotation(-.pi / 10, 0, 0, 1)
        for (x, shared) in [(0, CAEdgeAntialiasingMask.layerRightEdge), (80, .layerLeftEdge)] {
            let tile = CALayer.filled(CGRect(x: CGFloat(x), y: 0, width: 80, height: 80), Palette.green)
            tile.allowsEdgeAntialiasing = true
            tile.edgeAntialiasingMask.remove(shared)
            tiles.addSublayer(tile)
        }
        root.addSublayer(tiles)
        return root
    }
}
