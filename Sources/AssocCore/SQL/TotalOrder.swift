/// The ORDER BY terms `Request.orderedTotally()` appends: the key of the root, then the key of
/// each table joined below it whose rows the join can repeat (a to-many join, or any join that
/// does not land on the joined table's own key).
enum TotalOrder {
    static func keyTerms(of root: QueryNode) -> [(Ordering, QueryNode)] {
        var terms = terms(for: root)
        // Grouped rows are unique by the root's key; the joined rows are folded into aggregates.
        guard !root.groupsByPrimaryKey else { return terms }
        if root.isDistinct, let distinct = distinctKeyTerms(of: root) { return distinct }
        func walk(_ node: QueryNode) {
            for child in node.children where child.kind != .all {
                if !landsOnKey(child) { terms += Self.terms(for: child.node) }
                walk(child.node)
            }
        }
        walk(root)
        return terms
    }

    /// Whether a join below `node` (not a prefetch) can match several rows.
    static func hasRepeatingJoin(_ node: QueryNode) -> Bool {
        node.children.contains { child in
            child.kind != .all && (!landsOnKey(child) || hasRepeatingJoin(child.node))
        }
    }

    /// The keys that tell apart the rows of `distinct()` (which compares the selected values):
    /// those of the tables whose columns they select, the root first, provided each selects all
    /// its columns, its key among them (ordering on it then orders on selected values); nil
    /// otherwise.
    static func distinctKeyTerms(of root: QueryNode) -> [(Ordering, QueryNode)]? {
        func wholeWithKey(_ node: QueryNode) -> Bool {
            node.selection.contains { if case .allColumns = $0 { return true } else { return false } } && rowsAreUnique(node.table)
        }
        guard wholeWithKey(root) else { return nil }
        var result = terms(for: root)
        func walk(_ node: QueryNode) -> Bool {
            for child in node.children where child.kind != .all {
                if !child.node.selection.isEmpty || !child.node.annotations.isEmpty {
                    guard wholeWithKey(child.node) else { return false }
                    result += terms(for: child.node)
                }
                guard walk(child.node) else { return false }
            }
            return true
        }
        return walk(root) ? result : nil
    }

    /// The tables joined below `root` by required joins all the way: every row has one of them.
    static func innerJoinedIDs(of root: QueryNode) -> Set<Int> {
        var ids: Set<Int> = []
        func walk(_ node: QueryNode) {
            for child in node.children where child.kind == .required {
                ids.insert(child.node.id)
                walk(child.node)
            }
        }
        walk(root)
        return ids
    }

    /// Whether a table's whole rows are unique: its key is among its columns (not a hidden
    /// rowid), or its primary key's columns are NOT NULL (SQLite lets NULLs repeat in the
    /// primary key of a rowid table).
    static func rowsAreUnique(_ table: TableInfo) -> Bool {
        let key = uniqueColumns(of: table)
        if !key.isEmpty && key.allSatisfy({ table.column(named: $0) != nil }) { return true }
        let primaryKey = table.primaryKey
        return primaryKey.kind == .regular && !primaryKey.columns.isEmpty
            && primaryKey.columns.allSatisfy { table.column(named: $0)?.notNull == true }
    }

    /// Whether every table joined below `node` whose rows a join can repeat has a key.
    static func joinedTablesHaveKeys(_ node: QueryNode) -> Bool {
        node.children.allSatisfy { child in
            child.kind == .all
                || ((landsOnKey(child) || !uniqueColumns(of: child.node.table).isEmpty) && joinedTablesHaveKeys(child.node))
        }
    }

    /// Whether a table joined below `node` (not prefetched) selects columns.
    static func joinsSelect(_ node: QueryNode) -> Bool {
        node.children.contains { child in
            child.kind != .all && (!child.node.selection.isEmpty || !child.node.annotations.isEmpty || joinsSelect(child.node))
        }
    }

    /// The columns that identify a row of `table` and order its rows along its key's index
    /// (`TableInfo.rowOrderColumns`), or none for a view.
    static func uniqueColumns(of table: TableInfo) -> [String] {
        table.rowOrderColumns
    }

    private static func terms(for node: QueryNode) -> [(Ordering, QueryNode)] {
        uniqueColumns(of: node.table).map { (Ordering(Expression.column($0)), node) }
    }

    /// Whether the join matches at most one row of the child: its child-side columns are the
    /// child's key.
    static func landsOnKey(_ child: QueryChild) -> Bool {
        let joined = Set(child.pairs.map { $0.destination.lowercased() })
        let key = uniqueColumns(of: child.node.table).map { $0.lowercased() }
        if !key.isEmpty && Set(key) == joined { return true }
        if child.node.table.primaryKey.kind == .rowidAlias, joined.count == 1, let name = joined.first,
            TableInfo.rowidNames.contains(name), child.node.table.column(named: name) == nil
        {
            return true
        }
        return false
    }
}

extension Database {
    /// Whether two rows of `request` can share one record of its root table: a join that is not
    /// on the joined table's key (to-many) repeats the root's row once per match, and `distinct()`
    /// over a chosen selection can fold several records into one row. Paging on the root's key is
    /// only valid when this is false.
    package func rowsCanRepeatRootKey(_ request: Request) throws -> Bool {
        let root = try ResolvedQuery(request, graph: graph).root
        if root.groupsByPrimaryKey { return false }
        if root.isDistinct {
            // DISTINCT over the root's whole rows (joins selecting nothing) leaves one row per record.
            // (Unless the key is a hidden rowid: equal rows of such a table fold into one.)
            let wholeRoot = root.selection.contains { if case .allColumns = $0 { return true } else { return false } }
            if wholeRoot && !TotalOrder.joinsSelect(root) { return !TotalOrder.rowsAreUnique(root.table) }
            if request.relation.selection != nil { return true }
        }
        return TotalOrder.hasRepeatingJoin(root)
    }
}
