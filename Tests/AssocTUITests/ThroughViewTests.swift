import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// A through link answers one question four ways — the followed view, the Links pane's count, the
/// prefetch column and the aggregate — and all four count each destination record once. On the
/// Chinook-like fixture album 1 has tracks 1, 6 (Rock) and 7 (no genre): one genre, reached twice.
final class ThroughViewTests: XCTestCase {
    let album1 = (columns: ["AlbumId", "Title", "ArtistId"], values: [DatabaseValue.integer(1), "For Those About To Rock We Salute You", 1])

    func testFollowedViewLinksPrefetchAndAggregateAgree() throws {
        let source = RequestDataSource(database: try ChinookFixture.database())
        let followed = RequestView.followed("genres", from: "Album", key: 1, to: "Genre")
        let page = try source.page(of: followed, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows, [[1, "Rock"]])
        XCTAssertEqual(try source.count(of: followed).count, 1)
        XCTAssertEqual(try source.requestText(for: followed), "Album.filter(key: 1).request(for: genres)")
        XCTAssertEqual(
            page.statements.first?.sql,
            """
            SELECT * FROM "Genre" WHERE "GenreId" IN (SELECT "GenreId" FROM "Track" WHERE "AlbumId" IN \
            (SELECT "AlbumId" FROM "Album" WHERE "AlbumId" = ?)) ORDER BY "GenreId" LIMIT 50
            """)

        let links = try source.linkCounts(of: RequestView(table: "Album"), columns: album1.columns, values: album1.values, links: ["genres"])
        XCTAssertEqual(links["genres"], 1)

        let prefetching = RequestView(request: Table("Album").including(all: Table("Album").genres))
        let prefetched = try source.page(of: prefetching, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(prefetched.columns.last?.header, "genres (n)")
        XCTAssertEqual(prefetched.rows.first?.last, 1)
        XCTAssertEqual(prefetched.prefetched.first?.first?.rows, [[1, "Rock"]])

        let aggregating = RequestView(request: Table("Album").annotated(with: Table("Album").genres.count))
        let aggregated = try source.page(of: aggregating, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(aggregated.rows.first?.last, 1)
    }

    /// Each album of a genre once, in pages of 2, on the key.
    func testAFollowedThroughLinkListsEachRecordOnceAcrossPages() throws {
        let source = RequestDataSource(database: try ChinookFixture.database())
        let view = RequestView.followed("albums", from: "Genre", key: 1, to: "Album")
        var keys: [DatabaseValue] = []
        var offset = 0
        while true {
            let page = try source.page(of: view, offset: offset, limit: 2, totalCount: nil)
            XCTAssertEqual(page.paging, "keyset paging on AlbumId")
            keys += page.rows.compactMap { $0.first }
            if page.rows.count < 2 { break }
            offset += 2
        }
        // Rock tracks: 1 and 6 (album 1), 2 (album 2), 3 (album 3), 5 (album 4).
        XCTAssertEqual(keys, [1, 2, 3, 4])
        XCTAssertEqual(try source.count(of: view).count, 4)
    }

    /// A typed request that joins a to-many link repeats its root's key: it pages by keyset on
    /// the root's key then the joined table's (selected under hidden names), never with OFFSET. A
    /// required join reads the root's key from the joined column equal to it (`Track.AlbumId`),
    /// whose index SQLite can follow instead of sorting every joined row.
    func testARequestJoiningAToManyLinkPagesByKeysetOnBothKeys() throws {
        let source = RequestDataSource(database: try ChinookFixture.database())
        source.readsLabels = false  // the paging statements alone
        let optional = try source.view(parsing: "Album.including(optional: tracks)", from: nil)
        XCTAssertEqual(try source.page(of: optional, offset: 0, limit: 2, totalCount: nil).paging, "keyset paging on AlbumId, Track.TrackId")
        let view = try source.view(parsing: "Album.including(required: tracks)", from: nil)
        let first = try source.browsePage(of: view, offset: 0, limit: 2, totalCount: nil)
        XCTAssertTrue(first.isKeyset)
        XCTAssertEqual(first.paging, "keyset paging on Track.AlbumId, Track.TrackId")
        // After (album 1, track 6): the rest of album 1 (one index seek), then the albums after it.
        let next = try source.browsePage(of: view, offset: 2, limit: 2, totalCount: nil)
        let select = """
            SELECT "Album".*, "Track".*, "Track"."AlbumId", "Track"."TrackId" FROM "Album" \
            JOIN "Track" ON "Track"."AlbumId" = "Album"."AlbumId" WHERE
            """
        XCTAssertEqual(
            next.statements.map(\.sql),
            [
                select + #" ("Track"."AlbumId" = ?) AND ("Track"."TrackId" > ?) ORDER BY "Track"."AlbumId", "Track"."TrackId" LIMIT 2"#,
                select + #" "Track"."AlbumId" > ? ORDER BY "Track"."AlbumId", "Track"."TrackId" LIMIT 1"#
            ])
        XCTAssertEqual(next.statements.map(\.arguments), [[1, 6], [1]])
        // The hidden values are not columns of the grid.
        XCTAssertFalse(first.columns.contains { $0.name.hasPrefix("assoc:") })
        // Album 1: tracks 1, 6, 7; album 2: track 2.
        XCTAssertEqual((first.rows + next.rows).map { [$0[0], $0[3]] }, [[1, 1], [1, 6], [1, 7], [2, 2]])
    }
}
