/// How an expression added to a request refers to a table the request joins, one without an alias
/// of its own: by an alias the SQL generator gives every joined table, from the table's place in
/// the resolved request. Only `Database.repeatedRowKeyTerms(of:)` and `rootKeyStandIns(of:)` hand
/// such aliases out; they start with a NUL character, which no alias a person types can hold, so a
/// user's alias never takes their place.
enum JoinedTableReference {
    static func alias(of nodeID: Int) -> String { "\u{0}table\(nodeID)" }
}

/// The key column of a table whose rows a to-many join repeats: a term of the rows' total order.
package struct RepeatedRowKey: Sendable, Hashable {
    /// The column, ascending, in an expression valid in the request it was computed for.
    package var term: KeysetCondition.Term
    /// The joined table and its key column, for people to read.
    package var table: String
    package var column: String
}

extension Database {
    /// The terms that, after the root's key, tell apart the rows of `request` that its joins
    /// repeat (the key of each table joined to-many, as `orderedTotally()` appends them): keyset
    /// pagination on a view whose rows repeat a root record orders on them too. Each names its
    /// table by an alias valid in expressions added to `request` (filters, annotations,
    /// orderings), and may be NULL (an optional join without a match). Empty when no join repeats
    /// a record; nil when the rows cannot be told apart by keys (`distinct()` over joined rows, a
    /// view joined to-many).
    package func repeatedRowKeyTerms(of request: Request) throws -> [RepeatedRowKey]? {
        let root = try ResolvedQuery(request, graph: graph).root
        if root.groupsByPrimaryKey { return [] }
        // DISTINCT compares the selected values: only keys already selected keep its rows as they are.
        if root.isDistinct && TotalOrder.distinctKeyTerms(of: root) == nil { return nil }
        if !TotalOrder.hasRepeatingJoin(root) { return [] }
        let innerJoined = TotalOrder.innerJoinedIDs(of: root)
        var terms: [RepeatedRowKey] = []
        for (ordering, node) in TotalOrder.keyTerms(of: root).dropFirst(TotalOrder.uniqueColumns(of: root.table).count) {
            guard case .column(let column) = ordering.expression else { return nil }
            let expression = Expression.aliasedColumn(alias: JoinedTableReference.alias(of: node.id), column: column)
            // NULL only where an optional join on the way has no match.
            let term = KeysetCondition.Term(expression, descending: false, isNullable: !innerJoined.contains(node.id))
            terms.append(RepeatedRowKey(term: term, table: node.table.name, column: column))
        }
        // A table with no key (a view) joined to-many: its rows cannot be told apart.
        return TotalOrder.joinedTablesHaveKeys(root) ? terms : nil
    }

    /// For the root's key columns, the columns of the first table a required to-many join
    /// attaches by them (`big.categoryId` for `category.id` in `category.including(required:
    /// bigs)`): equal to the key on every row, and an order on them, then on that table's key,
    /// follows its index (SQLite would otherwise sort every joined row to find the first page).
    /// Keyed by the root's column names; nil when there is no such join.
    package func rootKeyStandIns(of request: Request) throws -> [String: RepeatedRowKey]? {
        let root = try ResolvedQuery(request, graph: graph).root
        let key = TotalOrder.uniqueColumns(of: root.table)
        guard !key.isEmpty, !root.groupsByPrimaryKey, !root.isDistinct,
            let child = root.children.first(where: { $0.kind != .all && !TotalOrder.landsOnKey($0) }),
            child.kind == .required,
            // Its key comes right after the root's in the rows' order (no repeating join before it).
            TotalOrder.keyTerms(of: root).dropFirst(key.count).first?.1.id == child.node.id
        else { return nil }
        var standIns: [String: RepeatedRowKey] = [:]
        for column in key {
            guard let pair = child.pairs.first(where: { $0.origin.lowercased() == column.lowercased() }) else { return nil }
            let expression = Expression.aliasedColumn(alias: JoinedTableReference.alias(of: child.node.id), column: pair.destination)
            // Never NULL: the inner join matched it to the key.
            let term = KeysetCondition.Term(expression, descending: false, isNullable: false)
            standIns[column] = RepeatedRowKey(term: term, table: child.node.table.name, column: pair.destination)
        }
        return standIns
    }
}
