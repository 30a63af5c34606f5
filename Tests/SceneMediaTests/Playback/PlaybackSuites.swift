import Testing

/// The suites that play clips, one at a time: playback timing is measured against the wall
/// clock, and the thread count after releasing players against a baseline, neither of which
/// other players running beside them should disturb on a two-core machine.
@Suite(.serialized) enum PlaybackSuites {}
