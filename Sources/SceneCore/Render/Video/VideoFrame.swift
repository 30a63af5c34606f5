import Foundation

/// One decoded picture of a video, as a player or a capture session hands it to the render side:
/// planar YUV 4:2:0 in memory the frame keeps alive, stamped with the time it is to be shown.
///
/// The render side never copies it: the GL side uploads its planes into a texture of its own
/// once (`FramePass.drawVideo`), and the memory is given back (`release`) when the last holder
/// lets the frame go: the layer's `VideoFeed` once a newer frame is shown, and any display list
/// still drawing it.
package final class VideoFrame: @unchecked Sendable {
    /// How the picture's samples are laid out.
    package enum Format: Sendable, Equatable {
        /// Three planes: Y at full size, then U and V at half width and half height.
        case i420
        /// Two planes: Y at full size, then U and V interleaved at half width and half height.
        case nv12
    }

    /// Which matrix turns the picture's Y′CbCr into RGB.
    package enum Matrix: Sendable, Equatable {
        /// ITU-R BT.601 (standard definition).
        case bt601
        /// ITU-R BT.709 (high definition).
        case bt709
    }

    /// One plane of samples: `height` rows of `width` samples (bytes per sample: 1, or 2 for an
    /// NV12 chroma plane), `bytesPerRow` apart.
    package struct Plane: @unchecked Sendable {
        package let base: UnsafeRawPointer
        package let bytesPerRow: Int
        package let width: Int
        package let height: Int

        package init(base: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int) {
            (self.base, self.bytesPerRow, self.width, self.height) = (base, bytesPerRow, width, height)
        }
    }

    private static let nextID = Locked<UInt64>(1)

    /// A number no other frame of the process has: what the GL side knows an upload by.
    package let id: UInt64
    package let format: Format
    /// The picture's size in pixels (the luma plane's).
    package let width: Int
    package let height: Int
    package let planes: [Plane]
    package let matrix: Matrix
    /// Whether samples use the full 0...255 range (JPEG) rather than video's 16...235 (240 for chroma).
    package let isFullRange: Bool
    /// When the frame is due, in seconds of its stream's running time (see `VideoFeed.Clock`).
    package let time: Double
    /// How long it lasts, in seconds (0 when unknown).
    package let duration: Double
    /// Gives the planes' memory back; called once, when the frame is released.
    private let release: (@Sendable () -> Void)?

    /// A frame over memory someone else owns, kept until `release` is called.
    /// Returns nil when the planes do not suit `format` and the size.
    package init?(
        format: Format, width: Int, height: Int, planes: [Plane], time: Double, duration: Double = 0,
        matrix: Matrix = .bt601, isFullRange: Bool = false, release: (@Sendable () -> Void)? = nil
    ) {
        guard width > 0, height > 0, Self.planesSuit(planes, format: format, width: width, height: height) else {
            release?()
            return nil
        }
        id = Self.nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        (self.format, self.width, self.height, self.planes) = (format, width, height, planes)
        (self.matrix, self.isFullRange, self.time, self.duration) = (matrix, isFullRange, time, duration)
        self.release = release
    }

    /// A frame of its own copy of `samples`, one array per plane with rows of the plane's width
    /// and no padding (I420: Y, U, V; NV12: Y, then U and V interleaved); nil when their sizes
    /// do not match the format and size.
    package convenience init?(
        copying samples: [[UInt8]], format: Format, width: Int, height: Int, time: Double, duration: Double = 0,
        matrix: Matrix = .bt601, isFullRange: Bool = false
    ) {
        let shapes = Self.planeShapes(format: format, width: width, height: height)
        guard width > 0, height > 0, samples.count == shapes.count,
            zip(samples, shapes).allSatisfy({ $0.count == $1.width * $1.height * $1.bytesPerSample })
        else { return nil }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: samples.reduce(0) { $0 + $1.count }, alignment: 16)
        var offset = 0
        var planes: [Plane] = []
        for (plane, shape) in zip(samples, shapes) {
            plane.withUnsafeBytes { (storage + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            planes.append(
                Plane(
                    base: storage + offset, bytesPerRow: shape.width * shape.bytesPerSample, width: shape.width,
                    height: shape.height))
            offset += plane.count
        }
        nonisolated(unsafe) let owned = storage
        self.init(
            format: format, width: width, height: height, planes: planes, time: time, duration: duration,
            matrix: matrix, isFullRange: isFullRange, release: { owned.deallocate() })
    }

    deinit { release?() }

    /// Whether `planes` are the planes `format` has for a `width` x `height` picture.
    private static func planesSuit(_ planes: [Plane], format: Format, width: Int, height: Int) -> Bool {
        let shapes = planeShapes(format: format, width: width, height: height)
        guard planes.count == shapes.count else { return false }
        return zip(planes, shapes).allSatisfy { plane, shape in
            plane.width == shape.width && plane.height == shape.height
                && plane.bytesPerRow >= shape.width * shape.bytesPerSample
        }
    }

    /// The size of each plane of a `width` x `height` picture in `format`, and its bytes per sample.
    private static func planeShapes(format: Format, width: Int, height: Int) -> [(
        width: Int, height: Int, bytesPerSample: Int
    )] {
        let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        return switch format {
        case .i420: [(width, height, 1), (chromaWidth, chromaHeight, 1), (chromaWidth, chromaHeight, 1)]
        case .nv12: [(width, height, 1), (chromaWidth, chromaHeight, 2)]
        }
    }
}

extension VideoFrame {
    /// The 4x4 matrix, column by column, that turns a pixel's samples (Y, U, V as 0...1, and 1)
    /// into its RGB (0...1, before clamping): the frame's range expanded, then its matrix's
    /// Y′CbCr to R′G′B′.
    package var rgbMatrix: [Float] {
        // Luma and chroma scales and offsets: video range is 16...235 (chroma 16...240) of 255.
        let (yScale, yOffset): (Float, Float) = isFullRange ? (1, 0) : (255 / 219, -16 / 219)
        let cScale: Float = isFullRange ? 1 : 255 / 224
        let cOffset: Float = 128 / 255
        // R = Y + rv·Cr, G = Y + gu·Cb + gv·Cr, B = Y + bu·Cb.
        let (rv, gu, gv, bu): (Float, Float, Float, Float) =
            switch matrix {
            case .bt601: (1.402, -0.344136, -0.714136, 1.772)
            case .bt709: (1.5748, -0.187324, -0.468124, 1.8556)
            }
        let (u, v) = (cScale, cScale)
        // Columns: the Y, U and V samples' weights, then the constant.
        let constant = SIMD3<Float>(
            yOffset - rv * v * cOffset, yOffset - (gu * u + gv * v) * cOffset, yOffset - bu * u * cOffset)
        return [
            yScale, yScale, yScale, 0,
            0, gu * u, bu * u, 0,
            rv * v, gv * v, 0, 0,
            constant.x, constant.y, constant.z, 1,
        ]
    }
}
