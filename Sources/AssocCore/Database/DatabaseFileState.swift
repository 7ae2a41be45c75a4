#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What another process did to a connection's file since it was opened.
package enum DatabaseFileChange: Sendable, Equatable {
    /// Nothing this connection cannot see by itself.
    case none
    /// The same file holds other content (a commit, a checkpoint, a `-wal` that appeared), which a
    /// connection opened without locks (`immutable=1`, a snapshot in memory) does not see.
    case written
    /// The path now names another file (moved over, copied anew): the connection still reads the old one.
    case replaced
    /// Nothing is at the path any more (deleted or moved away): the connection still reads what it opened.
    case removed
}

/// What can be seen of a database file from outside SQLite (`stat`, and the header's file change
/// counter at offset 24), to notice another process writing, replacing or deleting it.
/// The header and the `-wal` are only looked at for connections that hold no lock: opening and
/// closing another descriptor on the file would drop the POSIX locks SQLite holds on it.
struct DatabaseFileState: Equatable, Sendable {
    /// The file's identity: another one when the path was replaced.
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// Last modification, in nanoseconds.
    var modified: Int64
    /// Header bytes 24–27 (the file change counter); nil when not read.
    var changeCounter: UInt32?
    /// The `-wal` file's identity, size and modification; nil when absent, empty (another reader
    /// opened the database: nothing committed) or not looked at.
    var log: [Int64]?

    /// The state of the file at `path` (symlinks followed); nil when nothing is there.
    /// `content`: also read the header and stat `logPath` (only for a connection holding no lock).
    static func read(_ path: String, logPath: String, content: Bool) -> DatabaseFileState? {
        guard let info = status(path) else { return nil }
        var state = DatabaseFileState(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int64(info.st_size),
            modified: modification(info), changeCounter: nil, log: nil)
        guard content else { return state }
        state.changeCounter = changeCounter(path)
        if let log = status(logPath), log.st_size > 0 {
            state.log = [Int64(truncatingIfNeeded: log.st_dev), Int64(truncatingIfNeeded: log.st_ino), Int64(log.st_size), modification(log)]
        }
        return state
    }

    /// How `now` differs from this state, taken at opening. `content`: whether a content change
    /// counts (a connection that cannot see other processes' writes by itself).
    func change(to now: DatabaseFileState?, content: Bool) -> DatabaseFileChange {
        guard let now else { return .removed }
        guard now.device == device, now.inode == inode else { return .replaced }
        guard content else { return .none }
        return now == self ? .none : .written
    }

    /// Whether the bytes of the file itself (not its `-wal`) differ in `now`: an `immutable=1`
    /// connection would then read pages of two versions.
    func fileBytesDiffer(from now: DatabaseFileState?) -> Bool {
        guard let now, now.device == device, now.inode == inode else { return false }
        return now.size != size || now.modified != modified || now.changeCounter != changeCounter
    }

    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    private static func modification(_ info: stat) -> Int64 {
        #if canImport(Darwin)
            return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// Header bytes 24–27, big-endian; nil when the file cannot be read or is shorter.
    private static func changeCounter(_ path: String) -> UInt32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let bytes = try? WALLog.readExactly(descriptor, count: 4, at: 24) else { return nil }
        return WALLog.bigEndian(bytes, 0)
    }
}
