import TestSupport
import XCTest

@testable import AssocCore

/// `AssocError`: what is at fault comes as data a caller can switch on, SQLite and decoding
/// errors included, and `message` renders each case as the one line users see.
final class AssocErrorTests: XCTestCase {
    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT NOT NULL);
            INSERT INTO artist VALUES (1, 'AC/DC');
            INSERT INTO album VALUES (1, 1, 'Let There Be Rock'), (2, NULL, 'Unknown');
            """)
    }

    /// Returns the error `body` throws as an `AssocError`, failing when it throws another type.
    func assocError(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> AssocError? {
        do {
            _ = try body()
            XCTFail("no error", file: file, line: line)
        } catch let error as AssocError {
            return error
        } catch {
            XCTFail("not an AssocError: \(type(of: error)) \(error)", file: file, line: line)
        }
        return nil
    }

    func testUnknownNamesCarryTheNameAndSuggestions() throws {
        let db = try database()
        switch assocError({ try db.request(parsing: "albun") }) {
        case .unknownTable(let name, let suggestions)?:
            XCTAssertEqual(name, "albun")
            XCTAssertEqual(suggestions, ["album"])
        case let other: XCTFail("\(String(describing: other))")
        }
        switch assocError({ try db.request(parsing: "album.including(required: artst)") }) {
        case .unknownAssociation(let table, let name, let suggestions, let available)?:
            XCTAssertEqual([table, name], ["album", "artst"])
            XCTAssertEqual(suggestions, ["artist"])
            XCTAssertEqual(available, ["artist"])
        case let other: XCTFail("\(String(describing: other))")
        }
        let column = assocError({ try db.request(parsing: "album.filter(titel = 'x')") })
        XCTAssertEqual(column, .unknownColumn(table: "album", column: "titel", suggestions: ["title"]))
        XCTAssertEqual(column?.message, #"table "album" has no column named "titel" (did you mean "title"?)"#)
        XCTAssertEqual(column?.suggestions, ["title"])
    }

    func testSyntaxErrorsCarryTheirPosition() throws {
        let db = try database()
        guard case .syntax(let syntax)? = assocError({ try db.request(parsing: "album.filter(id = )") }) else {
            return XCTFail("not a syntax error")
        }
        XCTAssertEqual(syntax.position, 18)
        XCTAssertEqual(syntax.column, 19)
        XCTAssertEqual(AssocError.syntax(syntax).message, "expected an expression, found ')' at column 19")
    }

    func testSQLiteErrorsCarryTheirCode() throws {
        let missing = NSTemporaryDirectory() + "assoc-error-\(UUID().uuidString).sqlite"
        guard case .sqlite(let error)? = assocError({ try Database(path: missing) }) else { return XCTFail("not a SQLite error") }
        XCTAssertEqual(error.code, 14)  // SQLITE_CANTOPEN
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "opening a missing path created it")
        let db = try database()
        let refused = assocError({ try db.connection.prepare("SELECT * FROM nowhere") })
        XCTAssertEqual(refused?.databaseError?.code, 1)  // SQLITE_ERROR
        XCTAssertEqual(refused?.message, "no such table: nowhere")
    }

    func testDecodingErrorsNameTheColumn() throws {
        struct Album: FetchableRecord {
            var id: Int
            var artistId: Int
        }
        let db = try database()
        guard case .decoding(let error)? = assocError({ try Album.fetchAll(db, Table("album").order(Column("id"))) }) else {
            return XCTFail("not a decoding error")
        }
        XCTAssertEqual(error.kind, .valueNotFound)
        XCTAssertEqual(error.codingPath, ["artistId"])
    }

    func testRequestErrorsNameTheirTable() throws {
        let db = try database()
        let error = assocError({ try db.request(parsing: "album.having(id > 1)") })
        guard case .invalidRequest(let table, let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(table, "album")
        XCTAssertTrue(reason.contains("use filter(_:)"), reason)
        XCTAssertEqual(error?.message, reason)
    }

    func testOneRendererForEveryError() {
        struct Other: Error, CustomStringConvertible { var description: String { "other" } }
        XCTAssertEqual(AssocError.message(for: Other()), "other")
        XCTAssertEqual(AssocError.message(for: AssocError.emptySelection(table: "album")), #"the request on "album" selects no column"#)
        XCTAssertEqual(AssocError.message(for: AssocError.sqlite(DatabaseError(code: 5, message: "locked"))), "locked")
        XCTAssertEqual(
            AssocError.unknownAssociation(table: "album", name: "zz", suggestions: [], available: ["tracks", "artist"]).message,
            #"table "album" has no association named "zz" (its associations: artist, tracks)"#)
        XCTAssertEqual(
            AssocError.unknownAlias("a", suggestions: [], known: []).message,
            #"no table of the request is aliased "a" (use aliased(_:) on a table first)"#)
    }

    func testNameSuggestions() {
        let names = ["Album", "Artist", "Track", "InvoiceLine", "Invoice"]
        XCTAssertEqual(NameSuggestions.closest(to: "albm", among: names), ["Album"])
        XCTAssertEqual(NameSuggestions.closest(to: "Artst", among: names), ["Artist"])
        // A prefix is a match whatever its distance, unless prefixes are off.
        XCTAssertEqual(NameSuggestions.closest(to: "Invo", among: names), ["Invoice", "InvoiceLine"])
        XCTAssertEqual(NameSuggestions.closest(to: "Invo", among: names, matchingPrefixes: false), [])
        XCTAssertEqual(NameSuggestions.closest(to: "zzzzzz", among: names), [])
        // Ties keep the candidates' order; at most `limit`.
        XCTAssertEqual(NameSuggestions.closest(to: "ab", among: ["ac", "xb", "ab c"], limit: 2), ["ac", "xb"])
        XCTAssertEqual(NameSuggestions.distance("kitten", "sitting"), 3)
    }
}
