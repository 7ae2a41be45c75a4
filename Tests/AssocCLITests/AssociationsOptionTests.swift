import AssocCore
import Foundation
import TestSupport
import XCTest

/// `--associations FILE` on `fetch`, `sql`, `schema` and the browser, with the built binary, on a
/// Chinook-like file the test writes: a five-step through chain declared by hand.
final class AssociationsOptionTests: XCTestCase {
    static let shopSQL = """
        CREATE TABLE Artist(ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album(AlbumId INTEGER PRIMARY KEY, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, AlbumId INTEGER REFERENCES Album(AlbumId));
        CREATE TABLE Customer(CustomerId INTEGER PRIMARY KEY, FirstName TEXT);
        CREATE TABLE Invoice(InvoiceId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer(CustomerId));
        CREATE TABLE InvoiceLine(InvoiceLineId INTEGER PRIMARY KEY, InvoiceId INTEGER NOT NULL REFERENCES Invoice(InvoiceId),
                                 TrackId INTEGER NOT NULL REFERENCES Track(TrackId));
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO Album VALUES (1, 1), (2, 2);
        INSERT INTO Track VALUES (1, 1), (2, 1), (3, 2);
        INSERT INTO Customer VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
        INSERT INTO Invoice VALUES (1, 1), (2, 1), (3, 2), (4, 3);
        INSERT INTO InvoiceLine VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 3, 2), (5, 4, 3);
        """

    /// The shop database and its declarations file, in a fresh directory removed after the test.
    private func shop() throws -> (directory: URL, path: String, declarations: String) {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = try makeDatabaseFile("shop.sqlite", in: directory, sql: Self.shopSQL)
        let declarations = directory.appendingPathComponent("shop.assoc").path
        try """
        # Who bought a track of an artist
        Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: "customers")
        """.write(toFile: declarations, atomically: true, encoding: .utf8)
        return (directory, path, declarations)
    }

    func testFetchListsEachCustomerOnce() throws {
        let (_, path, declarations) = try shop()
        let result = try BinaryRunner.run([
            "fetch", path, "--associations", declarations, "Artist.filter(key: 1).request(for: customers)", "--format", "json"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.filter { !$0.isWhitespace }, #"[{"CustomerId":1,"FirstName":"Ann"},{"CustomerId":2,"FirstName":"Bob"}]"#)
        // Without the file the association does not exist, and the message says which ones do.
        let without = try BinaryRunner.run(["fetch", path, "Artist.filter(key: 1).request(for: customers)"])
        XCTAssertEqual(without.status, 1)
        XCTAssertTrue(without.stderr.contains(#"table "Artist" has no association named "customers""#), without.stderr)
    }

    func testSQLUsesTheDeclaredChain() throws {
        let (_, path, declarations) = try shop()
        let result = try BinaryRunner.run([
            "sql", "--associations", declarations, path, "Artist.annotated(with: customers.count)"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT "Artist".*, COUNT(DISTINCT "Customer"."CustomerId") AS "customerCount" FROM "Artist" \
            LEFT JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" LEFT JOIN "Track" ON "Track"."AlbumId" = "Album"."AlbumId" \
            LEFT JOIN "InvoiceLine" ON "InvoiceLine"."TrackId" = "Track"."TrackId" LEFT JOIN "Invoice" ON "Invoice"."InvoiceId" = "InvoiceLine"."InvoiceId" \
            LEFT JOIN "Customer" ON "Customer"."CustomerId" = "Invoice"."CustomerId" GROUP BY "Artist"."ArtistId";

            """)
    }

    func testSchemaJSONMarksDeclaredAssociations() throws {
        let (directory, path, declarations) = try shop()
        let result = try BinaryRunner.run(["schema", path, "--associations", declarations, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tables = try XCTUnwrap(json["tables"] as? [[String: Any]])
        let artist = try XCTUnwrap(tables.first { $0["name"] as? String == "Artist" })
        let associations = try XCTUnwrap(artist["associations"] as? [[String: Any]])
        let customers = try XCTUnwrap(associations.first { $0["name"] as? String == "customers" })
        XCTAssertEqual(customers["inferredBy"] as? String, "declared")
        XCTAssertEqual(customers["kind"] as? String, "hasManyThrough")
        XCTAssertEqual(customers["through"] as? [String], ["albums", "tracks", "invoiceLines", "invoice", "customer"])
        XCTAssertEqual(associations.filter { $0["inferredBy"] as? String == "declared" }.count, 1)
        // Repeatable: a second file adds to the first.
        let second = directory.appendingPathComponent("more.assoc").path
        try #"Customer.hasMany(Artist, through: [invoices, invoiceLines, track, album, artist], key: "artists")"#
            .write(toFile: second, atomically: true, encoding: .utf8)
        let both = try BinaryRunner.run(["schema", path, "--associations", declarations, "--associations", second])
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertTrue(both.stdout.contains("customers: Customer via albums.tracks.invoiceLines.invoice.customer [declared]"), both.stdout)
        XCTAssertTrue(both.stdout.contains("artists: Artist via invoices.invoiceLines.track.album.artist [declared]"), both.stdout)
    }

    /// A declared association replacing an inferred one changes the through lines made of it,
    /// in the text, JSON and dot output.
    func testSchemaThroughLinesFollowAReplacingDeclaration() throws {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = try makeDatabaseFile(
            "music.sqlite", in: directory,
            sql: """
                CREATE TABLE Album(AlbumId INTEGER PRIMARY KEY);
                CREATE TABLE Genre(GenreId INTEGER PRIMARY KEY);
                CREATE TABLE Mood(MoodId INTEGER PRIMARY KEY);
                CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, AlbumId INTEGER REFERENCES Album(AlbumId),
                                   GenreId INTEGER REFERENCES Genre(GenreId), MoodKey INTEGER);
                """)
        let declarations = directory.appendingPathComponent("music.assoc").path
        try #"Track.belongsTo(Mood, key: "genre", using: [MoodKey])"#.write(toFile: declarations, atomically: true, encoding: .utf8)
        let text = try BinaryRunner.run(["schema", path, "--associations", declarations])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("genres: Mood via tracks.genre"), text.stdout)
        XCTAssertFalse(text.stdout.contains("genres: Genre"), text.stdout)
        let json = try BinaryRunner.run(["schema", path, "--associations", declarations, "--format", "json"])
        XCTAssertTrue(
            json.stdout.contains(#""name": "genres", "kind": "hasManyThrough", "destination": "Mood""#)
                || json.stdout.filter { !$0.isWhitespace }.contains(#""name":"genres","kind":"hasManyThrough","destination":"Mood""#), json.stdout)
        let sql = try BinaryRunner.run(["sql", "--associations", declarations, path, "Album.joining(required: genres)"])
        XCTAssertTrue(sql.stdout.contains(#"JOIN "Mood" ON "Mood"."MoodId" = "Track"."MoodKey""#), sql.stdout)
    }

    func testBadDeclarationsFailBeforeAnythingRuns() throws {
        let (directory, path, _) = try shop()
        let bad = directory.appendingPathComponent("bad.assoc").path
        try "# typo on line 2\nArtist.hasMany(Customer, through: [albums, trakcs, invoiceLines, invoice, customer])\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let expected = #"assoc: \#(bad):2:44: through: table "Album" has no association named "trakcs" (did you mean "tracks"?)"# + "\n"
        // The browser (default command and `browse`) stops before the screen changes.
        for arguments in [
            [path, "--associations", bad], ["browse", "--associations", bad, path],
            ["fetch", path, "--associations", bad, "Artist"], ["schema", path, "--associations", bad]
        ] {
            let result = try BinaryRunner.run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, expected, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        let missing = try BinaryRunner.run(["sql", path, "--associations", directory.appendingPathComponent("nope").path, "Artist"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("assoc: cannot read the associations file "), missing.stderr)
        XCTAssertTrue(missing.stderr.hasSuffix(": no such file\n"), missing.stderr)
    }
}
