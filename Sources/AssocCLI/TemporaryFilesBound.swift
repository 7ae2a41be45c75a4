import AssocCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much temporary disk SQLite may use for one `assoc` process (sorts, `GROUP BY`, `DISTINCT`
/// and intermediate results that do not fit in its cache): by default half the free space of the
/// directory SQLite writes them to, at most 4 GB, so that a sort over a cross join stops with a
/// message instead of filling the disk; `--temp-limit MB` (fetch) or `ASSOC_TEMP_LIMIT_MB` set it,
/// 0 for no bound.
enum TemporaryFilesBound {
    static let megabyte: Int64 = 1_048_576
    static let ceiling: Int64 = 4096 * megabyte
    static let floor: Int64 = 64 * megabyte

    /// Bounds SQLite's temporary files for the connections opened from now on.
    static func install() throws {
        try Connection.limitTemporaryFiles(toBytes: defaultBytes())
    }

    /// `--temp-limit MB`: a bound of the user's own (0: none), for the rest of the process.
    static func set(megabytes: Int) throws {
        try Connection.limitTemporaryFiles(toBytes: Int64(megabytes) * megabyte)
    }

    /// `ASSOC_TEMP_LIMIT_MB` when set to a number, else half the free space where SQLite writes
    /// temporary files, between 64 MB and 4 GB.
    static func defaultBytes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        if let text = environment["ASSOC_TEMP_LIMIT_MB"], let megabytes = Int64(text), megabytes >= 0 {
            return megabytes * megabyte
        }
        guard let free = freeBytes(in: temporaryDirectory(environment: environment)) else { return ceiling }
        return min(ceiling, max(floor, free / 2))
    }

    /// The directory SQLite's unix VFS writes temporary files to: `SQLITE_TMPDIR`, `TMPDIR`,
    /// `/var/tmp`, `/usr/tmp`, `/tmp`, the first that is a directory, else `.`.
    static func temporaryDirectory(environment: [String: String]) -> String {
        let candidates = [environment["SQLITE_TMPDIR"], environment["TMPDIR"]].compactMap { $0 } + ["/var/tmp", "/usr/tmp", "/tmp"]
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        } ?? "."
    }

    /// The bytes an unprivileged process may still write on the file system of `path`.
    static func freeBytes(in path: String) -> Int64? {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        return Int64(clamping: UInt64(status.f_bavail) &* UInt64(status.f_frsize))
    }
}
