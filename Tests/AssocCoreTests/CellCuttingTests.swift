import AssocCore
import TestSupport
import XCTest

@testable import AssocCore

/// Long values cut as they are read (`CellPreview.Cutting.whileReading`, the streams' way) give
/// the rows cut in SQL give (the pages' way): the same values, the same cut marks, the same blob
/// sizes; and no more than the first bytes of a long value reach the row.
final class CellCuttingTests: XCTestCase {
    static let sql = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT, photo BLOB);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, data, score REAL);
        INSERT INTO author VALUES (1, 'Short', x'0102'), (2, 'A name far longer than ten characters', zeroblob(50)),
          (3, 'ééééééééééééééé', NULL), (4, 'a' || char(0) || 'bcdefghijklmnop', x'');
        INSERT INTO book VALUES (1, 1, '', 'text in an untyped column, long enough', 1.5), (2, 2, 'Ten chars!', x'00112233445566778899AABB', NULL),
          (3, 2, '日本語のとても長いタイトルです', 42, -0.0), (4, NULL, NULL, x'FF', 2);
        """

    private func rows(_ db: Database, _ text: String, cutting: CellPreview.Cutting) throws -> [(values: [DatabaseValue], cuts: [Int: Int])] {
        let cursor = try db.cursor(try db.request(parsing: text), previewingCellsUpTo: 10, cutting: cutting)
        var result: [(values: [DatabaseValue], cuts: [Int: Int])] = []
        func add(_ row: Row) {
            result.append((row.values, row.cutLengths))
            for scope in row.scopes { add(scope.row) }
        }
        while let row = try cursor.next() { add(row) }
        return result
    }

    func testCuttingWhileReadingGivesTheRowsCuttingInSQLGives() throws {
        let db = try TestDatabase.make(Self.sql)
        for text in ["author", "book", "book.including(optional: author)", "author.order(name.desc)", "book.select(title, data)"] {
            let inSQL = try rows(db, text, cutting: .inSQL)
            let whileReading = try rows(db, text, cutting: .whileReading)
            XCTAssertEqual(inSQL.map(\.values), whileReading.map(\.values), text)
            XCTAssertEqual(inSQL.map(\.cuts), whileReading.map(\.cuts), text)
        }
        // By hand: the long name keeps 10 characters and is marked cut; the 50-byte blob keeps
        // 10 bytes and its size.
        let authors = try rows(db, "author", cutting: .whileReading)
        XCTAssertEqual(authors[1].values, [.integer(2), .text("A name far"), .blob([UInt8](repeating: 0, count: 10))])
        XCTAssertEqual(authors[1].cuts, [1: 0, 2: 50])
        XCTAssertEqual(authors[0].cuts, [:])
    }

    /// A row whose cells together pass SQLite's heap limit (here 12 MB) does not stop a stream of
    /// previews: the rows from it on are read with their texts by rowid, and every row is the one
    /// read without a limit.
    func testARowTooBigForSQLiteGoesOnByRowid() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
              INSERT INTO t SELECT i, 'row ' || i, printf('%.*c', i, 'é'), randomblob(i) FROM n;
            UPDATE t SET a = hex(randomblob(3000000)), b = replace(hex(zeroblob(1500000)), '00', 'é'), c = randomblob(5000000)
              WHERE id IN (20, 41);
            """)
        for text in ["t", "t.filter(id > 3).order(id.desc).limit(40, offset: 5)"] {
            let request = try db.request(parsing: text)
            var expected: [[DatabaseValue]] = []
            try db.forEachRow(request, previewingCellsUpTo: 40) { expected.append($0.values) }
            var limited: [[DatabaseValue]] = []
            try Connection.withMemoryLimit(bytes: 12 << 20) {
                try db.forEachRow(request, previewingCellsUpTo: 40) { limited.append($0.values) }
            }
            XCTAssertEqual(limited, expected, text)
            XCTAssertEqual(expected.count, text == "t" ? 60 : 40)
            // Without the fallback, the row fails.
            XCTAssertThrowsError(
                try Connection.withMemoryLimit(bytes: 12 << 20) {
                    let cursor = try db.cursor(request, previewingCellsUpTo: 40, cutting: .whileReading)
                    while try cursor.next() != nil {}
                })
        }
    }
}
