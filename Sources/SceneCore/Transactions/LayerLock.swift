import Foundation

/// The one lock that guards every model layer, as Core Animation's transaction lock does.
///
/// Core Animation lets any thread change layers. SceneCore keeps that promise with a single
/// recursive lock: every read and write of a layer's state, every change to the layer tree, every
/// animation added or removed, and the whole of a commit (layout, display, encoding and the
/// hand-off to the renderers) run while holding it. A thread may take it again while it holds it
/// (a layout or drawing callback that changes layers runs inside the commit that called it).
/// `CATransaction.lock()` and `unlock()` take and release the same lock, so an app can make
/// several changes atomic with respect to other threads' commits.
///
/// Renderers never take it: they know layers only through commits.
enum LayerLock {
    /// The recursive mutex, allocated once and never freed.
    private nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return mutex
    }()

    /// Takes the lock, waiting while another thread holds it.
    @inline(__always)
    static func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock once.
    @inline(__always)
    static func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    static func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
