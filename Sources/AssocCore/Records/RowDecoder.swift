/// Decodes `Decodable` records from a `Row`, following GRDB's conventions:
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
struct RowDecoder: Decoder {
    /// The row being decoded.
    let row: Row
    /// The coding path of the container that created this decoder, and the key it decoded:
    /// `codingPath` is only built when asked for (an error), not for every decoded record.
    private let parentPath: [CodingKey]
    private let key: CodingKey?
    var codingPath: [CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The fetch the row comes from (its tables, and the keys already resolved), when known.
    let context: DecodingContext?
    /// The tables of the row and its scopes, when the row was fetched from a known request.
    var layout: TableLayout? { context?.layout }

    /// A decoder for `row`, whose table is unknown.
    init(row: Row) {
        self.init(row: row, context: row.decodingContext, parentPath: [], key: nil)
    }

    init(row: Row, context: DecodingContext?, parentPath: [CodingKey], key: CodingKey?) {
        self.row = row
        self.context = context
        self.parentPath = parentPath
        self.key = key
    }

    /// Decodes a `T` from `row`.
    static func decode<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        try decode(type, from: row, context: row.decodingContext)
    }

    /// Decodes a `T` from `row`, knowing the fetch behind it.
    /// A `RowDecodingError` comes out as `AssocError.decoding`; the record's own errors as they are.
    static func decode<T: Decodable>(_ type: T.Type, from row: Row, context: DecodingContext?) throws -> T {
        do {
            return try T(from: RowDecoder(row: row, context: context, parentPath: [], key: nil))
        } catch let error as RowDecodingError {
            throw AssocError.decoding(error)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw RowDecodingError(
            .unsupported,
            "a row can not be decoded as a collection: collections decode from rows prefetched with including(all:)",
            codingPath: codingPath.map(\.stringValue))
    }

    /// A value decoded from a row without key (an element of prefetched rows) reads its first column.
    func singleValueContainer() throws -> SingleValueDecodingContainer {
        guard let column = row.columnNames.first, let value = row.values.first else {
            throw RowDecodingError(
                .columnNotFound, "a value can not be decoded from a row without column", codingPath: codingPath.map(\.stringValue))
        }
        return ColumnDecoder(value: value, column: column, codingPath: codingPath)
    }
}

/// The keyed container of a row: columns, then scopes, then prefetched rows, then the row itself.
///
/// With a `DecodingContext` (records fetched from a request), where each key lies is looked up
/// once per fetch and `CodingKey` type (`KeyPlan`), then read from the plan for the next rows.
final class RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder
    /// The first key decoded from the row itself (GRDB's rule when the row's table is unknown).
    private var decodedRootKey: String?

    /// The decoder's row, stored once: reading it through `decoder` would copy it on every access.
    let row: Row
    private let context: DecodingContext?
    /// The keys resolved by earlier containers of this fetch and key type.
    private var plan: KeyPlan
    /// The plan entry expected next (keys are usually asked for in the same order for every row).
    private var nextEntry = 0
    /// Keys resolved here that were not in the plan, handed to the context at the end.
    private var learned: [KeyPlan.Entry] = []

    init(decoder: RowDecoder) {
        self.decoder = decoder
        self.row = decoder.row
        self.context = decoder.context
        self.plan = decoder.context?.plan(for: ObjectIdentifier(Key.self)) ?? KeyPlan()
    }

    deinit {
        if let context, !learned.isEmpty { context.learn(learned, for: ObjectIdentifier(Key.self)) }
    }

    var codingPath: [CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var names = row.columnNames
        names += row.allScopeNames()
        names += row.allPrefetchedKeys()
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }.compactMap { Key(stringValue: $0) }
    }

    // MARK: Where a key lies

    /// The resolved place of a key in this row: its column's index, its scope, its prefetched
    /// rows, or nothing; `entry` is the plan entry that gave (or now holds) the answer.
    private enum Found {
        case column(Int)
        case scope(Row)
        case prefetched([Row])
        case absent
    }

    /// Where `name` lies in this row: from the plan when its answer holds for this row, else by
    /// the full lookup (remembered when there is a context). Returns the plan entry's index in
    /// `plan.entries` (or `-1 - index` in `learned`) for the caller's per-type cache.
    private func find(_ name: String) -> (found: Found, entry: Int) {
        if context != nil {
            var index = nextEntry
            if index >= plan.entries.count || plan.entries[index].key != name {
                index = plan.entries.firstIndex { $0.key == name } ?? -1
            }
            if index >= 0, let found = found(plan.entries[index].source, name) {
                nextEntry = index + 1
                return (found, index)
            }
        }
        // The full lookup: columns, scopes breadth-first, prefetched rows.
        let found: Found
        let source: KeySource
        if let index = row.columnIndex(name) {
            found = .column(index)
            source = .column(index: index, name: row.columnNames[index])
        } else if let (scope, path) = row.anyScopePath(name) {
            found = .scope(scope)
            source = .scope(path: path)
        } else if let rows = row.prefetchedRows(name) {
            found = .prefetched(rows)
            source = .prefetched
        } else {
            found = .absent
            source = .absent
        }
        guard context != nil else { return (found, Int.min) }
        if let index = learned.firstIndex(where: { $0.key == name }) { return (found, -1 - index) }
        learned.append(KeyPlan.Entry(key: name, source: source))
        return (found, -learned.count)
    }

    /// What `source` says for this row, or nil when the row does not match it.
    private func found(_ source: KeySource, _ name: String) -> Found? {
        switch source {
        case .column(let index, let column):
            guard index < row.values.count, index < row.columnNames.count, row.columnNames[index] == column else { return nil }
            return .column(index)
        case .scope(let path):
            return row.scope(at: path, key: name).map { .scope($0) }
        case .prefetched:
            return row.prefetchedRows(name).map { .prefetched($0) }
        case .absent:
            return .absent
        }
    }

    /// The cached answer of `decodesFromRowItself` for `type` at plan entry `entry`.
    private func cachedRowItself<T>(_ type: T.Type, entry: Int) -> Bool? {
        let id = ObjectIdentifier(type)
        if entry >= 0, entry < plan.entries.count, let cached = plan.entries[entry].rowItself, cached.type == id {
            return cached.decodes
        }
        return nil
    }

    private func cacheRowItself<T>(_ type: T.Type, entry: Int, _ decodes: Bool) {
        let value = (type: ObjectIdentifier(type), decodes: decodes)
        if entry >= 0, entry < plan.entries.count {
            // This container's copy; the shared plan learns it from the first container.
            plan.entries[entry].rowItself = value
        } else if entry < 0, entry != Int.min, -1 - entry < learned.count {
            learned[-1 - entry].rowItself = value
        }
    }

    private func scopeDecoder(_ scope: Row, _ name: String, _ key: Key) -> RowDecoder {
        RowDecoder(row: scope, context: context?.scope(name), parentPath: codingPath, key: key)
    }

    private func prefetchedDecoder(_ rows: [Row], _ name: String, _ key: Key) -> PrefetchedRowsDecoder {
        PrefetchedRowsDecoder(rows: rows, context: context?.prefetched(name), codingPath: codingPath + [key])
    }

    // MARK: Decoding

    func contains(_ key: Key) -> Bool {
        if case .absent = find(key.stringValue).found { return false }
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch find(key.stringValue).found {
        case .column(let index): return row.values[index].isNull
        case .scope(let scope): return !scope.containsNonNullValue
        case .prefetched: return false
        case .absent: return true
        }
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

    // The standard library's default for these asks contains, decodeNil and decode in turn
    // (three lookups); these give the same answers with one.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeValueIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeValueIfPresent(type, key) }

    /// A plain value: from its column only.
    @inline(__always)
    private func decodeValue<T: DatabaseValueDecodable>(_ type: T.Type, _ key: Key) throws -> T {
        let name = key.stringValue
        guard case .column(let index) = find(name).found else {
            throw RowDecodingError.columnNotFound(name, in: row, path: codingPath + [key])
        }
        return try RowDecodingError.convert(row.values[index], to: type, column: row.columnNames[index], path: self.codingPath + [key])
    }

    /// An optional plain value: nil for NULL, a missing key or a scope of NULLs; from its column
    /// only (a key naming a scope or prefetched rows is a missing column), as the default
    /// `contains`, `decodeNil`, `decode` sequence answers.
    @inline(__always)
    private func decodeValueIfPresent<T: DatabaseValueDecodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let name = key.stringValue
        switch find(name).found {
        case .column(let index):
            let value = row.values[index]
            if value.isNull { return nil }
            return try RowDecodingError.convert(value, to: type, column: row.columnNames[index], path: self.codingPath + [key])
        case .absent:
            return nil
        case .scope(let scope):
            if !scope.containsNonNullValue { return nil }
            throw RowDecodingError.columnNotFound(name, in: row, path: codingPath + [key])
        case .prefetched:
            throw RowDecodingError.columnNotFound(name, in: row, path: codingPath + [key])
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        let (found, entry) = find(name)
        switch found {
        case .column(let index):
            return try decodeColumn(type, at: index, path: self.codingPath + [key])
        case .scope(let scope):
            guard scope.containsNonNullValue else {
                throw RowDecodingError(
                    .scopeContainsOnlyNull,
                    "scope \(quoteForMessage(name)) only contains null values (declare the property optional for an optional association)",
                    codingPath: (codingPath + [key]).map(\.stringValue))
            }
            return try T(from: scopeDecoder(scope, name, key))
        case .prefetched(let rows):
            return try T(from: prefetchedDecoder(rows, name, key))
        case .absent:
            let decodes: Bool
            if let cached = cachedRowItself(type, entry: entry) {
                decodes = cached
            } else {
                decodes = !(T.self is any DatabaseValueDecodable.Type) && decodesFromRowItself(type, name)
                // The rule without a layout depends on the keys decoded before: never cached.
                if decoder.layout != nil { cacheRowItself(type, entry: entry, decodes) }
            }
            if decodes {
                decodedRootKey = decodedRootKey ?? name
                return try T(from: RowDecoder(row: row, context: context, parentPath: codingPath, key: key))
            }
            let path = codingPath + [key]
            if T.self is any DatabaseValueDecodable.Type {
                throw RowDecodingError.columnNotFound(name, in: row, path: path)
            }
            return try T(from: MissingKeyDecoder(key: name, row: row, codingPath: path))
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = key.stringValue
        switch find(name).found {
        case .column(let index):
            if row.values[index].isNull { return nil }
            return try decodeColumn(type, at: index, path: self.codingPath + [key])
        case .scope(let scope):
            guard scope.containsNonNullValue else { return nil }
            return try T(from: scopeDecoder(scope, name, key))
        case .prefetched(let rows):
            return try T(from: prefetchedDecoder(rows, name, key))
        case .absent:
            return nil
        }
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
        switch find(name).found {
        case .column(let index):
            return try ColumnDecoder(value: row.values[index], column: row.columnNames[index], codingPath: path).container(keyedBy: type)
        case .scope(let scope):
            return try scopeDecoder(scope, name, key).container(keyedBy: type)
        case .prefetched, .absent:
            throw RowDecodingError.scopeNotFound(name, in: row, path: path)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let name = key.stringValue
        guard case .prefetched(let rows) = find(name).found else {
            // A column or scope of that name does not hide prefetched rows found further down.
            guard let rows = row.prefetchedRows(name) else {
                throw RowDecodingError.prefetchedRowsNotFound(name, in: row, path: codingPath + [key])
            }
            return try prefetchedDecoder(rows, name, key).unkeyedContainer()
        }
        return try prefetchedDecoder(rows, name, key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let name = key.stringValue
        if let scope = row.anyScope(name) {
            return scopeDecoder(scope, name, key)
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
