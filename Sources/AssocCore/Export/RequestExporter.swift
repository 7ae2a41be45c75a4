/// The formats of an export to a file (the browser's `e`), picked by the file's extension: the fetch JSON contract
/// (`RowJSON`), NDJSON, CSV (`RowCSV`), TSV (`RowTSV`), a Markdown table (`RowMarkdown`), SQL
/// `INSERT` statements into the root table (`RowSQLInsert`), or a new SQLite database holding
/// the subset the view shows (`Database.extractSubset`).
package enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case json, ndjson, csv, tsv, markdown, sql, sqlite

    /// The format a file name's extension asks for (any case): `.csv`, `.tsv`, `.ndjson`, `.md`
    /// (or `.markdown`), `.sql`, `.sqlite` (or `.sqlite3`, `.db`, `.db3`); JSON for `.json` and any
    /// other name.
    package static func forPath(_ path: String) -> ExportFormat {
        let name = path.lowercased()
        let byExtension: [(String, ExportFormat)] = [
            (".csv", .csv), (".tsv", .tsv), (".ndjson", .ndjson), (".md", .markdown), (".markdown", .markdown), (".sql", .sql),
            (".sqlite", .sqlite), (".sqlite3", .sqlite), (".db", .sqlite), (".db3", .sqlite)
        ]
        return byExtension.first { name.hasSuffix($0.0) }?.1 ?? .json
    }

    /// The writer's document; SQL inserts into `request`'s root table.
    func document(for request: Request, in db: Database) throws -> RowDocument {
        switch self {
        case .json: return .json
        case .ndjson: return .ndjson
        case .csv: return .csv
        case .tsv: return .tsv
        case .markdown: return .markdown
        case .sql: return .sql(try db.insertTarget(for: request))
        case .sqlite: throw AssocError.invalidRequest(table: nil, reason: "a database file is written by Database.extractSubset, not as a document")
        }
    }
}

/// How far an export is: rows written, of `total` (counted before it started), and the rate.
package struct ExportProgress: Sendable, Equatable {
    package var written: Int
    package var total: Int
    /// Rows written per second since the export started.
    package var rowsPerSecond: Int

    package init(written: Int, total: Int, rowsPerSecond: Int) {
        self.written = written
        self.total = total
        self.rowsPerSecond = rowsPerSecond
    }
}

/// Writes every row of a request to a file as it reads them from one cursor (`Database.cursor`:
/// never the whole view in memory, `including(all:)` fetched chunk by chunk), in the format
/// `assoc fetch --format` prints (byte for byte) for the format. The file is written whole or not
/// at all (`AtomicFileWriter`: a temporary file renamed over the destination once complete), only
/// ever a regular file, and an existing one only when `replacing` allows it.
package struct RequestExporter {
    package var db: Database
    /// Rows between two progress reports (each may cancel the export).
    package var progressEvery: Int
    package var chunking: CursorChunking

    package init(db: Database, progressEvery: Int = 1000, chunking: CursorChunking = .init()) {
        self.db = db
        self.progressEvery = max(1, progressEvery)
        self.chunking = chunking
    }

    /// Writes the rows of `request` to `path` (relative to the current directory), in the view's
    /// order: `order` when the grid pages by keyset on it (its sort, then the keys that tell its
    /// rows apart; one statement that follows the same indexes), else ordered totally
    /// (`orderedTotally()`), as the grid's OFFSET pages are. The destination is checked before the
    /// rows are counted (`FileWriteError`: blank, not a regular file, the database itself, exists). Calls `progress`
    /// every `progressEvery` rows and after the last; when it returns false, stops, removes the
    /// temporary file and throws `FileWriteError.cancelled`. Returns the number of rows written.
    @discardableResult
    package func export(
        _ request: Request, to path: String, format: ExportFormat, replacing: AtomicFileWriter.Replacing,
        order: [Ordering]? = nil, progress: (ExportProgress) -> Bool = { _ in true }, projection: ((Row) -> Row)? = nil
    ) throws -> Int {
        let document = try format.document(for: request, in: db)
        let file = try AtomicFileWriter(path: path, replacing: replacing, protecting: [db.path])
        defer { file.abandon() }
        let ordered = order.map { request.order($0) } ?? request.orderedTotally()
        let total = try db.fetchCount(request)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16 + 4096)
        func flush() throws {
            try file.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        let clock = ContinuousClock()
        let started = clock.now
        func report(_ written: Int) -> Bool {
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let rate = seconds > 0 ? Int(Double(written) / seconds) : 0
            return progress(ExportProgress(written: written, total: max(total, written), rowsPerSecond: rate))
        }
        let cursor = try db.cursor(ordered, chunking: chunking)
        var writer = RowDocumentWriter(document: document)
        while true {
            if let projection {
                // A projected row (the grid's columns) is flat: its prefetched rows are only counted.
                guard let row = try cursor.next() else { break }
                try writer.append(projection(row), to: &buffer)
            } else {
                guard let row = try cursor.nextStreamed() else { break }
                try writer.append(row, to: &buffer) { bytes in
                    try file.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if buffer.count >= 1 << 16 { try flush() }
            if writer.count % progressEvery == 0, !report(writer.count) {
                cursor.cancel()
                throw FileWriteError.cancelled(path: path)
            }
        }
        writer.appendEnd(to: &buffer)
        try flush()
        try file.commit()
        if writer.count % progressEvery != 0 || writer.count == 0 { _ = report(writer.count) }
        return writer.count
    }
}
