import CTemporaryFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a regular file whole or not at all. The bytes go to a new temporary file (created
/// exclusively, never through a link) in the destination's real directory; `commit()` renames it
/// over the destination once complete, `abandon()` (or dropping the writer) removes it. So a
/// cancelled, failed or killed write leaves nothing at the destination and an existing file keeps
/// its bytes until the complete file replaces it. The destination itself is never opened (a FIFO
/// cannot block) and nothing is ever removed but the writer's own temporary file.
///
/// A new file gets mode 0644 less the umask; a replaced file's mode (permission bits) and, where
/// allowed, its owner are kept. A link's target is replaced, the link stays (`FileDestination`).
///
/// ```swift
/// let writer = try AtomicFileWriter(path: "out.json", replacing: .never)
/// try writer.write(Array("[]\n".utf8))
/// try writer.commit()
/// ```
package final class AtomicFileWriter {
    /// What may be replaced.
    package enum Replacing: Hashable, Sendable {
        /// Nothing: an existing name (file or link) throws `FileWriteError.exists`.
        case never
        /// What `FileDestination.resolve` found when the user confirmed: replaced only while the
        /// path still names the same target in the same state, else `FileWriteError.exists`.
        case confirmed(FileDestination)
        /// Any regular file (a command line's `--force`).
        case any
    }

    /// The file that `commit()` puts in place.
    package let destination: FileDestination
    /// The temporary file, in the destination's directory (nil once renamed or removed).
    package private(set) var temporaryPath: String?
    private var descriptor: Int32

    /// Resolves `path` (`FileDestination.resolve`: blank names and anything but a regular file are
    /// refused before anything is opened) and creates the temporary file. `protecting`: database
    /// paths never written, whatever `replacing` says (nor their `-wal`, `-shm`, `-journal`):
    /// `FileWriteError.databaseFile`.
    package init(path: String, replacing: Replacing, protecting databases: [String] = []) throws {
        let destination = try FileDestination.resolve(path)
        if databases.contains(where: { destination.isPart(ofDatabase: $0) }) {
            throw FileWriteError.databaseFile(path: destination.described)
        }
        switch replacing {
        case .never where destination.needsConfirmation:
            throw FileWriteError.exists(destination)
        case .confirmed(let confirmed) where destination.needsConfirmation && destination != confirmed:
            throw FileWriteError.exists(destination)
        default:
            break
        }
        if case .regularFile = destination.existing, access(destination.target, W_OK) != 0 {
            // Its directory may allow a rename over it; its own permissions say it is not to be changed.
            throw FileWriteError.cannotWrite(path: destination.described, reason: FileDestination.reason(errno))
        }
        self.destination = destination
        // A replacement is private while it is written; it gets the replaced file's mode at commit.
        let mode: mode_t = destination.existing == .nothing || destination.existing == .danglingLink ? 0o644 : 0o600
        var attempts = 0
        while true {
            let candidate = FileDestination.join(destination.directory, ".assoc-\(String(UInt64.random(in: .min ... .max), radix: 36)).tmp")
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 {
                descriptor = fd
                temporaryPath = candidate
                TemporaryFileCleanup.track?(candidate)
                return
            }
            let code = errno
            attempts += 1
            guard code == EEXIST, attempts < 100 else {
                throw FileWriteError.cannotWrite(path: destination.described, reason: FileDestination.reason(code))
            }
        }
    }

    deinit { abandon() }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard temporaryPath != nil else { throw FileWriteError.cannotWrite(path: destination.described, reason: "already closed") }
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw FileWriteError.cannotWrite(path: destination.described, reason: FileDestination.reason(code))
            }
            offset += written
        }
    }

    /// Puts the complete file in place: gives it its mode (and owner), flushes it to disk, and
    /// renames it over the destination, after checking the destination again: it must still be
    /// a regular file or missing, and a name that was free must still be free (a file that appeared
    /// meanwhile is never replaced: `FileWriteError.exists`). On any error the temporary file is
    /// removed and the destination is as it was.
    package func commit() throws {
        guard let temporary = temporaryPath else { throw FileWriteError.cannotWrite(path: destination.described, reason: "already closed") }
        do {
            try finishFile()
            try putInPlace(temporary)
        } catch {
            abandon()
            throw error
        }
        temporaryPath = nil
        TemporaryFileCleanup.track?(nil)
    }

    /// Removes the temporary file (only it); the destination is untouched. Safe to call more than once.
    package func abandon() {
        guard let temporary = temporaryPath else { return }
        temporaryPath = nil
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        TemporaryFileCleanup.track?(nil)
    }

    private func finishFile() throws {
        if case .regularFile(let mode, let owner, let group) = destination.existing {
            if fchmod(descriptor, mode_t(mode & 0o777)) != 0 { throw failure() }
            // Kept where the system allows it (root, or a group the user is in); else the user's.
            if owner != UInt32(geteuid()) || group != UInt32(getegid()) {
                _ = fchown(descriptor, uid_t(owner), gid_t(group))
            }
        }
        if fsync(descriptor) != 0 { throw failure() }
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 { throw failure() }
    }

    private func putInPlace(_ temporary: String) throws {
        var info = stat()
        if lstat(destination.target, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw failure(code) }
            // Free: link, which never replaces a file that appears meanwhile, then drop the temporary name.
            if link(temporary, destination.target) == 0 {
                unlink(temporary)
                return
            }
            let linkError = errno
            if linkError == EEXIST { throw try FileWriteError.exists(FileDestination.resolve(destination.path)) }
            // A file system without hard links: rename, the name was free a moment ago.
            guard linkError == EPERM || linkError == EOPNOTSUPP || linkError == ENOSYS || linkError == EMLINK else { throw failure(linkError) }
        } else if let kind = FileDestination.kind(of: info.st_mode) {
            throw FileWriteError.notRegularFile(path: destination.described, kind: kind)
        } else if destination.existing == .nothing || destination.existing == .danglingLink {
            // A file appeared since the name was checked: not ours to replace.
            throw try FileWriteError.exists(FileDestination.resolve(destination.path))
        }
        if rename(temporary, destination.target) != 0 { throw failure() }
    }

    private func failure(_ code: Int32 = errno) -> FileWriteError {
        .cannotWrite(path: destination.described, reason: FileDestination.reason(code))
    }
}

/// `write(2)` (the writer's own `write` hides it).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
    #else
        return Darwin.write(fd, buffer, count)
    #endif
}

/// Tells a process's signal handlers which temporary file an `AtomicFileWriter` is writing, so
/// that one killed (SIGTERM, SIGHUP, …) removes it on its way out. `track` gets the path once the
/// file exists, and nil once it is renamed into place or removed. The browser sets it once, when
/// it installs its handlers, before any export (`NcursesTerminal`); the command line calls
/// `removeOnSignals()` before it writes a file.
package enum TemporaryFileCleanup {
    /// Called with the temporary file being written, and with nil once it is gone.
    nonisolated(unsafe) public static var track: ((String?) -> Void)?

    /// Remembers the file being written where a signal handler reads it (`CTemporaryFile`).
    package static func remember(_ path: String?) {
        assoc_track_temporary_file(path)
    }

    /// For a process without handlers of its own (the command line): SIGINT, SIGTERM, SIGHUP and
    /// SIGQUIT remove the file being written, then end the process as they would have; a file
    /// size limit (SIGXFSZ) fails the write with an error instead of killing the process.
    package static func removeOnSignals() {
        track = remember
        assoc_remove_temporary_file_on_signals()
    }
}
