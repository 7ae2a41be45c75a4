/// Typed reads for records that implement `FetchableRecord.init(row:)` themselves: values by
/// column name or index, records from scopes and from prefetched rows. No `Decodable` machinery
/// is involved. Failures throw `AssocError.decoding`, naming the column, scope or key at fault,
/// with the scope and prefetch keys on the way as the coding path (`author.name`).
///
///     struct BookInfo: FetchableRecord {
///         var book: Book; var author: Person; var country: Country?; var prizes: [Prize]
///         init(row: Row) throws {
///             book = try Book(row: row)
///             author = try row.decode(scope: "author")
///             country = try row.decodeIfPresent(scope: "country")
///             prizes = try row.decode(prefetched: "prizes")
///         }
///     }
///     struct Person: FetchableRecord {
///         var id: Int64; var name: String; var countryCode: String?
///         init(row: Row) throws {
///             id = try row.decode(column: "id")
///             name = try row.decode(column: "name")
///             countryCode = try row.decodeIfPresent(column: "countryCode")
///         }
///     }
extension Row {
    // MARK: Values
    // Inlinable, so that each call is specialized for its type in the record's module.

    /// The value of the column `name` of this scope (the first of that name, exact spelling
    /// first, then case-insensitive) converted to `T`. Throws when there is no such column, when
    /// it holds NULL, or when its value does not convert (`DatabaseValueDecodable`'s rules).
    @inlinable
    public func decode<T: DatabaseValueDecodable>(_ type: T.Type = T.self, column name: String) throws -> T {
        let index = try decodingColumnIndex(name)
        if let value = T.fromDatabaseValue(values[index]) { return value }
        throw decodingFailure(type, at: index, key: name)
    }

    /// The value of the column `name` converted to `T`, nil when it holds NULL. Throws when there
    /// is no such column (a misspelt name is an error, not nil) or when the value does not convert.
    @inlinable
    public func decodeIfPresent<T: DatabaseValueDecodable>(_ type: T.Type = T.self, column name: String) throws -> T? {
        let index = try decodingColumnIndex(name)
        let value = values[index]
        if value.isNull { return nil }
        if let converted = T.fromDatabaseValue(value) { return converted }
        throw decodingFailure(type, at: index, key: name)
    }

    /// The value of this scope's column at `index` (0-based, in SELECT order) converted to `T`.
    @inlinable
    public func decode<T: DatabaseValueDecodable>(_ type: T.Type = T.self, atIndex index: Int) throws -> T {
        try checkDecodingIndex(index)
        if let value = T.fromDatabaseValue(values[index]) { return value }
        throw decodingFailure(type, at: index, key: String(index))
    }

    /// The value of this scope's column at `index` converted to `T`, nil when it holds NULL.
    @inlinable
    public func decodeIfPresent<T: DatabaseValueDecodable>(_ type: T.Type = T.self, atIndex index: Int) throws -> T? {
        try checkDecodingIndex(index)
        let value = values[index]
        if value.isNull { return nil }
        if let converted = T.fromDatabaseValue(value) { return converted }
        throw decodingFailure(type, at: index, key: String(index))
    }

    // MARK: Records

    /// The record decoded (by its `init(row:)`) from the scope `key`, searched breadth-first
    /// through nested scopes as `Decodable` records find it. Throws when there is no such scope,
    /// or when it only holds NULL (a left join without match: use `decodeIfPresent`).
    @inlinable
    public func decode<Record: FetchableRecord>(_ type: Record.Type = Record.self, scope key: String) throws -> Record {
        let scope = try decodingScope(key)
        guard scope.containsNonNullValue else { throw Row.onlyNullScopeError(key) }
        do {
            return try Record(row: scope)
        } catch {
            throw Row.prefixing(error, with: [key])
        }
    }

    /// The record decoded from the scope `key`, nil when the scope only holds NULL (an optional
    /// association without match). Throws when there is no such scope (a misspelt key is an
    /// error, not nil).
    @inlinable
    public func decodeIfPresent<Record: FetchableRecord>(_ type: Record.Type = Record.self, scope key: String) throws -> Record? {
        let scope = try decodingScope(key)
        guard scope.containsNonNullValue else { return nil }
        do {
            return try Record(row: scope)
        } catch {
            throw Row.prefixing(error, with: [key])
        }
    }

    /// The records decoded (each by its `init(row:)`) from the rows prefetched under `key`
    /// (`including(all:)`), searched breadth-first through nested scopes.
    @inlinable
    public func decode<Record: FetchableRecord>(_ type: [Record].Type = [Record].self, prefetched key: String) throws -> [Record] {
        let rows = try decodingPrefetchedRows(key)
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            do {
                records.append(try Record(row: row))
            } catch {
                throw Row.prefixing(error, with: [key, String(index)])
            }
        }
        return records
    }

    // MARK: Helpers (internal, usable from the inlined code above)

    @usableFromInline
    func decodingColumnIndex(_ name: String) throws -> Int {
        guard let index = columnIndex(name) else {
            throw AssocError.decoding(.columnNotFound(name, in: self, path: [RowCodingKey(stringValue: name)]))
        }
        return index
    }

    @usableFromInline
    func checkDecodingIndex(_ index: Int) throws {
        guard index >= 0, index < values.count, index < columnNames.count else {
            let count = min(values.count, columnNames.count)
            throw AssocError.decoding(
                RowDecodingError(
                    .columnNotFound, "no column at index \(index): the scope has \(count) column\(count == 1 ? "" : "s")",
                    codingPath: [String(index)]))
        }
    }

    /// The error for the value at `index` that did not convert to `type` (NULL or a mismatch).
    @usableFromInline
    func decodingFailure(_ type: Any.Type, at index: Int, key: String) -> Error {
        let value = values[index]
        let column = columnNames[index]
        let path = [RowCodingKey(stringValue: key)]
        if value.isNull { return AssocError.decoding(.valueNotFound(type, column: column, path: path)) }
        return AssocError.decoding(.typeMismatch(type, column: column, value: value, path: path))
    }

    /// The scope `key` (breadth-first, even when all NULL), carrying its decoding context.
    @usableFromInline
    func decodingScope(_ key: String) throws -> Row {
        guard var scope = anyScope(key) else {
            throw AssocError.decoding(.scopeNotFound(key, in: self, path: [RowCodingKey(stringValue: key)]))
        }
        scope.decodingContext = decodingContext?.scope(key)
        return scope
    }

    /// The rows prefetched under `key`, each carrying its decoding context.
    @usableFromInline
    func decodingPrefetchedRows(_ key: String) throws -> [Row] {
        guard var rows = prefetchedRows(key) else {
            throw AssocError.decoding(.prefetchedRowsNotFound(key, in: self, path: [RowCodingKey(stringValue: key)]))
        }
        if let context = decodingContext?.prefetched(key) {
            for index in rows.indices { rows[index].decodingContext = context }
        }
        return rows
    }

    @usableFromInline
    static func onlyNullScopeError(_ key: String) -> Error {
        AssocError.decoding(
            RowDecodingError(
                .scopeContainsOnlyNull,
                "scope \(quoteForMessage(key)) only contains null values (use decodeIfPresent for an optional association)",
                codingPath: [key]))
    }

    /// `error` with `keys` in front of its coding path when it is a decoding error.
    @usableFromInline
    static func prefixing(_ error: Error, with keys: [String]) -> Error {
        if case AssocError.decoding(var decoding) = error {
            decoding.codingPath = keys + decoding.codingPath
            return AssocError.decoding(decoding)
        }
        if var decoding = error as? RowDecodingError {
            decoding.codingPath = keys + decoding.codingPath
            return AssocError.decoding(decoding)
        }
        return error
    }
}
