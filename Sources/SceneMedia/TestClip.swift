import CSceneMediaGStreamer
import Foundation

/// Short video clips made with GStreamer's own elements, for the tests and the demo: every
/// frame shows its frame number as a pattern that survives lossy coding, so a decoded picture
/// says which frame it is (`frameNumber(in:)`).
///
/// The pattern is a grid of `columns` x `rows` cells over the whole picture, one bit of the
/// frame number each (the first cell, top left, is the lowest bit; cells go left to right, then
/// down): a set bit is a light cell (luma `lightLuma`), a clear one a dark cell (`darkLuma`);
/// chroma is neutral, so the picture is grey. 16 cells count up to 65,535 frames.
package enum TestClip {
    /// The coding and container of a clip: all decoded by GStreamer's base and good plugins.
    package enum Codec: String, Sendable, CaseIterable {
        /// Motion JPEG in AVI: every frame a key frame (exact seeks are cheap).
        case motionJPEG
        /// Motion JPEG in Matroska.
        case motionJPEGMatroska
        /// Theora in Ogg.
        case theora
        /// VP8 in WebM (no audio: WebM takes only Vorbis or Opus, which this writer lacks).
        case vp8

        /// The usual file name extension.
        package var fileExtension: String {
            switch self {
            case .motionJPEG: "avi"
            case .motionJPEGMatroska: "mkv"
            case .theora: "ogv"
            case .vp8: "webm"
            }
        }

        /// The encoder and muxer of the pipeline (`mux` named for the audio branch).
        fileprivate var elements: String {
            switch self {
            case .motionJPEG: "jpegenc quality=90 ! avimux name=mux"
            case .motionJPEGMatroska: "jpegenc quality=90 ! matroskamux name=mux"
            case .theora: "theoraenc ! oggmux name=mux"
            case .vp8: "vp8enc deadline=1 keyframe-max-dist=10 ! webmmux name=mux"
            }
        }

        /// Whether the container takes the raw PCM audio branch.
        fileprivate var takesRawAudio: Bool { self == .motionJPEG || self == .motionJPEGMatroska }
    }

    /// Why a clip was not written.
    package struct WriteError: Error, CustomStringConvertible {
        package let description: String
    }

    package static let columns = 4
    package static let rows = 4
    /// The luma of a set bit's cell and of a clear bit's (0...255).
    package static let lightLuma: UInt8 = 224
    package static let darkLuma: UInt8 = 32

    /// Writes a clip of `frameCount` frames at `framesPerSecond` to `url` and returns when the
    /// file is complete (the pipeline's end of stream), or throws: a size that is not even and
    /// positive, an element missing, a pipeline error, or no end within `timeout` seconds.
    /// With `audio`, a 440 Hz tone as long as the video is muxed in as raw PCM (Motion JPEG
    /// clips only).
    package static func write(
        to url: URL, width: Int = 160, height: Int = 120, framesPerSecond: Int = 30, frameCount: Int = 30,
        codec: Codec = .motionJPEG, audio: Bool = false, timeout: TimeInterval = 30
    ) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0, framesPerSecond > 0, frameCount > 0 else {
            throw WriteError(
                description: "TestClip: \(width)x\(height) at \(framesPerSecond) fps, \(frameCount) frames: "
                    + "the size must be even and positive, the rate and count positive")
        }
        guard !audio || codec.takesRawAudio else {
            throw WriteError(
                description:
                    "TestClip: \(codec) clips take no audio (the tone is raw PCM, which only AVI and Matroska hold)")
        }
        var description =
            "appsrc name=src format=time caps=video/x-raw,format=I420,width=\(width),height=\(height),"
            + "framerate=\(framesPerSecond)/1 ! \(codec.elements) ! filesink name=sink"
        if audio {
            let samples = 48_000 / framesPerSecond
            description +=
                " audiotestsrc num-buffers=\(frameCount) samplesperbuffer=\(samples) freq=440"
                + " ! audio/x-raw,format=S16LE,rate=48000,channels=1 ! mux."
        }
        try withPipeline(description, named: "a \(codec) pipeline") { pipeline in
            let bin = GStreamer.cast(pipeline, to: GstBin.self)
            guard let source = gst_bin_get_by_name(bin, "src"), let sink = gst_bin_get_by_name(bin, "sink") else {
                throw WriteError(description: "TestClip: the pipeline lacks its source or sink")
            }
            defer {
                gst_object_unref(source)
                gst_object_unref(sink)
            }
            scm_set_string(sink, "location", url.path)
            try start(pipeline, writing: url.path)
            push(frameCount, framesPerSecond: framesPerSecond, width: width, height: height, into: source)
            try waitForEnd(of: pipeline, url: url, timeout: timeout)
        }
    }

    /// Pushes the pictures of frames 0..<`count` into the app source `source`, then its end.
    private static func push(
        _ count: Int, framesPerSecond: Int, width: Int, height: Int, into source: UnsafeMutablePointer<GstElement>
    ) {
        let appSource = GStreamer.cast(source, to: GstAppSrc.self)
        let frameDuration = GstClockTime(1_000_000_000) / GstClockTime(framesPerSecond)
        for frame in 0..<count {
            let picture = i420Picture(frame: frame, width: width, height: height)
            let buffer = gst_buffer_new_allocate(nil, gsize(picture.count), nil)!
            _ = picture.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize($0.count)) }
            buffer.pointee.pts = GstClockTime(frame) * frameDuration
            buffer.pointee.duration = frameDuration
            guard gst_app_src_push_buffer(appSource, buffer) == GST_FLOW_OK else { break }
        }
        gst_app_src_end_of_stream(appSource)
    }

    /// Runs the pipeline `description` (GStreamer's launch syntax: test sources into a file, say)
    /// until its end of stream, or throws: a description that does not parse, an element
    /// missing, a pipeline error, or no end within `timeout` seconds.
    package static func run(_ description: String, timeout: TimeInterval = 60) throws {
        try withPipeline(description, named: "the pipeline") { pipeline in
            try start(pipeline, writing: nil)
            try waitForEnd(of: pipeline, url: nil, timeout: timeout)
        }
    }

    /// Runs `body` with the pipeline `description` makes, which is stopped and let go after.
    private static func withPipeline(
        _ description: String, named name: String, _ body: (UnsafeMutablePointer<GstElement>) throws -> Void
    ) throws {
        GStreamer.initialize()
        var parseError: UnsafeMutablePointer<GError>?
        guard let pipeline = gst_parse_launch(description, &parseError), parseError == nil else {
            throw WriteError(description: "TestClip: cannot make \(name): \(GStreamer.consume(parseError))")
        }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        try body(pipeline)
    }

    /// Sets `pipeline` playing, or throws.
    private static func start(_ pipeline: UnsafeMutablePointer<GstElement>, writing path: String?) throws {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw WriteError(
                description: "TestClip: \(path.map { "cannot write \($0)" } ?? "the pipeline would not start")")
        }
    }

    /// Waits for the pipeline's end of stream, or throws its error or a timeout.
    private static func waitForEnd(of pipeline: UnsafeMutablePointer<GstElement>, url: URL?, timeout: TimeInterval)
        throws
    {
        let what = url.map { "writing \($0.path)" } ?? "the pipeline"
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        let types = GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(timeout * 1e9), types) else {
            throw WriteError(description: "TestClip: \(what) did not end within \(timeout) s")
        }
        defer { gst_message_unref(message) }
        if message.pointee.type == GST_MESSAGE_ERROR {
            throw WriteError(description: "TestClip: \(what) failed: \(GStreamer.errorText(of: message))")
        }
    }

    // MARK: - The pattern

    /// Whether `frame`'s pattern has `cell` light.
    package static func isLight(frame: Int, cell: Int) -> Bool { frame >> cell & 1 == 1 }

    /// The pixel rectangle of `cell` (index as in the type's description) in a picture.
    package static func cellRect(_ cell: Int, width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>) {
        let (column, row) = (cell % columns, cell / columns)
        return (
            column * width / columns..<(column + 1) * width / columns, row * height / rows..<(row + 1) * height / rows
        )
    }

    /// The I420 samples of `frame` (Y, then U, then V; rows without padding).
    package static func i420Picture(frame: Int, width: Int, height: Int) -> [UInt8] {
        var samples = [UInt8](repeating: 128, count: width * height + 2 * (width / 2) * (height / 2))
        for cell in 0..<columns * rows {
            let (xs, ys) = cellRect(cell, width: width, height: height)
            let luma = isLight(frame: frame, cell: cell) ? lightLuma : darkLuma
            for y in ys {
                samples.replaceSubrange(
                    y * width + xs.lowerBound..<y * width + xs.upperBound, with: repeatElement(luma, count: xs.count))
            }
        }
        return samples
    }

    /// The frame number a decoded picture shows, from its luma (`luma(x, y)`, 0...255, in a
    /// `width` x `height` picture): each cell's mean over its central half, light above the
    /// middle. Nil when a cell is neither clearly light nor clearly dark (not a clip's picture,
    /// or two frames blended).
    package static func frameNumber(width: Int, height: Int, luma: (_ x: Int, _ y: Int) -> Double) -> Int? {
        var number = 0
        for cell in 0..<columns * rows {
            let (xs, ys) = cellRect(cell, width: width, height: height)
            let inner = (
                x: xs.lowerBound + xs.count / 4..<xs.upperBound - xs.count / 4,
                y: ys.lowerBound + ys.count / 4..<ys.upperBound - ys.count / 4
            )
            var sum = 0.0
            for y in inner.y { for x in inner.x { sum += luma(x, y) } }
            let mean = sum / Double(max(inner.x.count * inner.y.count, 1))
            let middle = (Double(lightLuma) + Double(darkLuma)) / 2
            guard abs(mean - middle) > (Double(lightLuma) - Double(darkLuma)) / 4 else { return nil }
            if mean > middle { number |= 1 << cell }
        }
        return number
    }

    /// The frame number a decoded video frame shows (from its luma plane), as
    /// `frameNumber(width:height:luma:)`.
    package static func frameNumber(in frame: VideoFrame) -> Int? {
        let plane = frame.planes[0]
        return frameNumber(width: frame.width, height: frame.height) { x, y in
            Double(plane.base.load(fromByteOffset: y * plane.bytesPerRow + x, as: UInt8.self))
        }
    }
}
