import TestSupport
import XCTest

@testable import AssocCore

/// `suggestLinks`: on copies of the project's test schemas with every REFERENCES clause removed,
/// the values recover the removed links, no link is proposed whose values are not all found, and
/// the suggestions written as an associations file give back the graph of the declared keys.
final class LinkSuggestionTests: XCTestCase {
    static var historySQL: String { HistoryFixture.sql }

    /// `sql` with every `REFERENCES table(columns)` clause removed.
    static func stripped(_ sql: String) throws -> String { try HistoryFixture.withoutReferences(sql) }

    /// A copy of `source` (tables and rows) whose tables declare no foreign key.
    static func strippedCopy(of source: Connection) throws -> Database {
        let copy = try Connection.inMemory()
        let tables = try source.fetchAll("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY rowid")
        for table in tables {
            guard case .text(let name) = table[0], case .text(let sql) = table[1] else { continue }
            try copy.execute(try stripped(sql))
            let rows = try source.fetchAll("SELECT * FROM \(quoteIdentifier(name))")
            guard let width = rows.first?.count else { continue }
            let placeholders = Array(repeating: "?", count: width).joined(separator: ", ")
            try copy.execute("BEGIN")
            for row in rows { try copy.execute("INSERT INTO \(quoteIdentifier(name)) VALUES (\(placeholders))", arguments: row) }
            try copy.execute("COMMIT")
        }
        for index in try source.fetchAll("SELECT sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL") {
            if case .text(let sql) = index[0] { try copy.execute(sql) }
        }
        return try Database(connection: copy)
    }

    /// A belongsTo link as the comparisons see it: origin, destination, column pairs (lower-cased).
    struct Link: Hashable, CustomStringConvertible {
        var origin: String
        var destination: String
        var columns: [String]
        var description: String { "\(origin)(\(columns.joined(separator: ","))) → \(destination)" }
    }

    static func belongsTo(_ graph: AssociationGraph) -> Set<Link> {
        Set(
            graph.allAssociations.filter { $0.kind == .belongsTo }.map {
                Link(
                    origin: $0.origin.lowercased(), destination: $0.destination.lowercased(),
                    columns: $0.columns.map { "\($0.origin.lowercased())=\($0.destination.lowercased())" })
            })
    }

    /// Checks, with hand-written SQL, that every value of each confident suggestion is found and
    /// that the share printed of the others is the share SQLite counts.
    func assertEvidenceHolds(_ found: LinkSuggestions, in db: Database, file: StaticString = #filePath, line: UInt = #line) throws {
        for suggestion in found.suggestions {
            let (t, c) = (quoteIdentifier(suggestion.origin), quoteIdentifier(suggestion.column))
            let (d, k) = (quoteIdentifier(suggestion.destination), quoteIdentifier(suggestion.destinationColumn))
            let rows = try db.connection.fetchAll(
                "SELECT count(DISTINCT o.\(c)), count(DISTINCT CASE WHEN NOT EXISTS (SELECT 1 FROM \(d) AS d WHERE d.\(k) = o.\(c)) THEN o.\(c) END) FROM \(t) AS o WHERE o.\(c) IS NOT NULL"
            )
            XCTAssertEqual(
                rows.first, [.integer(Int64(suggestion.distinctValues)), .integer(Int64(suggestion.missingValues))], "\(suggestion)", file: file,
                line: line)
            if suggestion.isConfident { XCTAssertEqual(suggestion.missingValues, 0, file: file, line: line) }
        }
    }

    /// Suggestions on the stripped copy recover every link of `original`, to the right key; the
    /// certain ones, written as an associations file, give back some of its belongsTo
    /// associations, no other (uncommenting the others gives back all of them).
    func assertRecovers(
        _ original: AssociationGraph, from copy: Database, file: StaticString = #filePath, line: UInt = #line
    ) throws -> LinkSuggestions {
        let found = try copy.suggestLinks(budgetMilliseconds: 60_000)
        XCTAssertFalse(found.isIncomplete, file: file, line: line)
        try assertEvidenceHolds(found, in: copy, file: file, line: line)
        let text = found.declarationsText(of: "test")
        let declarations = try AssociationDeclaration.parse(text, file: "links.assoc")
        XCTAssertEqual(declarations.count, found.suggestions.filter(\.isConfident).count, text, file: file, line: line)
        let expected = Self.belongsTo(original)
        let certain = Self.belongsTo(try AssociationGraph(schema: copy.schema, declarations: declarations))
        XCTAssertEqual(
            certain.subtracting(expected).map(\.description).sorted(), [], "certain links the schema does not have\n\(text)", file: file, line: line)
        // Every line uncommented: every link of the schema is among them.
        let uncommented = text.split(separator: "\n").map { $0.hasPrefix("# ") && $0.contains(".belongsTo(") ? String($0.dropFirst(2)) : String($0) }
        let all = try AssociationDeclaration.parse(uncommented.joined(separator: "\n"), file: "links.assoc")
        let got = Self.belongsTo(try AssociationGraph(schema: copy.schema, declarations: all))
        XCTAssertEqual(expected.subtracting(got).map(\.description).sorted(), [], "links not recovered\n\(text)", file: file, line: line)
        for suggestion in found.suggestions where suggestion.isConfident {
            XCTAssertTrue(suggestion.nameAgrees && suggestion.isExact, "\(suggestion)", file: file, line: line)
        }
        return found
    }

    func testHistoryFileLinksAreRecoveredFromTheValues() throws {
        let original = try TestDatabase.make(Self.historySQL)
        let copy = try TestDatabase.make(try Self.stripped(Self.historySQL))
        // The names alone infer visits.place_id → places only: it is not suggested again.
        XCTAssertEqual(Self.belongsTo(copy.graph), [Link(origin: "visits", destination: "places", columns: ["place_id=id"])])
        let found = try assertRecovers(original.graph, from: copy)
        let byColumn = Dictionary(found.suggestions.map { ("\($0.origin).\($0.column)", $0) }, uniquingKeysWith: { a, _ in a })
        let fk = try XCTUnwrap(byColumn["bookmarks.fk"])
        XCTAssertEqual([fk.destination, fk.destinationColumn, fk.key], ["places", "id", "place"])
        XCTAssertEqual(fk.distinctValues, 27)
        XCTAssertTrue(fk.isExact && fk.isIndexed && !fk.nameAgrees)
        let parent = try XCTUnwrap(byColumn["bookmarks.parent"])
        XCTAssertEqual([parent.destination, parent.destinationColumn], ["bookmarks", "id"])
        XCTAssertTrue(parent.nameAgrees)
        XCTAssertNil(byColumn["visits.place_id"])
        XCTAssertTrue(LinkNaming.agrees(column: "place_id", origin: "visits", destination: "moz_places", destinationColumn: "id"))
        XCTAssertFalse(LinkNaming.agrees(column: "fk", origin: "bookmarks", destination: "places", destinationColumn: "id"))
        // visit_type (1…3) is found in places.id too, but nothing else says it is a link: commented out.
        let visitType = try XCTUnwrap(byColumn["visits.visit_type"])
        XCTAssertFalse(visitType.isConfident)
        // 39 of 40 values found: "nearly all", with its share, commented out.
        let anno = try XCTUnwrap(byColumn["annos.place_ref"])
        XCTAssertEqual([anno.distinctValues, anno.missingValues], [40, 1])
        XCTAssertFalse(anno.isConfident)
        let text = found.declarationsText(of: "places.sqlite")
        XCTAssertTrue(text.contains("# NEARLY ALL: annos.place_ref → places.id: 97.5% of 40 distinct value(s) found, 1 match no row"), text)
        XCTAssertTrue(text.contains("\n# annos.belongsTo(places, key: \"place\", using: [place_ref], to: [id])\n"), text)
        // `fk` is indexed and every value is found, but its name says nothing: not certain.
        XCTAssertFalse(fk.isConfident)
        XCTAssertTrue(text.contains("\n# bookmarks.belongsTo(places, key: \"place\", using: [fk], to: [id])\n"), text)
        XCTAssertTrue(parent.isConfident)
        // visits.session (1001…1200) is in no key; places.visit_count holds 0…6 but 0 is in no key.
        XCTAssertNil(byColumn["visits.session"])
        XCTAssertNil(byColumn["places.visit_count"])
    }

    func testDemoDatabaseLinksAreRecoveredFromTheValues() throws {
        let demo = try DemoDatabase.make()
        let original = try Database(connection: demo)
        let copy = try Self.strippedCopy(of: demo)
        XCTAssertTrue(copy.schema.tables.allSatisfy(\.foreignKeys.isEmpty))
        let found = try assertRecovers(original.graph, from: copy)
        let author = try XCTUnwrap(found.suggestions.first { $0.origin == "book" && $0.column == "authorId" })
        XCTAssertEqual([author.destination, author.destinationColumn, author.key], ["person", "id", "author"])
    }

    func testChinookFixtureLinksAreRecoveredFromTheValues() throws {
        let original = try ChinookFixture.database()
        let copy = try TestDatabase.make(try Self.stripped(ChinookFixture.sql))
        XCTAssertTrue(copy.schema.tables.allSatisfy(\.foreignKeys.isEmpty))
        _ = try assertRecovers(original.graph, from: copy)
    }

    func testPastTheBudgetWhatIsLeftIsListed() throws {
        let copy = try Self.strippedCopy(of: try DemoDatabase.make(scale: 3))
        let all = LinkCandidates(graph: copy.graph).columns.count
        let found = try copy.suggestLinks(budgetMilliseconds: 1)
        XCTAssertTrue(found.isIncomplete)
        XCTAssertEqual(found.candidatesChecked + found.unchecked.count, all)
        let text = found.declarationsText(of: "demo")
        XCTAssertTrue(text.contains("INCOMPLETE: \(found.unchecked.count) column(s) left unchecked past the budget"), text)
        XCTAssertTrue(text.contains("# Unchecked past the budget"), text)
    }

    func testTrivialColumnsAreSkippedAndOddNamesAreConsideredAndEscaped() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE kind (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "odd""name" ("the id" INTEGER PRIMARY KEY, flag INTEGER, one INTEGER, "kind" INTEGER, "evil\u{202E}Id" INTEGER, longId TEXT, "ki\u{AD}nd\tId" INTEGER);
            INSERT INTO kind VALUES (0, 'a'), (1, 'b'), (2, 'c'), (3, 'd');
            INSERT INTO "odd""name" VALUES (11, 0, 5, 1, 1, 'a', 1), (12, 1, 5, 2, 2, 'b', 2), (13, 1, 5, 3, 3, printf('%.600c', 'x'), 3);
            """)
        let found = try db.suggestLinks(budgetMilliseconds: 60_000)
        XCTAssertEqual(found.suggestions.map(\.column), ["kind", "evil\u{202E}Id", "ki\u{AD}nd\tId"])
        XCTAssertEqual(found.suggestions.map(\.isConfident), [true, false, false])
        XCTAssertEqual(Set(found.skipped.map(\.column)), [#""odd""name".flag"#, #""odd""name".one"#, #""odd""name".longId"#])
        XCTAssertEqual(found.skipped.first { $0.column == #""odd""name".longId"# }?.reason, "holds values longer than 512 bytes")
        let text = found.declarationsText(of: "odd")
        XCTAssertTrue(text.contains("\n" + #""odd""name".belongsTo(kind, key: "kind", using: [kind], to: [id])"# + "\n"), text)
        XCTAssertTrue(text.contains(#"using: [U&"evil\202EId"]"#), text)
        XCTAssertTrue(text.contains(#"using: [U&"ki\00ADnd\0009Id"]"#), text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0xAD || $0.value == 0x09 }, text)
        // Every line, the uncertain ones uncommented, reads back and names the real columns.
        let uncommented = text.split(separator: "\n").map { $0.hasPrefix("# ") && $0.contains(".belongsTo(") ? String($0.dropFirst(2)) : String($0) }
        let declarations = try AssociationDeclaration.parse(uncommented.joined(separator: "\n"))
        XCTAssertEqual(declarations.count, 3)
        let graph = try AssociationGraph(schema: db.schema, declarations: declarations)
        XCTAssertEqual(
            Set(graph.associations(from: "odd\"name").filter { $0.kind == .belongsTo }.compactMap { $0.columns.first?.origin }),
            ["kind", "evil\u{202E}Id", "ki\u{AD}nd\tId"])
    }

    /// A column of its own table's key where every row names itself (`supervisor_id = id`) links
    /// nothing: skipped, with the reason. A real hierarchy is suggested.
    func testASelfLinkWhereEveryRowNamesItselfIsNoLink() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE staff (id INTEGER PRIMARY KEY, supervisor_id INTEGER, manager_id INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
              INSERT INTO staff SELECT i, i, CASE WHEN i > 1 THEN i / 2 END FROM n;
            """)
        let found = try db.suggestLinks(budgetMilliseconds: 60_000)
        XCTAssertEqual(found.suggestions.map(\.column), ["manager_id"])
        XCTAssertEqual(found.skipped.first { $0.column == "staff.supervisor_id" }?.reason, "every row names itself (supervisor_id = id)")
        XCTAssertTrue(found.declarationsText(of: "staff").contains("staff.supervisor_id: every row names itself"))
    }

    /// Three small values fit a 5-row table as well as an 8-row one: the line is commented out,
    /// with the other table named (Chinook's `Customer.SupportRepId`).
    func testAFewSmallValuesThatFitSeveralTablesAreAmbiguous() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE MediaType (MediaTypeId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, LastName TEXT);
            CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, SupportRepId INTEGER);
            CREATE INDEX Customer_SupportRepId ON Customer(SupportRepId);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8)
              INSERT INTO Employee SELECT i, 'e' || i FROM n;
            INSERT INTO MediaType SELECT EmployeeId, LastName FROM Employee WHERE EmployeeId <= 5;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 59)
              INSERT INTO Customer SELECT 100 + i, i % 3 + 3 FROM n;
            """)
        let found = try db.suggestLinks(budgetMilliseconds: 60_000)
        let rep = try XCTUnwrap(found.suggestions.first { $0.column == "SupportRepId" })
        XCTAssertTrue(rep.isExact && rep.isIndexed && rep.isAmbiguous && !rep.isConfident)
        XCTAssertEqual(rep.alternatives.first, "Employee.EmployeeId")
        let text = found.declarationsText(of: "shop")
        XCTAssertTrue(text.contains("AMBIGUOUS: the values fit Employee.EmployeeId about as well"), text)
        XCTAssertEqual(try AssociationDeclaration.parse(text).count, 0, text)
    }
}
