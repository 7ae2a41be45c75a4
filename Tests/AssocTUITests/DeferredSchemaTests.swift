import AssocCore
import Foundation
import XCTest

@testable import AssocTUI

/// The browser opened on the table names alone (issue 32, item 5: a schema of 30,000 tables): the
/// first screen comes from `sqlite_schema`, the columns and keys are read by a background job
/// queued first, or by the first query that needs them, and the Links pane fills when they are.
final class DeferredSchemaTests: XCTestCase {
    func makeConnection() throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            CREATE VIEW titles AS SELECT title FROM book;
            INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO book VALUES (1, 1, 'One'), (2, 1, 'Two'), (3, 2, 'Three');
            """)
        return connection
    }

    func deferredSource(_ connection: Connection) throws -> RequestDataSource {
        let names = try SchemaIntrospector.tableNames(connection)
        return RequestDataSource(connection: connection, deferringSchemaWith: names.map { TableSummary(name: $0.name, kind: $0.kind) })
    }

    func testTheTableNamesComeFromSQLiteSchemaAndTheirKindsMatchTheSchema() throws {
        let connection = try makeConnection()
        let names = try SchemaIntrospector.tableNames(connection)
        let schema = try SchemaIntrospector.read(connection)
        XCTAssertEqual(names.map(\.name), schema.tables.map(\.name))
        XCTAssertEqual(names.map(\.kind), schema.tables.map(\.kind))
    }

    func testTheFirstScreenShowsTheTablesBeforeTheSchemaIsRead() throws {
        let source = try deferredSource(try makeConnection())
        let terminal = FakeTerminal(width: 100, height: 24)
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
        app.start()
        // Nothing ran on the worker yet: the table list is there, the schema is not read.
        XCTAssertEqual(app.state.tablesPane.tables.map(\.name), ["author", "book", "titles"])
        XCTAssertTrue(source.isSchemaPending)
        XCTAssertTrue(app.state.graph.associations(from: "author").isEmpty)
        app.runAllDeferred()
        // The background job read it: associations, numeric columns and counts are there.
        XCTAssertFalse(source.isSchemaPending)
        XCTAssertEqual(app.state.graph.associations(from: "author").map(\.name), ["books"])
        XCTAssertEqual(app.state.tablesPane.tables.map(\.rowCount), [2, 3, 3])
        XCTAssertEqual(app.state.linksPane.links.map(\.association.name), ["books"], "the Links pane of the selected table")
    }

    func testAQueryBeforeTheBackgroundReadReadsTheSchemaItself() throws {
        let source = try deferredSource(try makeConnection())
        let app = BrowserApp(dataSource: source, terminal: FakeTerminal(width: 100, height: 24), title: "t.db")
        app.start()
        app.dispatch(.openTable("book"))
        app.runForeground()
        XCTAssertEqual(app.state.rows?.columns.map(\.header), ["id", "authorId", "title"])
        XCTAssertEqual(app.state.rows?.rows.count, 3)
        XCTAssertFalse(source.isSchemaPending)
        app.runAllDeferred()
        XCTAssertEqual(app.state.linksPane.links.map(\.association.name), ["author"])
    }
}

/// One `Database` per connection (issue 41, item 5): reading the deferred schema (and, the same
/// way, accepting a suggested link or `R` after a schema change on the same connection) replaces
/// the database's schema and associations in place; a view's plan made before is made again.
extension DeferredSchemaTests {
    func testTheSchemaReadLaterKeepsTheDatabaseAndAViewsPlanIsMadeAgain() throws {
        let source = try deferredSource(try makeConnection())
        let database = source.db
        let generation = database.schemaGeneration
        try source.readSchema()
        XCTAssertTrue(source.db === database, "the schema read later: the same database")
        XCTAssertEqual(database.schemaGeneration, generation + 1)
        XCTAssertEqual(source.graph.associations(from: "author").map(\.name).first, "books")
        let view = RequestView(table: "book")
        XCTAssertEqual(try source.page(of: view, offset: 0, limit: 5, totalCount: nil).rows.count, 3)
        XCTAssertEqual(source.viewPlans.withLock { $0.generation }, generation + 1)
        // Associations replaced (as a link accepted for the session replaces them): the memo of
        // plans is for the old ones, and goes.
        database.adopt(AssociationGraph(schema: database.schema))
        XCTAssertTrue(source.db === database)
        XCTAssertEqual(try source.page(of: view, offset: 0, limit: 5, totalCount: nil).rows.count, 3)
        XCTAssertEqual(source.viewPlans.withLock { $0.generation }, generation + 2)
    }
}
