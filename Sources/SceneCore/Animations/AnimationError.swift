/// Why an animation could not be added to a layer; logged, and the animation is not added.
enum AnimationError: Error, CustomStringConvertible, Equatable {
    case invalid(String)

    package var description: String {
        switch self {
        case .invalid(let reason): reason
        }
    }
}
