import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every entry under a directory: type, bytes (regular files only: a FIFO would block) and
/// modification time to the nanosecond. Two equal snapshots mean nothing was written or created.
public struct FileSnapshot: Equatable {
    public struct Entry: Equatable {
        public var kind: UInt32
        public var size: Int64
        public var modified: Int64
        public var bytes: Data?
        public var target: String?
    }

    public var entries: [String: Entry]

    public init(of directory: URL) {
        var entries: [String: Entry] = [:]
        func visit(_ path: String, relative: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let kind = info.st_mode & S_IFMT
            var entry = Entry(
                kind: kind, size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            if kind == S_IFREG { entry.bytes = FileManager.default.contents(atPath: path) }
            if kind == S_IFLNK { entry.target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) }
            if kind == S_IFDIR { entry.modified = 0 }  // changes only with its entries, compared anyway
            if !relative.isEmpty { entries[relative] = entry }
            if kind == S_IFDIR {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    visit(path + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name)
                }
            }
        }
        visit(directory.path, relative: "")
        self.entries = entries
    }

    /// Human-readable differences, empty when equal. `ignoring` names entries allowed to change.
    public func differences(to other: FileSnapshot, ignoring: Set<String> = []) -> [String] {
        var result: [String] = []
        for name in Set(entries.keys).union(other.entries.keys).sorted() where !ignoring.contains(name) {
            switch (entries[name], other.entries[name]) {
            case (nil, _?): result.append("created \(name)")
            case (_?, nil): result.append("removed \(name)")
            case (let a?, let b?) where a != b:
                result.append("changed \(name)" + (a.bytes != b.bytes ? " (bytes)" : "") + (a.modified != b.modified ? " (mtime)" : ""))
            default: break
            }
        }
        return result
    }
}
