import Foundation
import Testing

@testable import demo_window

@Suite struct BenchResultTests {
    @Test func percentilesUseTheNearestRank() {
        let values: [Double] = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6]
        #expect(BenchResult.percentile(values, 0.5) == 5)
        #expect(BenchResult.percentile(values, 0.95) == 10)
        #expect(BenchResult.percentile(values, 0.1) == 1)
        #expect(BenchResult.percentile(values, 0) == 1)
        #expect(BenchResult.percentile([], 0.5) == 0)
    }

    @Test func theJSONCarriesTheKeysTheBenchmarkPromises() throws {
        var result = BenchResult(
            fps: 60, frame_ms_p50: 16.6, frame_ms_p95: 17, frame_ms_p99: 18, dropped_frames: 1,
            render_cpu_ms_per_frame: 1.5, app_cpu_ms_per_frame: 0.5, draw_calls_per_frame: 1, rss_mb: 120)
        result.max_gap_ms_during_block = 22
        result.frames_during_block = 120
        result.animation = "implicit"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try result.writeJSON(to: path)
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let keys = Set(object?.keys.map { $0 } ?? [])
        #expect(
            keys == [
                "fps", "frame_ms_p50", "frame_ms_p95", "frame_ms_p99", "dropped_frames", "render_cpu_ms_per_frame",
                "app_cpu_ms_per_frame", "draw_calls_per_frame", "rss_mb", "max_gap_ms_during_block",
                "frames_during_block",
                "animation", "upload_bytes_per_frame",
            ])
        #expect(object?["animation"] as? String == "implicit")
        #expect(result.line(prefix: "bench=scenecore").contains("fps=60.00 p50_ms=16.600 p95_ms=17.000"))
    }

    /// `--layers` is capped with a usage error naming the cap, rather than building the scene.
    @Test func layerCountsAboveTheCapAreAUsageError() throws {
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--layers", "1000000000"]) }
        do {
            _ = try BenchCommand.parse(["--layers", "1000001"])
            Issue.record("--layers 1000001 was accepted")
        } catch {
            #expect(BenchCommand.message(for: error).contains("--layers must be at most"))
        }
        #expect(try BenchCommand.parse(["--layers", "1000000"]).layers == 1_000_000)
    }

    /// `--json` to a path that cannot be written fails while parsing, before any benchmark runs;
    /// a writable path passes and the check leaves no file behind.
    @Test func anUnwritableJSONPathFailsBeforeTheBenchmark() throws {
        let missing = "/nonexistent-\(getpid())/bench.json"
        do {
            _ = try BenchCommand.parse(["--json", missing])
            Issue.record("--json \(missing) was accepted")
        } catch {
            #expect(BenchCommand.message(for: error).contains("cannot write \(missing)"))
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--json", directory]) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-check-\(getpid()).json").path
        #expect(try BenchCommand.parse(["--json", path]).json == path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
