import XCTest

@testable import AssocCore

/// The request-language twins of `SeedColumnsScopedSQLTests` (`SeedSchemas.authors()`): same statements,
/// arguments and rows (or the same error) as the Swift request, plus a hand-checked value.
/// Twinned in SeedLanguagePrefetchTests: testColumnsAreScoped_derivablePrefetch (testDerivablePrefetch).
final class SeedLanguageColumnsScopedTests: XCTestCase {
    let book = Table("book"), author = Table("author")

    func testColumnsAreScoped_bookRequest() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "book.filter(kind = 'novel').order(id)",
            book.filter(Column("kind") == "novel").order(Column("id")))
        XCTAssertEqual(rows.map { $0["id"] }, [1, 2])
    }

    func testColumnsAreScoped_extendedWithAuthor() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "book.filter(kind = 'novel').including(required: author)",
            book.filter(Column("kind") == "novel").including(required: book.author))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Ann"), .text("Ann")])
    }

    func testColumnsAreScoped_frenchAuthorFilter() throws {
        let db = try SeedSchemas.authors()
        let text = "book.filter(kind = 'theatrePlay').including(required: author.filter(country = 'US'))"
        let rows = try assertLanguageTwin(
            db, text,
            book.filter(Column("kind") == "theatrePlay").including(required: book.author.filter(Column("country") == "US")))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, ["US", "theatrePlay"])
        XCTAssertEqual(rows.map { $0["title"] }, [.text("B1")])
    }

    func testColumnsAreScoped_aliasEscapesTheScope() throws {
        let db = try SeedSchemas.authors()
        let alias = TableAlias("author")
        let rows = try assertLanguageTwin(
            db, #"book.select(title, year, author.country).joining(required: author.aliased("author")).order(id)"#,
            book.select(Column("title"), Column("year"), alias["country"]).joining(required: book.author.aliased(alias)).order(Column("id")))
        XCTAssertEqual(rows.map { $0.values }, [["A1", 2005, "FR"], ["A2", 2012, "FR"], ["A3", 2001, "FR"], ["B1", 1999, "US"]])
    }

    func testColumnsAreScoped_unscopedColumnIsAnError() throws {
        let db = try SeedSchemas.authors()
        let error = try assertLanguageTwinThrows(
            db, "book.select(title, country).joining(required: author)",
            book.select(Column("title"), Column("country")).joining(required: book.author))
        guard case .unknownColumn("book", "country", _)? = error as? AssocError else { return XCTFail("\(String(describing: error))") }
    }

    func testColumnsAreScoped_derivableAuthorFilter() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.filter(country = 'FR').order(id)",
            author.filter(Column("country") == "FR").order(Column("id")))
        XCTAssertEqual(rows.map { $0["name"] }, [.text("Ann"), .text("Cid")])
    }

    func testColumnsAreScoped_derivableBookFilters() throws {
        let db = try SeedSchemas.authors()
        let text = "book.filter(kind = 'novel').joining(required: author.filter(country = 'FR')).order(id)"
        let rows = try assertLanguageTwin(
            db, text,
            book.filter(Column("kind") == "novel").joining(required: book.author.filter(Column("country") == "FR")).order(Column("id")))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, ["FR", "novel"])
        XCTAssertEqual(rows.map { $0["id"] }, [1, 2])
    }
}
