/// A Lottie key path as a program writes it (lottie-ios's `AnimationKeypath`): components
/// separated by ".", each a layer, group or item name or, last, a property name; "*" matches
/// exactly one component and "**" any number of them, none included.
struct InputKeyPath {
    let components: [String]

    init(_ keyPath: String) {
        components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether the pattern matches `path`, a concrete key path's components.
    func matches(_ path: [String]) -> Bool {
        // reachable[j]: the pattern's components so far match path[..<j].
        var reachable = [true] + Array(repeating: false, count: path.count)
        for component in components {
            var next = Array(repeating: false, count: path.count + 1)
            for j in 0...path.count where reachable[j] {
                if component == "**" {
                    for k in j...path.count { next[k] = true }
                    break
                }
                if j < path.count && (component == "*" || component == path[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[path.count]
    }
}
