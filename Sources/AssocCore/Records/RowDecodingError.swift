/// Why a record could not be decoded from a row. The message names the column, value, scope or
/// prefetch key at fault and the coding path of the property being decoded.
public struct RowDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of decoding failure this is.
    public enum Kind: String, Sendable, Hashable {
        /// No column, scope or prefetched rows match a required property.
        case columnNotFound
        /// The column's value can not be converted to the property's type.
        case typeMismatch
        /// NULL in a column decoded into a non-optional property.
        case valueNotFound
        /// A required record property has no matching scope.
        case scopeNotFound
        /// A required scope exists but only contains NULL values (a left join without match).
        case scopeContainsOnlyNull
        /// A collection property has no matching `including(all:)` rows.
        case prefetchedRowsNotFound
        /// The property's type asks for a shape a row can not provide (a keyed value in a column...).
        case unsupported
    }

    /// What went wrong.
    public var kind: Kind
    /// The message, naming the column, value, scope or key at fault.
    public var message: String
    /// The coding keys from the decoded record to the property at fault (`authorInfo.country`).
    public var codingPath: [String]

    /// An error of `kind`, explained by `message`, at `codingPath`.
    init(_ kind: Kind, _ message: String, codingPath: [String] = []) {
        self.kind = kind
        self.message = message
        self.codingPath = codingPath
    }

    /// `message`, followed by the coding path when there is one.
    public var description: String {
        codingPath.isEmpty ? message : message + " (decoding " + codingPath.joined(separator: ".") + ")"
    }
}

extension RowDecodingError {
    static func columnNotFound(_ column: String, in row: Row, path: [CodingKey]) -> RowDecodingError {
        var message = "column not found: " + quoteForMessage(column)
        let names = row.columnNames.prefix(row.values.count)
        if !names.isEmpty {
            message += " - available columns: [" + names.map { quoteForMessage($0) }.joined(separator: ", ") + "]"
        }
        return RowDecodingError(.columnNotFound, message, codingPath: path.map(\.stringValue))
    }

    static func scopeNotFound(_ key: String, in row: Row, path: [CodingKey]) -> RowDecodingError {
        var message = "scope not found: " + quoteForMessage(key)
        let names = row.allScopeNames()
        if !names.isEmpty {
            message += " - available scopes: [" + names.map { quoteForMessage($0) }.joined(separator: ", ") + "]"
        }
        return RowDecodingError(.scopeNotFound, message, codingPath: path.map(\.stringValue))
    }

    static func prefetchedRowsNotFound(_ key: String, in row: Row, path: [CodingKey]) -> RowDecodingError {
        var message = "key for prefetched rows not found: " + quoteForMessage(key)
        let keys = row.allPrefetchedKeys()
        if !keys.isEmpty {
            message += " - available keys: [" + keys.map { quoteForMessage($0) }.joined(separator: ", ") + "]"
        }
        return RowDecodingError(.prefetchedRowsNotFound, message, codingPath: path.map(\.stringValue))
    }
}

extension Row {
    /// Names of every scope, nested ones included, sorted and without duplicates.
    func allScopeNames() -> [String] {
        Set(breadthFirstScopes.flatMap { $0.scopes.map(\.key) }).sorted()
    }

    /// The scope `key` searched breadth-first, even when all its values are NULL.
    func anyScope(_ key: String) -> Row? {
        // Direct scopes first, without allocating the queue (the common case when decoding).
        if let found = scopes.first(where: { $0.key == key }) { return found.row }
        if scopes.isEmpty { return nil }
        for row in breadthFirstScopes {
            if let found = row.scopes.first(where: { $0.key == key }) { return found.row }
        }
        return nil
    }

    /// The index of the first column named `name`, exact spelling first, then case-insensitive;
    /// always a valid index of both `columnNames` and `values`.
    func columnIndex(_ name: String) -> Int? {
        let count = min(columnNames.count, values.count)
        let names = columnNames.prefix(count)
        if let index = names.firstIndex(of: name) { return index }
        let lowered = name.lowercased()
        return names.firstIndex { $0.lowercased() == lowered }
    }
}
