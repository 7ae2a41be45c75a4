import XCTest

@testable import AssocCore

final class AdversarialInferenceTests: XCTestCase {
    func testQuotedUnicodeAndKeywordNames() throws {
        let graph = try makeGraph(
            #"""
            CREATE TABLE "Order Details" (id INTEGER PRIMARY KEY, "Product ID" INTEGER REFERENCES "weird ""name"""(id));
            CREATE TABLE "weird ""name""" (id INTEGER PRIMARY KEY);
            CREATE TABLE "select" (id INTEGER PRIMARY KEY, "élèveId" INTEGER NOT NULL REFERENCES "élève"(id));
            CREATE TABLE "élève" (id INTEGER PRIMARY KEY, "表_id" INTEGER REFERENCES "表"(id));
            CREATE TABLE "表" (id INTEGER PRIMARY KEY);
            """#)
        XCTAssertEqual(graph.diagnostics, [])
        XCTAssertEqual(graph.summaries("Order Details"), ["belongsTo product → weird \"name\""])
        XCTAssertEqual(graph.summaries("weird \"name\""), ["hasMany orderDetails → Order Details"])
        XCTAssertEqual(graph.summaries("select"), ["belongsTo élève → élève", "hasOneThrough 表 → 表 via élève.表"])
        XCTAssertEqual(graph.summaries("élève"), ["belongsTo 表 → 表", "hasMany selects → select"])
        XCTAssertEqual(graph.summaries("表"), ["hasMany élèves → élève", "hasManyThrough selects → select via élèves.selects"])
        XCTAssertEqual(try graph.require("product", from: "Order Details").columnSummary, ["Product ID=id"])
    }

    func testCompositeKeysAndWithoutRowid() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE shelf (room TEXT, number INTEGER, PRIMARY KEY (room, number)) WITHOUT ROWID;
            CREATE TABLE item (id INTEGER PRIMARY KEY, room TEXT NOT NULL, number INTEGER NOT NULL,
                FOREIGN KEY (room, number) REFERENCES shelf(room, number));
            CREATE TABLE label (room TEXT, number INTEGER, text TEXT, PRIMARY KEY (room, number),
                FOREIGN KEY (number, room) REFERENCES shelf(number, room)) WITHOUT ROWID;
            """)
        XCTAssertEqual(graph.diagnostics, [])
        let shelf = try graph.require("shelf", from: "item")
        XCTAssertEqual(shelf.columnSummary, ["room=room", "number=number"])
        XCTAssertTrue(shelf.isRequired)
        // The label's foreign key is its whole primary key (in another order): a hasOne.
        XCTAssertEqual(graph.summaries("shelf"), ["hasOne label → label", "hasMany items → item"])
        XCTAssertEqual(try graph.require("label", from: "shelf").columnSummary, ["number=number", "room=room"])
        // shelf.items is to-one then hasMany: no through association.
        XCTAssertEqual(graph.summaries("label"), ["belongsTo shelf → shelf"])
    }

    func testInvalidForeignKeysGiveDiagnostics() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE person (id INTEGER PRIMARY KEY);
            CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
            CREATE TABLE book (id INTEGER PRIMARY KEY,
                authorId INTEGER REFERENCES writer(id),
                ownerId INTEGER REFERENCES person(uid),
                x REFERENCES pair,
                editorId INTEGER REFERENCES person(id));
            CREATE VIEW v AS SELECT 1 AS id;
            CREATE TABLE note (id INTEGER PRIMARY KEY, vId INTEGER REFERENCES v(id));
            """)
        XCTAssertEqual(
            graph.diagnostics,
            [
                #"table "book": foreign key (authorId) references missing table "writer""#,
                #"table "book": foreign key (ownerId) references missing column "uid" of table "person""#,
                #"table "book": foreign key (x) has 1 column but references 2 columns (a, b) of table "pair""#,
                #"table "note": foreign key (vId) references view "v", not a table"#
            ])
        // The valid foreign key still gives its associations.
        XCTAssertEqual(graph.summaries("book"), ["belongsTo editor → person"])
        XCTAssertEqual(graph.summaries("person"), ["hasMany books → book"])
        XCTAssertEqual(graph.summaries("pair"), [])
    }

    func testForeignKeyToMissingColumnOfChild() {
        // A schema value SQLite would not produce: the origin column is missing from the child.
        let parent = TableInfo(
            name: "p", columns: [ColumnInfo(name: "id", primaryKeyIndex: 1)],
            primaryKey: PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"]))
        let child = TableInfo(
            name: "c", columns: [ColumnInfo(name: "id")], primaryKey: .hiddenRowid,
            foreignKeys: [
                ForeignKeyInfo(id: 0, destinationTable: "P", originColumns: ["pid"], destinationColumns: ["id"]),
                ForeignKeyInfo(id: 1, destinationTable: "p", originColumns: ["id"], destinationColumns: [], destinationColumnsWereOmitted: true)
            ])
        let graph = AssociationGraph(schema: Schema(tables: [parent, child]), options: .init(inferFromNaming: false))
        XCTAssertEqual(
            graph.diagnostics,
            [
                #"table "c": foreign key (pid) uses missing column "pid""#,
                #"table "c": foreign key (id) references table "p" but its columns are unknown"#
            ])
        XCTAssertEqual(graph.allAssociations, [])
    }

    func testViewsAndVirtualTablesAreNeverChildren() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY);
            CREATE VIEW bookView AS SELECT 1 AS id, 2 AS authorId;
            CREATE VIRTUAL TABLE notes USING fts5(authorId, body);
            CREATE VIEW broken AS SELECT * FROM nowhere;
            """)
        XCTAssertEqual(graph.allAssociations, [])
        XCTAssertEqual(graph.schema.table(named: "broken")?.kind, .view)
        XCTAssertEqual(graph.schema.diagnostics.count, 1)
    }

    func testThreeHundredChainedTables() throws {
        var ddl = "CREATE TABLE t0 (id INTEGER PRIMARY KEY);\n"
        for index in 1..<300 {
            ddl += "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES t\(index - 1)(id));\n"
        }
        let graph = try makeGraph(ddl)
        XCTAssertEqual(graph.diagnostics, [])
        // Trailing digits are kept after the inflected word: t6 → ts6.
        // 299 links → 598 direct; through: t(i) hasOneThrough t(i-2) for i ≥ 2 (298) and
        // t(i) hasManyThrough t(i+2) for i ≤ 297 (298).
        XCTAssertEqual(graph.allAssociations.count, 598 + 298 + 298)
        XCTAssertEqual(
            graph.summaries("t5"),
            [
                "belongsTo t4 → t4", "hasMany ts6 → t6",
                "hasOneThrough t3 → t3 via t4.t3", "hasManyThrough ts7 → t7 via ts6.ts7"
            ])
        XCTAssertEqual(graph.summaries("t0"), ["hasMany ts1 → t1", "hasManyThrough ts2 → t2 via ts1.ts2"])
        XCTAssertTrue(try graph.require("t3", from: "t5").isRequired)
    }

    func testNamingConventionInference() throws {
        let sql = """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE publisher (code TEXT PRIMARY KEY);
            CREATE TABLE tag (name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL, publisherId TEXT,
                tagId INTEGER, editorId INTEGER);
            CREATE TABLE review (id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id), authorId INTEGER REFERENCES author(id));
            """
        let graph = try makeGraph(sql)
        XCTAssertEqual(
            graph.summaries("book"),
            [
                "belongsTo author → author", "belongsTo publisher → publisher", "hasMany reviews → review",
                // The reviews' authors, not the book's: the plural of `author` would read as the
                // book's, so the name starts with the first step.
                "hasManyThrough reviewsAuthors → author via reviews.author"
            ])
        let author = try graph.require("author", from: "book")
        XCTAssertEqual(author.source, .naming)
        XCTAssertEqual(author.columnSummary, ["author_id=id"])
        XCTAssertTrue(author.isRequired)
        XCTAssertEqual(try graph.require("publisher", from: "book").columnSummary, ["publisherId=code"])
        XCTAssertEqual(try graph.require("books", from: "publisher").source, .naming)
        XCTAssertEqual(try graph.require("reviewsAuthors", from: "book").source, .foreignKey)
        // The declared foreign keys of review are not duplicated by the naming convention.
        XCTAssertEqual(
            graph.summaries("review").filter { $0.hasPrefix("belongsTo") },
            ["belongsTo author → author", "belongsTo book → book"])
        XCTAssertEqual(try graph.require("book", from: "review").source, .foreignKey)
        XCTAssertEqual(try graph.require("author", from: "review").source, .foreignKey)
        XCTAssertEqual(graph.summaries("author").filter { $0.hasPrefix("hasMany ") }, ["hasMany books → book", "hasMany reviews → review"])
        XCTAssertEqual(try graph.require("books", from: "author").source, .naming)
        XCTAssertEqual(try graph.require("reviews", from: "author").source, .foreignKey)
        // tag has no declared primary key; editor has no table: nothing inferred.
        XCTAssertEqual(graph.summaries("tag"), [])

        let strict = try makeGraph(sql, options: .init(inferFromNaming: false))
        XCTAssertEqual(strict.summaries("book"), ["hasMany reviews → review", "hasManyThrough authors → author via reviews.author"])
        XCTAssertFalse(strict.allAssociations.contains { $0.source == .naming })
    }

    func testNameCollisionsGetViaSuffixes() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY);
            CREATE TABLE items (id INTEGER PRIMARY KEY);
            CREATE TABLE owner (id INTEGER PRIMARY KEY, a INTEGER REFERENCES item(id), b INTEGER REFERENCES items(id));
            """)
        // Both belongsTo would be "item": each gets Via + its column.
        XCTAssertEqual(graph.summaries("owner"), ["belongsTo itemViaA → item", "belongsTo itemViaB → items"])
    }

    func testDeterministicOutput() throws {
        let first = try makeGraph(chinookDDL).allAssociations
        let second = try makeGraph(chinookDDL).allAssociations
        XCTAssertEqual(first, second)
    }
}
