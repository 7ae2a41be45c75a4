import Foundation

/// Reads the date texts SQLite's date functions write and GRDB 7.10 decodes into a `Date`
/// (its `SQLiteDateParser`): `YYYY-MM-DD`, then optionally a space or `T` and `HH:MM`,
/// `HH:MM:SS` or `HH:MM:SS.F…` (the first three fraction digits kept), then optionally `Z`,
/// `+HH:MM` or `-HH:MM` after the time. UTC unless a zone is given; nothing else in the text.
enum SQLiteDateText {
    /// The date `text` stands for, or nil when it is not one of the formats above.
    static func date(from text: String) -> Date? {
        guard let components = components(from: text) else { return nil }
        return utcCalendar.date(from: components)
    }

    /// The components of `text` (time zone set only when the text names one).
    static func components(from text: String) -> DateComponents? {
        var reader = Reader(bytes: text.utf8[...])
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, nanosecond: 0)
        if reader.isAtEnd { return components }
        guard reader.skip(" ") || reader.skip("T"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2)
        else { return nil }
        components.hour = hour
        components.minute = minute
        if reader.skip(":") {
            guard let second = reader.number(digits: 2) else { return nil }
            components.second = second
            if reader.skip(".") {
                // One to three digits are kept ("5" is 500 ms), later ones ignored.
                var nanoseconds = 0
                var scale = 100_000_000
                var count = 0
                while let digit = reader.digit() {
                    if count < 3 { nanoseconds += digit * scale }
                    scale /= 10
                    count += 1
                }
                guard count > 0 else { return nil }
                components.nanosecond = nanoseconds
            }
        }
        if !reader.isAtEnd {
            guard let zone = reader.timeZone(), reader.isAtEnd else { return nil }
            components.timeZone = zone
        }
        return components
    }

    /// The Gregorian calendar in UTC, how dates without a zone are read.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// Reads the text's UTF-8 bytes front to back.
    private struct Reader {
        var bytes: Substring.UTF8View

        var isAtEnd: Bool { bytes.isEmpty }

        /// Skips `character` when the text continues with it.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard bytes.first == UInt8(ascii: character) else { return false }
            bytes = bytes.dropFirst()
            return true
        }

        mutating func digit() -> Int? {
            guard let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            bytes = bytes.dropFirst()
            return Int(byte - UInt8(ascii: "0"))
        }

        /// A number of exactly `digits` digits.
        mutating func number(digits: Int) -> Int? {
            var result = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                result = result * 10 + digit
            }
            return result
        }

        /// `Z`, `+HH:MM` or `-HH:MM`.
        mutating func timeZone() -> TimeZone? {
            if skip("Z") { return TimeZone(secondsFromGMT: 0) }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), skip(":"), let minutes = number(digits: 2) else { return nil }
            return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
        }
    }
}
