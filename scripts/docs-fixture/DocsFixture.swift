// The module `scripts/check-docs.py --self-test` checks: two undocumented public symbols, a doc
// comment that leaves out a parameter, and what the check leaves out (not public, synthesized).

/// Colours, with raw values: `init(rawValue:)`, `rawValue` and `hashValue` are synthesized.
public enum Palette: String {
    /// A documented case.
    case documentedColor
    case undocumentedColor
}

/// Adds two numbers.
/// - Parameter a: the first.
public func add(_ a: Int, _ b: Int) -> Int { a + b }

/// A documented function.
public func documentedFunction() {}

public func undocumentedFunction() {}

func internalFunction() {}
