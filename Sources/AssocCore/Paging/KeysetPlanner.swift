extension Database {
    /// How `request` pages: by keyset on its total order (`KeysetOrder`), or with OFFSET and
    /// why. The request's own limit and offset are left aside (a window keeps to them).
    /// `repeatsKey`: `rowsCanRepeatRootKey(request)` when the caller knows it already.
    package func pagingMethod(for request: Request, repeatsKey: Bool? = nil) -> PagingMethod {
        var unlimited = request
        unlimited.limit = nil
        unlimited.offset = nil
        guard let table = rootTable(of: request) else {
            return .offset(reason: .tableWithoutKey)
        }
        let sorted: [SortTerm]
        switch sortTerms(of: unlimited, table: table) {
        case .success(let terms): sorted = terms
        case .failure(let reason):
            return .offset(reason: .sort(request.relation.isDistinct ? .distinctOnUnselectedValue : reason))
        }
        let repeats = repeatsKey ?? ((try? rowsCanRepeatRootKey(unlimited)) != false)
        guard let key = PagingKey(of: table) else {
            if repeats && request.relation.isDistinct { return .offset(reason: .distinctRowsWithoutKey) }
            if repeats { return .offset(reason: .repeatedRowsWithoutKey) }
            if request.query != nil { return .offset(reason: .statementWithoutKey) }
            return .offset(reason: table.isView ? .viewWithoutKey : .tableWithoutKey)
        }
        var joinKeys: [RepeatedRowKey] = []
        if repeats {
            guard let keys = try? repeatedRowKeyTerms(of: unlimited), !keys.isEmpty else {
                return .offset(reason: request.relation.isDistinct ? .distinctRowsWithoutKey : .repeatedRowsWithoutKey)
            }
            joinKeys = keys
        }
        return .keyset(keysetOrder(of: unlimited, key: key, sorted: sorted, joinKeys: joinKeys))
    }

    /// The order of `request`: its `sorted` terms, the order it has without writing it, the
    /// root's `key`, the `joinKeys` of the rows its joins repeat.
    private func keysetOrder(of request: Request, key: PagingKey, sorted: [SortTerm], joinKeys: [RepeatedRowKey]) -> KeysetOrder {
        var order = KeysetOrder()
        order.keyColumns = key.columns
        order.joinKeyCount = joinKeys.count
        for (index, sort) in sorted.enumerated() {
            let term = KeysetCondition.Term(sort.expression, descending: sort.descending, isNullable: sort.isNullable)
            if let name = sort.shownName {
                order.appendShown(term, name: name, path: sort.path)
            } else {
                order.appendHidden(term, role: .sortValue(index), label: nil)
            }
        }
        // The order the request has without writing it (a followed link's default ordering, an
        // ordered pivot's): after the sort, before the key, as GRDB orders the rows.
        let implicit = (try? implicitOrderingTerms(of: request)) ?? []
        for (index, term) in implicit.enumerated() {
            order.appendHidden(term.term, role: .implicitOrder(index), label: term.label)
        }
        // The key ends the order (ties of the sort), unless the sort already ends with it, shown,
        // and no join repeats it.
        let sortEnd = sorted.suffix(key.columns.count)
        let endsWithKey =
            sortEnd.count == key.columns.count
            && zip(sortEnd, key.columns).allSatisfy { sort, column in
                sort.path.isEmpty && sort.shownName?.lowercased() == column.lowercased()
            }
        // Rows a required to-many join repeats: the key's value read from the joined table's
        // column equal to it, so that the order follows that table's index.
        let standIns = joinKeys.isEmpty ? nil : (try? rootKeyStandIns(of: request)) ?? nil
        if !endsWithKey || !joinKeys.isEmpty || !implicit.isEmpty {
            for (index, column) in key.columns.enumerated() {
                let term = KeysetCondition.Term(.column(column), descending: false, isNullable: key.nullableColumns.contains(column))
                if let standIn = standIns?[column] {
                    order.appendHidden(standIn.term, role: .standIn(index), label: standIn.table + "." + standIn.column)
                } else if column != key.rowid && isSelected(column, in: request) {
                    order.appendShown(term, name: column)
                } else {
                    order.appendHidden(term, role: column == key.rowid ? .rowid : .keyColumn(index), label: column)
                }
            }
        }
        for (index, joinKey) in joinKeys.enumerated() {
            // A joined key column already in the order (the root's key read from it) adds nothing.
            if order.terms.contains(where: { $0.expression == joinKey.term.expression }) {
                order.joinKeyCount -= 1
                continue
            }
            order.appendHidden(joinKey.term, role: .joinKey(index), label: joinKey.table + "." + joinKey.column)
        }
        return order
    }
}
