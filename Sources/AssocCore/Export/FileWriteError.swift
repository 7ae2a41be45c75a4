/// Why a file was not written (`FileDestination`, `AtomicFileWriter`). Whatever the case, nothing
/// was left at the destination and an existing file kept its bytes.
package enum FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is empty or only spaces.
    case blankName
    /// `path` names something other than a regular file: `kind` says what ("a directory",
    /// "a FIFO", "a character device", …). Nothing was opened.
    case notRegularFile(path: String, kind: String)
    /// `path` is the database being read, or one of its side files (`-wal`, `-shm`, `-journal`).
    case databaseFile(path: String)
    /// Something is already named `destination.path` (a file, or a link) and replacing it was not
    /// confirmed (or what it names changed since it was confirmed).
    case exists(FileDestination)
    /// The system refused: the path and its reason (`strerror`).
    case cannotWrite(path: String, reason: String)
    /// Stopped by the caller before completion.
    case cancelled(path: String)

    /// The error as one line of text.
    package var message: String {
        switch self {
        case .blankName: return "a file name is needed (the name is blank)"
        case .notRegularFile(let path, let kind):
            return "\(path) is \(kind): exports write only regular files"
        case .databaseFile(let path): return "\(path) is the database being read (or its side file): exports never write it"
        case .exists(let destination): return "\(destination.described) exists"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cancelled(let path): return "cancelled, nothing written to \(path)"
        }
    }

    package var description: String { message }
}
