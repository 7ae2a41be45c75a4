import Foundation

/// `Date` as GRDB 7.10 decodes it: an INTEGER or REAL is seconds since 1970-01-01 00:00:00 UTC
/// (Unix time); a TEXT is one of SQLite's date formats, in UTC unless it names its time zone:
/// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD HH:MM:SS.SSS` (one or
/// more fraction digits, the first three kept), with `T` instead of the space allowed, and `Z`,
/// `+HH:MM` or `-HH:MM` after the time. Missing components are zero; out-of-range ones roll
/// over as in `Calendar` (as GRDB's do). A time alone, other text, a BLOB or an infinite REAL
/// does not convert.
extension Date: DatabaseValueDecodable {
    /// From INTEGER or REAL (Unix time), or TEXT in one of SQLite's date formats.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case .integer(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds): return seconds.isFinite ? Date(timeIntervalSince1970: seconds) : nil
        case .text(let text): return SQLiteDateText.date(from: text)
        case .null, .blob: return nil
        }
    }
}

/// `Decimal` as GRDB 7.10 decodes it: from an INTEGER, a REAL (`Decimal(Double)`), or a TEXT
/// holding a decimal number (`"1.99"`, `"-3"`, `"2.5e3"`), read with the POSIX locale. Stricter
/// than GRDB in one way: the whole text must be the number (GRDB reads `"1.99abc"` as 1.99,
/// `"1,5"` as 1); a BLOB, an infinite REAL or a number out of `Decimal`'s range does not convert.
extension Decimal: DatabaseValueDecodable {
    /// From INTEGER, REAL, or TEXT that is a decimal number.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Decimal? {
        let decimal: Decimal?
        switch value {
        case .integer(let v): decimal = Decimal(v)
        // Decimal(Double) traps on an infinity (SQLite stores them; it turns NaN into NULL).
        case .real(let v): decimal = v.isFinite ? Decimal(v) : nil
        case .text(let text):
            decimal = DecimalText.isNumber(text) ? Decimal(string: text, locale: DecimalText.posix) : nil
        case .null, .blob: decimal = nil
        }
        guard let decimal, !decimal.isNaN else { return nil }
        return decimal
    }
}

/// What text `Decimal` decodes from: an optional sign, digits with an optional fraction (or a
/// fraction alone), an optional exponent. Nothing before or after.
enum DecimalText {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func isNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes = bytes.dropFirst(exponentDigits)
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// What values a type with its own text formats decodes from, for a mismatch message
/// (`: expected …`), or "" for the other types.
func expectedValuesHint(for type: Any.Type) -> String {
    if type == Date.self || type == Date?.self {
        return ": a Date decodes from text YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS[.SSS]] (T allowed, Z or ±HH:MM after) or a number of seconds since 1970"
    }
    if type == Decimal.self || type == Decimal?.self {
        return ": a Decimal decodes from an integer, a real or text holding a decimal number"
    }
    return ""
}
