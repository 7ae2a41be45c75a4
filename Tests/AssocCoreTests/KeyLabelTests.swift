import TestSupport
import XCTest

@testable import AssocCore

/// Label columns (`LabelColumn`), the statements that read labels, and `Table.label(Column)` in
/// an associations file.
final class KeyLabelTests: XCTestCase {
    func makeDatabase() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE artist(id INTEGER PRIMARY KEY, code TEXT, Title NVARCHAR(20), name VARCHAR(10));
            CREATE TABLE person(id INTEGER PRIMARY KEY, age INTEGER, note CLOB, first_name TEXT);
            CREATE TABLE tag(code TEXT PRIMARY KEY, hits INT);
            CREATE TABLE numbers(id INTEGER PRIMARY KEY, n INTEGER);
            CREATE TABLE album(
                id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), personId INTEGER REFERENCES person(id),
                tagCode TEXT REFERENCES tag(code), numberId INTEGER REFERENCES numbers(id), title TEXT);
            INSERT INTO artist VALUES (1, 'a', 'AC/DC', 'acdc'), (2, 'b', NULL, 'x'), (3, 'c', 'Accept', 'y');
            INSERT INTO person VALUES (1, 30, 'n', 'Ann');
            INSERT INTO album VALUES (1, 1, 1, 'rock', 1, 'T1'), (2, 2, NULL, NULL, NULL, 'T2'), (3, 1, 1, NULL, NULL, 'T3'), (4, 9, NULL, NULL, NULL, 'T4');
            """)
    }

    func testTheLabelColumnIsTheFirstNamingTextColumnElseANameElseTheFirstText() throws {
        let db = try makeDatabase()
        func label(_ table: String, excluding: Set<String> = []) throws -> String? {
            LabelColumn.choose(for: try XCTUnwrap(db.schema.table(named: table)), excluding: excluding)
        }
        XCTAssertEqual(try label("artist"), "Title")  // the first of name/title/label/description, any case
        XCTAssertEqual(try label("person"), "first_name")  // then a column named *name
        XCTAssertEqual(try label("tag", excluding: ["code"]), nil)  // the key itself says nothing
        XCTAssertEqual(try label("numbers"), nil)  // no text column
        let artist = try XCTUnwrap(db.schema.table(named: "artist"))
        XCTAssertEqual(LabelColumn.choose(for: artist, declared: "CODE"), "code")
    }

    func testOneStatementReadsTheLabelsOfAPagesDistinctKeys() throws {
        let db = try makeDatabase()
        let labelings = db.keyLabelings(of: "album")
        XCTAssertEqual(
            labelings,
            [
                KeyLabeling(column: "artistId", parent: "artist", key: "id", label: "Title"),
                KeyLabeling(column: "personId", parent: "person", key: "id", label: "first_name")
            ])
        let recorder = StatementRecorder(db.connection)
        let values: [DatabaseValue] = [.integer(1), .integer(2), .integer(1), .integer(9), .null]
        let (labels, statement) = try db.fetchLabels(labelings[0], for: values)
        XCTAssertEqual(labels, [.integer(1): .text("AC/DC")])  // 2's label is NULL, 9 has no row
        XCTAssertEqual(
            statement,
            GeneratedStatement(
                sql: "SELECT \"id\", substr(\"Title\", 1, 200) FROM \"artist\" WHERE \"id\" IN (?, ?, ?)",
                arguments: [.integer(1), .integer(2), .integer(9)]))
        XCTAssertEqual(recorder.statements.count, 1)
        XCTAssertNil(try db.fetchLabels(labelings[0], for: [.null]).statement)
    }

    func testAnAssociationsFileDeclaresALabelColumn() throws {
        let db = try makeDatabase()
        let parsed = try AssociationDeclaration.parseWithLabels("# labels\nartist.label(code)\n\"person\".label(note)", file: "a.txt")
        XCTAssertTrue(parsed.declarations.isEmpty)
        let graph = try db.graph.labeled(by: parsed.labels)
        XCTAssertEqual(graph.labelColumns, ["artist": "code", "person": "note"])
        let labeled = Database(connection: db.connection, graph: graph)
        XCTAssertEqual(labeled.keyLabelings(of: "album").map(\.label), ["code", "note"])
    }

    func testABadLabelDeclarationNamesTheFileLineAndColumn() throws {
        let db = try makeDatabase()
        func message(_ text: String) -> String {
            do {
                _ = try db.graph.labeled(by: AssociationDeclaration.parseWithLabels(text, file: "a.txt").labels)
                return "no error"
            } catch { return "\(error)" }
        }
        let column = message("artist.label(nmae)")
        XCTAssertTrue(column.contains("a.txt:1:14") && column.contains("no column \"nmae\" in table \"artist\""), column)
        XCTAssertTrue(column.contains("name"), column)
        let table = message("\n artsit.label(name)")
        XCTAssertTrue(table.contains("a.txt:2:2") && table.contains("no table \"artsit\""), table)
        XCTAssertTrue(message("artist.label(name, code)").contains("expected"), message("artist.label(name, code)"))
        XCTAssertTrue(message("artist.label()").contains("expected the label column"), message("artist.label()"))
    }
}
