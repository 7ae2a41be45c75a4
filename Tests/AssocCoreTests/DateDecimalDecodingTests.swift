import AssocCore
import Foundation
import TestSupport
import XCTest

/// `Date` and `Decimal` decode as GRDB 7.10 decodes them (its `Date`, `DatabaseDateComponents`
/// and `Decimal` conversions): the expected values are computed here by hand, in UTC.
final class DateDecimalDecodingTests: XCTestCase {
    /// Chinook's `Invoice` (its DATETIME text and NUMERIC(10,2) total), plus a total kept as text;
    /// properties match the capitalized columns case-insensitively.
    struct Invoice: FetchableRecord {
        var invoiceId: Int
        var invoiceDate: Date
        var total: Decimal
        var totalText: Decimal
        var paidOn: Date?
    }

    func testChinookInvoiceDateAndTotalDecode() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE Invoice(InvoiceId INTEGER PRIMARY KEY, InvoiceDate DATETIME NOT NULL, Total NUMERIC(10,2) NOT NULL,
                TotalText TEXT, PaidOn DATETIME);
            INSERT INTO Invoice VALUES (1, '2009-01-01 00:00:00', 1.98, '1.98', NULL),
                (2, '2013-12-22 00:00:00', 1.99, '1.99', '2013-12-23 14:05:09');
            """)
        let invoices = try Invoice.fetchAll(db, Table("Invoice").order(Column("InvoiceId")))
        XCTAssertEqual(invoices.map(\.invoiceDate), [utc(2009, 1, 1), utc(2013, 12, 22)])
        XCTAssertEqual(invoices[0].invoiceDate.timeIntervalSince1970, 1_230_768_000)
        // NUMERIC 1.98 is stored as a REAL: GRDB's Decimal(Double); the text reads as written.
        XCTAssertEqual(invoices.map(\.total), [Decimal(1.98), Decimal(1.99)])
        XCTAssertEqual(invoices.map(\.total), [Decimal(198) / 100, Decimal(199) / 100])
        XCTAssertEqual(invoices.map(\.totalText), [Decimal(198) / 100, Decimal(199) / 100])
        XCTAssertEqual(invoices.map(\.paidOn), [nil, utc(2013, 12, 23, 14, 5, 9)])

        // The same values through Row.decode(column:), for records written by hand.
        let row = try XCTUnwrap(db.fetchOne(Table("Invoice").filter(Column("InvoiceId") == 2)))
        XCTAssertEqual(try row.decode(Date.self, column: "InvoiceDate"), utc(2013, 12, 22))
        XCTAssertEqual(try row.decode(Decimal.self, column: "TotalText"), Decimal(199) / 100)
        XCTAssertEqual(try row.decodeIfPresent(Date.self, column: "PaidOn"), utc(2013, 12, 23, 14, 5, 9))
    }

    struct Stamp: FetchableRecord {
        var id: Int
        var at: Date
    }

    func testDateFormatsAndNumbersAsGRDBReadsThem() throws {
        let base = 1_230_768_000.0  // 2009-01-01 00:00:00 UTC
        let cases: [(sql: String, expected: Date)] = [
            ("'2009-01-01'", utc(2009, 1, 1)),
            ("'2009-01-01 10:11'", utc(2009, 1, 1, 10, 11)),
            ("'2009-01-01T10:11'", utc(2009, 1, 1, 10, 11)),
            ("'2009-01-01 10:11:12'", utc(2009, 1, 1, 10, 11, 12)),
            ("'2009-01-01T10:11:12'", utc(2009, 1, 1, 10, 11, 12)),
            ("'2009-01-01 10:11:12.5'", utc(2009, 1, 1, 10, 11, 12, milliseconds: 500)),
            ("'2009-01-01 10:11:12.25'", utc(2009, 1, 1, 10, 11, 12, milliseconds: 250)),
            ("'2009-01-01 10:11:12.123'", utc(2009, 1, 1, 10, 11, 12, milliseconds: 123)),
            // Digits after the third are ignored, as GRDB does.
            ("'2009-01-01 10:11:12.123987'", utc(2009, 1, 1, 10, 11, 12, milliseconds: 123)),
            ("'2009-01-01T10:11:12Z'", utc(2009, 1, 1, 10, 11, 12)),
            ("'2009-01-01 10:11+02:00'", utc(2009, 1, 1, 8, 11)),
            ("'2009-01-01 10:11:12.250-01:30'", utc(2009, 1, 1, 11, 41, 12, milliseconds: 250)),
            // Numbers: seconds since 1970 (Unix time).
            ("1230768000", Date(timeIntervalSince1970: base)),
            ("1230768000.5", Date(timeIntervalSince1970: base + 0.5)),
            ("-86400", utc(1969, 12, 31))
        ]
        let inserts = cases.enumerated().map { "(\($0.offset), \($0.element.sql))" }.joined(separator: ", ")
        let db = try TestDatabase.make("CREATE TABLE stamp(id INTEGER PRIMARY KEY, at DATETIME); INSERT INTO stamp VALUES \(inserts);")
        let stamps = try Stamp.fetchAll(db, Table("stamp").order(Column("id")))
        XCTAssertEqual(stamps.count, cases.count)
        for (stamp, (sql, expected)) in zip(stamps, cases) {
            XCTAssertEqual(stamp.at.timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 1e-6, sql)
        }
    }

    func testUndecodableDatesNameTheColumnAndTheValueKind() throws {
        // Not dates for GRDB either: other separators, a time alone, words, a number as text (in
        // a TEXT column: DATETIME's numeric affinity would store it as an INTEGER), something after
        // the date; a BLOB; an infinite REAL (SQLite's 9e999).
        for value in ["'2009/01/01'", "'10:11:12'", "'yesterday'", "'1230768000'", "'2009-01-01 10:11:12 UTC'", "'2009-1-1'"] {
            let db = try TestDatabase.make("CREATE TABLE stamp(id INTEGER PRIMARY KEY, at TEXT); INSERT INTO stamp VALUES (1, \(value));")
            let error = decodingError { _ = try Stamp.fetchAll(db, Table("stamp").all) }
            XCTAssertEqual(error?.kind, .typeMismatch, value)
            XCTAssertTrue(
                error?.message.hasPrefix(
                    #"could not decode Date from column "at" with value \#(value.replacing("'", with: "\"")) (TEXT): a Date decodes from text YYYY-MM-DD"#
                ) == true, error?.message ?? value)
        }
        for (value, kind) in [("x'00'", "BLOB"), ("9e999", "REAL")] {
            let db = try TestDatabase.make("CREATE TABLE stamp(id INTEGER PRIMARY KEY, at); INSERT INTO stamp VALUES (1, \(value));")
            let error = decodingError { _ = try Stamp.fetchAll(db, Table("stamp").all) }
            XCTAssertEqual(error?.kind, .typeMismatch, value)
            XCTAssertTrue(error?.message.contains(#"from column "at" with value"#) == true, error?.message ?? value)
            XCTAssertTrue(error?.message.contains("(\(kind))") == true, error?.message ?? value)
        }
    }

    struct Price: FetchableRecord {
        var id: Int
        var amount: Decimal
    }

    func testDecimalFromIntegerRealAndText() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE price(id INTEGER PRIMARY KEY, amount);
            INSERT INTO price VALUES (1, 3), (2, 1.99), (3, '1.99'), (4, '-2.5e3'), (5, '+0.10'), (6, '.5'), (7, -9223372036854775808);
            """)
        let amounts = try Price.fetchAll(db, Table("price").order(Column("id"))).map(\.amount)
        XCTAssertEqual(
            amounts,
            [Decimal(3), Decimal(199) / 100, Decimal(199) / 100, Decimal(-2500), Decimal(1) / 10, Decimal(5) / 10, Decimal(Int64.min)])
    }

    func testUndecodableDecimalsNameTheColumnAndTheValueKind() throws {
        // Text that is not wholly a number (GRDB would read "1.99abc" as 1.99 and "1,5" as 1:
        // Assoc refuses them, as it refuses "abc" for an Int); a BLOB; an infinite REAL, which
        // would trap in Decimal(Double).
        for (value, kind) in [
            ("'abc'", "TEXT"), ("'1.99abc'", "TEXT"), ("'1,5'", "TEXT"), ("''", "TEXT"), ("'1e999'", "TEXT"), ("x'31'", "BLOB"), ("9e999", "REAL")
        ] {
            let db = try TestDatabase.make("CREATE TABLE price(id INTEGER PRIMARY KEY, amount); INSERT INTO price VALUES (1, \(value));")
            let error = decodingError { _ = try Price.fetchAll(db, Table("price").all) }
            XCTAssertEqual(error?.kind, .typeMismatch, value)
            XCTAssertTrue(error?.message.hasPrefix(#"could not decode Decimal from column "amount" with value"#) == true, error?.message ?? value)
            XCTAssertTrue(
                error?.message.hasSuffix("(\(kind)): a Decimal decodes from an integer, a real or text holding a decimal number") == true,
                error?.message ?? value)
        }
    }

    /// The instant of a UTC calendar date, computed with Foundation's calendar (not the code under test).
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, milliseconds: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components)!.addingTimeInterval(Double(milliseconds) / 1000)
    }
}
