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
        let values: [DatabaseValue] = [.integer(1), .integer(2), .integer(1), .integer(3), .null]
        let read = try db.fetchLabels(labelings[0], for: values)
        XCTAssertEqual(read.labels, [.integer(1): .text("AC/DC"), .integer(3): .text("Accept")])  // 2's label is NULL
        XCTAssertEqual(read.orphans, [])
        XCTAssertEqual(
            read.statements,
            [
                GeneratedStatement(
                    sql: "SELECT \"id\", substr(\"Title\", 1, 200) FROM \"artist\" WHERE \"id\" IN (?, ?, ?)",
                    arguments: [.integer(1), .integer(2), .integer(3)])
            ])
        XCTAssertEqual(recorder.statements.count, 1, "every value matched a parent row: no second statement")
        XCTAssertTrue(try db.fetchLabels(labelings[0], for: [.null]).statements.isEmpty)
    }

    /// A key without a parent row is an orphan; the text '1' is not, since SQLite matches it with
    /// the key 1 (the key column's integer affinity), as the orphan count's join does.
    func testKeysWithoutAParentRowAreOrphansAsSQLiteComparesThem() throws {
        let db = try makeDatabase()
        let labeling = try XCTUnwrap(db.keyLabelings(of: "album").first)
        let recorder = StatementRecorder(db.connection)
        let read = try db.fetchLabels(labeling, for: [.integer(1), .integer(9), .text("1"), .text("x"), .integer(2), .null])
        XCTAssertEqual(read.orphans, [.integer(9), .text("x")])
        XCTAssertEqual(read.labels, [.integer(1): .text("AC/DC")])
        XCTAssertEqual(read.statements.count, 2)
        XCTAssertEqual(
            read.statements.last,
            GeneratedStatement(
                sql: "SELECT \"column1\" FROM (VALUES (?), (?), (?)) WHERE \"column1\" NOT IN"
                    + " (SELECT \"id\" FROM \"artist\" WHERE \"id\" IS NOT NULL)",
                arguments: [.integer(9), .text("1"), .text("x")]))
        XCTAssertEqual(recorder.statements.count, 2)
        // The same answer as a hand-written anti-join over the album rows.
        let antiJoin = try db.connection.fetchAll(
            "SELECT album.artistId FROM album LEFT JOIN artist ON artist.id = album.artistId WHERE album.artistId IS NOT NULL AND artist.id IS NULL")
        let albumKeys = try db.connection.fetchAll("SELECT artistId FROM album").compactMap(\.first)
        XCTAssertEqual(try db.fetchLabels(labeling, for: albumKeys).orphans, Set(antiJoin.compactMap(\.first)))
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
