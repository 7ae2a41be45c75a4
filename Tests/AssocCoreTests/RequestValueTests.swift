import XCTest

@testable import AssocCore

/// Requests are values: built with the Swift API or parsed from text, two requests that print the
/// same text are equal and hash alike; different ones are not; resolution leaves them unchanged.
final class RequestValueTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    func testTheSwiftAPIAndTheLanguageBuildEqualRequests() throws {
        let db = try Database(connection: DemoDatabase.make())
        let built = book.including(required: book.author.including(optional: person.country)).filter(Column("year") >= 2000)
            .order(Column("title"), Column("year").desc).limit(10)
        let parsed = try db.request(
            parsing: "book.including(required: author.including(optional: country)).filter(year >= 2000).order(title, year.desc).limit(10)")
        XCTAssertEqual(built, parsed)
        XCTAssertEqual(built.hashValue, parsed.hashValue)
        XCTAssertNotEqual(built, parsed.limit(11))
        XCTAssertNotEqual(
            built,
            book.including(optional: book.author.including(optional: person.country)).filter(Column("year") >= 2000)
                .order(Column("title"), Column("year").desc).limit(10))
        XCTAssertEqual(Set([built, parsed, parsed.limit(11)]).count, 2)
    }

    func testPrintedTextParsesBackToAnEqualRequest() throws {
        let db = try Database(connection: DemoDatabase.make())
        let texts = [
            "person.annotated(with: booksAsAuthor.count, booksAsAuthor.max(year)).having(booksAsAuthor.count >= 2)",
            "book.joining(optional: author.aliased(\"a\")).filter(a.name LIKE 'A%' OR a.name IS NULL)",
            "person.including(all: booksAsAuthor.filter(year > 2000).order(year.desc).forKey(\"recent\"))",
            "library.filter(id = 1).request(for: books).including(optional: author).order(title)",
            "book.select(id, title).distinct().limit(5, offset: 10)"
        ]
        for text in texts {
            let request = try db.request(parsing: text)
            let again = try db.request(parsing: try request.languageText())
            XCTAssertEqual(request, again, text)
            XCTAssertEqual(request.hashValue, again.hashValue, text)
            // Resolving (SQL generation, fetching) does not change the value.
            let copy = request
            _ = try db.mainStatement(for: request)
            _ = try db.fetchAll(request)
            XCTAssertEqual(request, copy, text)
        }
    }
}
