/// Turns a fetched `Row` (root scope, one nested scope per joined association, prefetched rows)
/// into one flat line (the browser's grid, an export of its columns), following the request's
/// scope tree: root columns, then each scope's columns depth-first, then one count per
/// prefetched link.
package struct RowFlattener {
    package var tree: RequestScope
    /// Prefetched links, by key, with the key columns that identify their records: a record
    /// reached by several paths (a through link) is listed once, as a followed link lists it.
    package var distinctPrefetches: [String: [String]] = [:]

    package init(tree: RequestScope, distinctPrefetches: [String: [String]] = [:]) {
        self.tree = tree
        self.distinctPrefetches = distinctPrefetches
    }

    /// The grid columns of rows like `row`; of the scope tree alone when there is no row
    /// (`names`: the statement's result columns, in order, for the names of expressions).
    package func columns(of row: Row?, names: [String] = []) -> [GridColumn] {
        var result: [GridColumn] = []
        if let row {
            addColumns(of: row, scope: tree, path: [], into: &result)
        } else {
            var remaining = names[...]
            addColumns(of: tree, path: [], names: &remaining, into: &result)
        }
        result += tree.prefetched.map { GridColumn(scopePath: [$0.key], joinPath: $0.joinPath, source: .prefetchCount, name: $0.key) }
        return result
    }

    private func addColumns(of row: Row, scope: RequestScope?, path: [String], into result: inout [GridColumn]) {
        for (index, name) in row.columnNames.enumerated() {
            let source: GridColumn.Source
            switch scope.flatMap({ $0.columns.indices.contains(index) ? $0.columns[index] : nil }) {
            case .table?: source = .table
            case .selected(let position)?: source = .selected(position)
            case .annotation(let position)?: source = .annotation(position)
            case nil: source = .selected(index)
            }
            result.append(GridColumn(scopePath: path, joinPath: scope?.joinPath, source: source, name: name))
        }
        for child in row.scopes {
            let layout = scope?.scopes.first { $0.key == child.key }
            addColumns(of: child.row, scope: layout, path: path + [child.key], into: &result)
        }
    }

    private func addColumns(of scope: RequestScope, path: [String], names: inout ArraySlice<String>, into result: inout [GridColumn]) {
        for column in scope.columns {
            let name = names.popFirst()
            switch column {
            case .table(let table): result.append(GridColumn(scopePath: path, joinPath: scope.joinPath, source: .table, name: table))
            case .selected(let position):
                result.append(GridColumn(scopePath: path, joinPath: scope.joinPath, source: .selected(position), name: name ?? "?"))
            case .annotation(let position):
                result.append(GridColumn(scopePath: path, joinPath: scope.joinPath, source: .annotation(position), name: name ?? "?"))
            }
        }
        for child in scope.scopes { addColumns(of: child, path: path + [child.key], names: &names, into: &result) }
    }

    /// The full lengths of the values of `row` that a preview read cut, by their index in
    /// `values(of:)`.
    package func cutLengths(of row: Row) -> [Int: Int] {
        var lengths: [Int: Int] = [:]
        var position = 0
        for index in row.columnNames.indices {
            if let length = row.cutLength(at: index) { lengths[position] = length }
            position += 1
        }
        func walk(_ row: Row) {
            for scope in row.scopes {
                for index in scope.row.values.indices {
                    if let length = scope.row.cutLength(at: index) { lengths[position] = length }
                    position += 1
                }
                walk(scope.row)
            }
        }
        walk(row)
        return lengths
    }

    package func values(of row: Row) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values += row.values
        func walk(_ row: Row) {
            for scope in row.scopes {
                values += scope.row.values
                walk(scope.row)
            }
        }
        walk(row)
        values += tree.prefetched.map { .integer(Int64(prefetchedRows($0.key, of: row).count)) }
        return values
    }

    /// The prefetched records of `row` under `key`, each record once when its key is known.
    package func prefetchedRows(_ key: String, of row: Row) -> [Row] {
        let rows = row.prefetchedRows(key) ?? []
        guard let keyColumns = distinctPrefetches[key] else { return rows }
        var seen = Set<[DatabaseValue]>()
        return rows.filter { child in seen.insert(keyColumns.map { child[$0] ?? .null }).inserted }
    }

    /// The prefetched records of `row`, per prefetched key.
    package func children(of row: Row) -> [PrefetchedRows] {
        tree.prefetched.map { prefetch in
            let rows = prefetchedRows(prefetch.key, of: row)
            return PrefetchedRows(key: prefetch.key, columns: rows.first?.columnNames ?? [], rows: rows.map(\.values))
        }
    }
}

/// The records of one prefetched link of one row, flattened (the browser's child pane).
package struct PrefetchedRows: Sendable, Hashable {
    package var key: String
    package var columns: [String]
    package var rows: [[DatabaseValue]]

    package init(key: String, columns: [String], rows: [[DatabaseValue]]) {
        self.key = key
        self.columns = columns
        self.rows = rows
    }
}

extension Database {
    /// The flattener of `request`'s rows: its scope tree, and the prefetched links whose
    /// destination has a visible key, their records listed (and counted) once each, as a
    /// followed link and an aggregate count them.
    package func rowFlattener(for request: Request) throws -> RowFlattener {
        let tree = try scopeTree(of: request)
        var distinct: [String: [String]] = [:]
        for prefetch in tree.prefetched {
            guard let destination = schema.table(named: prefetch.table) else { continue }
            let key = destination.primaryKey.columns.filter { destination.column(named: $0) != nil }
            if !key.isEmpty && key.count == destination.primaryKey.columns.count { distinct[prefetch.key] = key }
        }
        return RowFlattener(tree: tree, distinctPrefetches: distinct)
    }
}
