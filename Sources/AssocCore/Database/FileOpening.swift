import CSQLite

/// Opens the SQLite handle of a `Connection`: read-only ones by the plan `WALFiles` chooses for
/// the real file (symlinks resolved first, so the `-wal` and `-shm` looked at are those SQLite uses).
enum FileOpening {
    /// How a read-only handle sees other processes' writes.
    enum Visibility: Equatable {
        /// Through SQLite's locks (`data_version` moves on their commits).
        case locked
        /// `immutable=1`: not at all, and a change of the file's bytes makes its reads wrong.
        case immutable
        /// A copy in memory: never.
        case snapshot
    }

    /// A read-only handle on the committed state of the database at `path`; creates and changes no file.
    static func readOnly(_ path: String) throws -> (OpaquePointer, Visibility) {
        let realPath = WALFiles.resolved(path)
        let plan: WALFiles.Plan
        do {
            plan = try WALFiles.plan(forReadOnly: realPath)
        } catch {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "cannot read the -wal file (permission denied?): \(path)"))
        }
        let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READONLY
        switch plan {
        case .direct:
            return (try handle(realPath, flags: flags, displayPath: path), .locked)
        case .immutable:
            return (try handle(WALFiles.uri(realPath, "immutable"), flags: flags | SQLITE_OPEN_URI, displayPath: path), .immutable)
        case .readOnlySharedMemory:
            return (try handle(WALFiles.uri(realPath, "readonly_shm"), flags: flags | SQLITE_OPEN_URI, displayPath: path), .locked)
        case .memorySnapshot(let log):
            do {
                return (try WALSnapshot.connect(realPath: realPath, log: log), .snapshot)
            } catch AssocError.sqlite(let error) {
                throw AssocError.sqlite(DatabaseError(code: error.code, message: "\(error.message): \(path)"))
            }
        }
    }

    /// `sqlite3_open_v2`; a failure throws SQLite's message followed by `displayPath`.
    static func handle(_ filename: String, flags: Int32, displayPath: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(filename, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw AssocError.sqlite(DatabaseError(code: rc, message: "\(message): \(displayPath)"))
        }
        return db
    }
}
