import TestSupport
import XCTest

@testable import AssocCore

/// `Database.plan`: the statements a fetch runs, known without running anything; a prefetch
/// statement is the one the fetch runs, with `IN (…)` where the parent keys go.
final class QueryPlanTests: XCTestCase {
    func testAPlanRunsNothingAndListsEveryStatementDepthFirst() throws {
        let db = try Database(connection: DemoDatabase.make())
        let person = Table("person")
        let request = person.including(all: person.booksAsAuthor.including(all: Table("book").prizes)).order(Column("name"))
        let recorder = StatementRecorder(db.connection)
        let plan = try db.plan(request)
        XCTAssertEqual(recorder.sql, [], "a plan runs nothing")
        XCTAssertEqual(plan.steps.map(\.depth), [0, 1, 2])
        XCTAssertNil(plan.steps[0].prefetch)
        XCTAssertEqual(plan.steps[1].prefetch?.key, "booksAsAuthor")
        XCTAssertEqual(plan.steps[1].prefetch?.parentColumns, ["id"])
        XCTAssertEqual(plan.steps[1].prefetch?.parentTable, "person")
        XCTAssertEqual(plan.steps[2].prefetch?.parentTable, "book")
        XCTAssertEqual(plan.steps[2].prefetch?.key, "prizes")
        XCTAssertTrue(plan.steps[1].statement.sql.hasSuffix(#"WHERE "authorId" IN (…)"#), plan.steps[1].statement.sql)
    }

    /// On requests of every shape: the plan and what a fetch runs are the same statements, but
    /// for the parent keys.
    func testThePlanIsWhatTheFetchRuns() throws {
        let db = try Database(connection: DemoDatabase.make())
        let texts = [
            "person.including(all: booksAsAuthor.order(year.desc)).limit(3)",
            "person.including(all: booksAsAuthor.including(all: prizes)).filter(id <= 5)",
            "country.including(all: citizens).including(all: people.order(name))",
            "document.including(all: paragraphs)",
            "book.including(required: author.including(all: booksAsAuthor))",
            "library.filter(id = 1).request(for: books).including(all: prizes)"
        ]
        for text in texts {
            let request = try db.request(parsing: text)
            let plan = try db.plan(request)
            let executed = try db.executedStatements(for: request)
            XCTAssertGreaterThan(executed.count, 1, "\(text): no prefetch ran")
            XCTAssertEqual(plan.steps.count, executed.count, text)
            for (step, statement) in zip(plan.steps, executed) {
                XCTAssertEqual(step.statement.sql, Self.withPlaceholder(statement.sql), text)
            }
        }
    }

    /// `IN (?, ?)`, `IN (VALUES …)` or `IN (SELECT … json_each(?))` written `IN (…)` (the requests
    /// above have several parent rows, so no single `= ?`).
    static func withPlaceholder(_ sql: String) -> String {
        var sql = sql
        for pattern in [#"IN \((\?, )*\?\)"#, #"IN \(VALUES (\((\?, )*\?\)(, )?)+\)"#, #"IN \(SELECT [^()]* FROM json_each\(\?\)\)"#] {
            sql = sql.replacingOccurrences(of: pattern, with: "IN (…)", options: .regularExpression)
        }
        return sql
    }
}
