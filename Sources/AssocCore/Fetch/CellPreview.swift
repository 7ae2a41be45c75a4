/// Reading cells as previews: each TEXT longer than `limit` characters and each BLOB longer than
/// `limit` bytes is cut in SQL (`substr(value, 1, limit)`), and its full length read beside it
/// (`length(value)`: for a blob, SQLite reads only its size), so what a fetch holds does not
/// depend on the sizes of the cells. Values of other types, and shorter ones, are read as they are.
///
///     let rows = try db.fetchAll(request, previewingCellsUpTo: 4096)
///     rows[0].cutLength(at: 2)  // 104857600 when the third value was cut, else nil
public enum CellPreview {
    /// The statement that reads `sql`'s rows (columns `names`, the last `hiddenCount` of them
    /// for the engine's use and read whole) with its first columns cut to `limit`, then one more
    /// column per cut column: the full length when the value was cut, else NULL.
    static func wrap(_ sql: String, names: [String], hiddenCount: Int, limit: Int) -> String {
        let visible = max(0, names.count - hiddenCount)
        let inner = (0..<names.count).map { quoteIdentifier("c\($0)") }
        var selected: [String] = []
        for (index, name) in names.enumerated() {
            let column = inner[index]
            if index < visible {
                selected.append("iif(length(\(column)) > \(limit), substr(\(column), 1, \(limit)), \(column)) AS \(quoteIdentifier(name))")
            } else {
                selected.append("\(column) AS \(quoteIdentifier(name))")
            }
        }
        for index in 0..<visible {
            let column = inner[index]
            selected.append("iif(length(\(column)) > \(limit), length(\(column)), NULL)")
        }
        return "WITH \"assoc:cells\"(" + inner.joined(separator: ", ") + ") AS (" + sql + ") SELECT "
            + selected.joined(separator: ", ") + " FROM \"assoc:cells\""
    }
}

extension Database {
    /// The rows of `request` as `fetchAll(_:)` gives them, with each TEXT longer than `limit`
    /// characters and each BLOB longer than `limit` bytes cut to `limit` in SQL (see
    /// `CellPreview`); `Row.cutLength(at:)` tells which values were cut and their full length.
    /// `including(all:)` rows are read the same way.
    public func fetchAll(_ request: Request, previewingCellsUpTo limit: Int) throws -> [Row] {
        let previous = cellPreviewLimit
        cellPreviewLimit = max(1, limit)
        defer { cellPreviewLimit = previous }
        return try fetchAll(request)
    }
}

extension Row {
    /// The full length of value `index` of this scope when a preview read cut it (characters
    /// for text, bytes for a blob), nil when it holds the whole value.
    public func cutLength(at index: Int) -> Int? {
        cutLengths[index]
    }
}
