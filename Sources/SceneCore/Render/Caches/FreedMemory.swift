#if canImport(Glibc)
    import Glibc
#endif

/// Returns memory the process has freed to the system, after a burst of short-lived allocations.
///
/// Committing a large tree (a scene of thousands of layers) makes the app thread encode every
/// layer whole and the render thread apply the commit and walk the new tree: megabytes that are
/// freed right after, but that glibc's allocator keeps resident in its arenas, between blocks
/// still in use. Asking it to give back the free pages (`malloc_trim`) takes about half a
/// kilobyte a layer off the resident set of the stress scene. It walks the heap, so it is done
/// once after such a commit, not every frame.
enum FreedMemory {
    /// The number of layers a frame's commits must bring whole for the next frame to return the
    /// memory freed meanwhile.
    static let layersWorthReturning = 1_000

    static func returnToSystem() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }
}
