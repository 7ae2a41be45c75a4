import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces SQLite's terse message for a read-only open that failed at its first read with one
/// that says what happened and what the user can do. Messages contain no ": " (callers append
/// the path after one).
enum OpenDiagnosis {
    static func explain(_ error: DatabaseError, path: String) -> String {
        let realPath = WALFiles.resolved(path)
        let name = fileName(realPath)
        switch error.primaryCode {
        case SQLITE_READONLY where fileSize(realPath + "-journal") > 0:
            return "a program writing to the database crashed mid-transaction and left a hot journal (\(name)-journal) "
                + "holding changes to roll back; a read-only reader cannot roll them back, and reading without them would show "
                + "a half-written state. Once no program writes to it, open it once with write access "
                + "(for example sqlite3 \(name) 'PRAGMA schema_version') to roll the journal back, "
                + "or copy \(name) and \(name)-journal together to a directory of your own and open the copy"
        case SQLITE_CANTOPEN where WALFiles.exists(realPath + "-shm") && access(realPath + "-shm", R_OK) != 0:
            return "a WAL database whose \(name)-shm file cannot be read (permission denied); "
                + "ask its owner for read access to \(name)-shm, or copy \(name) and \(name)-wal (without -shm) to a directory of your own"
        case SQLITE_CANTOPEN where WALFiles.exists(realPath + "-wal") && !WALFiles.exists(realPath + "-shm"):
            return "a WAL database without its \(name)-shm file, which cannot be created (read-only directory?) "
                + "and is not created by Assoc; copy \(name) and \(name)-wal to a directory of your own and open the copy"
        default:
            return error.message
        }
    }

    static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
