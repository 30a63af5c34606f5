import Foundation

/// One benchmark run's numbers, printed as a key=value line (the peers' style) and as JSON.
struct BenchResult: Codable {
    var fps: Double
    var frame_ms_p50: Double
    var frame_ms_p95: Double
    var frame_ms_p99: Double
    var dropped_frames: Int
    var render_cpu_ms_per_frame: Double
    var app_cpu_ms_per_frame: Double
    var draw_calls_per_frame: Double
    /// Bytes of texture data uploaded per frame (contents that changed).
    var upload_bytes_per_frame: Double = 0
    var rss_mb: Double
    /// CPU time of the process's other threads per frame: llvmpipe's rasteriser threads above
    /// all (the whole process's CPU less the app and render threads'); nil when not measured.
    var other_cpu_ms_per_frame: Double?
    /// The share of the frames' pixels drawn (1 when every frame is drawn whole; less where
    /// frames redraw only what changed); nil when not measured.
    var redrawn_fraction: Double?
    var max_gap_ms_during_block: Double?
    var frames_during_block: Int?
    /// What moved the layers (`--animation`: explicit, implicit or app); nil when not recorded.
    var animation: String?
    /// The soak's resource samples (`--sample-interval`), warm-up included; nil when none were taken.
    var samples: [ResourceSample]?
    /// How far the samples rose after the warm-up; nil without samples.
    var growth: ResourceGrowth?
    /// The whole process's CPU time over the measurement, as a share of one core (100 = one core
    /// busy); nil when not measured.
    var process_cpu_percent: Double?
    /// What the scene's video layers did over the measurement (`VideoFigures`); nil for a scene
    /// without video.
    var video: VideoFigures?
    /// Frames a second that showed a change the app thread committed (the frame rate of a scene
    /// the app moves, `--animation app` or the drift scene); nil when not measured.
    var update_fps: Double?
    /// The app thread's CPU time per such frame; nil when not measured.
    var app_cpu_ms_per_update: Double?
    /// The app thread's CPU time per run of the scene's app-thread change (a display-link
    /// callback: setters and commit), which may come more often than frames; nil without one.
    var app_cpu_ms_per_tick: Double?

    /// Percentile `p` (0...1) of `values` by nearest rank; 0 for none.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((Double(values.count) * p).rounded(.up))
        return values.sorted()[min(max(rank, 1), values.count) - 1]
    }

    /// CPU time the calling thread has used, in seconds.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU time the whole process has used, in seconds.
    static func processCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Resident memory of this process in MiB, from /proc/self/statm.
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    func line(prefix: String) -> String {
        var text =
            prefix
            + String(
                format:
                    " fps=%.2f p50_ms=%.3f p95_ms=%.3f p99_ms=%.3f dropped=%d render_cpu_ms=%.3f app_cpu_ms=%.3f draw_calls=%.1f upload_bytes=%.0f rss_mb=%.1f",
                fps, frame_ms_p50, frame_ms_p95, frame_ms_p99, dropped_frames, render_cpu_ms_per_frame,
                app_cpu_ms_per_frame,
                draw_calls_per_frame, upload_bytes_per_frame, rss_mb)
        if let other = other_cpu_ms_per_frame, let redrawn = redrawn_fraction {
            text += String(format: " other_cpu_ms=%.3f redrawn=%.4f", other, redrawn)
        }
        if let gap = max_gap_ms_during_block, let frames = frames_during_block {
            text += String(format: " max_gap_ms_during_block=%.1f frames_during_block=%d", gap, frames)
        }
        if let cpu = process_cpu_percent { text += String(format: " process_cpu_percent=%.1f", cpu) }
        if let updates = update_fps {
            text += String(format: " update_fps=%.2f app_cpu_ms_per_update=%.3f", updates, app_cpu_ms_per_update ?? 0)
        }
        if let perTick = app_cpu_ms_per_tick {
            text += String(format: " app_cpu_ms_per_tick=%.3f", perTick)
        }
        if let video {
            text += String(
                format:
                    " video_layers=%d video_frames=%d video_dropped=%d video_lag_ms_mean=%.1f video_lag_ms_max=%.1f",
                video.layers, video.shown, video.dropped, video.lag_ms_mean, video.lag_ms_max)
        }
        if let growth {
            text += String(
                format: " growth_rss_mb=%.1f growth_threads=%d growth_fds=%d growth_textures=%d growth_texture_mb=%.2f",
                growth.rss_mb, growth.threads, growth.fds, growth.textures, growth.texture_mb)
        }
        return text
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
