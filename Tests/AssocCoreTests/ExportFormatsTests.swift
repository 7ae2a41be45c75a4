import TestSupport
import XCTest

@testable import AssocCore

extension RowDocument {
    /// The formats written from any row (SQL needs a target table; it has tests of its own).
    static var allCases: [RowDocument] { [.json, .ndjson, .csv, .tsv, .markdown] }
}

/// TSV, Markdown and SQL: escaping, and the SQL statements executed by SQLite giving back the rows.
final class ExportFormatsTests: XCTestCase {
    let awkward = "a\tb|c\nd\r\ne\\f"

    func testTSVEscapesTabsLineEndsAndBackslashes() throws {
        let row = Row(columnNames: ["id", "na\tme"], values: [.integer(1), .text(awkward)])
        let null = Row(columnNames: ["id", "na\tme"], values: [.real(2.5), .null])
        XCTAssertEqual(
            try RowDocument.tsv.piece(for: row, index: 0) + RowDocument.tsv.piece(for: null, index: 1),
            "id\tna\\tme\n1\ta\\tb|c\\nd\\r\\ne\\\\f\n2.5\t\n")
    }

    func testMarkdownEscapesPipesBackslashesAndLineBreaks() throws {
        let row = Row(columnNames: ["id", "a|b"], values: [.integer(1), .text(awkward)])
        XCTAssertEqual(
            try RowDocument.markdown.piece(for: row, index: 0) + RowDocument.markdown.piece(for: row, index: 1),
            "| id | a\\|b |\n| --- | --- |\n| 1 | a\tb\\|c<br>d<br>e\\\\f |\n| 1 | a\tb\\|c<br>d<br>e\\\\f |\n")
        XCTAssertEqual(RowMarkdown.cell("x\ry\n\nz"), "x<br>y<br><br>z")
    }

    func testTSVAndMarkdownFlattenIncludedRowsAsCSVDoes() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), title TEXT);
            INSERT INTO person VALUES (1, 'Ann');
            INSERT INTO book VALUES (1, 1, 'T');
            """)
        let book = Table("book")
        let rows = try db.fetchAll(book.including(required: book.author.select(Column("name"))))
        XCTAssertEqual(try RowDocument.tsv.piece(for: rows[0], index: 0), "id\tauthorId\ttitle\tauthor.name\n1\t1\tT\tAnn\n")
        XCTAssertEqual(
            try RowDocument.markdown.piece(for: rows[0], index: 0),
            "| id | authorId | title | author.name |\n| --- | --- | --- | --- |\n| 1 | 1 | T | Ann |\n")
    }

    /// Every storage class, the extreme integers, reals that need all their digits, text with
    /// quotes, NULs and line breaks: executed into an empty copy of the table, the same rows.
    func testSQLInsertsExecutedIntoAnEmptyTableGiveTheSameRows() throws {
        let ddl = "CREATE TABLE \"odd \"\"name\"\"\"(id INTEGER PRIMARY KEY, \"v a\" ANY, w);"
        let source = try TestDatabase.make(ddl)
        let values: [DatabaseValue] = [
            .null, .integer(Int64.min), .integer(Int64.max), .integer(0), .real(0.1), .real(1e100), .real(Double.leastNonzeroMagnitude),
            .real(-2.0), .real(123_456_789_012.5), .real(.infinity), .real(-.infinity), .text(""), .text("it's \"q\"; DROP"),
            .text("nul\u{0}inside"), .text("line\nbreak\r\n\u{1B}[31m é 漢 🎉"), .blob([]), .blob([0, 0xFF, 0x27, 0x0A])
        ]
        for (index, value) in values.enumerated() {
            try source.connection.execute(
                "INSERT INTO \"odd \"\"name\"\"\" VALUES (?, ?, ?)", arguments: [.integer(Int64(index)), value, .text("w\(index)")])
        }
        let table = Table("odd \"name\"")
        let original = try source.fetchAll(table.order(Column("id")))
        XCTAssertEqual(original.count, values.count)
        let target = try source.insertTarget(for: table.all)
        XCTAssertEqual(target.table, "odd \"name\"")
        var writer = RowDocumentWriter(document: .sql(target))
        var bytes: [UInt8] = []
        let cursor = try source.cursor(table.order(Column("id")))
        while let row = try cursor.nextStreamed() { try writer.append(row, to: &bytes) { _ in } }
        writer.appendEnd(to: &bytes)
        let script = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(script.hasPrefix("INSERT INTO \"odd \"\"name\"\"\" (\"id\", \"v a\", \"w\") VALUES (0, NULL, 'w0');\n"), script)
        let copy = try TestDatabase.make(ddl)
        try copy.connection.execute(script)
        let copied = try copy.fetchAll(table.order(Column("id")))
        XCTAssertEqual(copied.map(\.values), original.map(\.values))
        let types = "SELECT typeof(\"v a\") || ':' || quote(\"v a\") FROM \"odd \"\"name\"\"\" ORDER BY id"
        XCTAssertEqual(try copy.connection.fetchAll(types), try source.connection.fetchAll(types))
    }

    func testSQLInsertsOnlyTheRootTablesColumns() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), title TEXT);
            INSERT INTO person VALUES (1, 'Ann');
            INSERT INTO book VALUES (1, 1, 'T');
            """)
        let person = Table("person")
        let request = person.annotated(with: person.books.count).including(all: person.books)
        let row = try XCTUnwrap(db.fetchAll(request).first)
        XCTAssertEqual(
            try RowDocument.sql(db.insertTarget(for: request)).piece(for: row, index: 0),
            "INSERT INTO \"person\" (\"id\", \"name\") VALUES (1, 'Ann');\n")
        let onlyCount = Row(columnNames: ["bookCount"], values: [.integer(1)])
        XCTAssertThrowsError(try RowDocument.sql(db.insertTarget(for: request)).piece(for: onlyCount, index: 0)) { error in
            XCTAssertTrue("\(error)".contains("no column of"), "\(error)")
        }
        XCTAssertThrowsError(try db.insertTarget(for: Table("nothing").all))
    }
}
