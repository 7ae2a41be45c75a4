import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocTUI

/// A rowid table whose primary key is not its rowid (a composite key, or a single key column that
/// is not INTEGER) is shown in primary-key order (issue 29, item 12): `#` then compares the first
/// column of the key the user sees, and pages follow the key's automatic index. Where a key column
/// may be NULL (SQLite lets NULLs repeat in such a key), the hidden rowid breaks the ties.
///
/// The rows are inserted in reverse key order, so that the rowid order is the opposite of the key's.
final class PrimaryKeyOrderTests: XCTestCase {
    func source() throws -> RequestDataSource {
        var cast: [String] = []
        for actor in stride(from: 300, through: 1, by: -1) {
            for film in stride(from: 3, through: 1, by: -1) { cast.append("(\(actor), \(film), 'r\(actor)-\(film)')") }
        }
        var tags: [String] = []
        for item in stride(from: 40, through: 1, by: -1) {
            // Every fifth tag NULL: NULL keys repeat (items 5, 10… with a NULL tag, twice each).
            tags.append(item % 5 == 0 ? "(NULL, \(item % 10), 'n\(item)')" : "('t\(item % 7)', \(item), 'x\(item)')")
        }
        let db = try TestDatabase.make(
            """
            CREATE TABLE film_cast (actor_id SMALLINT NOT NULL, film_id SMALLINT NOT NULL, role TEXT,
                                    PRIMARY KEY (actor_id, film_id));
            INSERT INTO film_cast VALUES \(cast.joined(separator: ", "));
            CREATE TABLE tagging (tag TEXT, item INT, note TEXT, PRIMARY KEY (tag, item));
            INSERT INTO tagging VALUES \(tags.joined(separator: ", "));
            CREATE TABLE code (code TEXT PRIMARY KEY, label TEXT);
            INSERT INTO code VALUES ('d', 'four'), ('b', 'two'), ('a', 'one'), ('c', 'three');
            """)
        return RequestDataSource(database: db)
    }

    /// Every row of `view`, page by page from the top (`limit` rows each), each page by keyset.
    func pagedRows(_ source: RequestDataSource, _ view: RequestView, limit: Int) throws -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        while true {
            let page = try source.browsePage(of: view, offset: rows.count, limit: limit, totalCount: nil)
            XCTAssertTrue(page.paging.hasPrefix("keyset paging"), page.paging)
            XCTAssertFalse(page.statements.contains { $0.sql.contains("OFFSET") }, "\(page.statements.map(\.sql))")
            rows += page.rows
            if page.rows.count < limit { return rows }
        }
    }

    func testACompositeKeyIsShownInKeyOrderAndPagedOnIt() throws {
        let source = try source()
        let view = RequestView(table: "film_cast")
        let first = try source.browsePage(of: view, offset: 0, limit: 4, totalCount: nil)
        XCTAssertEqual(first.rows.map { Array($0.prefix(2)) }, [[1, 1], [1, 2], [1, 3], [2, 1]])
        XCTAssertEqual(first.paging, "keyset paging on actor_id, film_id")
        XCTAssertEqual(first.statements.first?.sql, #"SELECT * FROM "film_cast" ORDER BY "actor_id", "film_id" LIMIT 4"#)
        let all = try pagedRows(source, view, limit: 97)
        let expected = try source.db.fetchAll(Table("film_cast").order(Column("actor_id"), Column("film_id")))
            .map { [$0["actor_id"] ?? .null, $0["film_id"] ?? .null, $0["role"] ?? .null] }
        XCTAssertEqual(all.count, 900)
        XCTAssertTrue(
            all == expected, "first difference at row \(String(describing: zip(all, expected).enumerated().first { $0.element.0 != $0.element.1 }))")
        // The key's automatic index gives the order: no sort.
        let plan = try source.db.connection.fetchAll(
            "EXPLAIN QUERY PLAN SELECT * FROM \"film_cast\" WHERE (\"actor_id\" = ?) AND (\"film_id\" > ?) ORDER BY \"actor_id\", \"film_id\" LIMIT 97",
            arguments: [5, 1])
        XCTAssertFalse(plan.contains { row in row.contains { value in "\(value)".contains("TEMP B-TREE") } }, "\(plan)")
    }

    func testJumpComparesTheFirstColumnOfTheKey() throws {
        let source = try source()
        let view = RequestView(table: "film_cast")
        // Actor 5's first film is the 13th row (actors 1…4 have three films each).
        let jump = try source.browseJump(toKey: "5", in: view)
        XCTAssertEqual(jump.position, 12)
        let page = try source.browsePage(of: view, offset: 12, limit: 3, totalCount: 900)
        XCTAssertEqual(page.rows.map { Array($0.prefix(2)) }, [[5, 1], [5, 2], [5, 3]])
        // Far from the top (more rows before it than are counted at once), the same row.
        let far = try source.browseJump(toKey: "290", in: view)
        if let position = far.position, position != .found(0) {
            XCTAssertEqual(position, .first(289 * 3))
        } else {
            XCTAssertEqual(far.locate.map { Array($0.prefix(2)) }, [290, 1])
        }
        XCTAssertEqual(try source.browseJump(toKey: "301", in: view).position, nil)
    }

    func testANullableKeyPagesWithTheRowidBreakingTies() throws {
        let source = try source()
        let view = RequestView(table: "tagging")
        let first = try source.browsePage(of: view, offset: 0, limit: 5, totalCount: nil)
        XCTAssertEqual(first.paging, "keyset paging on tag, item, rowid")
        XCTAssertEqual(first.columns.map(\.name), ["tag", "item", "note"], "the rowid stays hidden")
        let all = try pagedRows(source, view, limit: 3)
        let expected = try source.db.connection.fetchAll("SELECT tag, item, note FROM tagging ORDER BY tag, item, rowid")

        XCTAssertEqual(all.count, 40)
        XCTAssertTrue(all.map { Array($0.prefix(3)) } == expected, "\(all.prefix(12))")
        // NULL tags come first, repeated keys each once.
        XCTAssertEqual(all.prefix(8).map(\.first), Array(repeating: DatabaseValue.null, count: 8))
        XCTAssertEqual(try source.browseJump(toKey: "t3", in: view).position?.index, expected.firstIndex { $0.first == .text("t3") })
    }

    func testASingleKeyColumnThatIsNotTheRowidOrdersTheRows() throws {
        let source = try source()
        let view = RequestView(table: "code")
        let page = try source.browsePage(of: view, offset: 0, limit: 10, totalCount: nil)
        XCTAssertEqual(page.rows.map(\.first), ["a", "b", "c", "d"])
        // `code` may be NULL (not declared NOT NULL): the rowid breaks ties there too.
        XCTAssertEqual(page.paging, "keyset paging on code, rowid")
        XCTAssertEqual(try source.browseJump(toKey: "c", in: view).position, 2)
    }
}
