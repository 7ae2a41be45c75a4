/// Decodes `Decodable` records from a `Row`, following the seeds' conventions:
///
/// - a property whose key is a column decodes from that column (`id`, `name`, `bookCount`);
/// - otherwise from the scope of that name, searched breadth-first (`author`, `country`), as a
///   nested record, nil when optional and the scope is absent or all NULL;
/// - otherwise from the rows prefetched under that name (`prizes`), as `[T]` or `Set<T>`;
/// - otherwise a record property decodes from the row itself: `book` in `BookInfo { book, author }`.
///   When the row's table is known (records fetched from a request), only a `TableRecord` of that
///   table (or a key equal to its singular name) does; otherwise only the first such property does.
///
/// Errors are thrown as `AssocError.decoding`, naming the column, value, scope or key at fault.
public struct RowDecoder: Decoder {
    public let row: Row
    public let codingPath: [CodingKey]
    public var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The tables of the row and its scopes, when the row was fetched from a known request.
    let layout: TableLayout?

    /// A decoder for `row`, whose table is unknown.
    public init(row: Row) {
        self.init(row: row, layout: nil, codingPath: [])
    }

    init(row: Row, layout: TableLayout?, codingPath: [CodingKey]) {
        self.row = row
        self.layout = layout
        self.codingPath = codingPath
    }

    /// Decodes a `T` from `row`.
    public static func decode<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        try decode(type, from: row, layout: nil)
    }

    /// Decodes a `T` from `row`, knowing the tables behind it.
    /// A `RowDecodingError` comes out as `AssocError.decoding`; the record's own errors as they are.
    static func decode<T: Decodable>(_ type: T.Type, from row: Row, layout: TableLayout?) throws -> T {
        do {
            return try T(from: RowDecoder(row: row, layout: layout, codingPath: []))
        } catch let error as RowDecodingError {
            throw AssocError.decoding(error)
        }
    }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(decoder: self))
    }

    public func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw RowDecodingError(
            .unsupported,
            "a row can not be decoded as a collection: collections decode from rows prefetched with including(all:)",
            codingPath: codingPath.map(\.stringValue))
    }

    /// A value decoded from a row without key (an element of prefetched rows) reads its first column.
    public func singleValueContainer() throws -> SingleValueDecodingContainer {
        guard let column = row.columnNames.first, let value = row.values.first else {
            throw RowDecodingError(
                .columnNotFound, "a value can not be decoded from a row without column", codingPath: codingPath.map(\.stringValue))
        }
        return ColumnDecoder(value: value, column: column, codingPath: codingPath)
    }
}

/// The keyed container of a row: columns, then scopes, then prefetched rows, then the row itself.
final class RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder
    /// The first key decoded from the row itself (GRDB's rule when the row's table is unknown).
    private var decodedRootKey: String?

    /// The decoder's row, stored once: reading it through `decoder` would copy it on every access.
    let row: Row

    init(decoder: RowDecoder) {
        self.decoder = decoder
        self.row = decoder.row
    }

    var codingPath: [CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var names = row.columnNames
        names += row.allScopeNames()
        names += row.allPrefetchedKeys()
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        let name = key.stringValue
        return row.columnIndex(name) != nil || row.anyScope(name) != nil || row.prefetchedRows(name) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let name = key.stringValue
        if let index = row.columnIndex(name) { return row.values[index].isNull }
        if let scope = row.anyScope(name) { return !scope.containsNonNullValue }
        if row.prefetchedRows(name) != nil { return false }
        return true
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, key) }

    /// A plain value: from its column only.
    private func decodeValue<T: DatabaseValueDecodable>(_ type: T.Type, _ key: Key) throws -> T {
        let name = key.stringValue
        guard let index = row.columnIndex(name) else {
            throw RowDecodingError.columnNotFound(name, in: row, path: codingPath + [key])
        }
        return try RowDecodingError.convert(row.values[index], to: type, column: row.columnNames[index], path: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        if let index = row.columnIndex(name) {
            return try decodeColumn(type, at: index, path: codingPath + [key])
        }
        let path = codingPath + [key]
        if let scope = row.anyScope(name) {
            guard scope.containsNonNullValue else {
                throw RowDecodingError(
                    .scopeContainsOnlyNull,
                    "scope \(quoteForMessage(name)) only contains null values (declare the property optional for an optional association)",
                    codingPath: path.map(\.stringValue))
            }
            return try T(from: RowDecoder(row: scope, layout: decoder.layout?.scopeLayout(name), codingPath: path))
        }
        if let rows = row.prefetchedRows(name) {
            return try T(from: PrefetchedRowsDecoder(rows: rows, layout: decoder.layout?.prefetchedLayout(name), codingPath: path))
        }
        if T.self is any DatabaseValueDecodable.Type {
            throw RowDecodingError.columnNotFound(name, in: row, path: path)
        }
        if decodesFromRowItself(type, name) {
            decodedRootKey = decodedRootKey ?? name
            return try T(from: RowDecoder(row: row, layout: decoder.layout, codingPath: path))
        }
        return try T(from: MissingKeyDecoder(key: name, row: row, codingPath: path))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = key.stringValue
        if let index = row.columnIndex(name) {
            if row.values[index].isNull { return nil }
            return try decodeColumn(type, at: index, path: codingPath + [key])
        }
        let path = codingPath + [key]
        if let scope = row.anyScope(name) {
            guard scope.containsNonNullValue else { return nil }
            return try T(from: RowDecoder(row: scope, layout: decoder.layout?.scopeLayout(name), codingPath: path))
        }
        if let rows = row.prefetchedRows(name) {
            return try T(from: PrefetchedRowsDecoder(rows: rows, layout: decoder.layout?.prefetchedLayout(name), codingPath: path))
        }
        return nil
    }

    private func decodeColumn<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> [CodingKey]) throws -> T {
        let value = row.values[index]
        let column = row.columnNames[index]
        if let primitive = try decodePrimitive(type, value: value, column: column, path: path()) { return primitive }
        let path = path()
        do {
            return try T(from: ColumnDecoder(value: value, column: column, codingPath: path))
        } catch let error as DecodingError {
            // A type's own init(from:) refused the value (an enum without such a raw value).
            throw RowDecodingError(
                .typeMismatch,
                "could not decode \(T.self) from column \(quoteForMessage(column)) with value \(value) (\(value.storageClassName)): \(error.reason)",
                codingPath: path.map(\.stringValue))
        }
    }

    /// Whether the property `key` of type `T`, which matches no column, scope or prefetched rows,
    /// decodes from this row itself.
    private func decodesFromRowItself<T>(_ type: T.Type, _ key: String) -> Bool {
        if let layout = decoder.layout, let record = T.self as? any TableRecord.Type {
            // Cheap tests first: this runs for every decoded row, and inflection is not cheap.
            let recordTable = record.databaseTableName
            if recordTable == layout.table { return true }
            let tableName = layout.singularTableName
            return key.lowercased() == tableName || Inflector.singularName(ofTable: recordTable).lowercased() == tableName
        }
        return decodedRootKey == nil || decodedRootKey == key
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let name = key.stringValue
        let path = codingPath + [key]
        if let index = row.columnIndex(name) {
            return try ColumnDecoder(value: row.values[index], column: row.columnNames[index], codingPath: path).container(keyedBy: type)
        }
        guard let scope = row.anyScope(name) else { throw RowDecodingError.scopeNotFound(name, in: row, path: path) }
        return try RowDecoder(row: scope, layout: decoder.layout?.scopeLayout(name), codingPath: path).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let name = key.stringValue
        let path = codingPath + [key]
        guard let rows = row.prefetchedRows(name) else { throw RowDecodingError.prefetchedRowsNotFound(name, in: row, path: path) }
        return try PrefetchedRowsDecoder(rows: rows, layout: decoder.layout?.prefetchedLayout(name), codingPath: path).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let name = key.stringValue
        if let scope = row.anyScope(name) {
            return RowDecoder(row: scope, layout: decoder.layout?.scopeLayout(name), codingPath: codingPath + [key])
        }
        return decoder
    }
}

extension DecodingError {
    /// The debug description of the error's context.
    var reason: String {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return String(describing: self)
        }
    }
}
