import CSQLite

/// REAL values as people read them: at most 15 significant digits, as the `sqlite3` shell shows
/// them in its list, box and CSV modes (SQLite's own text for a REAL, `printf("%!.15g")`: 39.62,
/// not 39.61999999999999; 10.0; 1.0e-05). Machine formats (JSON, NDJSON) keep Swift's shortest
/// round-trip form instead.
///
/// Most values take a fast path: when Swift's shortest round-trip digits number 15 or fewer,
/// they are the digits `%.15g` rounds to (any decimal of at most 15 digits survives the trip
/// through a double), laid out as SQLite lays them out. The others (0.1 + 0.2, computed values)
/// go through SQLite's own formatter, called without a variadic argument list. A test compares
/// both paths with SQLite's text over a corpus.
package enum RealText {
    /// `v` with at most 15 significant digits; NaN and infinities spelled out.
    package static func readable(_ v: Double) -> String {
        var bytes: [UInt8] = []
        appendReadable(v, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `readable(v)` as UTF-8, without a `String` for most values.
    package static func appendReadable(_ v: Double, to out: inout [UInt8]) {
        if v.isNaN { return out.append(contentsOf: [UInt8(ascii: "N"), UInt8(ascii: "a"), UInt8(ascii: "N")]) }
        if v.isInfinite { return out.append(contentsOf: v < 0 ? Array("-Inf".utf8) : Array("Inf".utf8)) }
        // A subnormal has fewer than 15 digits of precision: SQLite writes its exact value's
        // digits (4.94065645841247e-324), not the shortest that reads back (5e-324).
        if v.isNormal || v == 0, appendScaledInteger(v, to: &out) || appendShortest(v, to: &out) { return }
        appendSQLiteText(v, to: &out)
    }

    /// Swift's shortest round-trip form of a finite `v` (`description`: 0.07, 12.0, 1e-05), the
    /// JSON form: from its digits at once when `v` is a whole number of tenths, hundredths… in
    /// [1e-4, 1e15), where that form and `%!.15g` lay the same digits out alike.
    package static func appendRoundTrip(_ v: Double, to out: inout [UInt8]) {
        if appendScaledInteger(v, to: &out) { return }
        out.append(contentsOf: v.description.utf8)
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// The fastest path, for values that are a whole number of tenths, hundredths… (prices,
    /// measures): `v` = m / 10^k with |m| < 10^15 is checked by the division, which IEEE rounds
    /// correctly, so m·10^-k is a decimal of at most 15 digits that reads back as `v`: the digits
    /// `%.15g` gives. False (nothing written) otherwise.
    static func appendScaledInteger(_ v: Double, to out: inout [UInt8]) -> Bool {
        let magnitude = v.magnitude
        guard magnitude >= 1e-4, magnitude < 1e15 else { return false }
        for k in 0..<powersOfTen.count {
            let power = powersOfTen[k]
            let scaled = (magnitude * power).rounded()
            guard scaled < 1e15 else { return false }
            guard scaled / power == magnitude else { continue }
            var m = UInt64(scaled)
            var digits: (UInt64, UInt64) = (0, 0)  // 16 bytes: room for 15 digits
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                var end = 15
                repeat {
                    end -= 1
                    buffer[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
                    m /= 10
                } while m > 0
                count = 15 - end
                // Left-aligned, as `appendLayout` reads them.
                for index in 0..<count { buffer[index] = buffer[end + index] }
            }
            let exponent = count - 1 - k
            // Trailing zeros are not significant.
            withUnsafeBytes(of: &digits) { buffer in
                while count > 1 && buffer[count - 1] == UInt8(ascii: "0") { count -= 1 }
            }
            appendLayout(negative: v < 0, digits: &digits, count: count, exponent: exponent, to: &out)
            return true
        }
        return false
    }

    /// SQLite's own `%!.15g` text of `v`.
    static func appendSQLiteText(_ v: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            guard let base = buffer.baseAddress else { return }
            let length = Int(assoc_format_real(v, base, 40))
            base.withMemoryRebound(to: UInt8.self, capacity: length) {
                out.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }

    /// `v` in SQLite's `%!.15g` layout from Swift's shortest digits; false (nothing written) when
    /// those are more than 15.
    static func appendShortest(_ v: Double, to out: inout [UInt8]) -> Bool {
        if v == 0 {
            out.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "."), UInt8(ascii: "0")])
            return true
        }
        // Swift's description: "-12.5", "0.07", "1e-05", "1.5e+300", "1.0", "12345678.0".
        var digits: (UInt64, UInt64) = (0, 0)  // 16 bytes: room for 15 digits
        var count = 0
        var exponent = 0  // the decimal exponent of the first significant digit
        var pointSeen = false
        var digitsBeforePoint = 0
        var leadingZerosAfterPoint = 0
        var writtenExponent = 0
        var negativeExponent = false
        var inExponent = false
        var ok = true
        withUnsafeMutableBytes(of: &digits) { digitBytes in
            for byte in v.description.utf8 {
                switch byte {
                case UInt8(ascii: "-") where inExponent: negativeExponent = true
                case UInt8(ascii: "-"), UInt8(ascii: "+"): continue
                case UInt8(ascii: "."): pointSeen = true
                case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let digit = byte &- UInt8(ascii: "0")
                    if inExponent {
                        writtenExponent = writtenExponent * 10 + Int(digit)
                    } else if count == 0 && digit == 0 {
                        if pointSeen { leadingZerosAfterPoint += 1 }
                    } else {
                        guard count < 16 else {
                            ok = false
                            return
                        }
                        digitBytes[count] = byte
                        count += 1
                        if !pointSeen { digitsBeforePoint += 1 }
                    }
                default:
                    ok = false
                    return
                }
            }
        }
        // Trailing zeros are not significant ("1200.0" has the digits 12).
        withUnsafeBytes(of: &digits) { digitBytes in
            while count > 0 && digitBytes[count - 1] == UInt8(ascii: "0") { count -= 1 }
        }
        guard ok, count > 0, count <= 15 else { return false }
        if negativeExponent { writtenExponent = -writtenExponent }
        exponent = (digitsBeforePoint > 0 ? digitsBeforePoint - 1 : -(leadingZerosAfterPoint + 1)) + writtenExponent
        appendLayout(negative: v < 0, digits: &digits, count: count, exponent: exponent, to: &out)
        return true
    }

    /// `%!.15g`'s layout of the significant `digits` (ASCII, left-aligned, no trailing zero, at
    /// most 15) whose first has the decimal `exponent`.
    private static func appendLayout(negative: Bool, digits: inout (UInt64, UInt64), count: Int, exponent: Int, to out: inout [UInt8]) {
        if negative { out.append(UInt8(ascii: "-")) }
        withUnsafeBytes(of: &digits) { digitBytes in
            let significant = UnsafeRawBufferPointer(rebasing: digitBytes[0..<count])
            if exponent < -4 || exponent > 14 {
                // 1.5e+300, 1.0e-05: at least one digit after the point, two or three in the exponent.
                out.append(significant[0])
                out.append(UInt8(ascii: "."))
                if count > 1 { out.append(contentsOf: significant[1...]) } else { out.append(UInt8(ascii: "0")) }
                out.append(UInt8(ascii: "e"))
                out.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                let magnitude = abs(exponent)
                if magnitude >= 100 { out.append(UInt8(ascii: "0") &+ UInt8(magnitude / 100)) }
                out.append(UInt8(ascii: "0") &+ UInt8(magnitude / 10 % 10))
                out.append(UInt8(ascii: "0") &+ UInt8(magnitude % 10))
            } else if exponent < 0 {
                // 0.07
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent - 1))
                out.append(contentsOf: significant)
            } else {
                // 12.5, 1200.0
                let whole = exponent + 1
                if count <= whole {
                    out.append(contentsOf: significant)
                    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: whole - count))
                    out.append(UInt8(ascii: "."))
                    out.append(UInt8(ascii: "0"))
                } else {
                    out.append(contentsOf: significant[0..<whole])
                    out.append(UInt8(ascii: "."))
                    out.append(contentsOf: significant[whole...])
                }
            }
        }
    }
}
