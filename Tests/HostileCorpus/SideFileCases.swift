import AssocCore
import Foundation

/// WAL databases with every combination of side files, symlinks to them, and a hot journal:
/// what is read must be the committed state, and nothing may be created or changed.
extension HostileCases {
    public static var sideFileCases: [HostileCase] {
        [
            HostileCase(
                name: "WAL: committed rows only in -wal, no -shm",
                build: { dir in
                    try SideFiles.wal(dir, keep: ["-wal"])
                }, expectation: .opens(fetchContains: ["updated in wal", "in wal 1"])),
            HostileCase(
                name: "WAL: -wal only, 64 KiB pages, 2,000 rows and a 100 KB overflow text",
                build: { dir in
                    try SideFiles.wal(dir, keep: ["-wal"], pageSize: 65536, rows: 2000, bigText: 100_000)
                }, expectation: .opens(fetchContains: ["updated in wal", "in wal 1"])),
            HostileCase(
                name: "WAL: -wal only, 512-byte pages, 700 rows",
                build: { dir in
                    try SideFiles.wal(dir, keep: ["-wal"], pageSize: 512, rows: 700, bigText: 3000)
                }, expectation: .opens(fetchContains: ["updated in wal", "in wal 3"])),
            HostileCase(
                name: "WAL: -wal only, the database shrunk by a VACUUM in the log",
                build: { dir in
                    try SideFiles.shrunkByVacuum(dir)
                }, expectation: .opens(fetchContains: ["kept after vacuum"])),
            HostileCase(
                name: "WAL: -shm but no -wal",
                build: { dir in
                    try SideFiles.wal(dir, keep: ["-shm"], checkpointFirst: true)
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "WAL: -wal and a zeroed -shm",
                build: { dir in
                    let path = try SideFiles.wal(dir, keep: ["-wal", "-shm"])
                    try Data(count: 32768).write(to: URL(fileURLWithPath: path + "-shm"))
                    return path
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "WAL: an empty -wal, no -shm",
                build: { dir in
                    let path = try SideFiles.wal(dir, keep: [], checkpointFirst: true)
                    try Data().write(to: URL(fileURLWithPath: path + "-wal"))
                    return path
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "WAL: -wal of a rollback-mode header, no -shm",
                build: { dir in
                    let path = try SideFiles.wal(dir, keep: ["-wal"])
                    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
                    try handle.seek(toOffset: 18)
                    try handle.write(contentsOf: Data([1, 1]))
                    try handle.close()
                    return path
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "symlink to a WAL database whose rows are only in -wal (no -shm)",
                build: { dir in
                    let real = try SideFiles.wal(dir, folder: "real", keep: ["-wal"])
                    return try SideFiles.link(dir, "link.db", to: real)
                }, expectation: .opens(fetchContains: ["updated in wal", "in wal 1"])),
            HostileCase(
                name: "relative symlink chain to a WAL database with -wal and -shm",
                build: { dir in
                    _ = try SideFiles.wal(dir, folder: "real", keep: ["-wal", "-shm"])
                    _ = try SideFiles.link(dir, "link1.db", to: "real/w.db")
                    return try SideFiles.link(dir, "link2.db", to: "link1.db")
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "symlink chain through a directory symlink to a WAL database",
                build: { dir in
                    _ = try SideFiles.wal(dir, folder: "real", keep: ["-wal"])
                    _ = try SideFiles.link(dir, "alias", to: "real")
                    return try SideFiles.link(dir, "link.db", to: "alias/w.db")
                }, expectation: .opens(fetchContains: ["updated in wal"])),
            HostileCase(
                name: "symlink chain to a rollback database in another directory",
                build: { dir in
                    let folder = dir.appendingPathComponent("elsewhere")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    let real = try CorpusBuilder.values(folder, "r.db", [.text("rollback via links")])
                    _ = try SideFiles.link(dir, "a.db", to: real)
                    return try SideFiles.link(dir, "b.db", to: "a.db")
                }, expectation: .opens(fetchContains: ["rollback via links"])),
            HostileCase(
                name: "hot journal left by a crashed writer",
                build: { dir in
                    try SideFiles.hotJournal(dir)
                }, expectation: .refused("hot journal"), engineOpens: false),
            HostileCase(
                name: "hot journal and a stray empty -wal",
                build: { dir in
                    let path = try SideFiles.hotJournal(dir)
                    try Data().write(to: URL(fileURLWithPath: path + "-wal"))
                    return path
                }, expectation: .refused("hot journal"), engineOpens: false),
            HostileCase(
                name: "hot journal and a -wal with committed frames, no -shm",
                build: { dir in
                    let path = try SideFiles.hotJournal(dir)
                    let other = try SideFiles.wal(dir, folder: "other", keep: ["-wal"])
                    try FileManager.default.copyItem(atPath: other + "-wal", toPath: path + "-wal")
                    try FileManager.default.removeItem(at: dir.appendingPathComponent("other"))
                    return path
                }, expectation: .refused("hot journal"), engineOpens: false),
            HostileCase(
                name: "symlink to a database with a hot journal",
                build: { dir in
                    let real = try SideFiles.hotJournal(dir, folder: "real")
                    return try SideFiles.link(dir, "link.db", to: real)
                }, expectation: .refused("hot journal"), engineOpens: false)
        ]
    }
}

/// Builds databases in the states a running or crashed writer leaves: copies of the files taken
/// while the writer still has them open.
public enum SideFiles {
    /// A WAL database `w.db` (in `folder` when given): row 1 "checkpointed" in the file, then in the
    /// log an update of row 1 to "updated in wal", `rows` rows "in wal N" and, when `bigText` > 0,
    /// a text of that many "x" then "y". Copied with the side files in `keep` (a subset of `-wal`,
    /// `-shm`). `checkpointFirst` moves everything into the database file before copying.
    @discardableResult
    public static func wal(
        _ dir: URL, folder: String? = nil, keep: Set<String>, pageSize: Int = 4096, rows: Int = 5,
        bigText: Int = 0, checkpointFirst: Bool = false
    ) throws -> String {
        let target = try makeFolder(dir, folder)
        return try withWriter(dir, name: "w.db", into: target, keep: keep) { writer in
            try writer.execute(
                """
                PRAGMA page_size = \(pageSize);
                PRAGMA journal_mode = WAL;
                PRAGMA wal_autocheckpoint = 0;
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO t (v) VALUES ('checkpointed');
                PRAGMA wal_checkpoint(TRUNCATE);
                UPDATE t SET v = 'updated in wal' WHERE id = 1;
                """)
            try writer.execute("BEGIN")
            for index in 0..<rows {
                try writer.execute("INSERT INTO t (v) VALUES (?)", arguments: [.text("in wal \(index)")])
            }
            if bigText > 0 {
                try writer.execute("INSERT INTO t (v) VALUES (?)", arguments: [.text(String(repeating: "x", count: bigText) + "y")])
            }
            try writer.execute("COMMIT")
            if checkpointFirst { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// A WAL database whose log holds a DELETE and a VACUUM: the committed database is smaller than the file.
    public static func shrunkByVacuum(_ dir: URL) throws -> String {
        try withWriter(dir, name: "w.db", into: dir, keep: ["-wal"]) { writer in
            try writer.execute(
                """
                PRAGMA journal_mode = WAL;
                PRAGMA wal_autocheckpoint = 0;
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO t (v) SELECT printf('%0400d', i) FROM n;
                PRAGMA wal_checkpoint(TRUNCATE);
                DELETE FROM t;
                INSERT INTO t (v) VALUES ('kept after vacuum');
                VACUUM;
                """)
        }
    }

    /// A rollback-journal database copied with its `-journal` in the middle of a large update:
    /// the hot journal a crashed writer leaves.
    @discardableResult
    public static func hotJournal(_ dir: URL, folder: String? = nil) throws -> String {
        let target = try makeFolder(dir, folder)
        return try withWriter(dir, name: "hot.db", into: target, keep: ["-journal"]) { writer in
            try writer.execute(
                """
                PRAGMA cache_size = 10;
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO t (v) SELECT printf('%0500d', i) FROM n;
                BEGIN;
                UPDATE t SET v = 'half-written ' || v;
                """)
        }
    }

    /// Creates the symlink `name` in `dir` pointing to `destination` (as given: relative or absolute).
    @discardableResult
    public static func link(_ dir: URL, _ name: String, to destination: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
        return path
    }

    static func makeFolder(_ dir: URL, _ folder: String?) throws -> URL {
        guard let folder else { return dir }
        let url = dir.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` on a writer in a scratch folder, copies the database and the side files in
    /// `keep` to `target` while the writer is open, then closes the writer and removes the scratch.
    static func withWriter(
        _ dir: URL, name: String, into target: URL, keep: Set<String>,
        _ body: (Connection) throws -> Void
    ) throws -> String {
        let scratch = dir.appendingPathComponent("scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent(name).path
        let path = target.appendingPathComponent(name).path
        let writer = try Connection(path: source, mode: .readWrite(create: true))
        try body(writer)
        for suffix in [""] + keep.sorted() {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: path + suffix)
        }
        withExtendedLifetime(writer) {}
        return path
    }
}
