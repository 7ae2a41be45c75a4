import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// What is safe from where: one `Database` shared by threads and tasks; a cancel stops the cursor
/// or the read it was meant for and never another fetch; a cancelled task's read stops early
/// with `CancellationError`. Run under Thread Sanitizer too:
/// `swift test --sanitize=thread --scratch-path .build-tsan --filter ConcurrencyTests`.
final class ConcurrencyTests: XCTestCase {
    /// author 1…40 with 25 books each; `numbers`, a view of 1,000,000 rows made as they are read.
    static func makeDatabase() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO author (id, name) SELECT i, 'a' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO book (id, authorId, title) SELECT i, 1 + i % 40, 'b' || i FROM n;
            CREATE VIEW numbers AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT i FROM n;
            """)
    }

    static let numberCount = 1_000_000
    static var authorsWithBooks: Request {
        let author = Table("author")
        return author.including(all: author.association("books").order(Column("id"))).order(Column("id"))
    }

    /// The property: whatever moment a second thread cancels a cursor at (before its first row,
    /// between two rows, while its statement or a chunk's prefetch runs, after it was dropped),
    /// that cursor ends with `CancellationError` or its rows, and every other fetch of the same
    /// database succeeds with its whole result: the next ones on this thread, another cursor, and
    /// a third thread fetching all along. (`sqlite3_interrupt` on the connection, as `cancel()`
    /// used, failed 1–4 % of the fetches that followed.) `ASSOC_SEED` replays the choices.
    func testACancelledCursorNeverFailsAnotherFetch() throws {
        let seed = randomSeed()
        var rng = SeededRandom(seed: seed)
        let db = try Self.makeDatabase()
        let expectedAuthors = try db.fetchAll(Self.authorsWithBooks)
        XCTAssertEqual(expectedAuthors.count, 40)
        let iterations = TestVolume.count(quick: 300, full: 3000, variable: "ASSOC_CANCEL_COUNT")
        let canceller = DispatchQueue(label: "canceller")
        let background = BackgroundFetcher(db: db, request: Self.authorsWithBooks, expected: expectedAuthors.count)
        background.start()
        var cancelled = 0
        for iteration in 0..<iterations {
            let requests = [Self.authorsWithBooks, Table("book").order(Column("id")), Table("numbers").all]
            let request = requests[rng.below(requests.count)]
            let cursor = try db.cursor(request, chunking: CursorChunking(maximumParents: rng.int(1...8), rowBudget: rng.int(1...200)))
            for _ in 0..<rng.int(0...3) { _ = try cursor.next() }
            // The cancel lands at a random moment from now on: spins, not a clock.
            let spins = rng.int(0...40_000)
            let cancellation = cursor.cancellation
            canceller.async {
                var spun = 0
                for index in 0..<spins { spun &+= index }
                if spun >= 0 { cancellation.cancel() }
            }
            for _ in 0..<rng.int(0...60) {
                do {
                    guard try cursor.next() != nil else { break }
                } catch is CancellationError {
                    cancelled += 1
                    break
                } catch {
                    XCTFail("iteration \(iteration): the cancelled cursor failed otherwise: \(error)")
                    break
                }
            }
            // Unrelated fetches, whenever the cancel lands (before, during, after them).
            let context = "iteration \(iteration)"
            XCTAssertEqual(try db.fetchCount(Table("book").all), 1000, context)
            let authors = try db.fetchAll(Self.authorsWithBooks.limit(5))
            XCTAssertEqual(authors.map { $0.prefetchedRows("books")?.count }, [25, 25, 25, 25, 25], context)
            let other = try db.cursor(Table("book").filter(Column("authorId") == 3))
            var books = 0
            while try other.next() != nil { books += 1 }
            XCTAssertEqual(books, 25, context)
            if rng.chance(10) { canceller.sync {} }  // sometimes the cancel lands before the next cursor
        }
        canceller.sync {}
        let (reads, failures) = background.stop()
        XCTAssertEqual(failures, [], "the other thread's fetches failed")
        XCTAssertGreaterThan(reads, 0)
        XCTAssertGreaterThan(cancelled, 0, "no cancel landed while the cursor was read")
    }

    /// Cancelling a cursor that is not running, while another thread's statement runs on the same
    /// database, stops nothing but that cursor: the other count runs to its end (the old
    /// `cancel()` interrupted whatever statement ran on the connection).
    func testCancellingACursorDoesNotStopAnotherThreadsFetch() throws {
        let db = try Self.makeDatabase()
        let cursor = try db.cursor(Table("book").all)
        XCTAssertNotNil(try cursor.next())
        let cancellation = cursor.cancellation
        let started = DispatchSemaphore(value: 0)
        let counted = Locked<Result<Int, Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        try db.withConnection { $0.traceHandler = { _, _ in started.signal() } }
        Thread.detachNewThread {
            counted.withLock { $0 = Result { try db.fetchCount(Table("numbers").all) } }
            finished.signal()
        }
        started.wait()  // the count's statement runs: cancel the cursor now
        cancellation.cancel()
        finished.wait()
        try db.withConnection { $0.traceHandler = nil }
        XCTAssertEqual(try counted.withLock { $0 }?.get(), Self.numberCount)
        XCTAssertThrowsError(try cursor.next()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    /// A read in a task that is cancelled while it reads stops there with `CancellationError`:
    /// it read a few rows past the cancel, not the million of the view.
    func testAReadInACancelledTaskStopsWithCancellationError() throws {
        let db = try Self.makeDatabase()
        let progress = ReadProgress(signalAt: 100)
        let outcome = Outcome<Int>()
        let task = Task {
            try await db.read { db in
                let cursor = try db.cursor(Table("numbers").all)
                while try cursor.next() != nil { progress.rowRead() }
                return progress.rows
            }
        }
        outcome.await(task)
        progress.started.wait()
        task.cancel()
        XCTAssertThrowsError(try outcome.value()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertLessThan(progress.rows, 10_000, "it went on reading after the cancel")
        XCTAssertGreaterThanOrEqual(progress.rows, 100)
        // The database goes on.
        XCTAssertEqual(try db.fetchCount(Table("book").all), 1000)
    }

    /// `fetchAll` in a cancelled task's read stops with `CancellationError` instead of returning
    /// the view's million rows; a task cancelled before its read starts does not run it.
    func testAFetchAllInACancelledTaskStops() throws {
        let db = try Self.makeDatabase()
        let started = DispatchSemaphore(value: 0)
        try db.withConnection { $0.traceHandler = { sql, _ in if sql.contains("numbers") { started.signal() } } }
        let outcome = Outcome<Int>()
        let task = Task { try await db.read { db in try db.fetchAll(Table("numbers").all).count } }
        outcome.await(task)
        started.wait()
        task.cancel()
        XCTAssertThrowsError(try outcome.value()) { XCTAssertTrue($0 is CancellationError, "\($0)") }

        let ran = Locked(false)
        let early = Outcome<Int>()
        let gate = DispatchSemaphore(value: 0)
        let cancelledFirst = Task {
            gate.wait()  // cancelled before its read is asked for
            return try await db.read { db in
                ran.withLock { $0 = true }
                return try db.fetchCount(Table("book").all)
            }
        }
        cancelledFirst.cancel()
        gate.signal()
        early.await(cancelledFirst)
        XCTAssertThrowsError(try early.value()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertFalse(ran.withLock { $0 }, "the read of a cancelled task ran")
    }

    /// `for try await row in cursor` in a task: cancelling the task ends the loop with
    /// `CancellationError` after a few rows, not the view's million.
    func testACursorReadAsAnAsyncSequenceStopsWhenItsTaskIsCancelled() throws {
        let db = try Self.makeDatabase()
        let progress = ReadProgress(signalAt: 100)
        let outcome = Outcome<Int>()
        let task = Task {
            let cursor = try db.cursor(Table("numbers").all)
            for try await _ in cursor { progress.rowRead() }
            return progress.rows
        }
        outcome.await(task)
        progress.started.wait()
        task.cancel()
        XCTAssertThrowsError(try outcome.value()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertLessThan(progress.rows, 10_000)
    }

    /// `for try await` reads each row on the database's read queue, the task suspended meanwhile:
    /// behind a busy queue the loops wait without holding a thread of the cooperative pool, so more loops than the pool has threads leave room for other tasks. (Read
    /// on the task, the loops would read at once, past the busy queue.)
    func testACursorsAsyncIteratorReadsOnTheDatabasesQueueNotThePool() throws {
        let db = try Self.makeDatabase()
        let gate = DispatchSemaphore(value: 0)
        // The queue busy (as with a long `read(_:)` body, without its hold on the connection).
        db.readQueue.async { gate.wait() }
        let loops = 4 * max(2, ProcessInfo.processInfo.activeProcessorCount)
        let progress = ReadProgress(signalAt: 1)
        let outcomes = (0..<loops).map { _ in Outcome<Int>() }
        for outcome in outcomes {
            outcome.await(
                Task {
                    var count = 0
                    for try await _ in try db.cursor(Table("author").all) {
                        progress.rowRead()
                        count += 1
                    }
                    return count
                })
        }
        // Another task runs while every loop waits for the queue.
        let other = Outcome<Int>()
        other.await(Task { (1...10).reduce(0, +) })
        XCTAssertEqual(try other.value(), 55)
        XCTAssertEqual(progress.started.wait(timeout: .now() + 0.3), .timedOut, "a row was read past the busy queue")
        XCTAssertEqual(progress.rows, 0)
        gate.signal()
        for outcome in outcomes { XCTAssertEqual(try outcome.value(), 40) }
    }

    /// Threads fetch from one database at once, each getting its whole result.
    func testThreadsShareOneDatabase() throws {
        let db = try Self.makeDatabase()
        let expected = try db.fetchAll(Self.authorsWithBooks)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                for _ in 0..<5 {
                    let rows = try db.fetchAll(Self.authorsWithBooks)
                    if rows.count != expected.count { failures.withLock { $0.append("\(index): \(rows.count) rows") } }
                    let cursor = try db.cursor(Table("book").all, chunking: CursorChunking(maximumParents: 2))
                    var count = 0
                    while try cursor.next() != nil { count += 1 }
                    if count != 1000 { failures.withLock { $0.append("\(index): cursor read \(count)") } }
                    _ = try db.read(sync: db)
                }
            } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
    }

    struct Book: FetchableRecord, TableRecord {
        var id: Int64
        var title: String
    }

    struct BadBook: FetchableRecord {
        var id: Int64
        var title: Int64
    }

    /// Typed cursors: `Book.fetchCursor(db, request)` reads what `fetchAll` returns, as a loop, an
    /// `AsyncSequence` and a `Sequence` of results; a decoding error is an element, not lost.
    func testRecordCursorsReadWhatFetchAllReturns() async throws {
        let db = try Self.makeDatabase()
        let request = Table("book").filter(Column("authorId") == 2).order(Column("id"))
        let all = try Book.fetchAll(db, request).map(\.title)
        XCTAssertEqual(all.count, 25)
        let cursor = try Book.fetchCursor(db, request)
        var titles: [String] = []
        while let book = try cursor.next() { titles.append(book.title) }
        XCTAssertEqual(titles, all)
        titles = []
        for try await book in try request.fetchCursor(db, as: Book.self) { titles.append(book.title) }
        XCTAssertEqual(titles, all)
        titles = try Book.fetchCursor(db, request).results.map { try $0.get().title }
        XCTAssertEqual(titles, all)
        XCTAssertEqual(Array(try Book.fetchCursor(db).results).count, 1000)
        let rows = try db.cursor(request).results.map { try $0.get()["title"] }
        XCTAssertEqual(rows, all.map { .text($0) })
        // A record that cannot be decoded: one failure, then the end.
        let bad = Array(try BadBook.fetchCursor(db, request).results)
        XCTAssertEqual(bad.count, 1)
        guard case .failure? = bad.first else { return XCTFail("\(bad)") }
    }
}

extension Database {
    /// A `read` waited for from a thread (for tests that mix threads and tasks).
    fileprivate func read(sync db: Database) throws -> Int {
        let outcome = Outcome<Int>()
        outcome.await(Task { try await db.read { try $0.fetchCount(Table("author").all) } })
        return try outcome.value()
    }
}

/// The result of a task, waited for from a thread.
final class Outcome<T: Sendable>: Sendable {
    private let result = Locked<Result<T, Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func await(_ task: Task<T, Error>) {
        Task {
            let value = await task.result
            result.withLock { $0 = value }
            done.signal()
        }
    }

    func value() throws -> T {
        done.wait()
        done.signal()
        guard let value = result.withLock({ $0 }) else { throw CancellationError() }
        return try value.get()
    }
}

/// Rows read by a reader on another thread, and a signal once it read `signalAt` of them.
final class ReadProgress: Sendable {
    private let count = Locked(0)
    private let signalAt: Int
    let started = DispatchSemaphore(value: 0)

    init(signalAt: Int) { self.signalAt = signalAt }

    func rowRead() {
        if count.withLock({ count -> Int in
            count += 1
            return count
        }) == signalAt {
            started.signal()
        }
    }

    var rows: Int { count.withLock { $0 } }
}

/// A thread fetching `request` over and over from `db` until stopped, keeping what failed.
final class BackgroundFetcher: Sendable {
    private let db: Database
    private let request: Request
    private let expected: Int
    private let state = Locked((stop: false, reads: 0, failures: [String]()))
    private let done = DispatchSemaphore(value: 0)

    init(db: Database, request: Request, expected: Int) {
        self.db = db
        self.request = request
        self.expected = expected
    }

    func start() {
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.stop }) {
                do {
                    let rows = try db.fetchAll(request)
                    let count = rows.count
                    state.withLock {
                        $0.reads += 1
                        if count != expected { $0.failures.append("\(count) rows") }
                    }
                } catch {
                    state.withLock { $0.failures.append("\(error)") }
                }
            }
            done.signal()
        }
    }

    func stop() -> (reads: Int, failures: [String]) {
        state.withLock { $0.stop = true }
        done.wait()
        return state.withLock { ($0.reads, $0.failures) }
    }
}
