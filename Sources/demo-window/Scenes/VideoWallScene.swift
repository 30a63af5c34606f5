import Foundation
import SceneCore
import SceneMedia

/// A wall of 16 videos (SceneMedia): a 4x4 grid of rounded `AVPlayerLayer`s, each with a player
/// of its own playing the wall clip (320x180, made on first run, or the benchmark's `--media`)
/// in a seamless loop, started half a second apart so that no two show the same frame.
enum VideoWallScene {
    static let columns = 4
    static let rows = 4

    static func make(_ options: SceneOptions) -> CALayer {
        let size = options.size
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.ink)
        let clip: URL
        do {
            clip = try options.media ?? DemoClips.wall()
        } catch {
            let caption = EffectsScene.caption("could not make the wall clip: \(error)", width: size.width)
            caption.foregroundColor = Palette.background
            root.addSublayer(caption)
            return root
        }
        let gap: CGFloat = 8
        let width = max((size.width - gap * CGFloat(columns + 1)) / CGFloat(columns), 1)
        let height = max((size.height - gap * CGFloat(rows + 1)) / CGFloat(rows), 1)
        var loopers: [AVPlayerLooper] = []
        for index in 0..<columns * rows {
            let queue = AVQueuePlayer()
            let item = AVPlayerItem(url: clip)
            loopers.append(AVPlayerLooper(player: queue, templateItem: item))
            let tile = AVPlayerLayer(player: queue)
            tile.name = "video-\(index)"
            tile.frame = CGRect(
                x: gap + CGFloat(index % columns) * (width + gap), y: gap + CGFloat(index / columns) * (height + gap),
                width: width, height: height)
            tile.videoGravity = .resizeAspectFill
            tile.cornerRadius = 10
            tile.masksToBounds = true
            tile.backgroundColor = CGColor(gray: 0.2, alpha: 1)
            root.addSublayer(tile)
            queue.seek(to: CMTime(value: CMTimeValue(index), timescale: 2))
            queue.play()
        }
        // The loopers live as long as the scene.
        root.setValue(loopers, forKey: "loopers")
        return root
    }
}
