import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocInsights

/// Cardinality profiles: the buckets of `Artist → albums` and `Invoice → invoiceLines` on
/// Chinook's schema equal hand-written `GROUP BY` counts; each bucket's request lists its rows.
final class CardinalityProfileTests: XCTestCase {
    /// Chinook's schema; artists with 0, 0, 1, 1, 2, 3, 6, 25 and 120 albums; invoices with
    /// 0, 1, 1, 2, 4, 7, 14 and 21 lines.
    private func chinook() throws -> Database {
        try TestDatabase.make(
            chinookDDL + """
                INSERT INTO Artist VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D'), (5, 'E'), (6, 'F'), (7, 'G'), (8, 'H'), (9, 'I');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120),
                  counts(artist, albums) AS (VALUES (3, 1), (4, 1), (5, 2), (6, 3), (7, 6), (8, 25), (9, 120))
                INSERT INTO Album (Title, ArtistId) SELECT 'album', artist FROM counts JOIN n ON n.i <= counts.albums;
                INSERT INTO Employee VALUES (1, 'Rep', 'Sam', NULL, NULL, NULL);
                INSERT INTO Customer VALUES (1, 'Ann', 'Lee', 'a@x', 1);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8)
                INSERT INTO Invoice SELECT i, 1, '2020-01-01', 1 FROM n;
                INSERT INTO MediaType VALUES (1, 'MPEG');
                INSERT INTO Track VALUES (1, 'Song', NULL, 1, NULL, NULL, 1000, 0.99);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 21),
                  counts(invoice, lines) AS (VALUES (2, 1), (3, 1), (4, 2), (5, 4), (6, 7), (7, 14), (8, 21))
                INSERT INTO InvoiceLine (InvoiceId, TrackId, UnitPrice, Quantity) SELECT invoice, 1, 0.99, 1 FROM counts JOIN n ON n.i <= counts.lines;
                """)
    }

    /// Per bucket, the origin rows a hand-written `GROUP BY` puts in it.
    private func handCounted(_ db: Database, origin: String, key: String, destination: String, foreignKey: String) throws -> [Int] {
        let sql = """
            SELECT n, COUNT(*) FROM (SELECT o.\(key), COUNT(d.\(foreignKey)) AS n FROM \(origin) o
              LEFT JOIN \(destination) d ON d.\(foreignKey) = o.\(key) GROUP BY o.\(key)) GROUP BY n
            """
        var buckets = Array(repeating: 0, count: CardinalityProfile.bounds.count)
        for row in try db.withConnection({ try $0.fetchAll(sql) }) {
            guard case .integer(let n) = row[0], case .integer(let rows) = row[1] else { continue }
            let index = CardinalityProfile.bounds.firstIndex { Int(n) >= $0.lower && Int(n) <= ($0.upper ?? .max) } ?? 0
            buckets[index] += Int(rows)
        }
        return buckets
    }

    func testArtistAlbumsBucketsEqualAHandWrittenGroupBy() throws {
        let db = try chinook()
        let albums = try XCTUnwrap(db.graph.association(named: "albums", from: "Artist"))
        let profile = try db.cardinalityProfile(of: albums)
        XCTAssertFalse(profile.ranOutOfTime)
        XCTAssertEqual(
            profile.buckets.map(\.rows), try handCounted(db, origin: "Artist", key: "ArtistId", destination: "Album", foreignKey: "ArtistId"))
        XCTAssertEqual(profile.buckets.map(\.rows), [2, 2, 2, 1, 1, 1])
        XCTAssertEqual(profile.buckets.map(\.label), ["0", "1", "2–5", "6–20", "21–100", ">100"])
        XCTAssertEqual(profile.origins, 9)
        XCTAssertEqual(profile.minimum, 0)
        XCTAssertEqual(profile.median, 2)
        XCTAssertEqual(profile.maximum, 120)
        // Each bucket's request lists the artists whose album count falls in it.
        XCTAssertEqual(try db.fetchAll(profile.buckets[0].request).map { $0["ArtistId"] }, [.integer(1), .integer(2)])
        XCTAssertEqual(try db.fetchAll(profile.buckets[2].request).map { $0["ArtistId"] }, [.integer(5), .integer(6)])
        XCTAssertEqual(try db.fetchAll(profile.buckets[5].request).map { $0["ArtistId"] }, [.integer(9)])
        XCTAssertEqual(try profile.buckets[3].request.languageText(), "Artist.having(albums.count >= 6 AND albums.count <= 20)")
        XCTAssertEqual(try profile.buckets[0].request.languageText(), "Artist.having(albums.count = 0)")
    }

    func testInvoiceLinesBucketsEqualAHandWrittenGroupBy() throws {
        let db = try chinook()
        let lines = try XCTUnwrap(db.graph.association(named: "invoiceLines", from: "Invoice"))
        let profile = try db.cardinalityProfile(of: lines)
        XCTAssertEqual(
            profile.buckets.map(\.rows), try handCounted(db, origin: "Invoice", key: "InvoiceId", destination: "InvoiceLine", foreignKey: "InvoiceId")
        )
        XCTAssertEqual(profile.buckets.map(\.rows), [1, 2, 2, 2, 1, 0])
        XCTAssertEqual([profile.minimum, profile.median, profile.maximum], [0, 2, 21])
        for bucket in profile.buckets {
            XCTAssertEqual(try db.fetchCount(bucket.request), bucket.rows, bucket.label)
        }
    }

    func testAHasOneSaysWhetherItIsAtMostOne() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE person (id INTEGER PRIMARY KEY);
            CREATE TABLE passport (id INTEGER PRIMARY KEY, personId INTEGER UNIQUE REFERENCES person(id));
            CREATE TABLE profile (id INTEGER PRIMARY KEY, personId INTEGER REFERENCES person(id));
            INSERT INTO person VALUES (1), (2), (3);
            INSERT INTO passport VALUES (1, 1), (2, 2);
            """)
        let passport = try XCTUnwrap(db.graph.association(named: "passport", from: "person"))
        XCTAssertEqual(passport.kind, .hasOne)
        let profile = try db.cardinalityProfile(of: passport)
        XCTAssertEqual(profile.maximum, 1)
        XCTAssertEqual(profile.isAtMostOne, true)
        XCTAssertEqual(profile.buckets.prefix(2).map(\.rows), [1, 2])
    }

    func testABelongsToCountsItsNullKeys() throws {
        let db = try TestDatabase.make(ChinookFixture.sql)
        let genre = try XCTUnwrap(db.graph.association(named: "genre", from: "Track"))
        let profile = try db.cardinalityProfile(of: genre)
        XCTAssertEqual(profile.origins, 7)
        XCTAssertEqual(profile.nullKeys, 2)
        let request = try XCTUnwrap(profile.nullKeysRequest)
        XCTAssertEqual(try db.fetchAll(request).map { $0["TrackId"] }, [.integer(4), .integer(7)])
        XCTAssertEqual(profile.buckets, [])
    }

    func testAProfilePastItsTimeLimitHasNoFigures() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            INSERT INTO parent SELECT i FROM n;
            INSERT INTO child SELECT id, id FROM parent;
            """)
        let children = try XCTUnwrap(db.graph.association(named: "children", from: "parent"))
        let profile = try db.cardinalityProfile(of: children, timeLimit: 1)
        XCTAssertTrue(profile.ranOutOfTime)
        XCTAssertEqual(profile.buckets, [])
        XCTAssertNil(profile.maximum)
    }
}
