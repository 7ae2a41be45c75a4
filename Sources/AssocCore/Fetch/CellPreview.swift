/// Reading cells as previews: in the columns of `*` selections, each TEXT longer than `limit`
/// characters and each BLOB longer than `limit` bytes is read cut, and a blob's full length read
/// after the other columns (`length(value)`: SQLite reads only its size; a text's would cost a
/// second read of it), so what a fetch holds does not depend on the sizes of the cells. A blob is
/// cut in SQL (`substr(value, 1, limit)`); a text of a table with a rowid is read by that rowid,
/// its first bytes only, through SQLite's incremental I/O (`CellPreviewReading`), and other texts
/// (views, WITHOUT ROWID tables, DISTINCT) are cut in SQL. Columns selected by name (`select(Column("bio"))`) are cut the same way;
/// values of other types, shorter ones, and other selected expressions are read as they are.
///
///     let rows = try db.fetchAll(request, previewingCellsUpTo: 4096)
///     rows[0].cutLength(at: 2)  // 104857600 for a cut blob, 0 for a cut text, else nil
package enum CellPreview {
    /// Where long values are cut.
    package enum Cutting: Sendable, Hashable {
        /// In SQL, texts of a rowid table read by rowid through SQLite's incremental I/O: a few
        /// pages of a 200 MB text, never the whole, at a seek a cell (about a microsecond), and
        /// the SQL of the cuts on every row: for pages of rows (the browser), where memory must
        /// not depend on the cells.
        case inSQL
        /// As the values are read: the statement selects them plain (SQLite loads a long value
        /// whole, once, as every stream format does), and the reader copies only the first bytes
        /// of each into the row: for streams of every row (`assoc fetch --format table`), where
        /// the SQL cuts and a seek a cell made 1,000,000 rows 3 to 9 times slower.
        case whileReading
    }

    /// The SQL that reads `column` (a column reference) cut, and the SQL of its full length when
    /// it is a cut blob (NULL otherwise). `typeof` and `length` of a blob column read no byte of
    /// it; a text is read as its first `textWindow(limit)` bytes, which hold more than `limit`
    /// characters when it is longer (the reader then knows it was cut; its full length would cost
    /// a second read of the whole value); other types keep their type. Bytes, not characters:
    /// SQLite's `substr` of a text stops at a NUL, which would hide the rest of the value.
    ///
    /// Without room for the length (`LengthColumns.none`), a longer blob is read as its first
    /// `limit + 1` bytes instead, which tells the reader it was cut (its size unknown).
    ///
    /// With `rowid` (the SQL of the row's rowid, for a column of a rowid table), a text is not read
    /// at all: the cut column holds `''` and the length column the rowid, and the reader reads the
    /// text's first bytes through SQLite's incremental I/O (`TextSource`). `substr` would load the
    /// whole value first: a page of 200 MB texts would cost 200 MB a cell.
    package static func expressions(_ column: String, limit: Int, withLength: Bool = true, rowid: String? = nil) -> (cut: String, length: String?) {
        if let rowid, withLength {
            return (
                "CASE typeof(\(column)) WHEN 'text' THEN '' WHEN 'blob' THEN CASE WHEN length(\(column)) <= \(limit) THEN \(column) "
                    + "WHEN length(\(column)) <= \(headlessBlobSize) THEN substr(\(column), 1, \(limit)) ELSE X'' END "
                    + "ELSE \(column) END",
                "CASE typeof(\(column)) WHEN 'text' THEN \(rowid) WHEN 'blob' THEN iif(length(\(column)) > \(limit), length(\(column)), NULL) END"
            )
        }
        // `coalesce`: SQLite's `substr` of an empty blob is NULL, and an empty text stays a text.
        let text = "CASE typeof(\(column)) WHEN 'text' THEN coalesce(CAST(substr(CAST(\(column) AS BLOB), 1, \(textWindow(limit))) AS TEXT), '') "
        guard withLength else {
            return (
                text + "WHEN 'blob' THEN CASE WHEN length(\(column)) <= \(limit) THEN \(column) "
                    + "ELSE substr(\(column), 1, \(limit + 1)) END ELSE \(column) END", nil
            )
        }
        return (
            text + "WHEN 'blob' THEN CASE WHEN length(\(column)) <= \(limit) THEN \(column) "
                + "WHEN length(\(column)) <= \(headlessBlobSize) THEN substr(\(column), 1, \(limit)) ELSE X'' END "
                + "ELSE \(column) END",
            "iif(typeof(\(column)) = 'blob' AND length(\(column)) > \(limit), length(\(column)), NULL)"
        )
    }

    /// A selected column of a previewing statement: the SQL of its length column (nil: always
    /// NULL), and where its texts are read from by rowid.
    struct Column {
        var length: String?
        var textSource: TextSource?
    }

    /// The table column a previewed text is read from by rowid (see `expressions`).
    package struct TextSource: Sendable, Hashable {
        package var table: String
        package var column: String
        /// How SQL names the table's rowid (`TableInfo.rowidName`).
        package var rowid: String
    }

    /// Where the full lengths of cut blobs are read: a column each after the hidden ones; all in
    /// one text column (`packed`) when a column each would pass SQLite's limit on the columns of
    /// a result; nowhere when even one more column would (a table of 2,000 columns).
    enum LengthColumns: Equatable {
        /// `each`, `packed`, `none`: as `forResult` says; `whileReading`: none, the values come
        /// whole and the reader cuts them, knowing their sizes (`Cutting.whileReading`).
        case each, packed, none, whileReading

        /// The layout for a result of `width` columns (selected and hidden) before the lengths.
        static func forResult(width: Int, lengths: Int) -> LengthColumns {
            if width + lengths <= resultColumnLimit { return .each }
            return width + 1 <= resultColumnLimit ? .packed : .none
        }
    }

    /// The most columns SQLite returns in one result (its default `SQLITE_MAX_COLUMN`, which the
    /// library cannot raise at run time).
    static let resultColumnLimit = 2_000

    /// One text column holding `index:length,` for every cut blob, from the length expressions
    /// of the selected columns (nil for a column never cut). Concatenated as a balanced tree, so
    /// that its depth stays far below SQLite's limit on expression depth.
    static func packedLengths(_ lengths: [String?]) -> String {
        let items = lengths.enumerated().compactMap { index, length in
            length.map { "coalesce('\(index):' || \($0) || ',', '')" }
        }
        func concatenated(_ slice: ArraySlice<String>) -> String {
            guard slice.count > 1 else { return slice.first ?? "''" }
            let middle = slice.startIndex + slice.count / 2
            return "(" + concatenated(slice[..<middle]) + " || " + concatenated(slice[middle...]) + ")"
        }
        return concatenated(items[...])
    }

    /// The lengths of a row's packed column (`packedLengths`), by selected column.
    static func unpackLengths(_ text: String) -> [Int: Int] {
        var lengths: [Int: Int] = [:]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: ":")
            if parts.count == 2, let index = Int(parts[0]), let length = Int(parts[1]) { lengths[index] = length }
        }
        return lengths
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
    package static func cut(_ text: String, limit: Int) -> (String, Bool) {
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
    /// characters and each BLOB longer than `limit` bytes read cut to `limit`, without SQLite
    /// loading the whole value where it can (see `CellPreview`); `Row.cutLength(at:)` tells which
    /// values were cut and their full length.
    /// `including(all:)` rows are read the same way.
    public func fetchAll(_ request: Request, previewingCellsUpTo limit: Int) throws -> [Row] {
        try run(plan(request, previewingCellsUpTo: limit)).rows
    }
}

extension Row {
    /// Whether a preview read cut value `index` of this scope, and how long it is: a blob's size
    /// in bytes; 0 for a text (longer than the preview, its full length not read), and
    /// -1 for a blob of a result too wide for its size to be read (2,000 columns, SQLite's limit).
    /// Nil when the value is whole.
    public func cutLength(at index: Int) -> Int? {
        cutLengths[index]
    }

    /// `cutLength(at:)` of a blob cut without its size: a result of 2,000 columns (SQLite's
    /// limit) leaves no room for the column that reads it.
    package static let unknownCutLength = -1
}
