import Testing

extension Tag {
    /// Suites that run SceneCore's code on several threads at once (app threads committing,
    /// background drawing and tile queues, the display link's and the unrendered animations'
    /// clocks, completion blocks on the main queue, renderers on threads of their own): what
    /// `scripts/sanitize.sh thread` runs under ThreadSanitizer. Put it on the `@Suite`
    /// (`scripts/suites.sh` finds suites by it).
    @Tag public static var threads: Self

    /// Suites that hold the layer lock or the processors for seconds at a time (100,000-deep
    /// chains, 100,000 siblings, threads committing a million times): CI runs them on their own,
    /// serialised, after the rest, so that they do not stall the suites running in parallel.
    /// Put it on the `@Suite` (`scripts/suites.sh` finds suites by it).
    @Tag public static var scale: Self
}
