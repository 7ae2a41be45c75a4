import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// WAL databases in every state of their side files, directly and through symlinks: every
/// committed row is read, nothing uncommitted is, and no file is created or changed.
final class WALReadingTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        chmod(directory.path, 0o755)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Page sizes, row counts, overflow pages, side files and paths (direct, symlink, chain).
    func testEveryCommittedRowIsReadAndNothingChanges() throws {
        var index = 0
        for pageSize in [512, 4096, 65536] {
            for rows in [0, 1, 700] {
                for keep: Set<String> in [["-wal"], ["-wal", "-shm"]] {
                    for bigText in [0, 70_000] {
                        index += 1
                        let folder = directory.appendingPathComponent("c\(index)")
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                        _ = try SideFiles.wal(folder, folder: "real", keep: keep, pageSize: pageSize, rows: rows, bigText: bigText)
                        let link = try SideFiles.link(folder, "link.db", to: "real/w.db")
                        let chain = try SideFiles.link(folder, "chain.db", to: "link.db")
                        let context = "pages \(pageSize), rows \(rows), keep \(keep.sorted()), text \(bigText)"
                        let before = FileSnapshot(of: folder)
                        for path in [folder.appendingPathComponent("real/w.db").path, link, chain] {
                            let database = try Database(path: path)
                            let all = try database.fetchAll(Table("t").all)
                            XCTAssertEqual(all.count, 1 + rows + (bigText > 0 ? 1 : 0), "\(context) \(path)")
                            XCTAssertEqual(all.first?["v"], .text("updated in wal"), context)
                            if rows > 0 { XCTAssertEqual(all[rows]["v"], .text("in wal \(rows - 1)"), context) }
                            if bigText > 0 {
                                XCTAssertEqual(all.last?["v"], .text(String(repeating: "x", count: bigText) + "y"), context)
                            }
                        }
                        XCTAssertEqual(before.differences(to: FileSnapshot(of: folder)), [], context)
                    }
                }
            }
        }
    }

    /// A log whose last transaction was torn (the writer crashed while appending it): the
    /// transactions before it are read, its frames are not.
    func testTornLastTransactionIsIgnored() throws {
        let path = try SideFiles.wal(directory, keep: ["-wal"], rows: 50)
        let wal = URL(fileURLWithPath: path + "-wal")
        let bytes = try Data(contentsOf: wal)
        try bytes.prefix(bytes.count - 100).write(to: wal)
        let before = FileSnapshot(of: directory)
        let rows = try Database(path: path).fetchAll(Table("t").all)
        XCTAssertEqual(rows.map { $0["v"] }, [.text("updated in wal")])
        XCTAssertEqual(before.differences(to: FileSnapshot(of: directory)), [])
    }

    /// With `-wal` and `-shm` present, an open reader sees a running writer's later commits, and
    /// the writer is never blocked by it.
    func testReaderWithSharedMemorySeesLaterCommits() throws {
        let path = directory.appendingPathComponent("live.db").path
        let writer = try Connection(path: path, mode: .readWrite(create: true))
        try writer.execute(
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO t (v) VALUES ('first');
            """)
        let reader = try Database(path: path)
        XCTAssertEqual(try reader.fetchCount(Table("t").all), 1)
        for count in 2...20 {
            try writer.execute("INSERT INTO t (v) VALUES ('more')")
            XCTAssertEqual(try reader.fetchCount(Table("t").all), count)
        }
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try writer.execute("INSERT INTO t (v) VALUES ('after checkpoint')")
        XCTAssertEqual(try reader.fetchCount(Table("t").all), 21)
    }

    /// A read-only directory holding a WAL database with its `-wal` only: read in memory, nothing
    /// created (even as root, when SQLite itself would create `-shm`).
    func testReadOnlyDirectory() throws {
        let folder = directory.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = try SideFiles.wal(folder, keep: ["-wal"], rows: 30)
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        let before = FileSnapshot(of: folder)
        XCTAssertEqual(try Database(path: path).fetchCount(Table("t").all), 31)
        let result = try BinaryRunner.run(["fetch", path, "t.limit(2)", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("updated in wal"))
        XCTAssertEqual(before.differences(to: FileSnapshot(of: folder)), [])
    }

    /// A hot journal is refused with what happened and what to do, and stays as it was.
    func testHotJournalIsExplained() throws {
        let path = try SideFiles.hotJournal(directory)
        let before = FileSnapshot(of: directory)
        for arguments in [["schema", path], ["fetch", path, "t.limit(1)"], [path, "--table", "t"]] {
            let result = try BinaryRunner.run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("assoc: cannot open \"\(path)\": "), result.stderr)
            for phrase in ["crashed", "hot journal (hot.db-journal)", "write access", "copy hot.db and hot.db-journal"] {
                XCTAssertTrue(result.stderr.contains(phrase), "\(result.stderr) lacks \(phrase)")
            }
            XCTAssertFalse(result.stderr.contains("attempt to write a readonly database"), result.stderr)
        }
        XCTAssertThrowsError(try Database(path: path)) { error in
            XCTAssertTrue((error as? AssocError)?.databaseError?.message.contains("hot journal") ?? false, "\(error)")
        }
        XCTAssertEqual(before.differences(to: FileSnapshot(of: directory)), [])
    }

    /// As an unprivileged user (via setpriv when the tests run as root), in a read-only directory:
    /// a WAL database with only its -wal opens; an unreadable -shm is explained; a read-only one is used.
    func testReadOnlyDirectoryAsAnotherUser() throws {
        let setpriv = "/usr/bin/setpriv"
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv) else {
            throw XCTSkip("needs root and setpriv to run assoc as another user")
        }
        let binary = try BinaryRunner.binaryURL().path
        func runAsNobody(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        }
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        let folder = directory.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = try SideFiles.wal(folder, keep: ["-wal", "-shm"], rows: 12)
        let shm = try Data(contentsOf: URL(fileURLWithPath: path + "-shm"))
        try FileManager.default.removeItem(atPath: path + "-shm")
        for file in [path, path + "-wal"] { XCTAssertEqual(chmod(file, 0o444), 0) }
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        defer { chmod(folder.path, 0o755) }
        let before = FileSnapshot(of: folder)
        let opened = try runAsNobody(["fetch", path, "t", "--format", "json"])
        XCTAssertEqual(opened.status, 0, opened.stderr)
        XCTAssertTrue(opened.stdout.contains("in wal 11"), opened.stdout)
        XCTAssertEqual(before.differences(to: FileSnapshot(of: folder)), [])

        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        try shm.write(to: URL(fileURLWithPath: path + "-shm"))
        XCTAssertEqual(chmod(path + "-shm", 0o000), 0)
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        let unreadable = try runAsNobody(["schema", path])
        XCTAssertEqual(unreadable.status, 1)
        XCTAssertTrue(unreadable.stderr.contains("w.db-shm file cannot be read (permission denied)"), unreadable.stderr)
        XCTAssertFalse(unreadable.stderr.contains("unable to open database file"), unreadable.stderr)

        // A readable -shm in the read-only directory: mapped read-only, nothing written.
        XCTAssertEqual(chmod(path + "-shm", 0o444), 0)
        let withIndex = FileSnapshot(of: folder)
        let shared = try runAsNobody(["fetch", path, "t", "--format", "json"])
        XCTAssertEqual(shared.status, 0, shared.stderr)
        XCTAssertTrue(shared.stdout.contains("in wal 11"), shared.stdout)
        XCTAssertEqual(withIndex.differences(to: FileSnapshot(of: folder)), [])
    }
}
