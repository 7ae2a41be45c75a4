/// `filter(key:)`, `filter(keys:)`, `filter(id:)`: rows by primary key (the declared key, else the
/// rowid), resolved against the schema when SQL is generated.
///
///     Table("genre").filter(key: 1)                        WHERE "id" = ?
///     Table("genre").filter(keys: [1, 2])                  WHERE "id" IN (?, ?)
///     Table("pair").filter(key: ["a": 1, "b": "x"])       WHERE ("a" = ?) AND ("b" = ?)
package struct KeyFilter: Sendable, Hashable {
    /// One key: a value for a one-column key, or each column's value for a composite one.
    package enum Key: Sendable, Hashable {
        /// The value of a one-column key.
        case value(Expression)
        /// Each column's value, for a composite key.
        case columns([KeyColumn])
    }

    /// `column: value` in a composite key, in the order written.
    package struct KeyColumn: Sendable, Hashable {
        /// The key column, as written.
        package var column: String
        /// Its value.
        package var value: Expression

        /// `column = value`, one column of a composite key.
        package init(column: String, value: Expression) {
            self.column = column
            self.value = value
        }
    }

    /// The keys, in the order written.
    package var keys: [Key]
    /// Written `filter(keys: [...])` (a list), rather than `filter(key: ...)`.
    package var isList: Bool

    /// The keys to match; `isList` when written `filter(keys:)`.
    package init(keys: [Key], isList: Bool) {
        self.keys = keys
        self.isList = isList
    }

    /// The condition on `table`'s primary key: `id = 1`, `id IN (1, 2)`, `(a = 1 AND b = 2) OR …`.
    func condition(on table: TableInfo) throws -> Expression {
        let columns = table.primaryKey.kind == .none ? [] : table.primaryKey.columns
        guard !columns.isEmpty else {
            let hidden = table.kind != .view && TableInfo.rowidNames.allSatisfy { table.column(named: $0) != nil }
            let why = hidden ? "its columns named rowid, _rowid_ and oid hide the rowid" : "a view"
            throw AssocError.invalid(
                "\(quoteForMessage(table.name)) has no primary key (\(why)): filter on its columns instead of filter(key:)", table: table.name)
        }
        var conditions: [Expression] = []
        var singles: [Expression] = []
        for key in keys {
            switch key {
            case .value(let value):
                guard columns.count == 1 else {
                    throw AssocError.invalid(
                        "the primary key of \(quoteForMessage(table.name)) has several columns (\(columns.joined(separator: ", "))): write filter(key: [\(columns.map { $0 + ": …" }.joined(separator: ", "))])",
                        table: table.name)
                }
                singles.append(value)
            case .columns(let given):
                let expected = Set(columns.map { $0.lowercased() })
                guard let first = given.first, given.count == columns.count, Set(given.map { $0.column.lowercased() }) == expected else {
                    throw AssocError.invalid(
                        "the primary key of \(quoteForMessage(table.name)) is (\(columns.joined(separator: ", "))); the key given names (\(given.map(\.column).joined(separator: ", ")))",
                        table: table.name)
                }
                let firstCondition = Expression.binary(.equal, .column(first.column), first.value)
                conditions.append(given.dropFirst().reduce(firstCondition) { .binary(.and, $0, .binary(.equal, .column($1.column), $1.value)) })
            }
        }
        if let column = columns.first, let first = singles.first {
            conditions.append(singles.count == 1 ? .binary(.equal, .column(column), first) : .inList(.column(column), singles, negated: false))
        }
        guard let first = conditions.first else { return .value(.integer(0)) }
        return conditions.dropFirst().reduce(first) { .binary(.or, $0, $1) }
    }
}

/// On a request, rows of its table; on an association, rows of its destination table (GRDB: "can
/// filter associated records as well"): `book.including(required: book.author.filter(key: 1))`.
extension RelationRefining {
    /// The row whose primary key (or rowid) is `key`.
    public func filter(key: ExpressionConvertible) -> Refined {
        with { $0.keyFilters.append(KeyFilter(keys: [.value(key.expression)], isList: false)) }
    }

    /// The row whose composite primary key has these column values.
    public func filter(key: [String: ExpressionConvertible]) -> Refined {
        let columns = key.sorted { $0.key < $1.key }.map { KeyFilter.KeyColumn(column: $0.key, value: $0.value.expression) }
        return with { $0.keyFilters.append(KeyFilter(keys: [.columns(columns)], isList: false)) }
    }

    /// The rows whose primary key (or rowid) is one of `keys`.
    public func filter(keys: [ExpressionConvertible]) -> Refined {
        with { $0.keyFilters.append(KeyFilter(keys: keys.map { .value($0.expression) }, isList: true)) }
    }

    /// GRDB's `filter(id:)`: the row whose primary key is `id`.
    public func filter(id: ExpressionConvertible) -> Refined {
        filter(key: id)
    }
}
