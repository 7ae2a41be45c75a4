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
    /// quotes, NULs and line breaks: executed into an empty database, the script creates the table
    /// (declared types and primary key kept) and gives back the same rows, value and class.
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
        XCTAssertTrue(
            script.hasPrefix(
                "BEGIN TRANSACTION;\nCREATE TABLE IF NOT EXISTS \"odd \"\"name\"\"\" (\"id\" INTEGER NOT NULL, \"v a\" ANY, \"w\", PRIMARY KEY (\"id\"));\n"
                    + "INSERT INTO \"odd \"\"name\"\"\" (\"id\", \"v a\", \"w\") VALUES (0, NULL, 'w0');\n"), script)
        XCTAssertTrue(script.hasSuffix("');\nCOMMIT;\n"), script)
        let empty = try TestDatabase.make("")
        try empty.connection.execute(script)
        let copy = try Database(connection: empty.connection)  // the schema as the script made it
        let copied = try copy.fetchAll(table.order(Column("id")))
        XCTAssertEqual(copied.map(\.values), original.map(\.values))
        let types = "SELECT typeof(\"v a\") || ':' || quote(\"v a\") FROM \"odd \"\"name\"\"\" ORDER BY id"
        XCTAssertEqual(try copy.connection.fetchAll(types), try source.connection.fetchAll(types))
    }

    /// The script loads into an empty database for a view (its columns left untyped: each value
    /// keeps its class), a STRICT table's ANY column (left untyped: ANY would mean
    /// NUMERIC in a plain table and turn '12' into 12), a table whose rowid has no column (the
    /// rowid inserted as the rowid), and no rows at all (the table is still created).
    func testTheSQLScriptLoadsIntoAnEmptyDatabase() throws {
        let source = try TestDatabase.make(
            """
            CREATE TABLE s (id INTEGER PRIMARY KEY, v ANY) STRICT;
            INSERT INTO s VALUES (1, '12'), (2, 12), (3, 1.5), (4, x'00ff'), (5, NULL);
            CREATE VIEW doubled AS SELECT id, v, id * 2 AS twice FROM s;
            CREATE TABLE plain (name TEXT);
            INSERT INTO plain (rowid, name) VALUES (10, 'ten'), (20, 'twenty');
            CREATE TABLE none (a INTEGER);
            """)
        func script(_ request: Request) throws -> String {
            var writer = RowDocumentWriter(document: .sql(try source.insertTarget(for: request)))
            var bytes: [UInt8] = []
            let cursor = try source.cursor(request)
            while let row = try cursor.next() { try writer.append(row, to: &bytes) }
            writer.appendEnd(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        let cases: [(Request, String, String)] = [
            (
                Table("s").order(Column("id")), "SELECT id, quote(v), typeof(v) FROM s ORDER BY id",
                #"CREATE TABLE IF NOT EXISTS "s" ("id" INTEGER NOT NULL, "v", PRIMARY KEY ("id"));"#
            ),
            (
                Table("doubled").order(Column("id")), "SELECT id, quote(v), typeof(v), twice FROM doubled ORDER BY id",
                #"CREATE TABLE IF NOT EXISTS "doubled" ("id", "v", "twice");"#
            ),
            (
                Table("plain").select(Column("rowid"), Column("name")).order(Column("rowid")), "SELECT rowid, name FROM plain ORDER BY rowid",
                #"CREATE TABLE IF NOT EXISTS "plain" ("name" TEXT);"#
            ),
            (Table("none").all, "SELECT count(*) FROM none", #"CREATE TABLE IF NOT EXISTS "none" ("a" INTEGER);"#)
        ]
        for (request, check, create) in cases {
            let text = try script(request)
            XCTAssertTrue(text.contains(create + "\n"), text)
            XCTAssertTrue(text.hasPrefix("BEGIN TRANSACTION;\n") && text.hasSuffix("COMMIT;\n"), text)
            let empty = try TestDatabase.make("")
            try empty.connection.execute(text)
            XCTAssertEqual(try empty.connection.fetchAll(check), try source.connection.fetchAll(check), text)
        }
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
            "BEGIN TRANSACTION;\nCREATE TABLE IF NOT EXISTS \"person\" (\"id\" INTEGER NOT NULL, \"name\" TEXT, PRIMARY KEY (\"id\"));\n"
                + "INSERT INTO \"person\" (\"id\", \"name\") VALUES (1, 'Ann');\n")
        XCTAssertEqual(
            try RowDocument.sql(db.insertTarget(for: request)).piece(for: row, index: 1),
            "INSERT INTO \"person\" (\"id\", \"name\") VALUES (1, 'Ann');\n")
        let onlyCount = Row(columnNames: ["bookCount"], values: [.integer(1)])
        XCTAssertThrowsError(try RowDocument.sql(db.insertTarget(for: request)).piece(for: onlyCount, index: 0)) { error in
            XCTAssertTrue("\(error)".contains("no column of"), "\(error)")
        }
        XCTAssertThrowsError(try db.insertTarget(for: Table("nothing").all))
    }
}
