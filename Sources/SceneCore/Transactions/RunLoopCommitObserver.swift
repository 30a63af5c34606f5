import CoreFoundation
import Foundation

/// Commits a thread's implicit transaction at the end of each turn of its run loop, as
/// Core Animation does: a `CFRunLoopObserver` for before-waiting and exit.
///
/// A thread whose run loop never runs must use explicit transactions or `CATransaction.flush()`.
enum RunLoopCommitObserver {
    /// Core Animation's observer runs after other work of the turn (order 2,000,000).
    private static let order: CFIndex = 2_000_000

    static func install(on stack: TransactionStack) {
        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, true, order) { _, _ in
            stack.commitImplicit()
        }
        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopCommonModes)
    }
}
