import AssocCore
import Foundation
import XCTest

@testable import AssocCLI

/// The four schema formats on a hand-made schema and hand-made associations (no inference).
final class SchemaRendererTests: XCTestCase {
    /// person ← book(authorId NOT NULL, libraryId) → library ← address(libraryId UNIQUE).
    static func snapshot() -> SchemaSnapshot {
        let schema = Schema(
            tables: [
                TableInfo(
                    name: "person",
                    columns: [
                        ColumnInfo(name: "id", declaredType: "INTEGER", primaryKeyIndex: 1),
                        ColumnInfo(name: "name", declaredType: "TEXT", notNull: true)
                    ], primaryKey: PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"])),
                TableInfo(
                    name: "library",
                    columns: [
                        ColumnInfo(name: "id", declaredType: "INTEGER", primaryKeyIndex: 1)
                    ], primaryKey: PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"])),
                TableInfo(
                    name: "address",
                    columns: [
                        ColumnInfo(name: "id", declaredType: "INTEGER", primaryKeyIndex: 1),
                        ColumnInfo(name: "libraryId", declaredType: "INTEGER", notNull: true)
                    ], primaryKey: PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"]),
                    foreignKeys: [ForeignKeyInfo(id: 0, destinationTable: "library", originColumns: ["libraryId"], destinationColumns: ["id"])],
                    uniqueIndexes: [["libraryId"]]),
                TableInfo(
                    name: "book",
                    columns: [
                        ColumnInfo(name: "id", declaredType: "INTEGER", primaryKeyIndex: 1),
                        ColumnInfo(name: "authorId", declaredType: "INTEGER", notNull: true),
                        ColumnInfo(name: "libraryId", declaredType: "INTEGER")
                    ], primaryKey: PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"]),
                    foreignKeys: [
                        ForeignKeyInfo(id: 0, destinationTable: "person", originColumns: ["authorId"], destinationColumns: ["id"]),
                        ForeignKeyInfo(id: 1, destinationTable: "library", originColumns: ["libraryId"], destinationColumns: ["id"])
                    ])
            ], diagnostics: ["view \"broken\": cannot read its columns: no such table: gone"])
        let author = Association(
            name: "author", kind: .belongsTo, origin: "book", destination: "person",
            path: .direct([ColumnPair(origin: "authorId", destination: "id")]), isRequired: true)
        let books = Association(
            name: "books", kind: .hasMany, origin: "person", destination: "book",
            path: .direct([ColumnPair(origin: "id", destination: "authorId")]))
        let library = Association(
            name: "library", kind: .belongsTo, origin: "book", destination: "library",
            path: .direct([ColumnPair(origin: "libraryId", destination: "id")]))
        let libraryAddress = Association(
            name: "address", kind: .hasOne, origin: "library", destination: "address",
            path: .direct([ColumnPair(origin: "id", destination: "libraryId")]))
        let addressLibrary = Association(
            name: "library", kind: .belongsTo, origin: "address", destination: "library",
            path: .direct([ColumnPair(origin: "libraryId", destination: "id")]), isRequired: true)
        let bookAddress = Association(
            name: "address", kind: .hasOneThrough, origin: "book", destination: "address",
            path: .through(pivot: library, target: libraryAddress))
        return SchemaSnapshot(
            schema: schema,
            associations: [books, libraryAddress, addressLibrary, author, library, bookAddress],
            diagnostics: ["book: foreign key 3 refers to missing table \"gone\""])
    }

    func testText() {
        XCTAssertEqual(
            SchemaTextRenderer.render(Self.snapshot()),
            """
            person
              id INTEGER PK, name TEXT NOT NULL
              ⇉ hasMany books: book (id → authorId)

            library
              id INTEGER PK
              ↣ hasOne address: address (id → libraryId)

            address
              id INTEGER PK, libraryId INTEGER NOT NULL
              → belongsTo library: library (libraryId → id) required

            book
              id INTEGER PK, authorId INTEGER NOT NULL, libraryId INTEGER
              → belongsTo author: person (authorId → id) required
              → belongsTo library: library (libraryId → id)
              ⤳ hasOneThrough address: address via library.address

            diagnostics:
              - view "broken": cannot read its columns: no such table: gone
              - book: foreign key 3 refers to missing table "gone"

            """)
    }

    func testTextWrapsLongColumnListsAndMarksCompositeKeys() {
        let columns = (1...12).map { ColumnInfo(name: "column\($0)", declaredType: "TEXT", primaryKeyIndex: $0 <= 2 ? $0 : 0) }
        let table = TableInfo(
            name: "wide\nname", columns: columns, primaryKey: PrimaryKeyInfo(kind: .withoutRowid, columns: ["column1", "column2"]),
            isWithoutRowid: true)
        XCTAssertEqual(
            SchemaTextRenderer.render(SchemaSnapshot(schema: Schema(tables: [table]), associations: [])),
            """
            wide\\nname (without rowid)
              column1 TEXT PK1, column2 TEXT PK2, column3 TEXT, column4 TEXT, column5 TEXT, column6 TEXT,
              column7 TEXT, column8 TEXT, column9 TEXT, column10 TEXT, column11 TEXT, column12 TEXT

            """)
    }

    /// A declared association's filter and default ordering, as an associations file writes them
    /// (issue 29, item 4); text from the database is escaped, as the request language reads it
    /// (`U&'…'`), so that the printed filter both reads on a terminal and runs.
    func testDeclaredFilterAndOrderingAreShown() {
        let novels = Association(
            name: "novels", kind: .hasMany, origin: "person", destination: "book",
            path: .direct([ColumnPair(origin: "id", destination: "authorId")]), source: .declared,
            ordering: [Ordering(Column("title"), descending: true)],
            filters: [.binary(.equal, .column("kind"), .value(.text("novel\u{1B}[31m")))])
        XCTAssertEqual(
            SchemaTextRenderer.line(novels),
            "⇉ hasMany novels: book (id → authorId).filter(kind = U&'novel\\001B[31m').order(title.desc) [declared]")
        XCTAssertEqual(
            SchemaJSONRenderer.association(novels).pretty(),
            """
            {"name": "novels", "kind": "hasMany", "destination": "book", "columns": [["id", "authorId"]], "toMany": true, \
            "required": false, "inferredBy": "declared", "filter": "kind = U&'novel\\\\001B[31m'", "order": "title.desc"}
            """)
    }

    func testJSON() throws {
        let text = SchemaJSONRenderer.render(Self.snapshot())
        XCTAssertEqual(
            text,
            """
            {
              "tables": [
                {
                  "name": "person",
                  "isView": false,
                  "columns": [
                    {"name": "id", "type": "INTEGER", "notNull": false, "primaryKeyIndex": 1},
                    {"name": "name", "type": "TEXT", "notNull": true, "primaryKeyIndex": 0}
                  ],
                  "primaryKey": ["id"],
                  "associations": [
                    {"name": "books", "kind": "hasMany", "destination": "book", "columns": [["id", "authorId"]], "toMany": true, "required": false, "inferredBy": "foreignKey"}
                  ]
                },
                {
                  "name": "library",
                  "isView": false,
                  "columns": [
                    {"name": "id", "type": "INTEGER", "notNull": false, "primaryKeyIndex": 1}
                  ],
                  "primaryKey": ["id"],
                  "associations": [
                    {"name": "address", "kind": "hasOne", "destination": "address", "columns": [["id", "libraryId"]], "toMany": false, "required": false, "inferredBy": "foreignKey"}
                  ]
                },
                {
                  "name": "address",
                  "isView": false,
                  "columns": [
                    {"name": "id", "type": "INTEGER", "notNull": false, "primaryKeyIndex": 1},
                    {"name": "libraryId", "type": "INTEGER", "notNull": true, "primaryKeyIndex": 0}
                  ],
                  "primaryKey": ["id"],
                  "associations": [
                    {"name": "library", "kind": "belongsTo", "destination": "library", "columns": [["libraryId", "id"]], "toMany": false, "required": true, "inferredBy": "foreignKey"}
                  ]
                },
                {
                  "name": "book",
                  "isView": false,
                  "columns": [
                    {"name": "id", "type": "INTEGER", "notNull": false, "primaryKeyIndex": 1},
                    {"name": "authorId", "type": "INTEGER", "notNull": true, "primaryKeyIndex": 0},
                    {"name": "libraryId", "type": "INTEGER", "notNull": false, "primaryKeyIndex": 0}
                  ],
                  "primaryKey": ["id"],
                  "associations": [
                    {"name": "author", "kind": "belongsTo", "destination": "person", "columns": [["authorId", "id"]], "toMany": false, "required": true, "inferredBy": "foreignKey"},
                    {"name": "library", "kind": "belongsTo", "destination": "library", "columns": [["libraryId", "id"]], "toMany": false, "required": false, "inferredBy": "foreignKey"},
                    {"name": "address", "kind": "hasOneThrough", "destination": "address", "through": ["library", "address"], "toMany": false, "required": false, "inferredBy": "foreignKey"}
                  ]
                }
              ],
              "diagnostics": ["view \\"broken\\": cannot read its columns: no such table: gone", "book: foreign key 3 refers to missing table \\"gone\\""]
            }

            """)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    func testDot() {
        XCTAssertEqual(
            SchemaDotRenderer.render(Self.snapshot()),
            #"""
            digraph schema {
              rankdir=LR;
              node [shape=record, fontname="Helvetica", fontsize=10];
              edge [fontname="Helvetica", fontsize=9];
              "person" [label="{person|id\lname\l}"];
              "library" [label="{library|id\l}"];
              "address" [label="{address|id\llibraryId\l}"];
              "book" [label="{book|id\lauthorId\llibraryId\l}"];
              "address" -> "library" [label="library / address"];
              "book" -> "person" [label="author / books"];
              "book" -> "library" [label="library"];
              "book" -> "address" [label="address", style=dashed, color=gray50, fontcolor=gray40];
            }

            """#)
    }

    func testDotEscapesNames() {
        let table = TableInfo(name: #"a "b" {c}|<d>\e"#, columns: [ColumnInfo(name: "x y")], primaryKey: .hiddenRowid)
        let output = SchemaDotRenderer.render(SchemaSnapshot(schema: Schema(tables: [table]), associations: []))
        // The backslash is doubled before DOT's own escaping: no name reads like an escape.
        XCTAssert(output.contains(#"  "a \"b\" {c}|<d>\\\\e" [label="{a \"b\" \{c\}\|\<d\>\\\\e|x y\l}"];"#), output)
    }

    func testMermaid() {
        XCTAssertEqual(
            SchemaMermaidRenderer.render(Self.snapshot()),
            """
            erDiagram
              person {
                INTEGER id PK
                TEXT name
              }
              library {
                INTEGER id PK
              }
              address {
                INTEGER id PK
                INTEGER libraryId FK
              }
              book {
                INTEGER id PK
                INTEGER authorId FK
                INTEGER libraryId FK
              }
              address |o--|| library : "library"
              book }o--|| person : "author"
              book }o--o| library : "library"

            """)
    }

    func testMermaidMakesNamesSafeAndUnique() {
        let tables = [
            TableInfo(name: "Order Details", columns: [ColumnInfo(name: "unit price", declaredType: "decimal(10,2)")], primaryKey: .hiddenRowid),
            TableInfo(name: "Order-Details", columns: [], primaryKey: .hiddenRowid),
            TableInfo(name: "2024", columns: [ColumnInfo(name: "\"q\"")], primaryKey: .hiddenRowid)
        ]
        XCTAssertEqual(
            SchemaMermaidRenderer.render(SchemaSnapshot(schema: Schema(tables: tables), associations: [])),
            """
            erDiagram
              Order_Details["Order Details"] {
                decimal unit_price "decimal(10,2)"
              }
              Order_Details_2["Order-Details"] {
              }
              _2024["2024"] {
                ANY _q_
              }

            """)
        XCTAssertEqual(SchemaMermaidRenderer.label("say \"hi\"\n"), #""say #quot;hi#quot;\n""#)
    }

    /// Names that collide once made safe (`k.m`, `k_m`, `k-m`): the safe one keeps its id, the
    /// others get unique ids labelled with their real names, and relationships use the ids.
    func testMermaidIdsStayUniqueAndKeepTheRealNames() {
        let tables = ["k.m", "k_m", "k-m", "K_M2"].map { TableInfo(name: $0, columns: [ColumnInfo(name: "id")], primaryKey: .hiddenRowid) }
        let link = Association(
            name: "km", kind: .belongsTo, origin: "k.m", destination: "k_m",
            path: .direct([ColumnPair(origin: "id", destination: "id")]), isRequired: false, source: .naming)
        let output = SchemaMermaidRenderer.render(SchemaSnapshot(schema: Schema(tables: tables), associations: [link]))
        XCTAssertEqual(
            output,
            """
            erDiagram
              k_m_2["k.m"] {
                ANY id
              }
              k_m {
                ANY id
              }
              k_m_3["k-m"] {
                ANY id
              }
              K_M2 {
                ANY id
              }
              k_m_2 }o--o| k_m : "km"

            """)
    }

    /// DOT ids are the real names, quoted: names that differ only by a control or invisible
    /// character, or by a backslash standing for one, stay different ids.
    func testDotIdsOfNamesDifferingByInvisibleCharactersDiffer() {
        let names = ["a b", "a\tb", "a\u{200B}b", "a\\tb", "a\u{2060}b", "ab"]
        let tables = names.map { TableInfo(name: $0, columns: [], primaryKey: .hiddenRowid) }
        let output = SchemaDotRenderer.render(SchemaSnapshot(schema: Schema(tables: tables), associations: []))
        let ids = output.split(separator: "\n").filter { $0.contains("[label=\"{") }.map {
            $0.split(separator: " [label=").first.map(String.init) ?? ""
        }
        XCTAssertEqual(ids.count, names.count, output)
        XCTAssertEqual(Set(ids).count, names.count, output)
        XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x2060 || $0.value == 0x09 }, output)
    }

    /// Mermaid reads an attribute type as one word: the type's name, its size in the comment.
    func testMermaidTypesAreTypeNamesWithTheSizeInTheComment() {
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("NVARCHAR(160)").type, "NVARCHAR")
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("NVARCHAR(160)").comment, "NVARCHAR(160)")
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("INTEGER").type, "INTEGER")
        XCTAssertNil(SchemaMermaidRenderer.attributeType("INTEGER").comment)
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("UNSIGNED BIG INT").type, "UNSIGNED_BIG_INT")
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("NUMERIC (10, 2)").type, "NUMERIC")
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("").type, "ANY")
        XCTAssertEqual(SchemaMermaidRenderer.attributeType("(5)").type, "ANY")
        let tables = [
            TableInfo(
                name: "Track",
                columns: [
                    ColumnInfo(name: "Name", declaredType: "NVARCHAR(200)"),
                    ColumnInfo(name: "Note", declaredType: #"TEXT "quoted""#)
                ], primaryKey: .hiddenRowid)
        ]
        XCTAssertEqual(
            SchemaMermaidRenderer.render(SchemaSnapshot(schema: Schema(tables: tables), associations: [])),
            """
            erDiagram
              Track {
                NVARCHAR Name "NVARCHAR(200)"
                TEXT__quoted_ Note "TEXT #quot;quoted#quot;"
              }

            """)
    }
}
