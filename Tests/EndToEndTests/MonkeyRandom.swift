import Foundation

/// A seeded generator (SplitMix64): a failing run replays with `ASSOC_MONKEY_SEED`.
struct MonkeyRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed from `ASSOC_MONKEY_SEED`, else a fresh one; printed so a failure can be replayed.
    static func seed(_ name: String) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["ASSOC_MONKEY_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("\(name): seed \(seed) (replay with ASSOC_MONKEY_SEED=\(seed))")
        return seed
    }
}
