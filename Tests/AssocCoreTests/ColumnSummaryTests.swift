import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocInsights

/// `db.summarySource(of:)` and `db.summarizeColumn(_:of:timeLimit:)`: per column of a request's
/// rows, figures SQLite computes over the request's statement. Every expected figure below was
/// counted by hand on the rows inserted here.
final class ColumnSummaryTests: XCTestCase {
    static let sql = """
        CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT, price, cover BLOB);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO album VALUES
          (1, 1, 'For Those', 9.99, NULL),
          (2, 2, 'Balls', 5, x'00'),
          (3, 2, 'Restless', 'free', NULL),
          (4, 1, 'Let There', NULL, NULL),
          (5, 1, NULL, 5, x'0102');
        CREATE VIEW cheap AS SELECT title, price FROM album WHERE typeof(price) IN ('integer', 'real') AND price < 9;
        CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
        """

    func summaries(_ db: Database, _ request: String) throws -> [String: ColumnSummary] {
        let source = try db.summarySource(of: try db.request(parsing: request))
        var result: [String: ColumnSummary] = [:]
        for index in source.columns.indices { result[source.columns[index]] = try db.summarizeColumn(index, of: source) }
        return result
    }

    func testMixedStorageClassesNullsExtremesMeanAndMostFrequent() throws {
        let db = try TestDatabase.make(Self.sql)
        let columns = try summaries(db, "album")
        let price = try XCTUnwrap(columns["price"])
        // 9.99, 5, 'free', NULL, 5
        XCTAssertEqual(price.rows, 5)
        XCTAssertEqual([price.integers, price.reals, price.texts, price.blobs, price.nulls], [2, 1, 1, 0, 1])
        XCTAssertEqual(price.distinct, 3, "9.99, 5 and 'free': NULL is counted in nulls, as count(DISTINCT price) does")
        XCTAssertEqual(price.minimum, .integer(5))
        XCTAssertEqual(price.maximum, .text("free"), "texts sort after numbers")
        XCTAssertEqual(try XCTUnwrap(price.mean), 19.99 / 3, accuracy: 1e-9, "the numbers only")
        XCTAssertEqual(price.mostFrequent, ValueFrequency(value: .integer(5), count: 2))
        XCTAssertEqual(price.mostFrequentTies, 1)
        XCTAssertFalse(price.ranOutOfTime)
        XCTAssertFalse(price.isNumeric)

        let title = try XCTUnwrap(columns["title"])
        XCTAssertEqual([title.integers, title.reals, title.texts, title.blobs, title.nulls], [0, 0, 4, 0, 1])
        XCTAssertEqual(title.distinct, 4)
        XCTAssertEqual(title.minimum, .text("Balls"))
        XCTAssertEqual(title.maximum, .text("Restless"))
        XCTAssertNil(title.mean)
        XCTAssertEqual(title.mostFrequent, ValueFrequency(value: .text("Balls"), count: 1), "never NULL; ties: the smallest value")
        XCTAssertEqual(title.mostFrequentTies, 4, "the four titles each once")

        let cover = try XCTUnwrap(columns["cover"])
        XCTAssertEqual([cover.blobs, cover.nulls, cover.distinct], [2, 3, 2])
        XCTAssertEqual(cover.minimum, .blob([0]))
        XCTAssertEqual(cover.maximum, .blob([1, 2]))
        XCTAssertEqual(cover.mostFrequent, ValueFrequency(value: .blob([0]), count: 1), "NULL is the commonest, but never most frequent")
        XCTAssertEqual(cover.mostFrequentTies, 2)

        let artistId = try XCTUnwrap(columns["artistId"])
        XCTAssertTrue(artistId.isNumeric)
        XCTAssertEqual(try XCTUnwrap(artistId.mean), 7.0 / 5, accuracy: 1e-9)
        XCTAssertEqual(artistId.mostFrequent, ValueFrequency(value: .integer(1), count: 3))
        XCTAssertEqual(artistId.mostFrequentTies, 1)
    }

    func testIncludedColumnsAreNamedByScopeAndDuplicateNamesStayApart() throws {
        let db = try TestDatabase.make(Self.sql)
        let source = try db.summarySource(of: try db.request(parsing: "album.including(required: artist)"))
        XCTAssertEqual(source.columns, ["id", "artistId", "title", "price", "cover", "artist.id", "artist.name"])
        let name = try db.summarizeColumn(6, of: source)
        XCTAssertEqual(name.texts, 5)
        XCTAssertEqual(name.distinct, 2)
        XCTAssertEqual(name.mostFrequent, ValueFrequency(value: .text("AC/DC"), count: 3))
        // Two columns named id: each summarized as its own.
        XCTAssertEqual(try db.summarizeColumn(0, of: source).maximum, .integer(5))
        XCTAssertEqual(try db.summarizeColumn(5, of: source).maximum, .integer(2))
    }

    func testAnnotationsFiltersAndSQLViews() throws {
        let db = try TestDatabase.make(Self.sql)
        let annotated = try summaries(db, "artist.annotated(with: albums.count)")
        let count = try XCTUnwrap(annotated["albumCount"], "\(annotated.keys.sorted())")
        XCTAssertEqual([count.minimum, count.maximum], [.integer(2), .integer(3)])
        XCTAssertEqual(try XCTUnwrap(count.mean), 2.5, accuracy: 1e-9)

        // The view's filter's value is bound, never written into the SQL.
        let filtered = try db.summarySource(of: try db.request(parsing: "album.filter(title = 'Balls')"))
        let title = try db.summarizeColumn(2, of: filtered)
        XCTAssertEqual(title.rows, 1)
        XCTAssertEqual(title.statements.count, 3)
        for statement in title.statements {
            XCTAssertEqual(statement.arguments, [.text("Balls")])
            XCTAssertFalse(statement.sql.contains("Balls"))
            XCTAssert(statement.sql.hasPrefix("WITH \"summarized\"(\"c1\", \"c2\", \"c3\", \"c4\", \"c5\") AS (SELECT "), statement.sql)
        }

        let cheap = try summaries(db, "cheap")
        XCTAssertEqual(cheap["price"]?.integers, 2)
        XCTAssertEqual(cheap["price"]?.distinct, 1)
        XCTAssertEqual(cheap["title"]?.nulls, 1)
        XCTAssertEqual(cheap["title"]?.texts, 1)
    }

    func testEmptyRowsSummarizeToZeros() throws {
        let db = try TestDatabase.make(Self.sql)
        let columns = try summaries(db, "album.filter(id > 100)")
        let price = try XCTUnwrap(columns["price"])
        XCTAssertEqual([price.rows, price.nulls, price.distinct], [0, 0, 0])
        XCTAssertEqual(price.minimum, .null)
        XCTAssertNil(price.mean)
        XCTAssertNil(price.mostFrequent)
    }

    func testAStatementPastItsTimeLimitLeavesItsFiguresUnknown() throws {
        let db = try TestDatabase.make(Self.sql)
        let source = try db.summarySource(of: try db.request(parsing: "forever"))
        XCTAssertEqual(source.columns, ["x"])
        let x = try db.summarizeColumn(0, of: source, timeLimit: 50)
        XCTAssertTrue(x.ranOutOfTime)
        XCTAssertNil(x.rows)
        XCTAssertNil(x.distinct)
        XCTAssertEqual(x.statements.count, 1, "the classes and the grouping never start after the scan ran out")
        XCTAssertThrowsError(try db.summarizeColumn(1, of: source))
    }

    func testFrequenciesOverSeveralColumns() throws {
        let db = try TestDatabase.make(Self.sql)
        let page = try db.frequencies(of: [.column("artistId"), .column("cover")], in: Table("album").all, offset: 0, limit: 10)
        // (1, NULL) twice; then (1, x'0102'), (2, NULL), (2, x'00') once each, by value then value2.
        XCTAssertEqual(
            page.rows,
            [
                ValueFrequency(values: [.integer(1), .null], count: 2), ValueFrequency(values: [.integer(1), .blob([1, 2])], count: 1),
                ValueFrequency(values: [.integer(2), .null], count: 1), ValueFrequency(values: [.integer(2), .blob([0])], count: 1)
            ])
        XCTAssertEqual(page.totalRows, 5)
        XCTAssertEqual(page.distinctCount, 4)
        XCTAssert(page.statement.sql.contains("GROUP BY \"value\", \"value2\""), page.statement.sql)
        let second = try db.frequencies(of: [.column("artistId"), .column("cover")], in: Table("album").all, offset: 3, limit: 10)
        XCTAssertEqual(second.rows.count, 1)
        XCTAssertThrowsError(try db.frequencies(of: [AssocCore.Expression](), in: Table("album").all, offset: 0, limit: 10))
    }

    func testTheScanAndTheGroupingApartMergeIntoTheWholeSummary() throws {
        let db = try TestDatabase.make(Self.sql)
        let source = try db.summarySource(of: try db.request(parsing: "album"))
        let whole = try db.summarizeColumn(3, of: source)
        let scan = try db.summarizeColumn(3, of: source, parts: .scan)
        XCTAssertEqual(scan.rows, 5)
        XCTAssertEqual(scan.nulls, 1)
        XCTAssertNil(scan.integers, "the classes are the second part")
        XCTAssertNil(scan.distinct)
        XCTAssertNil(scan.mostFrequent)
        XCTAssertEqual(scan.statements.count, 1)
        let rest = try db.summarizeColumn(3, of: source, parts: [.classes, .grouping])
        XCTAssertNil(rest.rows)
        XCTAssertEqual(rest.distinct, 3, "9.99, 5, 'free'")
        XCTAssertNil(scan.mostFrequentTies)
        XCTAssertEqual(rest.integers, 2)
        XCTAssertEqual(scan.merging(rest), whole)
    }
}
