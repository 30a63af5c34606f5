import Foundation

/// The one lock around every use of Pango, fontconfig and cairo's fonts in the process.
///
/// Pango's font maps are per thread, but what they hand out is not: cairo 1.16 keeps one
/// process-wide cache of scaled fonts and their FreeType faces, a text layer's glyph runs carry
/// its scaled fonts to the render side, and the two sides use them from different threads. Used
/// from several threads at once, a font can come out blank for the rest of the process (a full
/// test run saw one font draw nothing, in Pango's backing stores and the render side's glyph
/// atlas alike). Holding this lock, one thread at a time lays out, draws, measures or
/// rasterises text; the render thread takes it only to rasterise a glyph the first time it is
/// drawn (releasing a scaled font is left to cairo's own lock: the render thread does that
/// every frame a text layer's string changes). Recursive, so that text code may call other text
/// code.
enum TextEngine {
    private static let lock = NSRecursiveLock()

    /// Runs `body` holding the lock.
    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
