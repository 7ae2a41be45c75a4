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
            INSERT INTO artist VALUES (1, 'a', 'acdc', 'AC/DC'), (2, 'b', 'x', NULL), (3, 'c', 'y', 'Accept');
            INSERT INTO person VALUES (1, 30, 'n', 'Ann');
            INSERT INTO album VALUES (1, 1, 1, 'rock', 1, 'T1'), (2, 2, NULL, NULL, NULL, 'T2'), (3, 1, 1, NULL, NULL, 'T3'), (4, 9, NULL, NULL, NULL, 'T4');
            """)
    }

    func testTheLabelColumnIsTheMostNameLikeTextColumn() throws {
        let db = try makeDatabase()
        func label(_ table: String, excluding: Set<String> = []) throws -> String? {
            LabelColumn.choose(for: try XCTUnwrap(db.schema.table(named: table)), excluding: excluding)?.description
        }
        XCTAssertEqual(try label("artist"), "name")  // `name` before `Title`
        XCTAssertEqual(try label("person"), "first_name")  // a column named *name
        XCTAssertEqual(try label("tag", excluding: ["code"]), nil)  // the key itself says nothing
        XCTAssertEqual(try label("numbers"), nil)  // no text column
        let artist = try XCTUnwrap(db.schema.table(named: "artist"))
        XCTAssertEqual(LabelColumn.choose(for: artist, declared: "CODE"), LabelColumn.Choice(column: "code"))
    }

    /// The shapes of Chinook's and Northwind's tables: a first and a last name together before a
    /// job title; a company name before a contact's; `title` only where nothing is named as a
    /// name; a name whose values repeat a lot never over a nearly unique one.
    func testNamesBeforeTitlesAndNearlyUniqueBeforeRepeated() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, Title NVARCHAR(30), LastName NVARCHAR(20), FirstName NVARCHAR(20));
            INSERT INTO Employee VALUES (1, 'General Manager', 'Adams', 'Andrew'), (2, 'Sales Manager', 'Edwards', 'Nancy'),
              (3, 'Sales Support Agent', 'Peacock', 'Jane'), (4, 'Sales Support Agent', 'Park', 'Margaret'),
              (5, 'Sales Support Agent', 'Johnson', 'Steve'), (6, 'IT Manager', 'Mitchell', NULL);
            CREATE TABLE Customers (CustomerID TEXT PRIMARY KEY, ContactTitle TEXT, CompanyName TEXT, ContactName TEXT);
            CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER);
            CREATE TABLE staff (id INTEGER PRIMARY KEY, role_name TEXT, full_name TEXT);
            INSERT INTO staff VALUES (1, 'clerk', 'Ann Lee'), (2, 'clerk', 'Bo Chen'), (3, 'clerk', 'Cy Diaz'), (4, 'boss', 'Di Eve');
            CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, EmployeeID INTEGER REFERENCES Employee(EmployeeId),
              CustomerID TEXT REFERENCES Customers(CustomerID), StaffId INTEGER REFERENCES staff(id), AlbumId INTEGER REFERENCES Album(AlbumId));
            INSERT INTO Orders VALUES (1, 3, NULL, 2, NULL), (2, 6, NULL, 4, NULL);
            """)
        let labelings = db.keyLabelings(of: "Orders")
        XCTAssertEqual(
            Set(labelings.map(\.labelDescription)),
            ["Employee.FirstName + LastName", "Customers.CompanyName", "staff.full_name", "Album.Title"])
        let employee = try XCTUnwrap(labelings.first { $0.parent == "Employee" })
        let read = try db.fetchLabels(employee, for: [.integer(3), .integer(6)])
        XCTAssertEqual(read.labels, [.integer(3): .text("Jane Peacock"), .integer(6): .text("Mitchell")])
        XCTAssertEqual(
            read.statements.first?.sql,
            "SELECT \"EmployeeId\", substr(nullif(trim(coalesce(\"FirstName\", '') || ' ' || coalesce(\"LastName\", '')), ''), 1, 200)"
                + " FROM \"Employee\" WHERE \"EmployeeId\" IN (?, ?)")
        // Without the sample (a caller that cannot read values), the order alone: role_name first.
        let staff = try XCTUnwrap(db.schema.table(named: "staff"))
        XCTAssertEqual(LabelColumn.choose(for: staff, excluding: ["id"])?.column, "role_name")
    }

    func testOneStatementReadsTheLabelsOfAPagesDistinctKeys() throws {
        let db = try makeDatabase()
        let labelings = db.keyLabelings(of: "album")
        XCTAssertEqual(
            labelings,
            [
                KeyLabeling(column: "artistId", parent: "artist", key: "id", label: "name"),
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
                    sql: "SELECT \"id\", substr(\"name\", 1, 200) FROM \"artist\" WHERE \"id\" IN (?, ?, ?)",
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
