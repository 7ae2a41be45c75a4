#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a file will be written, found before anything is opened (`lstat`, `readlink`,
/// `realpath`: never `open`, so a FIFO cannot block): the path as given, the file it names once
/// symbolic links are followed (`target`, in its real directory), and what is there now.
/// Refuses a blank name, a directory, a FIFO, a socket and a device.
///
/// A symbolic link is followed, as a shell's `>` or an editor's save would: its target is the file
/// written (`AtomicFileWriter` renames a complete file over it), and the link stays a link.
package struct FileDestination: Hashable, Sendable {
    /// What has the destination's name now.
    package enum Existing: Hashable, Sendable {
        /// Nothing is named `path`.
        case nothing
        /// `path` is a link (or a chain of links) to a name that does not exist.
        case danglingLink
        /// A regular file (at `path`, or at the end of its links): its permission bits and owner.
        case regularFile(mode: UInt32, owner: UInt32, group: UInt32)
    }

    /// The path as given (relative ones are under the current directory).
    package let path: String
    /// The file written: absolute, its directory free of links, its name not a link.
    package let target: String
    /// Whether `path` is a symbolic link, so that the file written is `target`.
    package let isLink: Bool
    /// What was at `path` when it was checked: nothing, a dangling link, or a regular file.
    package let existing: Existing
    /// `target` for messages: relative to the current directory when both are under one directory
    /// (not only `/`) and that is no longer.
    package let shownTarget: String

    /// Links followed at most, as the kernel's own limit (ELOOP).
    static let maximumLinks = 40

    /// Whether writing needs the user's word: something already has the name (a file, or a link).
    package var needsConfirmation: Bool { existing != .nothing }

    /// The directory the file is written in (for its temporary file).
    package var directory: String { Self.parent(of: target) }

    /// `path`, then ` → ` and the file written when `path` is a link (`out.json → ../elsewhere/t.txt`).
    package var described: String { isLink ? "\(path) → \(shownTarget)" : path }

    /// Whether `name` is empty or only white space: not a file name anyone means.
    package static func isBlank(_ name: String) -> Bool { name.allSatisfy(\.isWhitespace) }

    /// Finds what `path` names. Throws `FileWriteError.blankName`, `.notRegularFile` (a directory,
    /// FIFO, socket or device, at `path` or at the end of its links) or `.cannotWrite` (its
    /// directory is missing, a loop of links).
    package static func resolve(_ path: String) throws -> FileDestination {
        guard !isBlank(path) else { throw FileWriteError.blankName }
        // The system would read the name only up to it: another file than the one named.
        guard !path.utf8.contains(0) else { throw FileWriteError.cannotWrite(path: path, reason: "the name holds a NUL byte") }
        guard !path.hasSuffix("/") else { throw FileWriteError.notRegularFile(path: path, kind: "a directory name (it ends with /)") }
        let cwd = try currentDirectory(for: path)
        var current = path.hasPrefix("/") ? path : join(cwd, path)
        var isLink = false
        var links = 0
        var info = stat()
        while lstat(current, &info) == 0, fileType(info.st_mode) == fileType(mode_t(S_IFLNK)) {
            links += 1
            guard links <= maximumLinks else { throw FileWriteError.cannotWrite(path: path, reason: "too many levels of symbolic links") }
            isLink = true
            let link = try readLink(current, for: path)
            current = link.hasPrefix("/") ? link : join(parent(of: current), link)
        }
        let name = lastComponent(of: current)
        guard !name.isEmpty, name != ".", name != ".." else { throw FileWriteError.notRegularFile(path: path, kind: "a directory") }
        let directory = try realDirectory(parent(of: current), for: path)
        let target = join(directory, name)
        let shown = relative(target, from: cwd)
        let described = isLink ? "\(path) → \(shown)" : path
        let existing: Existing
        if lstat(target, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw FileWriteError.cannotWrite(path: described, reason: reason(code)) }
            existing = isLink ? .danglingLink : .nothing
        } else if let kind = kind(of: info.st_mode) {
            throw FileWriteError.notRegularFile(path: described, kind: kind)
        } else {
            existing = .regularFile(mode: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
        }
        return FileDestination(path: path, target: target, isLink: isLink, existing: existing, shownTarget: shown)
    }

    /// Whether the file written would be the database at `database` (the same file, by its real
    /// path or its inode) or one of its side files, existing or not.
    package func isPart(ofDatabase database: String) -> Bool {
        guard database != ":memory:", !database.isEmpty else { return false }
        let real = WALFiles.resolved(database)
        if ["", "-wal", "-shm", "-journal"].contains(where: { real + $0 == target }) { return true }
        var mine = stat()
        var theirs = stat()
        return lstat(target, &mine) == 0 && stat(real, &theirs) == 0 && mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    /// nil for a regular file, else what the mode says it is ("a FIFO", …).
    static func kind(of mode: mode_t) -> String? {
        switch fileType(mode) {
        case fileType(mode_t(S_IFREG)): return nil
        case fileType(mode_t(S_IFDIR)): return "a directory"
        case fileType(mode_t(S_IFIFO)): return "a FIFO (named pipe)"
        case fileType(mode_t(S_IFCHR)): return "a character device"
        case fileType(mode_t(S_IFBLK)): return "a block device"
        case fileType(mode_t(S_IFSOCK)): return "a socket"
        case fileType(mode_t(S_IFLNK)): return "a symbolic link"
        default: return "not a regular file"
        }
    }

    static func fileType(_ mode: mode_t) -> mode_t { mode & mode_t(S_IFMT) }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func currentDirectory(for path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            throw FileWriteError.cannotWrite(path: path, reason: "the current directory: " + reason(errno))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readLink(_ link: String, for path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileWriteError.cannotWrite(path: path, reason: reason(errno)) }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `directory` with its links resolved; it must exist and be a directory.
    private static func realDirectory(_ directory: String, for path: String) throws -> String {
        guard let resolved = realpath(directory, nil) else {
            let code = errno
            throw FileWriteError.cannotWrite(path: path, reason: (code == ENOENT ? "no such directory: \(directory)" : reason(code)))
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        var info = stat()
        guard stat(real, &info) == 0, fileType(info.st_mode) == fileType(mode_t(S_IFDIR)) else {
            throw FileWriteError.cannotWrite(path: path, reason: "not a directory: \(directory)")
        }
        return real
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `target` relative to `base` (both absolute) when they share a directory below `/` and that
    /// is no longer, else `target`.
    static func relative(_ target: String, from base: String) -> String {
        let targetParts = target.split(separator: "/", omittingEmptySubsequences: true)
        let baseParts = base.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < min(targetParts.count, baseParts.count), targetParts[common] == baseParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: baseParts.count - common) + targetParts[common...].map(String.init)
        let text = parts.joined(separator: "/")
        return common > 0 && !text.isEmpty && text.utf8.count <= target.utf8.count ? text : target
    }
}
