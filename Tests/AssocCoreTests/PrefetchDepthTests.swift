import TestSupport
import XCTest

@testable import AssocCore

/// Prefetch at depth: under to-one includes, inside other prefetches, under to-many joins, with
/// default orderings, and beyond SQLite's bound-parameter limit.
final class PrefetchDepthTests: XCTestCase {
    func makeDatabase() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), title TEXT, year INTEGER);
            CREATE TABLE prize(id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id), name TEXT, year INTEGER);
            CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE player(id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT, position INTEGER);
            INSERT INTO person VALUES (1, 'Alice'), (2, 'Bob');
            INSERT INTO book VALUES (1, 1, 'A1', 2000), (2, 1, 'A2', 2010), (3, 2, 'B1', 2005), (4, NULL, 'X', 1999);
            INSERT INTO prize VALUES (1, 1, 'p1', 2001), (2, 1, 'p2', 2002), (3, 3, 'p3', 2006);
            INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
            INSERT INTO player VALUES (1, 1, 'Zed', 2), (2, 1, 'Amy', 1), (3, 2, 'Bo', 1), (4, 1, 'Cy', 3);
            """)
    }

    func testPrefetchInsideAToOneInclude() throws {
        let db = try makeDatabase()
        let book = Table("book")
        let person = Table("person")
        let request = book.including(optional: book.author.including(all: person.books.order(Column("year")))).order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT "book".*, "person".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?) ORDER BY "year""#
            ])
        let rows = try db.fetchAll(request)
        // Books 1 and 2 share Alice's books; book 3 gets Bob's; book 4 has no author.
        XCTAssertEqual(
            rows.map { $0.scope("author")?.prefetchedRows("books")?.map { $0["title"] } },
            [
                [.text("A1"), .text("A2")], [.text("A1"), .text("A2")], [.text("B1")], nil
            ])
        // The absent author still carries an empty prefetch under its (all-NULL) scope.
        XCTAssertEqual(rows[3].scopes.first?.row.prefetchedRows("books")?.count, 0)
    }

    func testPrefetchInsidePrefetch() throws {
        let db = try makeDatabase()
        let person = Table("person")
        let book = Table("book")
        let request = person.including(all: person.books.including(all: book.prizes.order(Column("name").desc)).order(Column("id"))).order(
            Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "person" ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?) ORDER BY "id""#,
                #"SELECT *, "bookId" FROM "prize" WHERE "bookId" IN (?, ?, ?) ORDER BY "name" DESC"#
            ])
        let rows = try db.fetchAll(request)
        let alicesBooks = try XCTUnwrap(rows.first?.prefetchedRows("books"))
        XCTAssertEqual(alicesBooks.map { $0.prefetchedRows("prizes")?.map { $0["name"] } }, [[.text("p2"), .text("p1")], []])
        XCTAssertEqual(rows[1].prefetchedRows("books")?.first?.prefetchedRows("prizes")?.map { $0["name"] }, [.text("p3")])
    }

    /// Addendum of the reference: under a to-many join, each joined row gets exactly its own children.
    func testPrefetchUnderAToManyJoin() throws {
        let db = try makeDatabase()
        let person = Table("person")
        let book = Table("book")
        let request = person.including(required: person.books.including(all: book.prizes)).order(Column("id"))
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0.scope("book")?["title"] }, [.text("A1"), .text("A2"), .text("B1")])
        XCTAssertEqual(rows.map { $0.scope("book")?.prefetchedRows("prizes")?.count }, [2, 0, 1])
    }

    func testDefaultOrderingOfAnAssociationCanBeOverridden() throws {
        let db = try makeDatabase()
        let team = Table("team")
        let players = team.players.order(Column("position"))  // the association's default ordering
        let byPosition = try db.fetchAll(team.including(all: players).filter(Column("id") == 1))
        XCTAssertEqual(byPosition.first?.prefetchedRows("players")?.map { $0["name"] }, [.text("Amy"), .text("Zed"), .text("Cy")])
        let byName = try db.fetchAll(team.including(all: players.order(Column("name"))).filter(Column("id") == 1))
        XCTAssertEqual(byName.first?.prefetchedRows("players")?.map { $0["name"] }, [.text("Amy"), .text("Cy"), .text("Zed")])
        let oneTeam = try db.fetchAll(team.filter(Column("id") == 1))[0]
        let request = try db.request(for: players, of: oneTeam, in: "team")
        XCTAssertEqual(try db.mainStatement(for: request).sql, #"SELECT * FROM "player" WHERE "teamId" = ? ORDER BY "position""#)
    }

    func testBeyondTheBoundParameterLimitStillOneStatement() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
            INSERT INTO parent SELECT i FROM n;
            INSERT INTO child SELECT id, id FROM parent WHERE id % 2 = 0;
            """)
        let db = try Database(connection: connection)
        let parent = Table("parent")
        let statements = try db.executedStatements(for: parent.including(all: parent.children))
        XCTAssertEqual(statements.count, 2)
        XCTAssertEqual(statements.last?.sql, #"SELECT *, "parentId" FROM "child" WHERE "parentId" IN (SELECT value FROM json_each(?))"#)
        XCTAssertEqual(statements.last?.arguments.count, 1)
        let rows = try db.fetchAll(parent.including(all: parent.children))
        XCTAssertEqual(rows.count, 40000)
        XCTAssertEqual(rows.filter { $0.prefetchedRows("children")?.count == 1 }.count, 20000)
        XCTAssertEqual(rows[41].prefetchedRows("children")?.first?["id"], .integer(42))
    }

    func testCompositeKeysBeyondTheLimit() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE parent(a INTEGER, b TEXT, PRIMARY KEY (a, b));
            CREATE TABLE child(id INTEGER PRIMARY KEY, pa INTEGER, pb TEXT, FOREIGN KEY (pa, pb) REFERENCES parent(a, b));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
            INSERT INTO parent SELECT i, 'k' || i FROM n;
            INSERT INTO child SELECT a, a, b FROM parent WHERE a % 7 = 0;
            """)
        let db = try Database(connection: connection)
        let parent = Table("parent")
        let few = try db.executedStatements(for: parent.filter(Column("a") <= 2).including(all: parent.children))
        XCTAssertEqual(few.last?.sql, #"SELECT *, "pa", "pb" FROM "child" WHERE ("pa", "pb") IN (VALUES (?, ?), (?, ?))"#)
        let all = try db.executedStatements(for: parent.including(all: parent.children))
        XCTAssertEqual(
            all.last?.sql,
            #"SELECT *, "pa", "pb" FROM "child" WHERE ("pa", "pb") IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))"#
        )
        let rows = try db.fetchAll(parent.including(all: parent.children).order(Column("a")))
        XCTAssertEqual(rows.filter { $0.prefetchedRows("children")?.count == 1 }.count, 100)
        XCTAssertEqual(rows[6].prefetchedRows("children")?.first?["pb"], .text("k7"))
    }
}

/// A prefetch under a joined table that selects nothing stays under that table's (empty) scope:
/// it never takes the place of the root's own prefetch of the same key.
final class PrefetchUnderJoiningTests: XCTestCase {
    func testNestedPrefetchDoesNotShadowTheRootsOwn() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE employee(id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES employee(id), name TEXT);
            INSERT INTO employee VALUES (1, NULL, 'Boss'), (2, 1, 'Ann'), (3, 1, 'Bo'), (4, 2, 'Cy');
            """)
        let db = try Database(connection: connection)
        let employee = Table("employee")
        let request =
            employee
            .joining(optional: employee.manager.including(all: employee.employeesAsManager))
            .including(all: employee.employeesAsManager)
            .order(Column("id"))
        let rows = try db.fetchAll(request)
        // The root's own reports: Boss → Ann, Bo; Ann → Cy; Bo, Cy → none.
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("employeesAsManager")?.map { $0["name"] } },
            [[.text("Ann"), .text("Bo")], [.text("Cy")], [], []])
        // The manager's reports stay under the (column-less) manager scope: Ann's manager is Boss.
        XCTAssertEqual(
            rows[1].scopes.first { $0.key == "manager" }?.row.prefetched.first?.rows.map { $0["name"] },
            [.text("Ann"), .text("Bo")])
        XCTAssertEqual(rows[1].scopes.first?.row.columnNames, [])
    }
}
