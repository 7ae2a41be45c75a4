/// A 64-bit FNV-1a digest of values, to compare rows of different libraries without keeping them.
struct Digest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func byte(_ b: UInt8) {
        value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01b3
    }

    mutating func word(_ w: UInt64) {
        var w = w
        for _ in 0..<8 { byte(UInt8(truncatingIfNeeded: w)); w >>= 8 }
    }

    mutating func null() { byte(0) }
    mutating func integer(_ v: Int64) { byte(1); word(UInt64(bitPattern: v)) }
    mutating func real(_ v: Double) { byte(2); word(v.bitPattern) }
    mutating func text(_ s: String) { byte(3); for b in s.utf8 { byte(b) }; byte(0xFF) }
    mutating func blob<C: Collection>(_ bytes: C) where C.Element == UInt8 { byte(4); word(UInt64(bytes.count)); for b in bytes { byte(b) } }
    /// Separates scopes and groups.
    mutating func mark(_ tag: UInt8) { byte(0xF0); byte(tag) }
}

/// Compares two sequences of per-row digests: in order, or failing that as multisets.
func conformance(_ name: String, _ a: [UInt64], _ b: [UInt64]) -> String {
    if a.count != b.count { return "conformance \(name): FAILED (\(a.count) rows vs \(b.count))" }
    if a == b { return "conformance \(name): ok (\(a.count) rows, same values in the same order)" }
    if a.sorted() == b.sorted() { return "conformance \(name): ok (\(a.count) rows, same values, different order)" }
    let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
    return "conformance \(name): FAILED (first difference at row \(first))"
}
