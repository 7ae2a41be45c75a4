import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// A reader iterating requests while another connection (on another thread) inserts, updates and
/// deletes: the reader never errors (journal mode: at most a busy error after its timeout), and the
/// reader holds no transaction between calls, so each writer commit waits at most one query: in
/// WAL the writer never waits at all (its busy timeout is 0: a wait would be an error), with a
/// rollback journal it waits for the running read only (a 2 s busy timeout, far above one read).
/// Both run until the writer committed and the reader read `turns` times.
final class ConcurrentWriterTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    struct Outcome {
        var reads = 0
        var readErrors: [String] = []
        var commits = 0
        var writeErrors: [String] = []
        var maxCommitLatency: TimeInterval = 0
        var isDone: Bool { reads >= ConcurrentWriterTests.turns && commits >= ConcurrentWriterTests.turns }
    }

    static let turns = TestVolume.count(quick: 40, full: 400)

    final class SharedOutcome: @unchecked Sendable {
        private let lock = NSLock()
        private var outcome = Outcome()
        func update(_ body: (inout Outcome) -> Void) { lock.withLock { body(&outcome) } }
        var value: Outcome { lock.withLock { outcome } }
    }

    func run(journalMode: String, writerBusyTimeoutMilliseconds: Int32) throws -> Outcome {
        let path = try CorpusBuilder.database(
            directory, "\(journalMode).db",
            """
            PRAGMA journal_mode = \(journalMode);
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
            INSERT INTO author (name) SELECT 'a' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO book (authorId, title) SELECT 1 + i % 200, 'b' || i FROM n;
            """)
        // The writer keeps its connection open for the whole run (WAL files exist: normal read path).
        // (A `Database` is how a connection is shared with another thread: a connection is not `Sendable`.)
        let writer = Database(
            connection: try Connection(path: path, mode: .readWrite(create: false), busyTimeoutMilliseconds: writerBusyTimeoutMilliseconds),
            graph: AssociationGraph(schema: Schema(tables: [])))
        let reader = try Database(path: path)
        let stop = LockedFlag()
        let shared = SharedOutcome()
        let writerDone = DispatchSemaphore(value: 0)
        // A bound for a run that stops making progress (it then fails on the counts).
        let giveUp = Date().addingTimeInterval(120)
        Thread.detachNewThread { [writer] in
            var step: Int64 = 0
            while !shared.value.isDone && Date() < giveUp {
                step += 1
                let started = Date()
                do {
                    try writer.withConnection { writer in
                        try writer.execute("BEGIN IMMEDIATE")
                        try writer.execute("INSERT INTO book (authorId, title) VALUES (?, 'new')", arguments: [.integer(1 + step % 200)])
                        try writer.execute(
                            "UPDATE book SET title = 'upd' || ? WHERE id = ?", arguments: [.integer(step), .integer(1 + step % 2000)])
                        try writer.execute("DELETE FROM book WHERE id = (SELECT min(id) FROM book)")
                        try writer.execute("COMMIT")
                    }
                    let latency = Date().timeIntervalSince(started)
                    shared.update {
                        $0.commits += 1
                        $0.maxCommitLatency = max($0.maxCommitLatency, latency)
                    }
                } catch {
                    try? writer.withConnection { try $0.execute("ROLLBACK") }
                    shared.update { $0.writeErrors.append("\(error)") }
                }
                usleep(2000)
            }
            stop.set()
            writerDone.signal()
        }
        let request = Table("author").including(all: Table("author").books.order(Column("id")))
            .annotated(with: Table("author").books.count).limit(50)
        while !stop.value {
            do {
                let rows = try reader.fetchAll(request)
                _ = try reader.fetchCount(Table("book").all)
                XCTAssertEqual(rows.count, 50)
                shared.update { $0.reads += 1 }
            } catch {
                shared.update { $0.readErrors.append("\(error)") }
            }
        }
        writerDone.wait()
        let outcome = shared.value
        print(
            "ConcurrentWriterTests \(journalMode): \(outcome.reads) reads, \(outcome.commits) commits, max commit latency \(String(format: "%.3f", outcome.maxCommitLatency)) s, read errors \(outcome.readErrors.count), write errors \(outcome.writeErrors.count)"
        )
        return outcome
    }

    func testWALReaderNeverErrorsAndNeverBlocksTheWriter() throws {
        let outcome = try run(journalMode: "WAL", writerBusyTimeoutMilliseconds: 0)
        XCTAssertEqual(outcome.readErrors, [])
        XCTAssertEqual(outcome.writeErrors, [], "a writer that never waits for a lock")
        XCTAssertTrue(outcome.isDone, "\(outcome)")
    }

    func testRollbackJournalReaderAndWriterTakeTurns() throws {
        let outcome = try run(journalMode: "DELETE", writerBusyTimeoutMilliseconds: 2_000)
        // Readers wait for the writer's short exclusive lock (busy timeout 5 s): a busy error is the only acceptable one.
        XCTAssertEqual(outcome.readErrors.filter { !$0.contains("database is locked") }, [])
        XCTAssertEqual(outcome.writeErrors, [], "each commit waits at most one read")
        XCTAssertTrue(outcome.isDone, "\(outcome)")
    }
}
