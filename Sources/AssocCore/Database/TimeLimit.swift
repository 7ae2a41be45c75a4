import CSQLite
import CSQLiteTempFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Connection {
    /// Runs `body`, stopping its statements once `milliseconds` have passed (SQLite's progress
    /// handler, checked every few thousand virtual machine steps): for work with a budget, such as
    /// the browser's deferred counts, which a view that never ends (`WITH RECURSIVE` without a
    /// bound) would otherwise keep running forever. Past the budget, throws `AssocError.sqlite` with
    /// code `SQLITE_INTERRUPT` and a message that says so.
    public func withTimeLimit<T>(milliseconds: Int, _ body: () throws -> T) throws -> T {
        let (result, passed) = control.withDeadline(milliseconds: milliseconds, body)
        do {
            return try result.get()
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_INTERRUPT && passed {
            let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
            throw AssocError.sqlite(DatabaseError(code: error.code, message: "stopped after \(seconds) (the time allowed)", sql: error.sql))
        }
    }
}

extension Connection {
    /// Lets SQLite use at most `bytes` more memory than it uses now, for the rest of the process:
    /// past it, statements fail with `SQLITE_NOMEM` ("needed more memory than allowed") instead
    /// of the process growing to gigabytes on a hostile file (a view of nested CTEs, opened).
    /// SQLite's page cache is small and its sorts spill to temporary files, so ordinary reads
    /// stay far below any sensible limit. AssocCore never calls it, nor sets the limit in any other
    /// way (opening a `Database` included): the application chooses (the `assoc` command gives
    /// SQLite 256 MB more when it opens a file). An application that opens files it does not
    /// trust should call it once at start: a view of nested CTEs can take gigabytes to prepare.
    package static func limitMemory(toAdditionalBytes bytes: Int64) {
        sqlite3_hard_heap_limit64(sqlite3_memory_used() + bytes)
    }

    /// Bounds the bytes of all of SQLite's temporary files in the process (sorts, `GROUP BY`,
    /// `DISTINCT` and materialized results that do not fit in its cache) to `bytes`, 0 for no
    /// bound: past it, the statement fails with `SQLITE_FULL`, reported as an error that says
    /// so, instead of filling the disk (a sort over a cross join wrote 1.7 GB in 12 s). Call it
    /// before opening connections: they count from their opening on (a VFS over the default one,
    /// which then becomes the default). AssocCore never calls it; the `assoc` command does.
    package static func limitTemporaryFiles(toBytes bytes: Int64) throws {
        let code = assoc_temp_limit_install(max(0, bytes))
        guard code == SQLITE_OK else {
            throw AssocError.sqlite(DatabaseError(code: code, message: "cannot bound SQLite's temporary files", sql: nil))
        }
    }

    /// The bound on SQLite's temporary files in bytes, 0 when there is none.
    package static var temporaryFilesLimit: Int64 { assoc_temp_limit() }

    /// The bytes of SQLite's temporary files open now (counted once bounded).
    package static var temporaryFilesInUse: Int64 { assoc_temp_used() }

    /// SQLite's current process-wide memory limit in bytes, 0 when there is none.
    static var memoryLimit: Int64 { sqlite3_hard_heap_limit64(-1) }

    /// Runs `body` with SQLite allowed at most `bytes` more memory than it uses now: past it, the
    /// statement fails with `SQLITE_NOMEM`, reported as `AssocError.sqlite` saying so. For reading
    /// objects a hostile file can make explode (a view of nested doubling CTEs took 4 GB to
    /// prepare). SQLite's heap limit is one for the whole process: use it where no other thread
    /// runs statements. AssocCore never calls it.
    public static func withMemoryLimit<T>(bytes: Int64, _ body: () throws -> T) throws -> T {
        let previous = sqlite3_hard_heap_limit64(-1)
        let limit = sqlite3_memory_used() + bytes
        sqlite3_hard_heap_limit64(previous > 0 ? min(previous, limit) : limit)
        defer { sqlite3_hard_heap_limit64(previous) }
        do {
            return try body()
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_NOMEM {
            throw AssocError.sqlite(
                DatabaseError(
                    code: error.code, message: "needed more than \(bytes / 1_048_576) MB of memory: stopped", sql: error.sql))
        }
    }
}
