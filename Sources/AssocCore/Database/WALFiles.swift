#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Chooses how a database is opened read-only so that SQLite creates and changes no file next to
/// it, and what is read is the committed state (the database file plus the committed frames of
/// its `-wal`).
///
/// SQLite reading a WAL database normally creates `-wal` and `-shm` when they are missing and
/// writes read marks (or a rebuilt index) into `-shm`. Instead:
/// - no `-wal` (or one without committed frames) and no `-shm` needed: the file alone is the
///   committed state; it is opened `immutable=1`, which creates and locks nothing;
/// - `-wal` and `-shm` both present: `readonly_shm=1` — SQLite maps `-shm` read-only (shared
///   locks only, never a write) and, when no writer keeps it valid, rebuilds the WAL index in
///   heap memory from the `-wal`; concurrent writers are not blocked and their commits are seen;
/// - committed frames in `-wal` but no `-shm`: SQLite cannot read it without creating `-shm`, so
///   the database file and the log are read into memory (`WALSnapshot`): the committed state at
///   opening, later commits unseen.
///
/// A rollback journal that may be hot (left by a crashed writer) overrides the first and last
/// choices: the database is opened directly, so SQLite finds the journal and refuses to read a
/// half-written state. The paths checked are those of the file a symlink leads to, as SQLite
/// itself resolves it.
enum WALFiles {
    enum Plan: Equatable {
        /// A rollback-journal database: opened as is.
        case direct
        /// `file:` URI with `immutable=1`.
        case immutable
        /// `file:` URI with `readonly_shm=1`.
        case readOnlySharedMemory
        /// The committed state copied into memory.
        case memorySnapshot(WALLog)
    }

    /// The plan for reading `realPath` (already resolved) read-only.
    static func plan(forReadOnly realPath: String) throws -> Plan {
        let plan = try sideFilePlan(realPath)
        switch plan {
        case .immutable, .memorySnapshot:
            // Both would skip a rollback journal that may be hot (a crashed writer's half-written
            // state, which SQLite checks before anything else): SQLite must see it, and refuse.
            return mayHaveHotJournal(realPath) ? .direct : plan
        case .direct, .readOnlySharedMemory:
            return plan
        }
    }

    static func sideFilePlan(_ realPath: String) throws -> Plan {
        guard exists(realPath + "-wal") else {
            // No -wal: SQLite ignores a -shm alone, but would create -wal for a WAL-mode header.
            return isWALHeader(realPath) ? .immutable : .direct
        }
        // A -wal file (even of a rollback-mode header) makes SQLite open the log and its -shm.
        if exists(realPath + "-shm") { return .readOnlySharedMemory }
        // Only then is the log read (checksums of every frame): no cost when -shm exists.
        guard let log = try WALLog.read(path: realPath + "-wal") else {
            return isWALHeader(realPath) ? .immutable : .direct  // removed in between
        }
        return log.hasCommittedFrames ? .memorySnapshot(log) : .immutable
    }

    /// Whether a `-journal` that SQLite would consider hot may exist: not empty, and its first
    /// byte not zero (SQLite's own test, before it checks that no writer holds the lock).
    static func mayHaveHotJournal(_ realPath: String) -> Bool {
        guard let file = fopen(realPath + "-journal", "rb") else { return false }
        defer { fclose(file) }
        var first: UInt8 = 0
        return fread(&first, 1, 1, file) == 1 && first != 0
    }

    /// The real path of `path` (symlinks, `.` and `..` resolved), or `path` when it cannot be resolved.
    static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether the header of `path` announces WAL mode (bytes 18–19 = 2).
    static func isWALHeader(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, 20, file) }
        return count == 20 && (header[18] == 2 || header[19] == 2)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `file:` URI for `path` with `parameter=1`; every byte outside `[A-Za-z0-9-._~/]` percent-encoded.
    static func uri(_ path: String, _ parameter: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        // An absolute path gets an empty authority (`file:///x`), so `//x` is never read as a host.
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + String(decoding: bytes, as: UTF8.self) + "?\(parameter)=1"
    }
}
