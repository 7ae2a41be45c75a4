import TestSupport
import XCTest

@testable import AssocCore

/// Which rows of a request share a record of its root table, and the keys that tell them apart
/// (what keyset pagination orders on after the root's key).
final class RepeatedRowKeyTests: XCTestCase {
    private func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            CREATE TABLE note (bookId INTEGER REFERENCES book(id), body TEXT);
            CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT);
            INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO book VALUES (10, 1, 'A'), (11, 1, 'B'), (12, 2, 'C');
            INSERT INTO note VALUES (10, 'same'), (10, 'same');
            INSERT INTO country VALUES ('FR', 'France');
            """)
    }

    func testAToManyJoinRepeatsTheRootAndItsKeyTellsTheRowsApart() throws {
        let db = try database()
        let request = Table("author").including(required: Table("author").books)
        XCTAssertTrue(try db.rowsCanRepeatRootKey(request))
        let keys = try XCTUnwrap(try db.repeatedRowKeyTerms(of: request))
        XCTAssertEqual(keys.map { "\($0.table).\($0.column)" }, ["book.id"])
        // A required join always matches: its key is never NULL; an optional one's can be.
        XCTAssertEqual(keys.map(\.term.isNullable), [false])
        let optional = Table("author").including(optional: Table("author").books)
        XCTAssertEqual(try db.repeatedRowKeyTerms(of: optional)?.map(\.term.isNullable), [true])
        // The key's expression works in the same request: the rows after (author 1, book 10).
        let term = try XCTUnwrap(keys.first?.term.expression)
        let after = request.filter(Column("id") > 1 || (Column("id") == 1 && term > 10))
            .annotated(with: term.forKey("bookKey")).order(Column("id"), Ordering(term))
        XCTAssertEqual(try db.fetchAll(after).map { $0["bookKey"] }, [11, 12])
        // A to-one join repeats nothing.
        XCTAssertEqual(try db.repeatedRowKeyTerms(of: Table("book").including(required: Table("book").author)).map(\.count), 0)
    }

    func testAHiddenRowidKeyOfAJoinedTableCounts() throws {
        let db = try database()
        // Two equal notes of book 10: only their rowids tell them apart.
        let request = Table("book").including(required: Table("book").notes)
        let keys = try XCTUnwrap(try db.repeatedRowKeyTerms(of: request))
        XCTAssertEqual(keys.map { "\($0.table).\($0.column)" }, ["note.rowid"])
        let term = try XCTUnwrap(keys.first?.term.expression)
        let rows = try db.fetchAll(request.annotated(with: term.forKey("noteKey")))
        XCTAssertEqual(Set(rows.compactMap { $0["noteKey"] }).count, 2)
    }

    func testDistinctRowsAreToldApartOnlyByKeysTheySelect() throws {
        let db = try database()
        // DISTINCT over whole rows of a table with only a rowid folds equal rows: they repeat.
        XCTAssertTrue(try db.rowsCanRepeatRootKey(Table("note").all.distinct()))
        XCTAssertEqual(try db.fetchCount(Table("note").all.distinct()), 1)
        XCTAssertNil(try db.repeatedRowKeyTerms(of: Table("note").all.distinct()))
        XCTAssertNil(try db.repeatedRowKeyTerms(of: Table("author").select(Column("name")).distinct()))
        // A NOT NULL primary key makes whole rows unique.
        XCTAssertFalse(try db.rowsCanRepeatRootKey(Table("country").all.distinct()))
        // Joined rows selected whole, their keys among them: told apart by those keys.
        let joined = Table("author").including(required: Table("author").books).distinct()
        XCTAssertEqual(try db.repeatedRowKeyTerms(of: joined)?.map { "\($0.table).\($0.column)" }, ["book.id"])
        // A joined table without a key of its own among the selected columns: no keys.
        XCTAssertNil(try db.repeatedRowKeyTerms(of: Table("book").including(required: Table("book").notes).distinct()))
        // A chosen selection: no keys either.
        XCTAssertNil(try db.repeatedRowKeyTerms(of: Table("author").select(Column("name")).joining(required: Table("author").books).distinct()))
    }

    func testARequiredToManyJoinOffersAStandInForTheRootKey() throws {
        let db = try database()
        let required = Table("author").including(required: Table("author").books)
        let standIn = try XCTUnwrap(try db.rootKeyStandIns(of: required)?["id"])
        XCTAssertEqual("\(standIn.table).\(standIn.column)", "book.authorId")
        // Equal to the root's key on every row.
        let rows = try db.fetchAll(required.annotated(with: standIn.term.expression.forKey("standIn")))
        XCTAssertEqual(rows.map { $0["standIn"] }, rows.map { $0["id"] })
        // An optional join has rows without a match (NULL there): no stand-in.
        XCTAssertNil(try db.rootKeyStandIns(of: Table("author").including(optional: Table("author").books)))
        // Nor does a to-one join, or none.
        XCTAssertNil(try db.rootKeyStandIns(of: Table("book").including(required: Table("book").author)))
        XCTAssertNil(try db.rootKeyStandIns(of: Table("book").all))
    }
}
