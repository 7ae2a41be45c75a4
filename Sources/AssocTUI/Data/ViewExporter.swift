import AssocCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formats of `e` (export): the fetch JSON contract (`RowJSON`) or CSV (`RowCSV`).
package enum ExportFormat: String, Sendable, Hashable {
    case json, csv

    /// CSV for a `.csv` file name, JSON otherwise.
    package static func forPath(_ path: String) -> ExportFormat {
        path.lowercased().hasSuffix(".csv") ? .csv : .json
    }
}

/// Why an export did not happen.
package enum ExportError: Error, Equatable {
    /// The file exists and overwriting was not confirmed.
    case fileExists(String)
    case cannotWrite(String, String)
}

/// Writes every row of a request to a file, page by page (never the whole view in memory), in the
/// format `assoc fetch --format json` prints (byte for byte) or as CSV. Opens the file with
/// exclusive creation unless overwriting was confirmed, so an existing file is never replaced by
/// accident.
package struct ViewExporter {
    package var db: Database
    package var pageSize: Int

    package init(db: Database, pageSize: Int = 1000) {
        self.db = db
        self.pageSize = max(1, pageSize)
    }

    /// Writes the rows of `request` to `path` (relative to the current directory); calls
    /// `progress(written, total)` after each page. Returns the number of rows written.
    ///
    /// With `key` (a visible single-column key of the root table, usually the rowid alias) and a
    /// request without its own order or limit, pages are read by key (`WHERE key > last ORDER BY
    /// key LIMIT n`): no OFFSET that rescans the table. Otherwise pages use LIMIT/OFFSET over the
    /// request ordered totally (`orderedTotally()`), so that pages never overlap or skip a row.
    @discardableResult
    package func export(
        _ request: Request, to path: String, format: ExportFormat, overwrite: Bool, key: String? = nil,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Int {
        let keyset = key.flatMap { request.relation.ordering == nil && request.limit == nil && request.offset == nil ? $0 : nil }
        let total = try db.fetchCount(request)
        guard let file = fopen(path, overwrite ? "w" : "wx") else {
            let code = errno
            if code == EEXIST { throw ExportError.fileExists(path) }
            throw ExportError.cannotWrite(path, String(cString: strerror(code)))
        }
        var closed = false
        defer { if !closed { fclose(file) } }
        func write(_ text: String) throws {
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return }
            let written = bytes.withUnsafeMutableBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            if written != bytes.count { throw ExportError.cannotWrite(path, String(cString: strerror(errno))) }
            bytes.removeAll()
        }
        let document: RowDocument = format == .csv ? .csv : .json
        var written = 0
        var offset = 0
        var last: DatabaseValue?
        while true {
            let page: Request
            if let keyset {
                let base = last.map { request.filter(Column(keyset) > $0) } ?? request
                page = base.order(Column(keyset)).limit(pageSize)
            } else if let own = request.limit {
                // The request's own LIMIT/OFFSET frame the pages.
                let skip = (request.offset ?? 0) + offset
                page = request.orderedTotally().limit(max(0, min(pageSize, own - offset)), offset: skip > 0 ? skip : nil)
            } else {
                page = request.orderedTotally().limit(pageSize, offset: offset > 0 ? offset : nil)
            }
            let rows = try db.fetchAll(page)
            if let keyset, let final = rows.last {
                guard let value = final[keyset], value != .null else {
                    throw ExportError.cannotWrite(path, "no value for the key column \(keyset)")
                }
                last = value
            }
            for row in rows {
                try write(document.piece(for: row, index: written))
                written += 1
            }
            offset += rows.count
            progress(written, max(total, written))
            if rows.count < pageSize { break }
        }
        try write(document.end(count: written))
        closed = true
        if fclose(file) != 0 { throw ExportError.cannotWrite(path, String(cString: strerror(errno))) }
        return written
    }
}
