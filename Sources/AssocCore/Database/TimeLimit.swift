import CSQLite

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
        let limit = TimeLimit(milliseconds: milliseconds)
        sqlite3_progress_handler(
            handle, 4_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<TimeLimit>.fromOpaque(context).takeUnretainedValue().isOver() ? 1 : 0
            }, Unmanaged.passUnretained(limit).toOpaque())
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        do {
            return try withExtendedLifetime(limit) { try body() }
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_INTERRUPT && limit.wasOver {
            let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
            throw AssocError.sqlite(DatabaseError(code: error.code, message: "stopped after \(seconds) (the time allowed)", sql: error.sql))
        }
    }
}

/// A deadline the progress handler checks (on the thread that runs the statement).
private final class TimeLimit {
    private let deadline: Int64
    private(set) var wasOver = false

    init(milliseconds: Int) {
        deadline = Self.now() + Int64(max(0, milliseconds))
    }

    func isOver() -> Bool {
        if Self.now() >= deadline { wasOver = true }
        return wasOver
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}

extension Connection {
    /// Lets SQLite use at most `bytes` more memory than it uses now, for the rest of the process:
    /// past it, statements fail with `SQLITE_NOMEM` ("needed more memory than allowed") instead
    /// of the process growing to gigabytes on a hostile file (a view of nested CTEs, opened).
    /// SQLite's page cache is small and its sorts spill to temporary files, so ordinary reads
    /// stay far below any sensible limit. AssocCore never calls it: the application chooses (the
    /// `assoc` command gives SQLite 256 MB more when it opens a file).
    public static func limitMemory(toAdditionalBytes bytes: Int64) {
        sqlite3_hard_heap_limit64(sqlite3_memory_used() + bytes)
    }

    /// SQLite's current process-wide memory limit in bytes, 0 when there is none.
    static var memoryLimit: Int64 { sqlite3_hard_heap_limit64(-1) }

    /// Runs `body` with SQLite allowed at most `bytes` more memory than it uses now: past it, the
    /// statement fails with `SQLITE_NOMEM`, reported as `AssocError.sqlite` saying so. For reading
    /// objects a hostile file can make explode (a view of nested doubling CTEs took 4 GB to
    /// prepare). SQLite's heap limit is one for the whole process: use it where no other thread
    /// runs statements.
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
