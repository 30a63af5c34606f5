/// An image as animation values carry it: an unretained reference, so that animation values
/// are plain data that copy without reference counting (the render side copies them many
/// times per animation and frame).
///
/// The image is kept alive by what the value came from: the compiled animation that holds its
/// from/to/keyframe images (`PropertyAnimationSpec.images`), or the layer properties it was
/// read from. Turning it back into a `CGImage` (`image`) takes a strong reference again.
struct ImageReference: @unchecked Sendable, Equatable {
    private let pointer: Unmanaged<CGImage>?

    init(_ image: CGImage?) {
        pointer = image.map { Unmanaged.passUnretained($0) }
    }

    /// The image (a strong reference).
    package var image: CGImage? { pointer?.takeUnretainedValue() }

    static func == (a: ImageReference, b: ImageReference) -> Bool {
        a.pointer?.toOpaque() == b.pointer?.toOpaque()
    }
}
