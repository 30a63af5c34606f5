import Foundation

/// An object that responds to a layer event (a property change, `onOrderIn`, ...).
///
/// `NSNull()` conforms: returned from a lookup step it ends the action search with no action.
public protocol CAAction {
    /// Performs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` as an action means "no action".
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
