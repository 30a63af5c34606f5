import Foundation
import SceneCore
import SceneMedia

/// Video (SceneMedia): a clip made on first run with GStreamer's own test sources plays, looping
/// without a gap (`AVPlayerLooper`), on a card that turns in 3D, rounded and masked by a gradient
/// that fades its lower edge, over its reflection (a replicator's second instance, flipped and
/// faded); a scrubber of layers follows the time. Keys: p plays or pauses, [ and ] seek 5 s back
/// and forth, 0 starts over; a click on the scrubber seeks there.
enum VideoScene {
    static func make(_ options: SceneOptions) -> CALayer {
        let size = options.size
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.ink)
        let caption = EffectsScene.caption(
            "AVPlayerLayer on a turning, rounded, masked card with a reflection · p play/pause · [ ] seek · click the bar",
            width: size.width)
        caption.foregroundColor = Palette.background
        root.addSublayer(caption)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 1100
        root.sublayerTransform = perspective
        let clip: URL
        do {
            clip = try options.media ?? DemoClips.card()
        } catch {
            caption.string = "could not make the demo clip: \(error)"
            return root
        }
        // The card and its reflection fit between the caption and the scrubber.
        let cardWidth = max(min(size.width * 0.6, (size.height - 140) / 2 * 16 / 9), 16)
        let cardHeight = cardWidth * 9 / 16
        let stage = CAReplicatorLayer()
        stage.name = "stage"
        stage.bounds = CGRect(x: 0, y: 0, width: cardWidth, height: cardHeight * 2 + 8)
        stage.position = CGPoint(x: size.width / 2, y: 44 + cardHeight + 4)
        // The second instance: the card flipped about the stage's middle, below the card, faded.
        stage.instanceCount = 2
        stage.instanceTransform = CATransform3DMakeScale(1, -1, 1)
        stage.instanceAlphaOffset = -0.75
        stage.add(
            CABasicAnimation.backAndForth("transform.rotation.y", from: -0.35, to: 0.35, duration: 7), forKey: "turn")
        let queue = AVQueuePlayer()
        let looper = AVPlayerLooper(player: queue, templateItem: AVPlayerItem(url: clip))
        let card = AVPlayerLayer(player: queue)
        card.name = "card"
        card.frame = CGRect(x: 0, y: 0, width: cardWidth, height: cardHeight)
        card.videoGravity = .resizeAspectFill
        card.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        card.cornerRadius = 22
        card.masksToBounds = true
        let fade = CAGradientLayer()
        fade.frame = card.bounds
        fade.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0.35)]
        fade.locations = [0, 0.8, 1]
        card.mask = fade
        stage.addSublayer(card)
        root.addSublayer(stage)
        root.addSublayer(scrubber(width: size.width - 80, y: size.height - 36))
        // The looper and the time observer live as long as the scene: kept on the root.
        root.setValue(looper, forKey: "looper")
        nonisolated(unsafe) let bar = root.descendant(named: "scrubber-fill")
        let token = queue.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 10), queue: .main) {
            [weak queue] time in
            guard let duration = queue?.currentItem?.duration.seconds, duration > 0, let bar else { return }
            let fraction = min(max(time.seconds / duration, 0), 1)
            CALayer.withoutActions { bar.bounds.size.width = (bar.superlayer?.bounds.width ?? 0) * fraction }
        }
        root.setValue(token, forKey: "timeObserver")
        queue.play()
        return root
    }

    /// A track the full width with a fill that grows with the time.
    static func scrubber(width: CGFloat, y: CGFloat) -> CALayer {
        let track = CALayer.filled(CGRect(x: 40, y: y, width: max(width, 1), height: 10), CGColor(gray: 1, alpha: 0.2))
        track.name = "scrubber"
        track.cornerRadius = 5
        let fill = CALayer.filled(CGRect(x: 0, y: 0, width: 0, height: 10), Palette.orange)
        fill.name = "scrubber-fill"
        fill.anchorPoint = .zero
        fill.cornerRadius = 5
        track.addSublayer(fill)
        return track
    }

    static func player(of root: CALayer) -> AVPlayer? {
        (root.descendant(named: "card") as? AVPlayerLayer)?.player
    }

    static func key(_ root: CALayer, _ characters: String) -> String? {
        guard let player = player(of: root) else { return nil }
        switch characters {
        case "p":
            if player.rate == 0 { player.play() } else { player.pause() }
            return player.rate == 0 ? "video: paused" : "video: playing"
        case "[", "]":
            let step = characters == "]" ? 5.0 : -5.0
            let target = max(player.currentTime().seconds + step, 0)
            player.seek(to: CMTime(seconds: target, preferredTimescale: 600))
            return String(format: "video: seek to %.1f s", target)
        case "0":
            player.seek(to: .zero)
            return "video: start over"
        default:
            return nil
        }
    }

    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        guard let track = root.descendant(named: "scrubber"), hit === track || hit?.superlayer === track,
            let player = player(of: root), let duration = player.currentItem?.duration.seconds, duration > 0
        else { return "video: click at (\(Int(point.x)), \(Int(point.y)))" }
        let fraction = min(max((point.x - track.frame.minX) / track.bounds.width, 0), 1)
        player.seek(to: CMTime(seconds: fraction * duration, preferredTimescale: 600))
        return String(format: "video: seek to %.1f s", fraction * duration)
    }
}

extension VideoScene {
    /// The video benchmark's scene: one `AVPlayerLayer` filling the window, fitting the clip
    /// (the benchmark's `--media`, or the card's clip) inside it, played once from the start.
    static func bench(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), CGColor(gray: 0, alpha: 1))
        guard let clip = try? options.media ?? DemoClips.card() else { return root }
        let player = AVPlayer(url: clip)
        let layer = AVPlayerLayer(player: player)
        layer.name = "card"
        layer.frame = root.bounds
        root.addSublayer(layer)
        player.play()
        return root
    }
}
