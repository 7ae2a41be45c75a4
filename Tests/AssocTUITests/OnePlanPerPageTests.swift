import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// One plan per page (issue 41, item 2): a page resolves its request once for each statement it
/// runs (a prefetch is planned with its main statement), and what the SQL pane shows are the
/// statements that ran, with the arguments they ran with.
final class OnePlanPerPageTests: XCTestCase {
    private let requests = [
        "Track",
        "Album.including(required: artist)",
        "Artist.including(all: albums)",
        "Track.filter(Milliseconds > 300000)"
    ]

    func testAPageResolvesItsRequestOnce() throws {
        let db = try ChinookFixture.database()
        let source = RequestDataSource(database: db)
        source.readsLabels = false
        for text in requests {
            let view = RequestView(request: try db.request(parsing: text))
            // The view's first page also works out how it pages and how its rows flatten.
            let (first, opening) = try ResolutionCount.counting { try source.browsePage(of: view, offset: 0, limit: 2, totalCount: nil) }
            XCTAssertEqual(first.rows.count, 2, text)
            XCTAssertLessThanOrEqual(opening, 6, text)
            // The next page: one resolution, whatever it joins or prefetches.
            let (next, resolutions) = try ResolutionCount.counting { try source.browsePage(of: view, offset: 2, limit: 2, totalCount: nil) }
            XCTAssertFalse(next.rows.isEmpty, text)
            XCTAssertEqual(resolutions, 1, "\(text): \(next.ranStatements.map(\.sql))")
            // Backward, from the anchors of the pages read: one resolution too.
            let (back, again) = try ResolutionCount.counting { try source.browsePage(of: view, offset: 0, limit: 2, totalCount: nil) }
            XCTAssertEqual(back.rows, first.rows, text)
            XCTAssertEqual(again, 1, text)
        }
    }

    /// The counter counts: a request resolved twice is counted twice (the test above could not
    /// pass with a counter that never moves).
    func testTheCounterCountsEachResolution() throws {
        let db = try ChinookFixture.database()
        let request = try db.request(parsing: "Album.including(required: artist)")
        let (_, resolutions) = try ResolutionCount.counting {
            _ = try db.mainStatement(for: request)
            _ = try db.mainStatement(for: request)
        }
        XCTAssertEqual(resolutions, 2)
    }

    func testTheSQLPaneShowsTheStatementsThatRanWithTheirArguments() throws {
        let db = try ChinookFixture.database()
        let source = RequestDataSource(database: db)
        let view = RequestView(request: try db.request(parsing: "Artist.including(all: albums)"))
        let first = try source.browsePage(of: view, offset: 0, limit: 1, totalCount: nil)
        let page = try source.browsePage(of: view, offset: 1, limit: 2, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [2, 3])
        // The statements shown (values whole) are those that ran (values cut in SQL): one each,
        // in order, with the same arguments; a prefetch's keys, bound when it ran, are `IN (…)`
        // in the plan.
        XCTAssertEqual(page.statements.count, page.ranStatements.count, "\(page.ranStatements)")
        XCTAssertEqual(page.statements.first?.arguments, [1], "after the last key of the first page: \(first.anchors)")
        XCTAssertEqual(page.ranStatements.first?.arguments, [1])
        XCTAssertEqual(page.ranStatements.last?.arguments, [2, 3], "the albums of artists 2 and 3")
        XCTAssertTrue(page.statements.last?.sql.contains("IN (…)") ?? false, "\(page.statements)")
        // The pane, as planned and as they ran.
        var state = AppState(title: "test.db", size: Size(width: 200, height: 40))
        state.rows = RowsState(view: view)
        state.focus = .rows
        _ = Reducer.reduce(&state, .viewOpened(view, page: page, limit: 2))
        let planned = SQLPaneText.lines(for: state, width: 500).map { $0.map(\.text).joined() }
        XCTAssertTrue(planned.contains(#"SELECT * FROM "Artist" WHERE "ArtistId" > ? ORDER BY "ArtistId" LIMIT 2"#), "\(planned)")
        XCTAssertTrue(planned.contains("-- arguments: 1"), "\(planned)")
        state.side.sqlAsRan = true
        let ran = SQLPaneText.lines(for: state, width: 5_000).map { $0.map(\.text).joined() }
        for statement in page.ranStatements {
            XCTAssertTrue(ran.contains(statement.sql), "\(statement.sql) in \(ran)")
            let arguments = "-- arguments: " + statement.arguments.map(\.sqlLiteral).joined(separator: ", ")
            XCTAssertTrue(ran.contains(arguments), "\(arguments) in \(ran)")
        }
    }
}
