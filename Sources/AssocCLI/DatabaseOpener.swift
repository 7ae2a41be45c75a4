import AssocCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a user's database file read-only, checking first what SQLite would accept silently
/// (an empty file is a valid empty database to SQLite; a truncated file may look empty), so that
/// every problem becomes one clear `CLIError`. Never creates or changes a file.
enum DatabaseOpener {
    static func open(path: String) throws -> LoadedDatabase {
        let connection = try openConnection(path: path)
        let schema: Schema
        do {
            schema = try SchemaIntrospector.read(connection)
        } catch AssocError.sqlite(let error) {
            throw CLIError(message: "cannot read the schema of \(TextSanitizer.quoted(path)): \(reason(error))")
        }
        return LoadedDatabase(connection: connection, schema: schema, title: fileName(of: path))
    }

    /// The file at `path` opened read-only, its schema not read yet (see `open`).
    static func openConnection(path: String) throws -> Connection {
        if let problem = SQLiteFileCheck.problem(atPath: path) {
            throw CLIError.cannotOpen(path, problem)
        }
        // Sorts and groupings that do not fit in memory write temporary files: bounded, so that
        // none fills the disk (before opening: the bound applies to connections opened after it).
        try TemporaryFilesBound.install()
        let connection: Connection
        do {
            connection = try Connection(path: path, mode: .readOnly)
        } catch AssocError.sqlite(let error) {
            throw CLIError.cannotOpen(path, reason(error))
        }
        // Whatever the file holds, SQLite gets at most 256 MB more (an exploding view fails with a
        // message instead of taking the machine's memory).
        Connection.limitMemory(toAdditionalBytes: DatabaseOpener.sqliteMemoryBytes)
        return connection
    }

    /// Memory SQLite may use beyond what opening the file took (a WAL snapshot is in memory).
    static let sqliteMemoryBytes: Int64 = 256 * 1_048_576

    /// The last component of `path` (`/tmp/x.db` → `x.db`), for titles.
    static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }

    /// SQLite's message without the path `Connection` appends (the CLI message names it already).
    static func reason(_ error: DatabaseError) -> String {
        switch error.primaryCode {
        case 26: return "not a SQLite database"  // SQLITE_NOTADB
        case 11: return "the database file is corrupt"  // SQLITE_CORRUPT
        case 23: return "permission denied"  // SQLITE_AUTH
        default:
            var message = Substring(error.message)
            if let range = message.ranges(of: ": ").last { message = message[..<range.lowerBound] }
            return TextSanitizer.oneLine(String(message))
        }
    }
}

/// Checks a file's header before SQLite sees it (format described at https://sqlite.org/fileformat.html).
enum SQLiteFileCheck {
    /// A one-line reason the file is not a usable database, or nil when it looks like one.
    static func problem(atPath path: String) -> String? {
        // stat follows symlinks: a FIFO or a device would block or never end, so only regular files.
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == EACCES ? "permission denied" : "no such file"
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return "is a directory" }
        if type != S_IFREG { return "not a regular file" }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == EACCES ? "permission denied" : "cannot read the file" }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < header.count {
            let count = header.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return "cannot read the file" }
            if count == 0 { break }
            filled += count
        }
        return problem(header: Array(header.prefix(filled)), fileSize: UInt64(max(0, info.st_size)))
    }

    /// The header checks, on the first 100 bytes (or fewer) and the file size.
    static func problem(header: [UInt8], fileSize: UInt64) -> String? {
        if fileSize == 0 { return "empty file, not a SQLite database" }
        let magic = Array("SQLite format 3\u{0}".utf8)
        guard header.count >= 100, Array(header.prefix(16)) == magic else { return "not a SQLite database" }
        func bigEndian(_ offset: Int, _ count: Int) -> UInt64 {
            header[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize: UInt64 = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            return "not a SQLite database (invalid page size \(rawPageSize))"
        }
        // The page count at offset 28 is valid only when the change counter (24) matches offset 92.
        let pageCount = bigEndian(28, 4)
        if pageCount > 0, bigEndian(24, 4) == bigEndian(92, 4) {
            let expected = pageCount * pageSize
            if fileSize < expected {
                return "truncated database (\(fileSize) bytes, the header announces \(pageCount) pages of \(pageSize) bytes)"
            }
        } else if fileSize < pageSize {
            return "truncated database (\(fileSize) bytes, less than one page of \(pageSize) bytes)"
        }
        return nil
    }
}
