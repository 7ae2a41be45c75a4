import TestSupport

/// The tests' seeded generator, under the name the monkey tests use.
typealias MonkeyRandom = SeededRandom
