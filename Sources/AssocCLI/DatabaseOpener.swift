import AssocCore
import Foundation

/// Opens a user's database file read-only, checking first what SQLite would accept silently
/// (an empty file is a valid empty database to SQLite; a truncated file may look empty), so that
/// every problem becomes one clear `CLIError`. Never creates or changes a file.
enum DatabaseOpener {
    static func open(path: String) throws -> LoadedDatabase {
        if let problem = SQLiteFileCheck.problem(atPath: path) {
            throw CLIError.cannotOpen(path, problem)
        }
        let connection: Connection
        do {
            connection = try Connection(path: path, mode: .readOnly)
        } catch let error as DatabaseError {
            throw CLIError.cannotOpen(path, reason(error))
        }
        let schema: Schema
        do {
            schema = try SchemaIntrospector.read(connection)
        } catch let error as DatabaseError {
            throw CLIError(message: "cannot read the schema of \(TextSanitizer.quoted(path)): \(reason(error))")
        }
        return LoadedDatabase(connection: connection, schema: schema, title: (path as NSString).lastPathComponent)
    }

    /// SQLite's message without the path `Connection` appends (the CLI message names it already).
    static func reason(_ error: DatabaseError) -> String {
        switch error.primaryCode {
        case 26: return "not a SQLite database"  // SQLITE_NOTADB
        case 11: return "the database file is corrupt"  // SQLITE_CORRUPT
        case 23: return "permission denied"  // SQLITE_AUTH
        default:
            var message = error.message
            if let range = message.range(of: ": ", options: .backwards) { message = String(message[..<range.lowerBound]) }
            return TextSanitizer.oneLine(message)
        }
    }
}

/// Checks a file's header before SQLite sees it (format described at https://sqlite.org/fileformat.html).
enum SQLiteFileCheck {
    /// A one-line reason the file is not a usable database, or nil when it looks like one.
    static func problem(atPath path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "is a directory" }
        // A FIFO or a device would block or never end: only regular files (symlinks followed).
        let resolved = (path as NSString).resolvingSymlinksInPath
        if let type = try? FileManager.default.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType,
            type != .typeRegular
        {
            return "not a regular file"
        }
        guard FileManager.default.isReadableFile(atPath: path) else { return "permission denied" }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot read the file" }
        defer { try? handle.close() }
        let header: Data
        let fileSize: UInt64
        do {
            header = try handle.read(upToCount: 100) ?? Data()
            fileSize = try handle.seekToEnd()
        } catch {
            return "cannot read the file"
        }
        return problem(header: [UInt8](header), fileSize: fileSize)
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
