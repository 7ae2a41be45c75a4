import TestSupport
import XCTest

@testable import AssocCore

/// `fetchAll(_:previewingCellsUpTo:)`: long texts and blobs are cut in SQL, their full length
/// read beside them; every other value, the order and the scopes are as `fetchAll` gives them.
final class CellPreviewTests: XCTestCase {
    private func makeDatabase() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, bio TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, cover BLOB, price REAL);
            INSERT INTO author VALUES (1, printf('%.*c', 5000, 'é')), (2, 'short');
            INSERT INTO book VALUES (1, 1, printf('%.*c', 300, 'x'), zeroblob(1000), 2.5),
                (2, 2, 'Plain', X'0102', NULL), (3, 1, NULL, NULL, 12345678901234567890.0);
            """)
    }

    func testLongTextsAndBlobsAreCutInSQLWithTheirFullLength() throws {
        let db = try makeDatabase()
        let recorder = StatementRecorder(db.connection)
        let book = Table("book")
        let request = book.including(required: book.author).order(Column("id").desc)
        let whole = try db.fetchAll(request)
        recorder.clear()
        let previews = try db.fetchAll(request, previewingCellsUpTo: 100)
        XCTAssertTrue(recorder.sql.contains { $0.contains("substr(") && $0.contains("length(") }, "cut in SQL: \(recorder.sql)")
        // The SQL pane's statement (the plan) is the request's own.
        XCTAssertFalse(try db.plan(request).steps.contains { $0.statement.sql.contains("substr(") })
        XCTAssertEqual(previews.map { $0["id"] }, whole.map { $0["id"] }, "same rows, same order")
        for (preview, full) in zip(previews, whole) {
            XCTAssertEqual(preview.columnNames, full.columnNames)
            for index in full.values.indices {
                switch full.values[index] {
                case .text(let text) where text.count > 100:
                    XCTAssertEqual(preview.values[index], .text(String(text.prefix(100))))
                    XCTAssertEqual(preview.cutLength(at: index), 0, "a text's full length is not read")
                case .blob(let bytes) where bytes.count > 100:
                    XCTAssertEqual(preview.values[index], .blob(Array(bytes.prefix(100))))
                    XCTAssertEqual(preview.cutLength(at: index), bytes.count)
                default:
                    XCTAssertEqual(preview.values[index], full.values[index])
                    XCTAssertNil(preview.cutLength(at: index))
                }
            }
            let author = try XCTUnwrap(preview.scope("author"))
            if case .text(let bio) = full.scope("author")?["bio"], bio.count > 100 {
                XCTAssertEqual(author["bio"], .text(String(repeating: "é", count: 100)))
                XCTAssertEqual(author.cutLength(at: 1), 0)
            } else {
                XCTAssertEqual(author["bio"], .text("short"))
                XCTAssertNil(author.cutLength(at: 1))
            }
        }
        // A plain fetch afterwards reads whole values again.
        XCTAssertEqual(try db.fetchAll(request).map(\.values), whole.map(\.values))
    }

    /// Columns selected by name (the browser's `select(…)` views) are cut as `*`'s are, under the
    /// names they were asked by; other selected expressions are read as they are.
    func testColumnsSelectedByNameAreCutToo() throws {
        let db = try makeDatabase()
        let book = Table("book")
        let request = book.select(Column("id"), Column("TITLE"), Column("cover"), Column("price") * 2)
            .including(required: book.author.select(Column("bio")))
            .order(Column("id"))
        let whole = try db.fetchAll(request)
        let previews = try db.fetchAll(request, previewingCellsUpTo: 100)
        XCTAssertEqual(previews.map(\.columnNames), whole.map(\.columnNames), "the names as without previews")
        let first = try XCTUnwrap(previews.first)
        XCTAssertEqual(first.values[1], .text(String(repeating: "x", count: 100)))
        XCTAssertEqual(first.cutLength(at: 1), 0)
        XCTAssertEqual(first.values[2], .blob(Array(repeating: 0, count: 100)))
        XCTAssertEqual(first.cutLength(at: 2), 1000)
        XCTAssertEqual(first.values[3], whole.first?.values[3], "an expression is read whole")
        XCTAssertNil(first.cutLength(at: 3))
        XCTAssertEqual(first.scope("author")?["bio"], .text(String(repeating: "é", count: 100)))
        XCTAssertEqual(previews.dropFirst().map(\.values), whole.dropFirst().map(\.values), "short values whole")
    }

    /// Ordering and filtering by a previewed column use its whole value, not the preview: titles
    /// alike in their first 100 characters keep their order.
    func testOrderingsAndFiltersOnAPreviewedColumnSeeWholeValues() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE t(id INTEGER PRIMARY KEY, title TEXT);
            INSERT INTO t VALUES (1, printf('%.*c', 150, 'a') || 'z'), (2, printf('%.*c', 150, 'a') || 'b'), (3, 'c');
            """)
        let t = Table("t")
        for request in [
            t.select(Column("id"), Column("title")).order(Column("title")),
            t.select(Column("title"), Column("id")).order(Column("title").desc),
            t.select(Column("id"), Column("title")).filter(Column("title") > "aaa" && Column("title") < "b").order(Column("title"))
        ] {
            let ids = try db.fetchAll(request).map { $0["id"] }
            let sql = try db.plan(request, previewingCellsUpTo: 100).steps.map(\.statement.sql)
            XCTAssertEqual(try db.fetchAll(request, previewingCellsUpTo: 100).map { $0["id"] }, ids, "\(sql)")
        }
        XCTAssertEqual(
            try db.fetchAll(t.select(Column("id"), Column("title")).order(Column("title"))).map { $0["id"] }, [.integer(2), .integer(1), .integer(3)])
    }

    func testPrefetchedRowsAreCutToo() throws {
        let db = try makeDatabase()
        let author = Table("author")
        let rows = try db.fetchAll(author.including(all: author.books).order(Column("id")), previewingCellsUpTo: 10)
        XCTAssertEqual(rows.first?.values.last, .text(String(repeating: "é", count: 10)))
        let books = rows.first?.prefetched.first?.rows ?? []
        XCTAssertEqual(books.count, 2)
        XCTAssertEqual(books.first?["title"], .text(String(repeating: "x", count: 10)))
        XCTAssertEqual(books.first?.cutLength(at: 2), 0)
        XCTAssertEqual(books.first?.cutLength(at: 3), 1000)
        XCTAssertEqual(books.first?["cover"], .blob([UInt8](repeating: 0, count: 10)))
    }

    func testABlobOverSixteenMegabytesIsReadAsItsSizeAlone() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE file(id INTEGER PRIMARY KEY, data BLOB);
            INSERT INTO file VALUES (1, zeroblob(\(CellPreview.headlessBlobSize + 1))), (2, zeroblob(\(CellPreview.headlessBlobSize)));
            """)
        let rows = try db.fetchAll(Table("file").order(Column("id")), previewingCellsUpTo: 8)
        XCTAssertEqual(rows.map { $0["data"] }, [.blob([]), .blob([UInt8](repeating: 0, count: 8))])
        XCTAssertEqual(rows.map { $0.cutLength(at: 1) }, [CellPreview.headlessBlobSize + 1, CellPreview.headlessBlobSize])
    }
}
