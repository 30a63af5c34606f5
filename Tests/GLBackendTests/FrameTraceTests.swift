import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `FrameTrace` around a commit and a headless frame, read back as JSON: the slices on this
/// thread, their arguments, and the arrow from the commit to the frame that applied it.
@Suite(.serialized) struct FrameTraceTests {
    /// The events of the thread named `thread` in the trace at `url`, and the thread's number.
    static func events(in url: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: url)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test func aCommitAndTheFrameThatAppliedItAreTracedAndLinked() throws {
        frameTraceLock.lock()
        defer { frameTraceLock.unlock() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let renderer = try OffscreenRenderer(width: 40, height: 30)
        let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 30), CGColor(gray: 1, alpha: 1))
        let child = solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(gray: 0, alpha: 1))
        root.addSublayer(child)
        _ = try renderer.render(root)
        // Other tests may commit and render on threads of their own while this one records: this
        // thread is found by its name.
        let threadName = "FrameTraceTests \(UUID().uuidString)"
        FrameTrace.setThreadName(threadName)
        FrameTrace.start(writingTo: url)
        #expect(FrameTrace.isRecording)
        child.position = CGPoint(x: 20, y: 15)
        CATransaction.flush()
        _ = try renderer.render(root)
        let written = try #require(try FrameTrace.stop())
        #expect(!FrameTrace.isRecording)
        #expect(try FrameTrace.stop() == nil, "no trace is being recorded")
        let all = try Self.events(in: url)
        #expect(written == all.filter { $0["ph"] as? String != "M" }.count)
        let named = try #require(
            all.first {
                $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name"
                    && ($0["args"] as? [String: String])?["name"] == threadName
            }, "this thread is named in the trace")
        let tid = try #require(named["tid"] as? Int)
        let mine = all.filter { $0["tid"] as? Int == tid }
        let commit = try #require(
            mine.first { $0["name"] as? String == "commit" && $0["ph"] as? String == "X" }, "no commit on this thread")
        let args = try #require(commit["args"] as? [String: Int])
        // Layers other tests released at the same time may ride in the commit.
        #expect(args["fields"] ?? 0 >= 1 && args["released"] != nil)
        let sequence = try #require(args["sequence"])
        for name in ["layout", "display", "frame", "apply", "animations", "walk", "GL submit"] {
            #expect(mine.contains { $0["name"] as? String == name && $0["ph"] as? String == "X" }, "no \(name) slice")
        }
        let submit = try #require(mine.first { $0["name"] as? String == "GL submit" })
        let submitArgs = try #require(submit["args"] as? [String: Int])
        #expect(submitArgs["draw calls"] ?? 0 >= 1 && submitArgs["quads"] == 1)
        // The arrow: its start inside the commit's slice, its end inside the frame's apply slice.
        let start = try #require(mine.first { $0["ph"] as? String == "s" && $0["id"] as? Int == sequence })
        let end = try #require(mine.first { $0["ph"] as? String == "f" && $0["id"] as? Int == sequence })
        #expect(end["bp"] as? String == "e")
        func contains(_ slice: [String: Any], _ event: [String: Any]) -> Bool {
            guard let ts = slice["ts"] as? Double, let dur = slice["dur"] as? Double, let at = event["ts"] as? Double
            else { return false }
            return ts <= at && at <= ts + dur
        }
        #expect(contains(commit, start))
        #expect(mine.contains { $0["name"] as? String == "apply" && contains($0, end) })
        #expect(
            mine.contains { $0["name"] as? String == "frame" && contains($0, end) }, "the apply is inside the frame")
    }

    /// Threads recording at once each get a buffer of their own, named as they asked, and
    /// `stop()` collects every event they recorded.
    @Test(.tags(.threads)) func threadsRecordIntoBuffersOfTheirOwn() throws {
        frameTraceLock.lock()
        defer { frameTraceLock.unlock() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        FrameTrace.start(writingTo: url)
        let group = DispatchGroup()
        for index in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                FrameTrace.setThreadName("recorder \(index)")
                for _ in 0..<500 { FrameTrace.begin("work", "test")?.end([("thread", index)]) }
                group.leave()
            }
        }
        group.wait()
        try FrameTrace.stop()
        let events = try Self.events(in: url)
        for index in 0..<4 {
            let named = events.filter { ($0["args"] as? [String: String])?["name"] == "recorder \(index)" }
            let tid = try #require(named.first?["tid"] as? Int, "recorder \(index) has no thread")
            let work = events.filter { $0["tid"] as? Int == tid && $0["name"] as? String == "work" }
            #expect(work.count == 500)
            #expect(work.allSatisfy { ($0["args"] as? [String: Int])?["thread"] == index })
        }
    }

    @Test func aThreadsNameAndTextAreEscapedAsJSON() {
        #expect(TraceWriter.quoted("a \"b\"\\\n\u{1}") == #""a \"b\"\\\n\u0001""#)
    }
}
