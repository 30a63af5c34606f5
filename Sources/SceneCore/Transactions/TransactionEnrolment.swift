/// The transaction stacks (one per thread) whose lists of changed layers hold one layer.
///
/// Almost always empty or one stack, kept inline; a layer changed on several threads between
/// their commits lists each of them once. Read and written under `LayerLock`.
struct TransactionEnrolment {
    /// The first stack's id; 0 for none (stack ids start at 1).
    private var first: UInt32 = 0
    /// The other stacks' ids, while the layer is in more than one list.
    private var others: [UInt32] = []

    /// Adds `stack`; false if it was already there (the layer is in that stack's list).
    mutating func insert(_ stack: UInt32) -> Bool {
        if first == stack { return false }
        if first == 0 {
            first = stack
            return true
        }
        if others.contains(stack) { return false }
        others.append(stack)
        return true
    }

    /// Removes `stack`, whose list no longer holds the layer (it committed it).
    mutating func remove(_ stack: UInt32) {
        if first == stack {
            first = others.popLast() ?? 0
        } else if let index = others.firstIndex(of: stack) {
            others.remove(at: index)
        }
    }
}
