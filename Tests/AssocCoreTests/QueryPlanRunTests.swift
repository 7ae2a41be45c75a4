import TestSupport
import XCTest

@testable import AssocCore

/// `Database.run(_:)`: a plan is what a fetch executes; its run returns the rows `fetchAll` returns
/// and the statements that ran, each prefetch with its parent keys bound (what a SQL pane shows
/// for the rows on screen, without planning again).
final class QueryPlanRunTests: XCTestCase {
    func testARunReturnsTheRowsOfFetchAllAndExactlyTheStatementsTheConnectionRan() throws {
        let db = try Database(connection: DemoDatabase.make())
        let texts = [
            "person.including(all: booksAsAuthor.including(all: prizes)).filter(id <= 5).order(id)",
            "country.including(all: citizens).including(all: people.order(name))",
            "book.including(required: author.including(all: booksAsAuthor)).limit(4)",
            "library.filter(id = 1).request(for: books).including(all: prizes)"
        ]
        for text in texts {
            let request = try db.request(parsing: text)
            let plan = try db.plan(request)
            let recorder = StatementRecorder(db.connection)
            let run = try db.run(plan)
            let ran = recorder.statements
            XCTAssertEqual(run.rows.map(\.debugDescription), try db.fetchAll(request).map(\.debugDescription), text)
            XCTAssertEqual(run.steps.map(\.statement.sql), ran.map(\.sql), text)
            XCTAssertEqual(run.steps.map(\.statement.arguments), ran.map(\.arguments), text)
            // Each step that ran is a step of the plan, its keys bound where the plan has `IN (…)`.
            XCTAssertEqual(run.steps.map(\.depth), plan.steps.map(\.depth), text)
            XCTAssertEqual(run.steps.map { $0.prefetch?.key }, plan.steps.map { $0.prefetch?.key }, text)
            for (step, planned) in zip(run.steps, plan.steps) {
                XCTAssertEqual(QueryPlanTests.withPlaceholder(step.statement.sql), planned.statement.sql, text)
            }
        }
    }

    func testAPrefetchThatRanCarriesItsParentsKeys() throws {
        let db = try Database(connection: DemoDatabase.make())
        let person = Table("person")
        let run = try db.run(db.plan(person.filter(Column("id") <= 3).including(all: person.booksAsAuthor).order(Column("id"))))
        XCTAssertEqual(run.steps.count, 2)
        XCTAssertEqual(run.steps[1].prefetch?.key, "booksAsAuthor")
        XCTAssertEqual(run.steps[1].prefetch?.parentTable, "person")
        XCTAssertEqual(run.steps[1].statement.arguments, [1, 2, 3])
        XCTAssertTrue(run.steps[1].statement.sql.hasSuffix(#"WHERE "authorId" IN (?, ?, ?)"#), run.steps[1].statement.sql)
    }

    func testNoPrefetchRunsWhenTheMainStatementReturnsNoRow() throws {
        let db = try Database(connection: DemoDatabase.make())
        let person = Table("person")
        let plan = try db.plan(person.filter(Column("id") < 0).including(all: person.booksAsAuthor))
        XCTAssertEqual(plan.steps.count, 2)
        let run = try db.run(plan)
        XCTAssertEqual(run.rows.count, 0)
        XCTAssertEqual(run.steps.map(\.depth), [0])
    }

    /// A plan that previews cells runs the cut statements, and its rows are those of
    /// `fetchAll(_:previewingCellsUpTo:)`; the scope tree it reads is the request's.
    func testAPreviewingPlanRunsWhatFetchAllPreviewingRuns() throws {
        let db = try Database(connection: DemoDatabase.make())
        let request = try db.request(parsing: "person.including(all: booksAsAuthor).order(id)")
        let plan = try db.plan(request, previewingCellsUpTo: 3)
        let recorder = StatementRecorder(db.connection)
        let rows = try db.fetchAll(request, previewingCellsUpTo: 3)
        let previewed = recorder.sql
        recorder.clear()
        let run = try db.run(plan)
        XCTAssertEqual(run.steps.map(\.statement.sql), previewed)
        XCTAssertEqual(run.rows.map(\.debugDescription), rows.map(\.debugDescription))
        XCTAssertNotEqual(previewed, try db.executedStatements(for: request).map(\.sql), "the preview cuts in SQL")
        XCTAssertEqual(plan.scopeTree, try db.scopeTree(of: request))
    }
}
