/// A tiny deterministic pseudo-random generator (64-bit LCG, Knuth's MMIX constants) so the demo
/// database has the same content on every machine and every run. Not for anything but demo data.
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64 = 0x5EED_A550C) {
        state = seed
    }

    /// The next 31 well-mixed bits.
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    /// A number in `0..<upperBound`; 0 when `upperBound` is 0 or less.
    mutating func int(_ upperBound: Int) -> Int {
        guard upperBound > 1 else { return 0 }
        return Int(next() % UInt64(upperBound))
    }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(range.count)
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool {
        int(100) < percent
    }

    /// One element of a non-empty list (the empty string for an empty one).
    mutating func pick(_ list: [String]) -> String {
        list.isEmpty ? "" : list[int(list.count)]
    }
}
