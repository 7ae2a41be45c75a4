import XCTest

@testable import AssocCore

/// `Database.scopeTree(of:)`: the scopes of a request's rows, with where the request writes
/// each (`joinPath`), checked against the rows a fetch returns. Schema: `SwiftCodeTests`'.
final class RequestScopeTests: XCTestCase {
    let book = Table("book"), person = Table("person"), library = Table("library"), passport = Table("passport")

    func database() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(
            SwiftCodeTests.schemaSQL + """
                INSERT INTO country VALUES ('FR', 'France');
                INSERT INTO person VALUES (1, 'Ann', 'FR');
                INSERT INTO library VALUES (1, 'Central');
                INSERT INTO book (id, title, authorId, libraryId) VALUES (1, 'Dune', 1, 1);
                INSERT INTO passport VALUES (1, 'FR', 1);
                """)
        return try Database(connection: connection)
    }

    func testNestedIncludesKeepTheirJoinPathsAndColumns() throws {
        let db = try database()
        let request = book.all
            .including(optional: book.library)
            .including(required: book.author.select(Column("name")).including(optional: person.country).aliased("a"))
            .including(all: book.prizes)
            .annotated(with: book.prizes.count)
        let tree = try db.scopeTree(of: request)
        XCTAssertEqual(tree.joinPath, [])
        XCTAssertEqual(tree.scopes.map(\.key), ["library", "author"])
        XCTAssertEqual(tree.scopes.map(\.joinPath), [[0], [1]])
        XCTAssertEqual(tree.scopes.map(\.kind), [.optional, .required])
        let author = try XCTUnwrap(tree.scope(at: ["author"]))
        XCTAssertEqual(author.alias, "a")
        XCTAssertEqual(author.columns, [.table("name")])
        XCTAssertEqual(tree.scope(at: ["author", "country"])?.joinPath, [1, 0])
        XCTAssertEqual(tree.prefetched.map(\.key), ["prizes"])
        XCTAssertEqual(tree.prefetched.first?.joinPath, [2])
        XCTAssertEqual(tree.columns.last, .annotation(0))
        // The tree is the rows' layout: same scopes, same number of columns each.
        let row = try XCTUnwrap(try db.fetchOne(request))
        XCTAssertEqual(row.columnNames.count, tree.columns.count)
        XCTAssertEqual(row.scopes.map(\.key), tree.scopes.map(\.key))
        XCTAssertEqual(row.scopeTree("author")?.columnNames, ["name"])
        XCTAssertEqual(row.scopeTree("country")?.columnNames.count, tree.scope(at: ["author", "country"])?.columns.count)
    }

    func testAThroughIncludeIsWrittenOnceItsPivotIsNot() throws {
        let db = try database()
        let tree = try db.scopeTree(of: passport.including(required: passport.citizenCountry))
        // The pivot (citizen) holds the target's scope; only the target was written by the request.
        let pivot = try XCTUnwrap(tree.scopes.first)
        XCTAssertNil(pivot.joinPath)
        XCTAssertEqual(pivot.columns, [])
        let target = try XCTUnwrap(pivot.scopes.first)
        XCTAssertEqual(target.table, "country")
        XCTAssertEqual(target.joinPath, [0])
        let row = try XCTUnwrap(try db.fetchOne(passport.including(required: passport.citizenCountry)))
        XCTAssertEqual(row.scopes.first?.key, pivot.key)
    }

    func testAJoinWithoutColumnsGivesNoScopeAndMergedJoinsKeepTheFirstPath() throws {
        let db = try database()
        var tree = try db.scopeTree(of: book.joining(required: book.author).including(optional: book.library))
        XCTAssertEqual(tree.scopes.map(\.key), ["library"])
        XCTAssertEqual(tree.scopes.first?.joinPath, [1])
        tree = try db.scopeTree(of: book.including(optional: book.author).including(required: book.author))
        XCTAssertEqual(tree.scopes.count, 1)
        XCTAssertEqual(tree.scopes.first?.joinPath, [0])
        XCTAssertEqual(tree.scopes.first?.kind, .required)
    }

    func testARequestForCountsOnlyTheRequestsOwnJoins() throws {
        let db = try database()
        let request = try db.request(for: library.books, of: library.filter(key: 1)).including(optional: book.author)
        let tree = try db.scopeTree(of: request)
        XCTAssertEqual(tree.table, "book")
        XCTAssertEqual(tree.scopes.first?.key, "author")
        XCTAssertEqual(tree.scopes.first?.joinPath, [0])
    }
}
