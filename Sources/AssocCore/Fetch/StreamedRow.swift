/// A row of `RowCursor.nextStreamed()`: its scopes, and its `including(all:)` rows as cursors.
/// `row` has the shape `fetchAll` gives (every prefetched key in place); the lists of a parent
/// read on its own are empty there, and its rows come from `rows(_:at:)`.
public struct StreamedRow {
    struct Place: Hashable {
        var path: [String]
        var key: String
    }

    /// The row, its scopes and its prefetched keys (lists read on their own are empty).
    public let row: Row
    let streams: [Place: RowCursor]
    /// Keeps the parent cursor (and its statement) alive while the rows are read.
    let cursor: RowCursor

    /// The rows prefetched under `key` on the scope at `path` (the row itself when empty), in
    /// `fetchAll`'s order, each a `StreamedRow` again through `nextStreamed()`. Read them before
    /// asking the parent cursor for its next row.
    public func rows(_ key: String, at path: [String] = []) -> RowCursor {
        if let stream = streams[Place(path: path, key: key)] { return stream }
        let rows = row.scopeRow(at: path[...])?.prefetched.first { $0.key == key }?.rows ?? []
        return RowCursor(db: cursor.database, rows: rows, cancellation: cursor.cancellation)
    }
}

extension StreamedRow {
    /// The row with every prefetched list read from its cursor (recursively), as `next()` gives it.
    public func wholeRow() throws -> Row {
        func fill(_ scope: Row, path: [String]) throws -> Row {
            var scope = scope
            scope.scopes = try scope.scopes.map { ($0.key, try fill($0.row, path: path + [$0.key])) }
            scope.prefetched = try scope.prefetched.map { member in
                let cursor = rows(member.key, at: path)
                var rows: [Row] = []
                while let child = try cursor.nextStreamed() { rows.append(try child.wholeRow()) }
                return (member.key, rows)
            }
            return scope
        }
        return try fill(row, path: [])
    }
}
