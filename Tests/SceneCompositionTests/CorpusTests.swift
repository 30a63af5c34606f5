import Foundation
import GLBackend
import SceneComposition
import Testing

/// Public Lottie files against rlottie, a development measurement like `scripts/realcode`: the
/// files are downloaded, never committed, so the suite runs only when
/// `SCENECOMPOSITION_CORPUS` names a folder of them (`.json`). Each file is rendered at eight
/// frames spread over its length, its longer side 200 pixels, and compared with rlottie's; the
/// table printed (and written to `SCENECOMPOSITION_CORPUS_REPORT` when set) gives each file's
/// worst frame and how many frames are within the bounds. It fails when a file cannot be loaded
/// (after measuring the others).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SCENECOMPOSITION_CORPUS"] != nil))
struct CorpusTests {
    /// The bounds a frame is counted within: those of the per-feature tests' widest.
    static let meanBound = 3.0
    static let ssimBound = 0.9

    @Test func corpusAgainstReference() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SCENECOMPOSITION_CORPUS"]!)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        var lines = ["| file | frames within | worst mean | worst SSIM | not played |", "|---|---|---|---|---|"]
        var within = 0
        var total = 0
        var unreadable: [String] = []
        for file in files {
            let composition: CAComposition
            do {
                composition = try CAComposition(contentsOf: file)
            } catch {
                unreadable.append(file.lastPathComponent)
                lines.append("| \(file.lastPathComponent) | not loaded: \(error) | | | |")
                continue
            }
            let scale = 200 / max(composition.size.width, composition.size.height)
            let width = max(1, Int((composition.size.width * scale).rounded()))
            let height = max(1, Int((composition.size.height * scale).rounded()))
            let layer = CACompositionLayer(composition: composition)
            layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
            let renderer = try OffscreenRenderer(width: width, height: height)
            let first = Int(composition.inPoint.rounded(.up))
            let last = Int(composition.outPoint.rounded(.up)) - 1
            let frames = Array(Set((0..<8).map { first + ($0 * max(0, last - first)) / 7 })).sorted()
            var images: [(frame: Int, image: RenderedImage)] = []
            for frame in frames {
                layer.currentFrame = Double(frame)
                images.append((frame, try renderer.render(layer)))
            }
            let json = try String(contentsOf: file, encoding: .utf8)
            let results = try ReferenceRenderer.compare(json, images: images)
            let good = results.filter { $0.meanDifference <= Self.meanBound && $0.ssim >= Self.ssimBound }.count
            within += good
            total += results.count
            let worstMean = results.map(\.meanDifference).max() ?? 0
            let worstSSIM = results.map(\.ssim).min() ?? 1
            let features = layer.warnings.map { $0.components(separatedBy: " (not played)")[0] }
                .filter { !$0.contains(" ") || !$0.hasPrefix("a ") }
            lines.append(
                "| \(file.lastPathComponent) | \(good)/\(results.count) | \(worstMean) | \(worstSSIM) | "
                    + "\(features.joined(separator: ", ")) |")
        }
        lines.append("")
        lines.append("\(within) of \(total) frames within mean ≤ \(Self.meanBound), SSIM ≥ \(Self.ssimBound)")
        let report = lines.joined(separator: "\n")
        print(report)
        if let path = ProcessInfo.processInfo.environment["SCENECOMPOSITION_CORPUS_REPORT"] {
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(unreadable == [], "files that did not load")
    }
}
