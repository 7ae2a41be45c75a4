/// Decodes one column value: the single value container behind column properties whose type is
/// not a plain `DatabaseValueDecodable` (a `RawRepresentable` enum, a wrapper struct).
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let value: DatabaseValue
    /// The column name, for messages.
    let column: String
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw unsupported("a keyed value")
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw unsupported("a list")
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let primitive = try decodePrimitive(type, value: value, column: column, path: codingPath) { return primitive }
        return try T(from: self)
    }

    private func unsupported(_ shape: String) -> RowDecodingError {
        RowDecodingError(
            .unsupported,
            "column \(quoteForMessage(column)) holds the value \(value), which can not be decoded as \(shape) (JSON columns are not decoded)",
            codingPath: codingPath.map(\.stringValue))
    }
}

/// `value` converted to `T` when `T` is `DatabaseValueDecodable`, nil for other types.
/// Throws a type mismatch or NULL error naming the column.
func decodePrimitive<T>(_ type: T.Type, value: DatabaseValue, column: String, path: @autoclosure () -> [CodingKey]) throws -> T? {
    guard let primitive = T.self as? any DatabaseValueDecodable.Type else { return nil }
    guard let converted = primitive.fromDatabaseValue(value) else {
        if value.isNull { throw RowDecodingError.valueNotFound(type, column: column, path: path()) }
        throw RowDecodingError.typeMismatch(type, column: column, value: value, path: path())
    }
    return converted as? T
}

/// A coding key for positions in prefetched rows and for keys built from strings.
struct RowCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
