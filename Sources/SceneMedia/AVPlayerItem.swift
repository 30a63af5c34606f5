import Foundation

extension NSNotification.Name {
    /// Posted through `NotificationCenter.default`, on the main queue, when an item has played to
    /// its end (the object is the item).
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    /// Posted through `NotificationCenter.default`, on the main queue, when an item that was
    /// playing fails before its end (the object is the item; the error is under
    /// `AVPlayerItemFailedToPlayToEndTimeErrorKey`).
    public static let AVPlayerItemFailedToPlayToEndTime = NSNotification.Name(
        "AVPlayerItemFailedToPlayToEndTimeNotification")
}

/// The key of the error in an `AVPlayerItemFailedToPlayToEndTime` notification's user info.
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"

/// An asset as a player plays it (AVFoundation's `AVPlayerItem`): its status, duration and
/// picture size, known once a player has loaded it.
///
/// An item plays in one player at a time. `status`, `error`, `duration` and `presentationSize`
/// change on the main queue and are observable with `observe(_:options:changeHandler:)`.
open class AVPlayerItem: NSObject, MediaObservable, @unchecked Sendable {
    /// Whether an item can be played (AVFoundation's `AVPlayerItem.Status`).
    public enum Status: Int, Sendable {
        /// Not yet loaded by a player.
        case unknown = 0
        /// Loaded: it can play.
        case readyToPlay = 1
        /// It cannot play; `error` says why.
        case failed = 2
    }

    /// `NSNotification.Name.AVPlayerItemDidPlayToEndTime`, in the newer spelling.
    public static let didPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemDidPlayToEndTime
    /// `NSNotification.Name.AVPlayerItemFailedToPlayToEndTime`, in the newer spelling.
    public static let failedToPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemFailedToPlayToEndTime

    struct State {
        var status = Status.unknown
        var error: Error?
        var duration = CMTime.indefinite
        var presentationSize = CGSize.zero
        /// Where the item was when it last left a player (its time while in none).
        var time = CMTime.zero
        /// The player the item is in (current or queued).
        weak var player: AVPlayer?
    }

    /// The asset the item plays.
    public let asset: AVAsset
    let state = Locked(State())

    /// An item of the asset at `url`.
    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    /// An item of `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// The URL the item plays from.
    var url: URL? { asset.mediaURL }

    /// `.unknown` until a player has loaded the item, then `.readyToPlay` or `.failed`; a
    /// ready item that fails while playing becomes `.failed` too. Observable.
    public var status: Status {
        noteObservableRead("status")
        return state.withLock { $0.status }
    }

    /// Why the item failed (nil unless `status` is `.failed`): an `NSError` naming the file and
    /// the cause (see SceneMedia's README). Observable.
    public var error: Error? {
        noteObservableRead("error")
        return state.withLock { $0.error }
    }

    /// How long the item lasts: `.indefinite` until it is ready to play. Observable.
    public var duration: CMTime {
        noteObservableRead("duration")
        return state.withLock { $0.duration }
    }

    /// The size of the item's picture as shown (pixels, the pixel aspect ratio applied): zero
    /// until its first frame is decoded. Observable.
    public var presentationSize: CGSize {
        noteObservableRead("presentationSize")
        return state.withLock { $0.presentationSize }
    }

    /// The item's time: its player's time while it is the current item, else where it was when
    /// it stopped being current (zero before it played).
    open func currentTime() -> CMTime {
        let (player, time) = state.withLock { ($0.player, $0.time) }
        if let player, player.currentItem === self { return player.currentTime() }
        return time
    }

    // MARK: - Changes from the player, on the main queue

    func setStatus(_ status: Status, error: Error? = nil) {
        if let error {
            withChange(of: "error") { state.withLock { $0.error = error } }
        }
        guard state.withLock({ $0.status }) != status else { return }
        withChange(of: "status") { state.withLock { $0.status = status } }
    }

    func setDuration(_ duration: CMTime) {
        guard state.withLock({ $0.duration }) != duration else { return }
        withChange(of: "duration") { state.withLock { $0.duration = duration } }
    }

    func setPresentationSize(_ size: CGSize) {
        guard state.withLock({ $0.presentationSize }) != size else { return }
        withChange(of: "presentationSize") { state.withLock { $0.presentationSize = size } }
    }
}
