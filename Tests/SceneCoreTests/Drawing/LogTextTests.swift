import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Many short paragraphs in a text layer (a log): Pango's layout of n paragraphs costs n², so
/// only the paragraphs that can show are laid out, and a commit of megabytes of log lines is as
/// quick as one of the lines that show.
@Suite struct LogTextTests {
    static let line = "2026-12-06 12:00:00 INFO request handled in 12 ms\n"

    /// `megabytes` of log lines (50 bytes each with the line feed).
    static func log(megabytes: Double) -> String {
        String(repeating: line, count: Int(megabytes * 1_000_000) / line.utf8.count)
    }

    /// The characters Pango lays out for `string` as a 400 × 300 layer of 12-point text draws it.
    static func charactersLaidOut(
        _ string: String, wraps: Bool = false, truncation: TextLayout.Truncation? = nil,
        alignment: TextDrawing.Alignment = .natural
    ) throws -> Int {
        let drawing = TextDrawing(
            content: TextContent(string), font: TextFont(name: "Helvetica", size: 12),
            color: RGBA(r: 0, g: 0, b: 0, a: 1),
            box: CGRect(x: 0, y: 0, width: 400, height: 300), wraps: wraps, truncation: truncation,
            alignment: alignment, roundsGlyphPositions: false)
        let context = try #require(CGContext(layerWidth: 1, height: 1, scale: 1))
        return try #require(TextEngine.withLock { drawing.laidOut(cairo: context.cairo, visibleHeight: 300)?.0 })
            .characterCount
    }

    /// Before, 0.25 MB of log lines took 0.9 to 4 s to display, 1 MB 15 to 62 s and 10 MB more
    /// than 90 s (Pango's layout of the whole string, on the committing thread); now a commit
    /// lays out 64 lines, 3,200 characters, whatever the string's length, in milliseconds.
    @Test func tenMegabytesOfLogLinesCommitAndDrawTheirFirstFrameQuickly() throws {
        let log = Self.log(megabytes: 10)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        layer.fontSize = 12
        let root = CALayer()
        root.frame = layer.frame
        root.addSublayer(layer)
        let probe = CommitProbe(root: root)
        let start = ContinuousClock.now
        LayerTest.commitNow { layer.string = log }
        let list = probe.frame(at: CACurrentMediaTime()).output.displayList
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(timeBudget(3)), "the commit and first frame took \(elapsed)")
        // 300 points show 21 lines of 12-point text; the 64 laid out (a glyph at most for each
        // of a line's 49 characters) lie within the 512 pixels past the bounds that glyphs are
        // committed for. Before, all 200,000 lines were shaped.
        let glyphs = try #require(layer.state.glyphs?.runs)
        #expect(glyphs.glyphCount > 21 * 30 && glyphs.glyphCount <= 64 * 49, "\(glyphs.glyphCount) glyphs")
        #expect(!list.instances.isEmpty)
    }

    /// The work is counted, not timed: the characters handed to Pango stay 64 lines' worth
    /// (3,200) for 1, 4 and 10 MB, in every mode that shows the top of the text.
    @Test(
        arguments: [
            (false, nil, TextDrawing.Alignment.natural), (false, nil, .right), (false, nil, .center),
            (true, nil, .natural), (false, .end, .natural), (false, .start, .natural), (true, .end, .justified),
            (true, .middle, .natural), (true, .start, .left),
        ] as [(Bool, TextLayout.Truncation?, TextDrawing.Alignment)])
    func theTextLaidOutDoesNotGrowWithTheString(
        wraps: Bool, truncation: TextLayout.Truncation?, alignment: TextDrawing.Alignment
    ) throws {
        for megabytes in [1.0, 4, 10] {
            let count = try Self.charactersLaidOut(
                Self.log(megabytes: megabytes), wraps: wraps, truncation: truncation, alignment: alignment)
            #expect(count <= 64 * Self.line.count, "\(megabytes) MB: \(count) characters laid out")
        }
    }

    /// What is drawn is that of the lines shown alone: the pixels of 10 MB of lines are those of
    /// their first 30 (more than the bounds hold), in each alignment and truncation.
    @Test(
        arguments: [
            (false, CATextLayerTruncationMode.none, CATextLayerAlignmentMode.natural), (false, .none, .right),
            (false, .none, .center), (true, .none, .justified), (false, .start, .natural), (true, .middle, .right),
            (true, .end, .natural),
        ] as [(Bool, CATextLayerTruncationMode, CATextLayerAlignmentMode)])
    func theLinesShownDrawAsTheyDoAlone(
        wraps: Bool, truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode
    ) throws {
        func drawn(_ string: String) throws -> CGImage {
            let layer = CATextLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
            layer.string = string
            layer.fontSize = 12
            layer.isWrapped = wraps
            layer.truncationMode = truncation
            layer.alignmentMode = alignment
            return try renderedDrawing(of: layer)
        }
        let whole = try drawn(Self.log(megabytes: 10))
        let lines = try drawn(String(repeating: Self.line, count: 30))
        #expect(whole.pixels == lines.pixels)
    }
}

/// The layer lock is not held across a long layout: while another thread commits 10 MB of log
/// lines, this thread reads and sets layer properties without waiting for it.
@Suite(.tags(.threads)) struct LogTextLockTests {
    /// Before, the commit held the layer lock for the whole layout (over 90 s for 10 MB); now
    /// the longest wait for the lock beside it is well under a second.
    @Test func propertiesAnswerWhileAnotherThreadCommitsMegabytesOfText() throws {
        let log = LogTextTests.log(megabytes: 10)
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        layer.fontSize = 12
        let other = CALayer()
        let started = DispatchSemaphore(value: 0)
        let finished = Locked(false)
        let shared = UncheckedSendable(layer)
        let committer = Thread {
            started.signal()
            LayerTest.commitNow { shared.value.string = log }
            finished.withLock { $0 = true }
        }
        committer.start()
        started.wait()
        var longest = Duration.zero
        var accesses = 0
        let deadline = ContinuousClock.now + .seconds(timeBudget(30))
        while !finished.withLock({ $0 }), ContinuousClock.now < deadline {
            let start = ContinuousClock.now
            other.opacity = other.opacity == 1 ? 0.5 : 1
            _ = layer.fontSize
            longest = max(longest, ContinuousClock.now - start)
            accesses += 1
        }
        #expect(finished.withLock { $0 }, "the commit did not finish within \(timeBudget(30)) s")
        #expect(longest < .seconds(timeBudget(1)), "a property waited \(longest) for the lock (\(accesses) accesses)")
    }
}
