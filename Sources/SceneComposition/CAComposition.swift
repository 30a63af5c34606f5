import Foundation

/// A Lottie composition, parsed and checked: what a `CACompositionLayer` plays.
///
/// Loads Lottie JSON (Bodymovin's export of an After Effects composition) or a `.lottie`
/// archive (a zip holding the JSON and its images). Loading reads and validates the whole
/// document and decodes its images; it throws `CompositionError` for input that is not a
/// playable composition (malformed or truncated JSON, absurd sizes, frame rates or frame
/// counts, precompositions that contain themselves) and notes, in `warnings`, what the layer
/// will not play (path modifiers, effects, text animators, ... each with the layers using
/// it) and bad values it dropped. Loading never draws: a composition can be shown by any number
/// of layers.
public final class CAComposition: @unchecked Sendable {
    let model: CompositionModel

    /// The composition's size in points (Lottie's `w` and `h`).
    public var size: CGSize { CGSize(width: model.width, height: model.height) }
    /// Frames per second (`fr`).
    public var frameRate: Double { model.frameRate }
    /// The first frame of the composition (`ip`).
    public var inPoint: Double { model.inPoint }
    /// The frame at which the composition ends (`op`): it shows frames `inPoint` up to, not
    /// including, `outPoint`.
    public var outPoint: Double { model.outPoint }
    /// The composition's length in seconds: `(outPoint − inPoint) / frameRate`.
    public var duration: CFTimeInterval { (model.outPoint - model.inPoint) / model.frameRate }
    /// The named markers, in the order the file lists them.
    public var markers: [CACompositionMarker] { model.markers }
    /// What the composition layer does not play, one line per feature naming the layers that
    /// use it, then the bad values the loader dropped or clamped; empty when everything plays.
    public let warnings: [String]

    /// Loads a composition from Lottie JSON or a `.lottie` archive (told apart by their first
    /// bytes).
    /// - Parameters:
    ///   - data: the JSON document or the archive.
    ///   - baseURL: the folder that images given by path are read from (a JSON file's folder);
    ///     nil reads none from disk.
    /// - Throws: `CompositionError` when the data is not a playable composition.
    public convenience init(data: Data, baseURL: URL? = nil) throws {
        if DotLottieArchive.isArchive(data) {
            let archive = try DotLottieArchive(data)
            try self.init(json: archive.animationData(), resolveImage: archive.image)
        } else {
            try self.init(json: data) { path in
                guard let baseURL, !path.contains("..") else { return nil }
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseURL.appendingPathComponent(path)
                return try? Data(contentsOf: url)
            }
        }
    }

    /// Loads a composition from a `.json` or `.lottie` file; images given by path are read
    /// relative to the file's folder.
    /// - Parameters:
    ///   - url: the file's URL.
    /// - Throws: `CompositionError`, or the error reading the file.
    public convenience init(contentsOf url: URL) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > 4 * CompositionParser.maximumDataSize {
            throw CompositionError.limitExceeded("a file of \(size) bytes")
        }
        try self.init(data: Data(contentsOf: url), baseURL: url.deletingLastPathComponent())
    }

    private init(json: Data, resolveImage: @escaping (String) -> Data?) throws {
        let parser = CompositionParser(resolveImage: resolveImage)
        model = try parser.parse(json)
        warnings = parser.warnings.messages
    }

    /// The marker named `name`, if the composition has one.
    /// - Parameters:
    ///   - name: the marker's name, as the file spells it.
    /// - Returns: the first marker of that name, or nil.
    public func marker(named name: String) -> CACompositionMarker? {
        model.markers.first { $0.name == name }
    }
}
