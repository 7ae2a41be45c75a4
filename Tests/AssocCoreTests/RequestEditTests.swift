import TestSupport
import XCTest

@testable import AssocCore

/// The edits a browser makes to a request (`Request+JoinEdits`, `Request+Refinements`), and the
/// read-only description of its joins: each edit shown by the SQL before and after.
final class RequestEditTests: XCTestCase {
    let book = Table("book")
    let person = Table("person")

    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, year INTEGER, authorId INTEGER REFERENCES person(id));
            INSERT INTO country VALUES ('FR', 'France');
            INSERT INTO person VALUES (1, 'Ann', 'FR'), (2, 'Bob', NULL);
            INSERT INTO book VALUES (1, 'One', 2001, 1), (2, 'Two', 1999, 2), (3, 'Three', 2005, NULL);
            """)
    }

    func sql(_ db: Database, _ request: Request) throws -> String {
        try db.mainStatement(for: request).sql
    }

    func testJoinsDescribeTheRequestTreeDepthFirst() {
        let request = book.including(required: book.author.aliased("a").including(optional: person.country))
            .joining(optional: book.author.forKey("writer")).including(all: book.author)
        XCTAssertEqual(
            request.joins,
            [
                RequestJoin(path: [0], associationName: "author", key: nil, alias: "a", isRequired: true, isIncluding: true, isPrefetch: false),
                RequestJoin(path: [0, 0], associationName: "country", key: nil, alias: nil, isRequired: false, isIncluding: true, isPrefetch: false),
                RequestJoin(
                    path: [1], associationName: "author", key: "writer", alias: nil, isRequired: false, isIncluding: false, isPrefetch: false),
                RequestJoin(path: [2], associationName: "author", key: nil, alias: nil, isRequired: false, isIncluding: true, isPrefetch: true)
            ])
        XCTAssertEqual(request.joins(under: [0]).map(\.path), [[0, 0]])
        XCTAssertEqual(request.joins(under: []).map(\.path), [[0], [1], [2]])
        XCTAssertEqual(request.joins(under: [5]), [])
        XCTAssertEqual(request.join(at: [0, 0])?.associationName, "country")
        XCTAssertNil(request.join(at: [0, 1]))
        XCTAssertNil(request.join(at: []))
    }

    func testIncludingUnderAJoinChainsFromIt() throws {
        let db = try database()
        let before = book.including(optional: book.author)
        XCTAssertEqual(
            try sql(db, before),
            #"SELECT "book".*, "person".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId""#)
        let after = before.including(optional: person.country, under: [0])
        XCTAssertEqual(after, book.including(optional: book.author.including(optional: person.country)))
        XCTAssertEqual(
            try sql(db, after),
            #"SELECT "book".*, "person".*, "country".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode""#
        )
        XCTAssertEqual(after.joins(under: [0]).map(\.path), [[0, 0]])
        // Under a join that is not there: nothing changes.
        XCTAssertEqual(before.including(optional: person.country, under: [3]), before)
    }

    func testTogglingRequiredSwitchesJoinAndLeftJoin() throws {
        let db = try database()
        let optional = book.including(optional: book.author)
        let required = optional.togglingRequired(joinAt: [0])
        XCTAssertEqual(required, book.including(required: book.author))
        XCTAssertEqual(
            try sql(db, required), #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#)
        XCTAssertEqual(required.togglingRequired(joinAt: [0]), optional)
        XCTAssertEqual(book.joining(optional: book.author).togglingRequired(joinAt: [0]), book.joining(required: book.author))
        // A prefetch and a missing path stay as they are.
        XCTAssertEqual(book.including(all: book.author).togglingRequired(joinAt: [0]), book.including(all: book.author))
        XCTAssertEqual(optional.togglingRequired(joinAt: [1]), optional)
        XCTAssertEqual(optional.togglingRequired(joinAt: []), optional)
    }

    func testIncludingColumnsTurnsJoiningIntoIncluding() throws {
        let db = try database()
        let joined = book.joining(required: book.author)
        XCTAssertEqual(try sql(db, joined), #"SELECT "book".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#)
        let included = joined.includingColumns(ofJoinAt: [0])
        XCTAssertEqual(
            try sql(db, included), #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#)
        XCTAssertEqual(book.joining(optional: book.author).includingColumns(ofJoinAt: [0]), book.including(optional: book.author))
    }

    func testRemovingAJoinRemovesWhatChainsFromIt() throws {
        let db = try database()
        let request = book.including(optional: book.author.including(required: person.country)).including(required: book.author.forKey("w"))
        let removed = request.removingJoin(at: [0])
        XCTAssertEqual(removed, book.including(required: book.author.forKey("w")))
        XCTAssertEqual(
            try sql(db, removed), #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#)
        XCTAssertEqual(request.removingJoin(at: [0, 0]), book.including(optional: book.author).including(required: book.author.forKey("w")))
        XCTAssertEqual(request.removingJoin(at: [7]), request)
    }

    func testTogglingAPrefetchAddsThenRemovesIt() throws {
        let db = try database()
        let (added, wasAdded) = person.all.togglingPrefetch(person.books)
        XCTAssertTrue(wasAdded)
        XCTAssertEqual(added, person.including(all: person.books))
        XCTAssertEqual(try db.fetchAll(added).map { $0.prefetchedRows("books")?.count }, [1, 1])
        let (removed, wasRemoved) = added.togglingPrefetch(person.books)
        XCTAssertFalse(wasRemoved)
        XCTAssertEqual(removed, person.all)
        XCTAssertEqual(try sql(db, removed), #"SELECT * FROM "person""#)
    }

    func testAliasingAJoinLetsAFilterNameIt() throws {
        let db = try database()
        let request = book.including(optional: book.author.including(optional: person.country))
        guard let (aliased, alias) = request.aliasingJoin(at: [0, 0], derivedFrom: ["author", "country"]) else {
            return XCTFail("no join at [0, 0]")
        }
        XCTAssertEqual(alias, "author_country")
        let filtered = aliased.filter(TableAlias(alias)["name"] == "France")
        XCTAssertEqual(
            try sql(db, filtered),
            #"SELECT "book".*, "person".*, "author_country".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" "author_country" ON "author_country"."code" = "person"."countryCode" WHERE "author_country"."name" = ?"#
        )
        XCTAssertEqual(try db.fetchAll(filtered).map { $0["title"] }, ["One"])
        // A join that has an alias keeps it; a taken name gets a number.
        XCTAssertEqual(aliased.aliasingJoin(at: [0, 0], derivedFrom: ["x"])?.alias, "author_country")
        XCTAssertEqual(aliased.aliasingJoin(at: [0], derivedFrom: ["author", "country"])?.alias, "author_country2")
        XCTAssertEqual(aliased.aliasing(joinAt: [0, 0], as: "other"), aliased)
        XCTAssertNil(request.aliasingJoin(at: [1], derivedFrom: ["author"]))
        XCTAssertEqual(filtered.tableAliases, ["author_country"])
        XCTAssertEqual(filtered.referencedAliases, ["author_country"])
        XCTAssertEqual(filtered.aliases(underJoinAt: [0]), ["author_country"])
        XCTAssertEqual(filtered.aliases(underJoinAt: [1]), [])
    }

    func testCountOfAPrefetchKeepsItsFiltersOnly() throws {
        let db = try database()
        let request = person.including(all: person.books.filter(Column("year") > 2000).order(Column("title")).including(optional: book.author))
        guard let count = request.countOfJoin(at: [0]) else { return XCTFail("no join at [0]") }
        XCTAssertEqual(count, person.books.filter(Column("year") > 2000).count)
        let sorted = request.order(count.desc)
        XCTAssertEqual(
            try sql(db, sorted),
            #"SELECT "person".* FROM "person" LEFT JOIN "book" ON ("book"."authorId" = "person"."id") AND ("book"."year" > ?) GROUP BY "person"."id" ORDER BY COUNT(DISTINCT "book"."id") DESC"#
        )
        XCTAssertNil(request.countOfJoin(at: [1]))
    }

    func testUnfilteredKeepsKeysAndUnorderedDropsTheOrder() throws {
        let db = try database()
        let request = book.filter(key: 1).filter(Column("year") > 2000).order(Column("title"))
        XCTAssertEqual(
            try sql(db, request), #"SELECT * FROM "book" WHERE ("id" = ?) AND ("year" > ?) ORDER BY "title""#)
        XCTAssertEqual(try sql(db, request.unfiltered()), #"SELECT * FROM "book" WHERE "id" = ? ORDER BY "title""#)
        XCTAssertEqual(try sql(db, request.unordered()), #"SELECT * FROM "book" WHERE ("id" = ?) AND ("year" > ?)"#)
        XCTAssertEqual(request.filters, [Column("year") > 2000])
        XCTAssertEqual(request.orderings, [Ordering(Column("title"))])
        XCTAssertEqual(request.unordered().orderings, [])
    }

    func testAnnotationsAreReplacedAndRemovedByIndex() throws {
        let db = try database()
        let request = person.annotated(with: person.books.count)
        let replaced = request.replacingAnnotation(at: 0, with: person.books.max(Column("year")))
        XCTAssertEqual(
            try sql(db, replaced),
            #"SELECT "person".*, MAX("book"."year") AS "maxBookYear" FROM "person" LEFT JOIN "book" ON "book"."authorId" = "person"."id" GROUP BY "person"."id""#
        )
        XCTAssertEqual(replaced.annotations, [person.books.max(Column("year"))])
        XCTAssertEqual(try sql(db, request.removingAnnotation(at: 0)), #"SELECT * FROM "person""#)
        XCTAssertEqual(request.removingAnnotation(at: 1), request)
        XCTAssertEqual(request.replacingAnnotation(at: 1, with: person.books.count), request)
    }

    func testDeselectingAColumnSelectsTheOthersAndSelectingPutsItBack() throws {
        let db = try database()
        let request = book.all
        let columns: [RequestScope.Column] = [.table("id"), .table("title"), .table("year"), .table("authorId")]
        guard let hidden = request.deselecting(column: "title", of: columns) else { return XCTFail("nothing selected") }
        XCTAssertEqual(try sql(db, hidden), #"SELECT "id", "year", "authorId" FROM "book""#)
        XCTAssertFalse(hidden.selection.isAllColumns)
        XCTAssertTrue(request.selection.isAllColumns)
        XCTAssertEqual(try sql(db, hidden.selecting(request.selection)), #"SELECT * FROM "book""#)
        XCTAssertNil(book.select(Column("id")).deselecting(column: "id", of: [.table("id")]))
    }
}
