import Foundation

/// How SceneCore decodes the objects inside its archives so that no archive, whatever its
/// bytes, crashes the process, recurses without end or decodes without bound.
///
/// Every object SceneCore's `init(coder:)`s decode goes through `NSCoder.decodeCheckedObject(of:forKey:)`,
/// which first checks what the archive holds there (`ArchiveGraph`, reading the archive through
/// `KeyedArchiveInspector`): a class that is not expected, a cycle, nesting deeper than
/// `maximumDepth`, a malformed Foundation object or a reference out of range is refused with a
/// logged error before Foundation sees it. A coder SceneCore cannot inspect (not an
/// `NSKeyedUnarchiver`) is still held to `maximumDepth`, counted as the decodes nest.
///
/// A refusal fails the whole decode where the coder lets a decode fail: under the
/// `.setErrorAndReturn` failure policy (which `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)`,
/// `unarchiveTopLevelObjectWithData` and `SecureUnarchiver` use), the object that refused returns
/// nil from `init(coder:)` and the unarchiver reports an error, as Apple's does for a malformed
/// archive. Under `.raiseException` (the Linux default for `init(forReadingFrom:)`), where
/// Foundation would end the process on any failed decode, the refused value is left out instead
/// and the object keeps its default for it.
enum CheckedDecoding {
    /// The deepest nesting of object references decoded: 1,000 (a layer tree is 4 references a
    /// level: the layer, its `sublayers` value, the array, the element's value; so about 250
    /// levels of layers). Deeper archives are refused rather than overflowing the stack.
    static let maximumDepth = 1_000

    /// What SceneCore remembers about one coder while it decodes. Unchecked: it is used only by
    /// the thread decoding with that coder, as the coder itself is.
    final class State: @unchecked Sendable {
        /// How deep the checked decodes on this coder nest now.
        var depth = 0
        /// The first refusal, when there has been one.
        var refusal: String?
        /// Depths below the archive's objects already checked (`ArchiveGraph`).
        var heights: [Int: Int] = [:]
    }

    /// A coder's state, kept while the coder lives (an entry whose coder is gone is dropped).
    /// Unchecked: the coder is only compared by identity, never used, through the entry.
    private struct Entry: @unchecked Sendable {
        weak var coder: NSCoder?
        let state: State
    }

    private static let states = Locked<[ObjectIdentifier: Entry]>([:])

    /// The state of `coder`, made the first time it is asked for.
    static func state(of coder: NSCoder) -> State {
        let key = ObjectIdentifier(coder)
        return states.withLock { states in
            if let entry = states[key], entry.coder === coder { return entry.state }
            states = states.filter { $0.value.coder != nil }
            let state = State()
            states[key] = Entry(coder: coder, state: state)
            return state
        }
    }
}

extension NSCoder {
    /// The object under `key` if the archive holds one of `classes` (or a subclass) there that
    /// decodes without harm (`CheckedDecoding`); nil, with a logged error, when it is refused,
    /// and nil when there is nothing under `key`.
    func decodeCheckedObject(of classes: [AnyClass], forKey key: String) -> Any? {
        guard containsValue(forKey: key) else { return nil }
        let state = CheckedDecoding.state(of: self)
        if let inspector = KeyedArchiveInspector(self) {
            guard let value = inspector.value(forKey: key) else { return nil }
            do {
                try ArchiveGraph(objects: inspector.objects, coder: self).check(
                    value, as: classes, heights: &state.heights)
            } catch {
                refuseDecoding("the value of \(key) is refused: \(error.reason)")
                return nil
            }
        } else if self is NSKeyedUnarchiver {
            Diagnostics.errorOnce(
                "archive inspection",
                "Unarchiving: this Foundation's NSKeyedUnarchiver cannot be inspected; only the nesting depth of archives is checked"
            )
        }
        guard state.depth < CheckedDecoding.maximumDepth else {
            refuseDecoding("the value of \(key) is nested deeper than the limit of \(CheckedDecoding.maximumDepth)")
            return nil
        }
        state.depth += 1
        defer { state.depth -= 1 }
        return decodeObject(of: classes, forKey: key)
    }

    /// Logs that decoding refused something (`message`), and remembers it so that the objects
    /// being decoded fail (`failsDecoding`) where the coder lets a decode fail.
    func refuseDecoding(_ message: String) {
        Diagnostics.error("Unarchiving: \(message)")
        let state = CheckedDecoding.state(of: self)
        if state.refusal == nil { state.refusal = message }
    }

    /// True once something was refused on this coder and its failure policy lets a decode fail
    /// (`.setErrorAndReturn`): each SceneCore `init(coder:)` then returns nil, which makes the
    /// unarchiver report an error. Under `.raiseException` always false: a nil would end the process.
    var failsDecoding: Bool {
        decodingFailurePolicy == .setErrorAndReturn && CheckedDecoding.state(of: self).refusal != nil
    }

    /// The first refusal on this coder, if any.
    var decodingRefusal: String? { CheckedDecoding.state(of: self).refusal }
}
