import TestSupport
import XCTest

@testable import AssocCore

/// Hand-checked cases for the differential test's reference, and regressions the differential test found.
final class DiffReferenceTests: XCTestCase {
    /// Two people, one country, one book by Ben translated by Ann, one prize.
    private func makeConnection() throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(DiffSchema.ddl)
        try connection.execute(
            """
            INSERT INTO country VALUES ('FR', 'France');
            INSERT INTO person VALUES (1, 'Ann', 'FR'), (2, 'Ben', NULL);
            INSERT INTO book VALUES (1, 2, 1, NULL, 'Dune', 'novel', 1965, 9.5);
            INSERT INTO prize VALUES (1, 1, 2000);
            """)
        return connection
    }

    private func referenceRows(_ root: DiffNode, _ connection: Connection) throws -> [String] {
        var counts = DiffPlan.MergeCount()
        let plan = DiffPlan.plan(root, isIncluded: true, conflicts: &counts)
        return DiffEvaluator(tables: try DiffTables(connection: connection)).rows(root: plan).map { DiffTree.canonical($0) }
    }

    private func child(_ graph: AssociationGraph, _ origin: String, _ name: String, _ method: JoinMethod, _ node: DiffNode? = nil) throws -> DiffChild
    {
        let association = try XCTUnwrap(graph.association(named: name, from: origin))
        return DiffChild(association: association, method: method, forKey: nil, node: node ?? DiffNode(table: association.destination))
    }

    func testReferenceJoinsFiltersAndPrefetches() throws {
        let connection = try makeConnection()
        let graph = try Database(connection: connection).graph
        let book = #"[i1,i2,i1,NULL,t"Dune",t"novel",i1965,r9.5"#
        // Required translator: Ann.
        var root = DiffNode(table: "book", children: [try child(graph, "book", "translator", .includingRequired)])
        XCTAssertEqual(try referenceRows(root, connection), [book + #" translator:[i1,t"Ann",t"FR"]]"#])
        // A filter of the association goes in ON: required drops the book, optional keeps it without translator.
        let nobody = DiffNode(table: "person", filters: [.compare("name", .eq, "Zed")])
        root.children = [try child(graph, "book", "translator", .includingRequired, nobody)]
        XCTAssertEqual(try referenceRows(root, connection), [])
        root.children = [try child(graph, "book", "translator", .includingOptional, nobody)]
        XCTAssertEqual(try referenceRows(root, connection), [book + " translator:∅]"])
        // NOT (countryCode = 'FR') is unknown for Ben (NULL): no row.
        let notFrench = DiffNode(table: "person", filters: [.not(.compare("countryCode", .eq, "FR"))])
        XCTAssertEqual(try referenceRows(notFrench, connection), [])
        // Prefetch: Ann wrote nothing, Ben wrote Dune; through prefetch: the prizes of Ben's books
        // (`booksAsAuthorPrizes`: person also reaches prizes through booksAsTranslator).
        let people = DiffNode(
            table: "person",
            children: [
                try child(graph, "person", "booksAsAuthor", .includingAll), try child(graph, "person", "booksAsAuthorPrizes", .includingAll)
            ])
        XCTAssertEqual(
            try referenceRows(people, connection),
            [
                #"[i1,t"Ann",t"FR" booksAsAuthor+{} booksAsAuthorPrizes+{}]"#,
                #"[i2,t"Ben",NULL booksAsAuthor+{"# + book + "]} booksAsAuthorPrizes+{[i1,i1,i2000]}]"
            ])
        // Joining a through association without columns: the pivot and target are no scope.
        let joined = DiffNode(table: "person", children: [try child(graph, "person", "booksAsAuthorPrizes", .joiningRequired)])
        XCTAssertEqual(try referenceRows(joined, connection), [#"[i2,t"Ben",NULL]"#])
    }

    func testSQLiteSemanticsOfTheReference() {
        XCTAssertTrue(SQLiteSemantics.like("Dune", "d%"))
        XCTAssertTrue(SQLiteSemantics.like("Dune", "_une"))
        XCTAssertFalse(SQLiteSemantics.like("Dune", "_une_"))
        XCTAssertTrue(SQLiteSemantics.like("Éva", "É%"))
        XCTAssertFalse(SQLiteSemantics.like("Éva", "é%"))  // SQLite folds ASCII letters only
        XCTAssertTrue(SQLiteSemantics.like("", "%"))
        XCTAssertEqual(SQLiteSemantics.compare(.null, .integer(0)), -1)
        XCTAssertEqual(SQLiteSemantics.compare(.integer(2), .real(1.5)), 1)
        XCTAssertEqual(SQLiteSemantics.compare(.integer(9), .text("1")), -1)
        XCTAssertEqual(SQLiteSemantics.compare(.text("B"), .text("a")), -1)
        XCTAssertNil(SQLiteSemantics.equals(.null, .null))
    }

    /// Found by the differential test: in `LEFT JOIN ("person" JOIN "country" …)` SQLite names the
    /// second `name` column `name:1`, so scopes lost their column names and prefetches their keys.
    func testScopesUnderParenthesizedJoinKeepColumnNames() throws {
        let db = try Database(connection: try makeConnection())
        let book = Table("book")
        let person = Table("person")
        let request = book.including(
            optional: book.translator
                .including(required: person.country)
                .including(all: person.booksAsTranslator))
        let statements = try db.executedStatements(for: request)
        XCTAssertTrue(statements.first?.sql.contains(#"LEFT JOIN ("person" JOIN "country""#) == true, statements.first?.sql ?? "")
        let row = try XCTUnwrap(try db.fetchAll(request).first)
        let translator = try XCTUnwrap(row.scope("translator"))
        XCTAssertEqual(translator.columnNames, ["id", "name", "countryCode"])
        XCTAssertEqual(translator.scope("country")?.columnNames, ["code", "name"])
        XCTAssertEqual(translator.scope("country")?["name"], "France")
        XCTAssertEqual(translator.prefetchedRows("booksAsTranslator")?.map { $0["title"] }, [.text("Dune")])
    }
}
