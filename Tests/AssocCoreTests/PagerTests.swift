import TestSupport
import XCTest

@testable import AssocCore

/// `db.pager(for:)` reads exactly the rows of one `fetchAll` of the totally ordered request,
/// forward and backward, in pages of any size.
final class PagerTests: XCTestCase {
    /// The Chinook fixture with 240 more tracks: names that repeat (ties of `order(Name)`),
    /// spread over the albums, most of them of genre 1 (so the followed link repeats albums).
    static let sql =
        ChinookFixture.sql + """
            INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, UnitPrice)
            WITH RECURSIVE n(i) AS (SELECT 8 UNION ALL SELECT i + 1 FROM n WHERE i < 247)
            SELECT i, 'Song ' || (i % 17), 1 + (i % 4), 1, CASE WHEN i % 5 = 0 THEN 2 WHEN i % 11 = 0 THEN NULL ELSE 1 END,
              NULL, i * 1000, 0.99 FROM n;
            """

    static let requests = [
        "Track.order(Name)",
        "Album.including(required: tracks)",
        "Genre.filter(key: 1).request(for: albums)",
        // NULLs in the sort (Composer, an optional include without a match), a descending sort.
        "Track.order(Composer)",
        "Track.order(GenreId.desc)",
        "Genre.including(optional: tracks)"
    ]

    static let sizes = [1, 7, 100, 1_000]

    func testPagesForwardAndBackwardAreTheRowsOfOneTotallyOrderedFetch() throws {
        let db = try TestDatabase.make(Self.sql)
        for text in Self.requests {
            let request = try db.request(parsing: text)
            let expected = RowDump.text(try db.fetchAll(request.orderedTotally()))
            XCTAssertFalse(expected.isEmpty, text)
            let pager = try db.pager(for: request)
            XCTAssertTrue(pager.method.isKeyset, "\(text): \(pager.method)")
            for size in Self.sizes {
                var forward: [Row] = []
                var page = try pager.firstPage(size: size)
                var reads = 0
                while !page.isEmpty && reads < 1_000 {
                    XCTAssertLessThanOrEqual(page.rows.count, size)
                    XCTAssertFalse(page.statements.isEmpty, "\(text) pages say what ran")
                    forward += page.rows
                    page = try pager.page(after: page, size: size)
                    reads += 1
                }
                XCTAssertEqual(RowDump.text(forward), expected, "\(text) forward by \(size)")
                // After the last row: empty again.
                XCTAssertTrue(try pager.page(after: page, size: size).isEmpty, "\(text) after the end, by \(size)")

                var backward: [Row] = []
                page = try pager.lastPage(size: size)
                reads = 0
                while !page.isEmpty && reads < 1_000 {
                    backward = page.rows + backward
                    page = try pager.page(before: page, size: size)
                    reads += 1
                }
                XCTAssertEqual(RowDump.text(backward), expected, "\(text) backward by \(size)")
                // Back from before the first row: the first page again.
                let again = try pager.page(after: page, size: size)
                XCTAssertEqual(RowDump.text(again.rows), RowDump.text(Array(forward.prefix(size))), "\(text) first again by \(size)")
            }
        }
    }

    /// A page after an empty page read backwards starts at the row the empty page was read from,
    /// and back and forth from the middle meet the same rows.
    func testBackAndForthFromTheMiddle() throws {
        let db = try TestDatabase.make(Self.sql)
        let request = try db.request(parsing: "Track.order(Name)")
        let all = try db.fetchAll(request.orderedTotally())
        let pager = try db.pager(for: request)
        let first = try pager.firstPage(size: 50)
        let second = try pager.page(after: first, size: 50)
        let back = try pager.page(before: second, size: 50)
        XCTAssertEqual(RowDump.text(back.rows), RowDump.text(first.rows))
        XCTAssertEqual(RowDump.text(second.rows), RowDump.text(Array(all[50..<100])))
        let last = try pager.lastPage(size: 30)
        let previous = try pager.page(before: last, size: 30)
        XCTAssertEqual(RowDump.text(previous.rows + last.rows), RowDump.text(Array(all.suffix(60))))
    }

    /// Hidden values (a sort expression, the join keys) are not columns of the rows, and a column
    /// of the user's named like one is kept.
    func testHiddenValuesAreNotColumnsOfTheRows() throws {
        let db = try TestDatabase.make(Self.sql)
        let byLength = Table("Track").order(Ordering(Expression.function("length", [.column("Name")])), Column("Name"))
        for (text, request) in [
            ("Track.order(length(Name), Name)", byLength),
            ("Album.including(required: tracks).select(Title)", try db.request(parsing: "Album.including(required: tracks).select(Title)"))
        ] {
            let pager = try db.pager(for: request)
            XCTAssertTrue(pager.method.isKeyset, "\(text): \(pager.method)")
            let page = try pager.firstPage(size: 1_000)
            XCTAssertEqual(RowDump.text(page.rows), RowDump.text(try db.fetchAll(request.orderedTotally())), text)
            XCTAssertTrue(page.statements.contains { $0.sql.lowercased().contains("length(\"name\") from") || $0.sql.contains("\"AlbumId\"") }, text)
            for row in page.rows {
                XCTAssertFalse(row.columnNames.contains { $0.lowercased().contains("length") || $0.contains("assoc") }, text)
            }
        }
    }

    /// OFFSET paging when keyset cannot: a request with its own limit, a sort on random().
    func testOffsetPagingSaysWhy() throws {
        let db = try TestDatabase.make(Self.sql)
        let limited = try db.pager(for: try db.request(parsing: "Track.order(Name).limit(30, offset: 5)"))
        XCTAssertEqual(limited.method, .offset(reason: .ownLimit))
        var rows: [Row] = []
        var page = try limited.firstPage(size: 7)
        while !page.isEmpty {
            rows += page.rows
            page = try limited.page(after: page, size: 7)
        }
        let all = try db.fetchAll(try db.request(parsing: "Track.order(Name)").orderedTotally())
        XCTAssertEqual(RowDump.text(rows), RowDump.text(Array(all[5..<35])))
        let last = try limited.lastPage(size: 4)
        XCTAssertEqual(RowDump.text(last.rows), RowDump.text(Array(all[31..<35])))
        XCTAssertEqual(RowDump.text(try limited.page(before: last, size: 4).rows), RowDump.text(Array(all[27..<31])))

        let random = try db.pager(for: Table("Track").order(sql: "random()"))
        XCTAssertEqual(random.method, .offset(reason: .sort(.changingSnippet)))
    }
}
