import Foundation

/// Reads Lottie's animatable properties (`{"a": 0|1, "k": …}`) into `Animated` values,
/// dropping keyframes that cannot be played (values that are not finite numbers, frames out of
/// order) with a note in the load's warnings.
struct PropertyParser {
    /// The most keyframes one property keeps; the rest are dropped (memory stays bounded).
    static let maximumKeyframes = 10_000

    let warnings: LoadWarnings
    /// The name of the layer being read, for the warnings.
    let layerName: String

    /// A property of numbers (a number, a point, a colour), each value with at least
    /// `minimumCount` components; nil when absent or unreadable.
    func numbers(_ json: Any?, minimumCount: Int = 1) -> Animated<[Double]>? {
        property(json) { raw in
            guard let values = JSON.numbers(raw), values.count >= minimumCount else { return nil }
            return values
        }
    }

    /// A property of single numbers (the first component of each value).
    func scalar(_ json: Any?) -> Animated<Double>? {
        numbers(json)?.map { $0[0] }
    }

    /// A property whose values `read` converts; keyframes whose value it refuses are dropped.
    func property<Value>(_ json: Any?, read: (Any) -> Value?) -> Animated<Value>? {
        guard let object = JSON.object(json), let content = object["k"] else { return nil }
        guard let array = content as? [Any], let first = array.first, JSON.object(first)?["t"] != nil else {
            guard let value = read(content) else {
                warnings.note("an unreadable value in layer \"\(layerName)\" was left out")
                return nil
            }
            return .fixed(value)
        }
        var keys: [Keyframe<Value>] = []
        var previousEnd: Any?
        for element in array.prefix(Self.maximumKeyframes) {
            guard let keyframe = JSON.object(element), let frame = JSON.number(keyframe["t"]) else { continue }
            // Older files give each keyframe's end value (`e`) and leave `s` out of the last one.
            guard let raw = unwrapped(keyframe["s"]) ?? previousEnd else { continue }
            previousEnd = unwrapped(keyframe["e"])
            guard let value = read(raw) else {
                warnings.note(
                    "a keyframe with a value that is not a finite number in layer \"\(layerName)\" was dropped")
                continue
            }
            if let last = keys.last, frame < last.frame {
                warnings.note("a keyframe out of time order in layer \"\(layerName)\" was dropped")
                continue
            }
            keys.append(
                Keyframe(
                    frame: frame, value: value, hold: JSON.flag(keyframe["h"]), easing: easing(keyframe),
                    spatialOut: point(keyframe["to"]), spatialIn: point(keyframe["ti"])))
        }
        if array.count > Self.maximumKeyframes {
            warnings.note(
                "a property of layer \"\(layerName)\" has over \(Self.maximumKeyframes) keyframes; the rest were dropped"
            )
        }
        switch keys.count {
        case 0:
            warnings.note("a property of layer \"\(layerName)\" has no playable keyframe")
            return nil
        case 1: return .fixed(keys[0].value)
        default: return .keyframes(keys)
        }
    }

    /// Lottie wraps a keyframe's shape value in an array of one; numbers stay as they are.
    private func unwrapped(_ value: Any?) -> Any? {
        if let array = value as? [Any], array.count == 1, array[0] is JSONObject { return array[0] }
        return value
    }

    /// The keyframe's easing: `o` (out of this keyframe) and `i` (into the next), each x kept in
    /// 0...1 so that the timing curve is a function of time; linear where absent.
    private func easing(_ keyframe: JSONObject) -> (outX: Double, outY: Double, inX: Double, inY: Double) {
        let out = JSON.object(keyframe["o"])
        let into = JSON.object(keyframe["i"])
        let outX = JSON.firstNumber(out?["x"]) ?? 0
        let outY = JSON.firstNumber(out?["y"]) ?? 0
        let inX = JSON.firstNumber(into?["x"]) ?? 1
        let inY = JSON.firstNumber(into?["y"]) ?? 1
        return (min(max(outX, 0), 1), outY, min(max(inX, 0), 1), inY)
    }

    /// A spatial tangent; nil when absent or zero (a straight segment).
    private func point(_ json: Any?) -> CGPoint? {
        guard let values = JSON.numbers(json), values.count >= 2, values[0] != 0 || values[1] != 0 else { return nil }
        return CGPoint(x: values[0], y: values[1])
    }
}
