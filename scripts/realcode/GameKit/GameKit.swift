// Stand-in for GameKit's random sources (GKRandomSource and its subclasses), which playgrounds
// use for random numbers: the documented calls, over the system's generator. The sequences
// differ from Apple's Mersenne Twister and ARC4 (a seeded source is not reproduced). Ours.
import Foundation

public protocol GKRandom {
    func nextInt() -> Int
    func nextInt(upperBound: Int) -> Int
    func nextUniform() -> Float
    func nextBool() -> Bool
}

open class GKRandomSource: NSObject, GKRandom, @unchecked Sendable {
    private var generator = SystemRandomNumberGenerator()
    public override init() {}
    public init(seed: UInt64) {}
    nonisolated(unsafe) private static let shared = GKRandomSource()
    open class func sharedRandom() -> GKRandomSource { shared }
    /// A value in Int32's range, as GameKit's.
    open func nextInt() -> Int { Int(Int32.random(in: .min ... .max, using: &generator)) }
    /// A value in 0 ..< upperBound.
    open func nextInt(upperBound: Int) -> Int { upperBound <= 0 ? 0 : Int.random(in: 0..<upperBound, using: &generator) }
    /// A value in 0 ... 1.
    open func nextUniform() -> Float { Float.random(in: 0...1, using: &generator) }
    open func nextBool() -> Bool { Bool.random(using: &generator) }
    open func arrayByShufflingObjects(in array: [Any]) -> [Any] { array.shuffled(using: &generator) }
}

open class GKMersenneTwisterRandomSource: GKRandomSource, @unchecked Sendable {}
open class GKARC4RandomSource: GKRandomSource, @unchecked Sendable {}
open class GKLinearCongruentialRandomSource: GKRandomSource, @unchecked Sendable {}

open class GKRandomDistribution: NSObject, GKRandom, @unchecked Sendable {
    public let lowestValue: Int
    public let highestValue: Int
    public var numberOfPossibleOutcomes: Int { highestValue - lowestValue + 1 }
    private let source: GKRandom
    public init(randomSource source: GKRandom, lowestValue: Int, highestValue: Int) {
        (self.source, self.lowestValue, self.highestValue) = (source, lowestValue, highestValue)
    }
    public convenience init(lowestValue: Int, highestValue: Int) {
        self.init(randomSource: GKRandomSource(), lowestValue: lowestValue, highestValue: highestValue)
    }
    public static func d6() -> GKRandomDistribution { GKRandomDistribution(lowestValue: 1, highestValue: 6) }
    public static func d20() -> GKRandomDistribution { GKRandomDistribution(lowestValue: 1, highestValue: 20) }
    open func nextInt() -> Int { lowestValue + source.nextInt(upperBound: numberOfPossibleOutcomes) }
    open func nextInt(upperBound: Int) -> Int { min(nextInt(), upperBound - 1) }
    open func nextUniform() -> Float { source.nextUniform() }
    open func nextBool() -> Bool { source.nextBool() }
}
