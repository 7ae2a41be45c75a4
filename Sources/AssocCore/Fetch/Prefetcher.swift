/// Runs a resolved query and its `including(all:)` associations: one main statement, then one
/// statement per prefetched association over all the rows (never one per row), recursively.
/// Nothing is prefetched when the main statement returns no row.
enum Prefetcher {
    /// Runs `planned` (a prefetch's statement restricted to `keys`), then its prefetches over all
    /// its rows, appending each statement that ran to `executed`. The rows keep the hidden values
    /// of their grouping keys (a prefetch's), in order; the others are dropped.
    static func fetch(
        _ planned: PlannedStatement, keys: [PrefetchKey]?, db: Database, executed: inout [QueryPlan.Step],
        limits: FetchLimits = FetchLimits()
    ) throws -> FetchedRows {
        var step = planned.step
        step.statement = try planned.statement(keys: keys)
        executed.append(step)
        var rows = try RowReader.fetch(planned, step.statement, from: db, limits: limits)
        if rows.rows.isEmpty { return rows }
        for prefetch in planned.prefetches {
            try self.prefetch(prefetch, into: &rows, db: db, executed: &executed, limits: limits)
        }
        // The root's hidden values (`HiddenValue`) follow the hidden columns: kept apart.
        if !planned.tree.hiddenValues.isEmpty {
            rows.separateHiddenValues(from: planned.hiddenColumns.count, count: planned.tree.hiddenValues.count)
        }
        rows.keepHidden(planned.groupingWidth)
        return rows
    }

    static func prefetch(
        _ plan: PlannedPrefetch, into fetched: inout FetchedRows, db: Database, executed: inout [QueryPlan.Step],
        limits: FetchLimits = FetchLimits()
    ) throws {
        // The parent keys of every row: NULL keys match nothing. Each distinct key gets a group
        // number; rows remember theirs (-1: no key). One hash per row, no key array for
        // single-column keys; grouping and attaching are linear in the number of rows.
        let scopePath = plan.scopePath[...]
        // Column positions are the same in every row of a statement: each visible source's
        // position is looked up once (by source, not by hashing its name on every row).
        var visibleIndexes = [Int](repeating: -1, count: plan.keySources.count)
        var rowGroups: [Int] = []
        rowGroups.reserveCapacity(fetched.rows.count)
        var groupOfKey = PrefetchGroups(capacity: fetched.rows.count)
        var distinctKeys: [PrefetchKey] = []
        for rowIndex in fetched.rows.indices {
            let prefetchKey = key(of: rowIndex, in: fetched, plan: plan, visibleIndexes: &visibleIndexes)
            guard let prefetchKey else {
                rowGroups.append(-1)
                continue
            }
            if let group = groupOfKey.group(of: prefetchKey) {
                rowGroups.append(group)
            } else {
                groupOfKey.insert(prefetchKey, group: distinctKeys.count)
                rowGroups.append(distinctKeys.count)
                distinctKeys.append(prefetchKey)
            }
        }
        var groups: [[Row]] = []
        if !distinctKeys.isEmpty {
            let sortedKeys = PrefetchKey.sortedInSQLiteOrder(distinctKeys)
            var children = try fetch(plan.statement, keys: sortedKeys, db: db, executed: &executed, limits: limits)
            // The group of each child row, then arrays of the exact size, filled in fetch order.
            var childGroups: [Int] = []
            childGroups.reserveCapacity(children.rows.count)
            var counts = [Int](repeating: 0, count: distinctKeys.count)
            let width = plan.statement.groupingWidth
            // SQLite usually returns the rows of one key together (it looks the keys up one by
            // one): a row with the same key as the previous one takes its group without a hash.
            var previous: (key: PrefetchKey, group: Int)?
            for index in children.rows.indices {
                let key: PrefetchKey
                if width == 1 {
                    key = .single(normalize(children.hiddenValue(index, 0)))
                } else {
                    key = PrefetchKey((0..<width).map { normalize(children.hiddenValue(index, $0)) })
                }
                let group: Int
                if let previous, previous.key == key {
                    group = previous.group
                } else {
                    group = groupOfKey.group(of: key) ?? -1
                    previous = (key, group)
                }
                childGroups.append(group)
                if group >= 0 { counts[group] += 1 }
            }
            groups = [[Row]](repeating: [], count: distinctKeys.count)
            for (group, count) in counts.enumerated() where count > 0 {
                groups[group].reserveCapacity(count)
            }
            // Rows are moved into their group, not copied (no retain and release per row): the
            // array is reversed in place, then popped from its end in fetch order. (Reversed
            // through its buffer, whose swaps move rows; the array's own swaps copy them.)
            var childRows = children.rows
            children.rows = []
            childRows.withUnsafeMutableBufferPointer { $0.reverse() }
            var index = 0
            while let row = childRows.popLast() {
                let group = index < childGroups.count ? childGroups[index] : -1
                if group >= 0 { groups[group].append(row) }
                index += 1
            }
        }
        for index in fetched.rows.indices {
            let group = rowGroups[index]
            let children = group >= 0 && group < groups.count ? groups[group] : []
            fetched.rows[index].attachPrefetched(plan.key, children, at: scopePath)
        }
    }

    /// The parent key of row `rowIndex` for `plan`, normalized; nil when a value is NULL (it
    /// matches nothing). `visibleIndexes` caches each visible source's column position.
    static func key(of rowIndex: Int, in fetched: FetchedRows, plan: PlannedPrefetch, visibleIndexes: inout [Int]) -> PrefetchKey? {
        guard rowIndex >= 0, rowIndex < fetched.rows.count else { return nil }
        let row = fetched.rows[rowIndex]
        let scope = plan.scopePath.isEmpty ? row : row.scopeRow(at: plan.scopePath[...])
        if visibleIndexes.count < plan.keySources.count {
            visibleIndexes = [Int](repeating: -1, count: plan.keySources.count)
        }
        func value(_ position: Int) -> DatabaseValue {
            switch plan.keySources[position] {
            case .visible(let column):
                guard let scope else { return .null }
                let cached = visibleIndexes[position]
                if cached >= 0, cached < scope.values.count, cached < scope.columnNames.count,
                    scope.columnNames[cached] == column
                {
                    return scope.values[cached]
                }
                if let index = scope.columnNames.firstIndex(of: column), index < scope.values.count {
                    visibleIndexes[position] = index
                    return scope.values[index]
                }
                return scope[column] ?? .null
            case .hidden(let index):
                return fetched.hiddenValue(rowIndex, index)
            }
        }
        if plan.keySources.count == 1 {
            let single = normalize(value(0))
            return single.isNull ? nil : .single(single)
        }
        let normalized = plan.keySources.indices.map { normalize(value($0)) }
        return normalized.contains(where: \.isNull) ? nil : PrefetchKey(normalized)
    }

    /// The tree of a prefetch statement: the prefetched table as root, restricted to the parent
    /// keys to come (a placeholder pivot filter, `QueryNode.fillingPivot(with:)`); through
    /// associations join their intermediate tables back (inner joins), the first one carrying the
    /// restriction. Returns the node and columns that hold the grouping keys.
    static func prefetchTree(for child: QueryChild, parent: QueryNode) -> (QueryNode, Int, [String]) {
        var root = child.node
        // A filter that refers to the parent by its alias (authors with their posthumous books)
        // needs the parent table in the prefetch statement: join it back by its keys.
        var parentJoin: QueryChild?
        if let alias = parent.userAlias?.lowercased(),
            referencedAliases(in: child).contains(alias), !definedAliases(in: child).contains(alias)
        {
            let parentNode = QueryNode(id: -1, table: parent.table, userAlias: parent.userAlias, selection: [])
            let pairs = child.prefetchChain.first?.pairs ?? child.pairs
            parentJoin = QueryChild(
                key: parent.table.name, kind: .required,
                pairs: pairs.map { ColumnPair(origin: $0.destination, destination: $0.origin) }, node: parentNode,
                engineJoin: .parentBack)
        }
        guard !child.prefetchChain.isEmpty else {
            let columns = child.pairs.map(\.destination)
            root.pivotFilter = PivotFilter(columns: columns, values: [], isPlaceholder: true)
            if let parentJoin { root.children.append(parentJoin) }
            return (root, root.id, columns)
        }
        // Build the reversed chain from the last intermediate table back to the first.
        var steps = child.prefetchChain
        let firstPairs = steps[0].pairs
        steps[0].node.pivotFilter = PivotFilter(columns: firstPairs.map(\.destination), values: [], isPlaceholder: true)
        if let parentJoin { steps[0].node.children.append(parentJoin) }
        let groupingNodeID = steps[0].node.id
        // Pairs joining each intermediate table to the table after it in the chain, reversed.
        var joinPairs: [[ColumnPair]] = []
        for index in steps.indices {
            let next = index + 1 < steps.count ? steps[index + 1].pairs : child.pairs
            joinPairs.append(next.map { ColumnPair(origin: $0.destination, destination: $0.origin) })
        }
        var nested: QueryChild?
        for index in steps.indices {
            var node = steps[index].node
            node.selection = []
            if let inner = nested { node.children.append(inner) }
            nested = QueryChild(
                key: node.table.name, kind: .required, pairs: joinPairs[index], node: node, engineJoin: .throughStep(index))
        }
        if let outer = nested { root.children.append(outer) }
        return (root, groupingNodeID, firstPairs.map(\.destination))
    }

    /// Lower-cased aliases used by the expressions of a prefetched subtree (its own statement).
    static func referencedAliases(in child: QueryChild) -> Set<String> {
        var result = Set<String>()
        func visit(_ node: QueryNode) {
            var expressions = node.filters + node.annotations + node.havings + node.ordering.map(\.expression)
            for item in node.selection { if case .expression(let e) = item { expressions.append(e) } }
            for expression in expressions { expression.collectAliases(into: &result) }
            for sub in node.children where sub.kind != .all { visit(sub.node) }
        }
        visit(child.node)
        for step in child.prefetchChain { visit(step.node) }
        return result
    }

    /// Lower-cased aliases defined in a prefetched subtree.
    static func definedAliases(in child: QueryChild) -> Set<String> {
        var result = Set<String>()
        func visit(_ node: QueryNode) {
            if let alias = node.userAlias { result.insert(alias.lowercased()) }
            for sub in node.children where sub.kind != .all { visit(sub.node) }
        }
        visit(child.node)
        for step in child.prefetchChain { visit(step.node) }
        return result
    }

    /// Integral reals compare equal to integers in SQLite: group them together.
    static func normalize(_ value: DatabaseValue) -> DatabaseValue {
        if case .real(let v) = value, v.rounded() == v, abs(v) < 9.0e15 { return .integer(Int64(v)) }
        return value
    }
}
