import Foundation
import GLBackend
import SceneComposition
import SceneCore

/// How one frame rendered by SceneCore compares with rlottie's rendering of the same frame,
/// both over white: the mean absolute difference per channel (0–255) and the structural
/// similarity of their luma (1 for the same picture).
struct FrameComparison: CustomStringConvertible {
    var frame: Int
    var meanDifference: Double
    var ssim: Double

    var description: String { "frame \(frame): mean difference \(meanDifference), SSIM \(ssim)" }
}

/// Runs `Support/rlottie_render.py` (the reference renderer, rlottie-python) from the source tree.
enum ReferenceRenderer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("rlottie_render.py")

    /// Runs the script with `arguments`; returns its standard output, throwing when it fails.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceError.failed(String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Renders `json` with a `CACompositionLayer` the composition's size, paused at each of
    /// `frames`, and compares each picture with rlottie's.
    static func compare(_ json: String, frames: [Int]) throws -> [FrameComparison] {
        let composition = try CAComposition(data: Data(json.utf8))
        let width = Int(composition.size.width)
        let height = Int(composition.size.height)
        let layer = CACompositionLayer(composition: composition)
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let renderer = try OffscreenRenderer(width: width, height: height)
        var images: [(Int, RenderedImage)] = []
        for frame in frames {
            layer.currentFrame = Double(frame)
            images.append((frame, try renderer.render(layer)))
        }
        return try compare(json, images: images)
    }

    /// Compares pictures SceneCore rendered (each with its frame) with rlottie's renderings of
    /// `json` at those frames, the pictures' size.
    static func compare(_ json: String, images: [(frame: Int, image: RenderedImage)]) throws -> [FrameComparison] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("composition-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("animation.json")
        try Data(json.utf8).write(to: document)
        var arguments = ["compare", document.path, String(images[0].image.width), String(images[0].image.height)]
        for (frame, image) in images {
            let file = folder.appendingPathComponent("frame\(frame).rgba")
            try Data(image.pixels).write(to: file)
            arguments.append("\(frame):\(file.path)")
        }
        if let keep = ProcessInfo.processInfo.environment["SCENECOMPOSITION_SAVE_FRAMES"] {
            arguments += ["--save", keep]
        }
        return try run(arguments).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let frame = Int(fields[0]), let mean = Double(fields[1]),
                let ssim = Double(fields[2])
            else { throw ReferenceError.failed("unexpected output: \(line)") }
            return FrameComparison(frame: frame, meanDifference: mean, ssim: ssim)
        }
    }
}

/// The reference renderer failed (its standard error).
enum ReferenceError: Error {
    case failed(String)
}
