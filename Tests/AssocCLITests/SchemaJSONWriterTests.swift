import Foundation
import XCTest

@testable import AssocCLI
@testable import AssocCore

/// `SchemaJSONRenderer.render` writes its bytes directly (a schema of 30,000 tables): the text
/// must stay exactly `value(graph).pretty()` and a newline, whatever the tables hold.
final class SchemaJSONWriterTests: XCTestCase {
    func testDirectWriterEqualsThePrettyValue() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL, "we""ird\nname\u{202E}" TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT, kind TEXT);
            CREATE TABLE "Ordér Items"(a INTEGER, b INTEGER, PRIMARY KEY(a, b), FOREIGN KEY(a) REFERENCES book(id));
            CREATE TABLE lonely(x);
            CREATE VIEW broken AS SELECT 1 AS one;
            DROP VIEW broken;
            CREATE VIEW v AS SELECT id FROM book;
            CREATE TABLE bookTag(bookId INTEGER REFERENCES book, tagId INTEGER, PRIMARY KEY(bookId, tagId)) WITHOUT ROWID;
            CREATE TABLE bad(fk INTEGER REFERENCES missing(id));
            """)
        let schema = try SchemaIntrospector.read(connection)
        let declarations = try AssociationDeclaration.parse("Author.hasMany(Book, key: \"novels\").filter(kind = 'novel').order(title)")
        let snapshots = [
            SchemaSnapshot(graph: AssociationGraph(schema: schema)),
            SchemaSnapshot(graph: try AssociationGraph(schema: schema, declarations: declarations)),
            SchemaRendererTests.snapshot(),
            // A table with no column and no association is written on one line.
            SchemaSnapshot(schema: Schema(tables: [TableInfo(name: "empty", kind: .view, columns: [], primaryKey: .none)]), associations: []),
            SchemaSnapshot(schema: Schema(tables: []), associations: [], diagnostics: ["nothing"])
        ]
        for snapshot in snapshots {
            XCTAssertEqual(SchemaJSONRenderer.render(snapshot), SchemaJSONRenderer.value(snapshot).pretty() + "\n")
        }
    }
}
