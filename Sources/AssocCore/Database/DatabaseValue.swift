/// One SQLite value, as stored: the five storage classes and nothing else.
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// A 64-bit signed INTEGER.
    case integer(Int64)
    /// A REAL (a double; SQLite stores NaN as NULL).
    case real(Double)
    /// TEXT, as UTF-8 decoded by Swift (invalid bytes become U+FFFD).
    case text(String)
    /// A BLOB's bytes.
    case blob([UInt8])

    /// Whether the value is NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short, unambiguous rendering used by debug descriptions and error messages:
    /// `NULL`, `42`, `10.0`, `"text"` (Swift-escaped), `Data(3 bytes)`.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .text(let s): return s.debugDescription
        case .blob(let b): return "Data(\(b.count) bytes)"
        }
    }

    /// The value as a SQL literal, for display only (never executed: execution binds parameters).
    package var sqlLiteral: String {
        switch self {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let v):
            if v.isNaN { return "NULL" }
            if v.isInfinite { return v < 0 ? "-9e999" : "9e999" }
            return String(v)
        case .text(let s): return "'" + s.replacing("'", with: "''") + "'"
        case .blob(let b):
            let hex = "0123456789ABCDEF".map { $0 }
            var out = "X'"
            out.reserveCapacity(b.count * 2 + 3)
            for byte in b {
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
            return out + "'"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    /// `nil` is NULL.
    public init(nilLiteral: ()) { self = .null }
    /// An integer literal is an INTEGER.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating point literal is a REAL.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A string literal is a TEXT.
    public init(stringLiteral value: String) { self = .text(value) }
    /// Booleans are stored as SQLite does: 1 and 0.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension DatabaseValue {
    /// SQLite's own ordering of values of different storage classes (NULL < numbers < text < blob),
    /// numbers compared numerically, text by binary collation. Used to sort bound values deterministically.
    package static func sqliteOrder(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        func rank(_ v: DatabaseValue) -> Int {
            switch v {
            case .null: return 0
            case .integer, .real: return 1
            case .text: return 2
            case .blob: return 3
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.integer(let x), .real(let y)): return Double(x) < y
        case (.real(let x), .integer(let y)): return x < Double(y)
        case (.real(let x), .real(let y)): return x < y
        case (.text(var x), .text(var y)):
            // Compares the UTF-8 bytes in place (no copy into arrays: this runs in sorts).
            return x.withUTF8 { a in y.withUTF8 { b in a.lexicographicallyPrecedes(b) } }
        case (.blob(let x), .blob(let y)): return x.lexicographicallyPrecedes(y)
        default: return false
        }
    }
}
