/// Reading cells as previews: in the columns of `*` selections, each TEXT longer than `limit`
/// characters and each BLOB longer than `limit` bytes is cut in SQL (`substr(value, 1, limit)`),
/// and a blob's full length read after the other columns (`length(value)`: SQLite reads only its
/// size; a text's would cost a second read of it), so what a fetch holds does not depend on the
/// sizes of the cells. Columns selected by name (`select(Column("bio"))`) are cut the same way;
/// values of other types, shorter ones, and other selected expressions are read as they are.
///
///     let rows = try db.fetchAll(request, previewingCellsUpTo: 4096)
///     rows[0].cutLength(at: 2)  // 104857600 for a cut blob, 0 for a cut text, else nil
enum CellPreview {
    /// The SQL that reads `column` (a column reference) cut, and the SQL of its full length when
    /// it is a cut blob (NULL otherwise). `typeof` and `length` of a blob column read no byte of
    /// it; a text is read as its first `textWindow(limit)` bytes, which hold more than `limit`
    /// characters when it is longer (the reader then knows it was cut; its full length would cost
    /// a second read of the whole value); other types keep their type. Bytes, not characters:
    /// SQLite's `substr` of a text stops at a NUL, which would hide the rest of the value.
    static func expressions(_ column: String, limit: Int) -> (cut: String, length: String) {
        (
            "CASE typeof(\(column)) WHEN 'text' THEN CAST(substr(CAST(\(column) AS BLOB), 1, \(textWindow(limit))) AS TEXT) "
                + "WHEN 'blob' THEN CASE WHEN length(\(column)) <= \(limit) THEN \(column) "
                + "WHEN length(\(column)) <= \(headlessBlobSize) THEN substr(\(column), 1, \(limit)) ELSE X'' END "
                + "ELSE \(column) END",
            "iif(typeof(\(column)) = 'blob' AND length(\(column)) > \(limit), length(\(column)), NULL)"
        )
    }

    /// The bytes of a text read for a preview of `limit` characters: enough for `limit + 1`
    /// characters of 4 bytes after a cut last character (UTF-8; UTF-16 needs fewer), so that a
    /// longer text is always seen to be longer than `limit`.
    static func textWindow(_ limit: Int) -> Int { 4 * (limit + 2) + 1 }

    /// Blobs bigger than this are read as their size alone (no first bytes): `substr` would make
    /// SQLite load the whole value, and one over its memory limit would fail the whole page.
    static let headlessBlobSize = 16 << 20

    /// A text read as `expressions` reads it, cut to `limit` characters when it is longer;
    /// whether it was cut.
    static func cut(_ text: String, limit: Int) -> (String, Bool) {
        guard text.utf8.count > limit else { return (text, false) }
        var index = text.startIndex
        var count = 0
        while index < text.endIndex, count < limit {
            text.formIndex(after: &index)
            count += 1
        }
        guard index < text.endIndex else { return (text, false) }
        return (String(text[..<index]), true)
    }
}

extension Database {
    /// The rows of `request` as `fetchAll(_:)` gives them, with each TEXT longer than `limit`
    /// characters and each BLOB longer than `limit` bytes cut to `limit` in SQL (see
    /// `CellPreview`); `Row.cutLength(at:)` tells which values were cut and their full length.
    /// `including(all:)` rows are read the same way.
    public func fetchAll(_ request: Request, previewingCellsUpTo limit: Int) throws -> [Row] {
        try run(plan(request, previewingCellsUpTo: limit)).rows
    }
}

extension Row {
    /// Whether a preview read cut value `index` of this scope, and how long it is: a blob's size
    /// in bytes; 0 for a text (longer than the preview, its full length not read). Nil when the
    /// value is whole.
    public func cutLength(at index: Int) -> Int? {
        cutLengths[index]
    }
}
