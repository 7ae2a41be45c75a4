import XCTest

@testable import AssocCore

/// GRDB's "Associations, In Depth" guide, "Columns are scoped": columns of `select`, `filter` and `order` belong to the table at the
/// origin of the request or association; only table aliases escape. Data: `SeedSchemas.authors()`.
final class SeedColumnsScopedSQLTests: XCTestCase {
    let book = Table("book"), author = Table("author")

    /// `Book.filter(Column("kind") == "novel")`: `SELECT * FROM book WHERE kind = 'novel'`.
    func testColumnsAreScoped_bookRequest() throws {
        let db = try SeedSchemas.authors()
        let request = book.filter(Column("kind") == "novel")
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(statement.sql, #"SELECT * FROM "book" WHERE "kind" = ?"#)
        XCTAssertEqual(statement.arguments, ["novel"])
        XCTAssertEqual(try db.fetchAll(request.order(Column("id"))).map { $0["id"] }, [1, 2])
    }

    /// `request.including(required: Book.author)`: "kind" stays a book column.
    func testColumnsAreScoped_extendedWithAuthor() throws {
        let db = try SeedSchemas.authors()
        let request = book.filter(Column("kind") == "novel").including(required: book.author)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."kind" = ?"#)
        XCTAssertEqual(try db.fetchAll(request).map { $0.scope("author")?["name"] }, [.text("Ann"), .text("Ann")])
    }

    /// A filter on the association is scoped to the author table and goes in ON; bindings in SQL order.
    func testColumnsAreScoped_frenchAuthorFilter() throws {
        let db = try SeedSchemas.authors()
        let request = book.filter(Column("kind") == "theatrePlay").including(required: book.author.filter(Column("country") == "US"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?) WHERE "book"."kind" = ?"#
        )
        XCTAssertEqual(statement.arguments, ["US", "theatrePlay"])
        XCTAssertEqual(try db.fetchAll(request).map { $0["title"] }, [.text("B1")])
    }

    /// The only escape is an alias: `select(title, year, alias[country])` with the author aliased.
    func testColumnsAreScoped_aliasEscapesTheScope() throws {
        let db = try SeedSchemas.authors()
        let alias = TableAlias("author")
        let request =
            book
            .select(Column("title"), Column("year"), alias["country"])
            .joining(required: book.author.aliased(alias))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book"."title", "book"."year", "author"."country" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.first?.columnNames, ["title", "year", "country"])
        XCTAssertEqual(rows.map { $0.values }, [["A1", 2005, "FR"], ["A2", 2012, "FR"], ["A3", 2001, "FR"], ["B1", 1999, "US"]])
    }

    /// A column of the other table without an alias is refused, naming the table where it was looked up.
    func testColumnsAreScoped_unscopedColumnIsAnError() throws {
        let db = try SeedSchemas.authors()
        let request = book.select(Column("title"), Column("country")).joining(required: book.author)
        XCTAssertThrowsError(try db.mainStatement(for: request)) { error in
            guard case .unknownColumn(let table, let column, _)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual([table, column], ["book", "country"])
            XCTAssertTrue("\(error)".contains("country") && "\(error)".contains("book"), "\(error)")
        }
    }

    /// `Author.all().filter(country: "France")`: `SELECT * FROM author WHERE country = ?`.
    func testColumnsAreScoped_derivableAuthorFilter() throws {
        let db = try SeedSchemas.authors()
        let request = author.filter(Column("country") == "FR")
        XCTAssertEqual(try db.mainStatement(for: request).sql, #"SELECT * FROM "author" WHERE "country" = ?"#)
        XCTAssertEqual(try db.fetchAll(request.order(Column("id"))).map { $0["name"] }, [.text("Ann"), .text("Cid")])
    }

    /// `Book.filter(kind: "novel").joining(required: Book.author.filter(country: "France"))`.
    func testColumnsAreScoped_derivableBookFilters() throws {
        let db = try SeedSchemas.authors()
        let request = book.filter(Column("kind") == "novel").joining(required: book.author.filter(Column("country") == "FR"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?) WHERE "book"."kind" = ?"#)
        XCTAssertEqual(statement.arguments, ["FR", "novel"])
        XCTAssertEqual(try db.fetchAll(request.order(Column("id"))).map { $0["id"] }, [1, 2])
    }

    /// `Author.filter(country:).including(all: Author.books.filter(kind:))`: two statements, each scoped.
    func testColumnsAreScoped_derivablePrefetch() throws {
        let db = try SeedSchemas.authors()
        let request = author.filter(Column("country") == "FR")
            .including(all: author.books.filter(Column("kind") == "novel").order(Column("id")))
            .order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "author" WHERE "country" = ? ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE ("kind" = ?) AND ("authorId" IN (?, ?)) ORDER BY "id""#
            ])
        XCTAssertEqual(statements.map(\.arguments), [["FR"], ["novel", 1, 3]])
        XCTAssertEqual(
            try db.fetchAll(request).map { $0.prefetchedRows("books")?.map { $0["title"] } },
            [[.text("A1"), .text("A2")], []])
    }
}
