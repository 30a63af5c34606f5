import Foundation

/// Held by every test that records a frame trace: a process has one `FrameTrace` recording at
/// a time, so a test's `stop()` would end another's recording, in any test target, run beside it.
public let frameTraceLock = NSLock()
