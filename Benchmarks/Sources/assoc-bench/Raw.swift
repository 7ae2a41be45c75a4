import CSQLiteBench

/// The physical limit: a plain sqlite3_step loop that reads every column with sqlite3_column_*
/// into Swift values (Int64, Double, String, [UInt8]), the same work a library does before
/// building its rows.
enum RawValue {
    case null, integer(Int64), real(Double), text(String), blob([UInt8])
}

enum RawArgument {
    case null, integer(Int64), real(Double), text(String), blob([UInt8])
}

struct RawError: Error, CustomStringConvertible {
    var description: String
}

final class RawConnection {
    let handle: OpaquePointer

    init(path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            throw RawError(description: "cannot open \(path)")
        }
        handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw RawError(description: String(cString: sqlite3_errmsg(handle)) + ": " + sql)
        }
        return stmt
    }

    /// Compiles `sql` and finalizes it (the floor of any SQL-generating request).
    func prepareOnly(_ sql: String) throws {
        sqlite3_finalize(try prepare(sql))
    }

    /// Runs `sql` and reads every column of every row into `values` (one flat array). Returns the row count.
    func readAll(_ sql: String, _ arguments: [RawArgument] = [], into values: inout [RawValue]) throws -> Int {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            switch argument {
            case .null: sqlite3_bind_null(stmt, index)
            case .integer(let v): sqlite3_bind_int64(stmt, index, v)
            case .real(let v): sqlite3_bind_double(stmt, index, v)
            case .text(let s): sqlite3_bind_text(stmt, index, s, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            case .blob(let b):
                _ = b.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
            }
        }
        let columns = sqlite3_column_count(stmt)
        var rows = 0
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw RawError(description: String(cString: sqlite3_errmsg(handle))) }
            rows += 1
            Self.appendColumns(of: stmt, count: columns, to: &values)
        }
        return rows
    }

    /// Reads the `count` columns of the current row with sqlite3_column_* into `values`.
    @inline(__always)
    static func appendColumns(of stmt: OpaquePointer, count: Int32, to values: inout [RawValue]) {
        for i in 0..<count {
            switch sqlite3_column_type(stmt, i) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(stmt, i)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(stmt, i)))
            case SQLITE_TEXT:
                let count = Int(sqlite3_column_bytes(stmt, i))
                if let text = sqlite3_column_text(stmt, i) {
                    values.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)))
                } else {
                    values.append(.text(""))
                }
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(stmt, i))
                if count > 0, let bytes = sqlite3_column_blob(stmt, i) {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: bytes, count: count))))
                } else {
                    values.append(.blob([]))
                }
            default: values.append(.null)
            }
        }
    }

    /// book (0-8), person (9-12), country (13-14), coverImage (15-19), decoded by column index.
    func readJoinedStructs(_ sql: String) throws -> [RBookInfo] {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
        func optionalInt(_ i: Int32) -> Int64? { sqlite3_column_type(stmt, i) == SQLITE_NULL ? nil : sqlite3_column_int64(stmt, i) }
        func optionalDouble(_ i: Int32) -> Double? { sqlite3_column_type(stmt, i) == SQLITE_NULL ? nil : sqlite3_column_double(stmt, i) }
        func text(_ i: Int32) -> String {
            guard let pointer = sqlite3_column_text(stmt, i) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(stmt, i))), as: UTF8.self)
        }
        func optionalText(_ i: Int32) -> String? { sqlite3_column_type(stmt, i) == SQLITE_NULL ? nil : text(i) }
        var result: [RBookInfo] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw RawError(description: String(cString: sqlite3_errmsg(handle))) }
            let book = RBook(
                id: int(0), authorId: int(1), translatorId: optionalInt(2), libraryId: optionalInt(3), title: text(4),
                kind: text(5), year: optionalInt(6), price: optionalDouble(7), awards: int(8))
            let author = RPerson(id: int(9), name: text(10), birthYear: optionalInt(11), countryCode: optionalText(12))
            let country = sqlite3_column_type(stmt, 13) == SQLITE_NULL ? nil : RCountry(code: text(13), name: text(14))
            let cover = sqlite3_column_type(stmt, 15) == SQLITE_NULL
                ? nil : RCoverImage(id: int(15), bookId: int(16), url: text(17), width: optionalInt(18), height: optionalInt(19))
            result.append(RBookInfo(book: book, author: author, country: country, coverImage: cover))
        }
        return result
    }

    /// Runs statements in order (a main statement and its prefetch statements); returns the rows of the first.
    func readStatements(_ statements: [(sql: String, arguments: [RawArgument])]) throws -> Int {
        var first = 0
        for (index, statement) in statements.enumerated() {
            var values: [RawValue] = []
            let rows = try readAll(statement.sql, statement.arguments, into: &values)
            if index == 0 { first = rows }
        }
        return first
    }

    /// Reads the schema with the same PRAGMAs as AssocCore's introspector: the table list, then
    /// per table its columns, foreign keys, unique indexes and their columns. Returns the table count.
    func readSchemaPragmas() throws -> Int {
        var values: [RawValue] = []
        _ = try readAll("SELECT name, type, wr, strict FROM pragma_table_list WHERE schema = 'main'", into: &values)
        var names: [RawValue] = []
        _ = try readAll("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid", into: &names)
        var tables = 0
        for case .text(let name) in names where !name.lowercased().hasPrefix("sqlite_") {
            tables += 1
            values.removeAll(keepingCapacity: true)
            _ = try readAll("SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?)", [.text(name)], into: &values)
            _ = try readAll("SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", [.text(name)], into: &values)
            var indexes: [RawValue] = []
            _ = try readAll("SELECT name, origin FROM pragma_index_list(?) WHERE \"unique\" = 1 AND partial = 0 ORDER BY seq DESC", [.text(name)], into: &indexes)
            var i = 0
            while i + 1 < indexes.count {
                if case .text(let index) = indexes[i], case .text(let origin) = indexes[i + 1], origin != "pk" {
                    _ = try readAll("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(index)], into: &values)
                }
                i += 2
            }
        }
        return tables
    }
}

struct RBook { var id: Int64, authorId: Int64, translatorId: Int64?, libraryId: Int64?, title: String, kind: String, year: Int64?, price: Double?, awards: Int64 }
struct RPerson { var id: Int64, name: String, birthYear: Int64?, countryCode: String? }
struct RCountry { var code: String, name: String }
struct RCoverImage { var id: Int64, bookId: Int64, url: String, width: Int64?, height: Int64? }
struct RBookInfo { var book: RBook, author: RPerson, country: RCountry?, coverImage: RCoverImage? }
