import Foundation
import Testing

@testable import demo_window

/// The soak's figures (`bench --sample-interval`): samples, the growth after the warm-up and
/// its bounds, and the options' checks.
@Suite struct SoakTests {
    private func sample(
        _ t: Double, rss: Double, threads: Int = 8, workers: Int = 2, fds: Int = 18, textures: Int = 1
    ) -> ResourceSample {
        ResourceSample(
            t: t, rss_mb: rss, threads: threads, dispatch_workers: workers, fds: fds, textures: textures,
            texture_mb: Double(textures) * 0.5)
    }

    @Test func growthIgnoresTheWarmUpAndOnePeakOfResidentMemory() throws {
        // Warm-up at 0 and 10; after it, nine samples with a 30 MiB peak in the middle and a
        // last third 1.5 MiB above the first.
        let rss: [Double] = [100, 100, 101, 130, 100, 100, 101, 102, 102]
        let samples =
            [sample(0, rss: 20, threads: 3, workers: 0, fds: 5, textures: 0), sample(10, rss: 90)]
            + rss.enumerated().map { sample(20 + Double($0.offset) * 10, rss: $0.element, workers: $0.offset % 4) }
        let growth = try #require(ResourceGrowth(samples, warmup: 20))
        #expect(growth.rss_mb == 2)
        #expect([growth.threads, growth.fds, growth.textures] == [0, 0, 0] && growth.texture_mb == 0)
        #expect(growth.excesses(rssLimit: 2).isEmpty)
        #expect(growth.excesses(rssLimit: 1.5) == ["rss grew 2.0 MiB (bound 1.5)"])
    }

    @Test func anyRiseInThreadsDescriptorsOrTexturesExceedsTheBounds() throws {
        let samples = [
            sample(0, rss: 100), sample(10, rss: 100, threads: 9), sample(20, rss: 100, fds: 20),
            sample(30, rss: 100, textures: 2),
        ]
        let growth = try #require(ResourceGrowth(samples, warmup: 0))
        #expect(growth.rss_mb == 0)
        #expect([growth.threads, growth.fds, growth.textures] == [1, 2, 1] && growth.texture_mb == 0.5)
        #expect(
            growth.excesses(rssLimit: 8) == [
                "threads grew by 1", "file descriptors grew by 2", "textures grew by 1 (0.50 MiB)",
            ])
        #expect(ResourceGrowth([sample(0, rss: 100)], warmup: 0) == nil)
        #expect(ResourceGrowth(samples, warmup: 30) == nil)
    }

    @Test func aSampleCountsThisProcess() {
        let taken = ResourceSample.take(at: 5, textures: 3, textureBytes: 3 << 19)
        #expect(taken.t == 5)
        #expect(taken.rss_mb > 0)
        #expect(taken.threads + taken.dispatch_workers >= 1)
        #expect(taken.fds >= 3)  // standard input, output and error at least
        #expect(taken.textures == 3 && taken.texture_mb == 1.5)
        #expect(taken.line().hasPrefix("sample: t=5 rss_mb="))
    }

    @Test func theJSONCarriesTheSamplesAndTheGrowth() throws {
        var result = BenchResult(
            fps: 60, frame_ms_p50: 16.6, frame_ms_p95: 17, frame_ms_p99: 18, dropped_frames: 0,
            render_cpu_ms_per_frame: 1, app_cpu_ms_per_frame: 0.5, draw_calls_per_frame: 1, rss_mb: 120)
        result.samples = [sample(0, rss: 100), sample(10, rss: 100)]
        result.growth = ResourceGrowth(result.samples!, warmup: 0)
        let data = try JSONEncoder().encode(result)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let samples = try #require(object?["samples"] as? [[String: Any]])
        #expect(samples.count == 2)
        #expect(
            Set(samples[0].keys) == ["t", "rss_mb", "threads", "dispatch_workers", "fds", "textures", "texture_mb"])
        #expect(
            Set((object?["growth"] as? [String: Any])?.keys.map { $0 } ?? []) == [
                "rss_mb", "threads", "fds", "textures", "texture_mb",
            ])
        #expect(
            result.line(prefix: "bench").hasSuffix(
                " growth_rss_mb=0.0 growth_threads=0 growth_fds=0 growth_textures=0 growth_texture_mb=0.00"))
    }

    @Test func theSoakOptionsAreCheckedBeforeTheRun() throws {
        #expect(try BenchCommand.parse(["--sample-interval", "10", "--max-rss-growth-mb", "16"]).sampleInterval == 10)
        for arguments in [
            ["--sample-interval", "0"], ["--sample-interval", "10", "--headless"], ["--max-rss-growth-mb", "16"],
            ["--sample-interval", "10", "--max-rss-growth-mb", "-1"],
        ] {
            #expect(throws: (any Error).self, "\(arguments)") { try BenchCommand.parse(arguments) }
        }
    }
}
