import AssocCore
import Foundation
import XCTest

@testable import AssocCore

/// `Database.extractSubset` and `countSubset` in process: one snapshot of a source being
/// written, the connection as it was afterwards (even after a failure or a cancel), and the
/// subset a view shows (its includes as paths, with their filters).
final class SubsetExtractionTests: XCTestCase {
    private static let sql = """
        CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
        CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), genreId INTEGER REFERENCES genre(id), name TEXT);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Metal');
        INSERT INTO album VALUES (1, 1, 'For Those About to Rock'), (2, 1, 'Let There Be Rock'), (3, 2, 'Balls to the Wall');
        INSERT INTO track VALUES (1, 1, 1, 'a'), (2, 1, 3, 'b'), (3, 2, 2, 'c'), (4, 3, 2, 'd');
        """

    private func makeSource(wal: Bool = false) throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-subset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("source.sqlite").path
        let writer = try Connection(path: path, mode: .readWrite(create: true))
        if wal { try writer.execute("PRAGMA journal_mode = WAL") }
        try writer.execute(Self.sql)
        return (directory, path)
    }

    private func counts(_ rows: [TableRowCount]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0.table, $0.rows) })
    }

    func testTheSubsetIsOneSnapshotOfASourceBeingWritten() throws {
        let (directory, path) = try makeSource(wal: true)
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        let db = try Database(path: path)
        // Once the copy starts (the walk has read the rows), another connection adds a track to
        // album 1 and renames the artist: the subset is the database as it was when the walk began.
        let wrote = Locked(false)
        let write = UncheckedBox(writer)
        try db.withConnection { connection in
            connection.traceHandler = { sql, _ in
                guard sql.hasPrefix("SELECT"), sql.contains("FROM main."), !wrote.withLock({ $0 }) else { return }
                wrote.withLock { $0 = true }
                try? write.value.execute("INSERT INTO track VALUES (5, 1, 1, 'new'); UPDATE artist SET name = 'renamed' WHERE id = 1")
            }
        }
        let out = directory.appendingPathComponent("out.sqlite").path
        let summary = try db.extractSubset(
            SubsetSpecification(request: try db.request(parsing: "artist.filter(key: 1)"), paths: [["albums", "tracks"]]), to: out,
            replacing: .never)
        XCTAssertTrue(wrote.withLock { $0 }, "the other connection wrote during the extract")
        XCTAssertEqual(try writer.fetchAll("SELECT count(*) FROM track WHERE albumId = 1"), [[.integer(3)]])
        let copy = try Connection(path: out)
        XCTAssertEqual(try copy.fetchAll("SELECT id FROM track ORDER BY id"), [[.integer(1)], [.integer(2)], [.integer(3)]])
        XCTAssertEqual(try copy.fetchAll("SELECT name FROM artist"), [[.text("AC/DC")]])
        XCTAssertEqual(counts(summary.tables), ["artist": 1, "genre": 3, "album": 2, "track": 3])
        XCTAssertEqual(summary.requestRows, 1)
    }

    func testTheConnectionIsAsBeforeAfterAnExtractAFailureOrACancel() throws {
        let (directory, path) = try makeSource()
        let db = try Database(path: path)
        let specification = SubsetSpecification(request: try db.request(parsing: "album"), allChildren: true)
        func assertClean(_ what: String) throws {
            try db.withConnection { connection in
                XCTAssertTrue(connection.isAutocommit, what)
                XCTAssertEqual(try connection.fetchAll("SELECT count(*) FROM temp.sqlite_schema"), [[.integer(0)]], what)
                XCTAssertEqual(try connection.fetchAll("PRAGMA main.cache_size"), [[.integer(-2000)]], what)
            }
        }
        let out = directory.appendingPathComponent("out.sqlite").path
        _ = try db.extractSubset(specification, to: out, replacing: .never)
        try assertClean("after an extract")
        XCTAssertEqual(counts(try db.countSubset(specification)), ["artist": 2, "genre": 3, "album": 3, "track": 4])
        try assertClean("after a count")
        XCTAssertThrowsError(try db.extractSubset(specification, to: out, replacing: .never)) { error in
            guard case FileWriteError.exists = error else { return XCTFail("\(error)") }
        }
        try assertClean("after a refusal")
        let cancelled = CancellationHandle()
        cancelled.cancel()
        XCTAssertThrowsError(
            try db.extractSubset(specification, to: directory.appendingPathComponent("c.sqlite").path, replacing: .never, cancellation: cancelled))
        try assertClean("after a cancel")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("c.sqlite").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["out.sqlite", "source.sqlite"])
    }

    func testAViewsSubsetFollowsWhatItIncludesWithTheirFilters() throws {
        let (_, path) = try makeSource()
        let db = try Database(path: path)
        // The view: artist 1 with its albums titled "For …" and their tracks, and genre joined only
        // to filter (joining adds no row). By hand: artist 1, album 1, tracks 1 and 2, genres 1 and 3.
        let request = try db.request(
            parsing: "artist.filter(key: 1).including(all: albums.filter(title LIKE 'For%').including(all: tracks))")
        let specification = SubsetSpecification(showing: request)
        XCTAssertEqual(specification.paths.map { $0.count }, [1, 2])
        XCTAssertEqual(counts(try db.countSubset(specification)), ["artist": 1, "genre": 2, "album": 1, "track": 2])
        let joining = try db.request(parsing: "track.joining(required: album.filter(title LIKE 'Let%'))")
        XCTAssertEqual(SubsetSpecification(showing: joining).paths.count, 0)
        XCTAssertEqual(counts(try db.countSubset(SubsetSpecification(showing: joining))), ["artist": 1, "genre": 1, "album": 1, "track": 1])
    }
}

/// A value handed to a `@Sendable` closure that the test knows is used by one thread at a time.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The walk reads through indexes: with an index on the children's foreign key, no statement of
/// an extract scans the big table (SQLite's own query plan of each statement, asked as it starts).
final class SubsetExtractionPlanTests: XCTestCase {
    private func plans(indexed: Bool) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-subset-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("source.sqlite").path
        let writer = try Connection(path: path, mode: .readWrite(create: true))
        try writer.execute(
            """
            CREATE TABLE vendor (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE item (id INTEGER PRIMARY KEY, vendorId INTEGER REFERENCES vendor(id), name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO vendor SELECT i, 'v' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO item SELECT i, 1 + i % 100, 'i' || i FROM n;
            """ + (indexed ? "CREATE INDEX item_vendor ON item(vendorId); ANALYZE;" : ""))
        let db = try Database(path: path)
        let found = Locked<[String]>([])
        try db.withConnection { connection in
            let box = UncheckedConnection(connection)
            connection.traceHandler = { sql, arguments in
                // The statements that read: not the savepoint's, the pragmas or the temporary tables' creation.
                guard ["INSERT", "SELECT"].contains(where: { sql.hasPrefix($0) }) else { return }
                let plan = (try? box.connection.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments: arguments)) ?? []
                let details = plan.compactMap { row -> String? in
                    if case .text(let detail)? = row.last { return detail }
                    return nil
                }
                found.withLock { $0.append(details.joined(separator: "; ")) }
            }
        }
        let specification = SubsetSpecification(request: try db.request(parsing: "vendor.filter(key: 7)"), allChildren: true)
        XCTAssertEqual(try db.countSubset(specification).map(\.rows), [1, 50])
        return found.withLock { $0 }
    }

    func testNoStatementScansTheChildrenWhenTheirForeignKeyIsIndexed() throws {
        let indexed = try plans(indexed: true)
        XCTAssertGreaterThan(indexed.count, 3)
        for plan in indexed {
            XCTAssertFalse(plan.isEmpty, "SQLite gave the statement's plan")
            XCTAssertFalse(plan.contains("SCAN item"), plan)
        }
        XCTAssertTrue(indexed.contains { $0.contains("SEARCH item USING COVERING INDEX item_vendor") }, "\(indexed)")
        // Without the index, the children are found by a scan: the check above can fail.
        XCTAssertTrue(try plans(indexed: false).contains { $0.contains("SCAN item") })
    }
}

/// A connection handed to a trace handler, which SQLite calls on the connection's own thread.
private final class UncheckedConnection: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}
