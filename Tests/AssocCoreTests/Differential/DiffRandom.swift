import TestSupport

/// The tests' seeded generator, under the name the differential tests use.
typealias SplitMix64 = SeededRandom
