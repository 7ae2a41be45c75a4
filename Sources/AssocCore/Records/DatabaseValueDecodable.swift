/// A type read straight from one column value: integers, floating point numbers, `Bool`,
/// `String`, bytes (`[UInt8]`), `Date` and `Decimal` (as GRDB reads them). Conversions are strict: an integer column never decodes
/// from text (`'abc'` is a type mismatch, not 0), a real decodes into an integer only when exact.
public protocol DatabaseValueDecodable {
    /// The value converted to `Self`, or nil when it can not be (NULL included).
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

/// The exact integer of a value: an INTEGER, or a REAL without fractional part.
private func exactInteger<T: FixedWidthInteger>(_ value: DatabaseValue) -> T? {
    switch value {
    case .integer(let v): return T(exactly: v)
    case .real(let v): return v.isFinite ? T(exactly: v) : nil
    default: return nil
    }
}

extension DatabaseValueDecodable where Self: FixedWidthInteger {
    /// The integer of an INTEGER, or of a REAL without fractional part, when it fits in `Self`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? { exactInteger(value) }
}

/// `Int` from an INTEGER, or a REAL without fraction, that fits.
extension Int: DatabaseValueDecodable {}
/// `Int8` from an INTEGER, or a REAL without fraction, that fits.
extension Int8: DatabaseValueDecodable {}
/// `Int16` from an INTEGER, or a REAL without fraction, that fits.
extension Int16: DatabaseValueDecodable {}
/// `Int32` from an INTEGER, or a REAL without fraction, that fits.
extension Int32: DatabaseValueDecodable {}
/// `Int64` from an INTEGER, or a REAL without fraction, that fits.
extension Int64: DatabaseValueDecodable {}
/// `UInt` from an INTEGER, or a REAL without fraction, that fits.
extension UInt: DatabaseValueDecodable {}
/// `UInt8` from an INTEGER, or a REAL without fraction, that fits.
extension UInt8: DatabaseValueDecodable {}
/// `UInt16` from an INTEGER, or a REAL without fraction, that fits.
extension UInt16: DatabaseValueDecodable {}
/// `UInt32` from an INTEGER, or a REAL without fraction, that fits.
extension UInt32: DatabaseValueDecodable {}
/// `UInt64` from an INTEGER, or a REAL without fraction, that fits.
extension UInt64: DatabaseValueDecodable {}

/// `Double` from REAL or INTEGER.
extension Double: DatabaseValueDecodable {
    /// From REAL or INTEGER.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: return nil
        }
    }
}

/// `Float` from REAL or INTEGER.
extension Float: DatabaseValueDecodable {
    /// From REAL or INTEGER.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(value).map { Float($0) }
    }
}

/// `Bool` from INTEGER or REAL, as SQLite stores booleans.
extension Bool: DatabaseValueDecodable {
    /// From INTEGER or REAL, as SQLite stores booleans: zero is false, anything else true.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch value {
        case .integer(let v): return v != 0
        case .real(let v): return v != 0
        default: return nil
        }
    }
}

/// `String` from TEXT.
extension String: DatabaseValueDecodable {
    /// From TEXT only.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let v) = value { return v }
        return nil
    }
}

/// `[UInt8]` from BLOB, or TEXT as its UTF-8 bytes.
extension Array: DatabaseValueDecodable where Element == UInt8 {
    /// From BLOB, or TEXT as its UTF-8 bytes.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
        switch value {
        case .blob(let v): return v
        case .text(let v): return Array(v.utf8)
        default: return nil
        }
    }
}

extension DatabaseValue {
    /// The storage class, for messages: `INTEGER`, `REAL`, `TEXT`, `BLOB`, `NULL`.
    var storageClassName: String {
        switch self {
        case .null: return "NULL"
        case .integer: return "INTEGER"
        case .real: return "REAL"
        case .text: return "TEXT"
        case .blob: return "BLOB"
        }
    }
}

extension RowDecodingError {
    static func typeMismatch(_ type: Any.Type, column: String, value: DatabaseValue, path: [CodingKey]) -> RowDecodingError {
        RowDecodingError(
            .typeMismatch,
            "could not decode \(type) from column \(quoteForMessage(column)) with value \(value) (\(value.storageClassName))"
                + expectedValuesHint(for: type),
            codingPath: path.map(\.stringValue))
    }

    static func valueNotFound(_ type: Any.Type, column: String, path: [CodingKey]) -> RowDecodingError {
        RowDecodingError(
            .valueNotFound,
            "could not decode \(type) from column \(quoteForMessage(column)): NULL found (declare the property optional)",
            codingPath: path.map(\.stringValue))
    }

    /// Converts `value` of `column` to `T`, or throws a mismatch or NULL error naming them.
    /// `path` is only built for an error: decoding a column must not allocate on success.
    @inline(__always)
    static func convert<T: DatabaseValueDecodable>(
        _ value: DatabaseValue, to type: T.Type, column: String, path: @autoclosure () -> [CodingKey]
    ) throws -> T {
        if let converted = T.fromDatabaseValue(value) { return converted }
        if value.isNull { throw valueNotFound(type, column: column, path: path()) }
        throw typeMismatch(type, column: column, value: value, path: path())
    }
}
