import CSQLite

extension Database {
    /// Calls `body` with each row of `request`, in order, its long values cut to `limit` as they
    /// are read (`CellPreview.Cutting.whileReading`: as fast as a plain read; SQLite loads a long
    /// value once). A row SQLite cannot hold at once (cells past its heap limit together) does not
    /// stop it: the rows from that one on are read with their texts by rowid and their blobs cut
    /// in SQL (`.inSQL`), a few pages a cell. What `assoc fetch --format table` and `debug` print.
    package func forEachRow(_ request: Request, previewingCellsUpTo limit: Int, _ body: (Row) throws -> Void) throws {
        var read = 0
        do {
            let cursor = try self.cursor(request, previewingCellsUpTo: limit, cutting: .whileReading)
            while let row = try cursor.next() {
                try body(row)
                read += 1
            }
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_NOMEM || error.primaryCode == SQLITE_TOOBIG {
            let window = RequestWindow(request)
            let rest = window.unlimited.limit(window.length.map { max(0, $0 - read) } ?? -1, offset: window.start + read)
            let cursor = try self.cursor(rest, previewingCellsUpTo: limit, cutting: .inSQL)
            while let row = try cursor.next() { try body(row) }
        }
    }
}
