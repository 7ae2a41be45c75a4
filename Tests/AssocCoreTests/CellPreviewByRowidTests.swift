import CSQLite
import TestSupport
import XCTest

@testable import AssocCore

/// Previews read a text of a rowid table by its rowid, its first bytes through SQLite's
/// incremental I/O (`CellPreviewReading`): SQLite never loads the whole value, so a page of
/// 200 MB texts costs a few kilobytes a cell. The values are those the SQL cut gives (checked
/// against the whole values), whatever the table, the encoding or the bytes.
final class CellPreviewByRowidTests: XCTestCase {
    /// SQLite's peak heap while `body` runs, above what it used before.
    private func sqlitePeakGrowth(_ body: () throws -> Void) rethrows -> Int64 {
        let before = sqlite3_memory_used()
        sqlite3_memory_highwater(1)
        try body()
        return sqlite3_memory_highwater(0) - before
    }

    func testABigTextIsReadWithoutSQLiteLoadingIt() throws {
        let size = 30 << 20
        let db = try TestDatabase.make(
            """
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note VALUES (1, 'é' || hex(randomblob(\(size / 2)))), (2, 'short');
            CREATE TABLE keyed(code TEXT PRIMARY KEY, body TEXT) WITHOUT ROWID;
            INSERT INTO keyed SELECT 'k' || id, body FROM note;
            """)
        let expected = try db.connection.prepare("SELECT substr(body, 1, 50) FROM note ORDER BY id")
        var heads: [DatabaseValue] = []
        while try expected.step() { heads.append(expected.value(at: 0)) }
        var rows: [Row] = []
        let growth = try sqlitePeakGrowth { rows = try db.fetchAll(Table("note").order(Column("id")), previewingCellsUpTo: 50) }
        XCTAssertLessThan(growth, 4 << 20, "SQLite's heap grew by \(growth) bytes for a \(size)-byte text")
        XCTAssertEqual(rows.map { $0["body"] }, heads)
        XCTAssertEqual(rows.map { $0.cutLength(at: 1) }, [0, nil], "the first is cut, the second whole")
        // The measure sees a load: a WITHOUT ROWID table has no rowid, and its texts are cut in SQL.
        let keyedGrowth = try sqlitePeakGrowth { rows = try db.fetchAll(Table("keyed").order(Column("code")), previewingCellsUpTo: 50) }
        XCTAssertGreaterThan(keyedGrowth, Int64(size), "the SQL cut loads the whole text")
        XCTAssertEqual(rows.map { $0["body"] }, heads)
    }

    /// Random texts (NUL inside, accents, CJK, invalid UTF-8, empty), numbers and blobs in
    /// rowid tables (a rowid alias, a column named rowid, a joined parent that may be missing),
    /// in a WITHOUT ROWID table and under DISTINCT: each preview is the whole value cut.
    func testPreviewsAreTheWholeValuesCut() throws {
        for encoding in ["UTF-8", "UTF-16le", "UTF-16be"] {
            let db = try TestDatabase.make(
                """
                PRAGMA encoding = '\(encoding)';
                CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child(rowid TEXT, parentId INTEGER REFERENCES parent(id), body, extra TEXT);
                CREATE TABLE keyed(code TEXT PRIMARY KEY, parentId INTEGER REFERENCES parent(id), body) WITHOUT ROWID;
                """)
            var rng = SeededRandom(seed: randomSeed(fallback: 0x5EED))
            let pieces = ["a", "é", "漢", "\u{0}", " ", "'", "\n"]
            func value() -> DatabaseValue {
                switch rng.below(8) {
                case 0: return .null
                case 1: return .integer(Int64(rng.below(1000)))
                case 2: return .blob((0..<rng.below(40)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
                case 3: return .text("")
                default: return .text(String((0..<rng.below(60)).map { _ in Character(rng.pick(pieces) ?? "a") }))
                }
            }
            for id in 1...30 { try db.connection.execute("INSERT INTO parent VALUES (?, ?)", arguments: [.integer(Int64(id)), value()]) }
            for id in 1...120 {
                try db.connection.execute(
                    "INSERT INTO child VALUES (?, ?, ?, ?)", arguments: [value(), .integer(Int64(rng.below(40))), value(), value()])
                try db.connection.execute("INSERT INTO keyed VALUES (?, ?, ?)", arguments: [.text("k\(id)"), .integer(Int64(rng.below(40))), value()])
            }
            if encoding == "UTF-8" {
                try db.connection.execute("UPDATE child SET body = CAST(X'61FF62C3' AS TEXT) WHERE _rowid_ % 7 = 0")
            }
            let child = Table("child")
            let keyed = Table("keyed")
            let requests: [Request] = [
                child.including(optional: child.belongsTo(Table("parent"))).order(Column("_rowid_")),
                keyed.including(optional: keyed.belongsTo(Table("parent"))).order(Column("code")),
                child.select(Column("body"), Column("extra")).distinct().order(Column("body"), Column("extra"))
            ]
            for request in requests {
                let whole = try db.fetchAll(request)
                for limit in [1, 5, 20] {
                    let previews = try db.fetchAll(request, previewingCellsUpTo: limit)
                    XCTAssertEqual(previews.count, whole.count, "\(encoding) \(request)")
                    for (preview, full) in zip(previews, whole) {
                        assertPreview(preview, of: full, limit: limit, "\(encoding), limit \(limit)")
                    }
                }
            }
        }
    }

    private func assertPreview(_ preview: Row, of full: Row, limit: Int, _ context: String) {
        for index in full.values.indices {
            switch full.values[index] {
            case .text(let text) where text.count > limit:
                XCTAssertEqual(preview.values[index], .text(String(text.prefix(limit))), context)
                XCTAssertEqual(preview.cutLength(at: index), 0, context)
            case .blob(let bytes) where bytes.count > limit:
                XCTAssertEqual(preview.values[index], .blob(Array(bytes.prefix(limit))), context)
                XCTAssertEqual(preview.cutLength(at: index), bytes.count, context)
            default:
                XCTAssertEqual(preview.values[index], full.values[index], context)
                XCTAssertNil(preview.cutLength(at: index), context)
            }
        }
        for ((_, previewScope), (_, fullScope)) in zip(preview.scopes, full.scopes) {
            assertPreview(previewScope, of: fullScope, limit: limit, context)
        }
    }

    /// A table so wide that the lengths go packed into one column (1,200 columns: two each would
    /// pass SQLite's 2,000): its texts are read by rowid all the same.
    func testTextsOfAWideTableAreReadByRowidToo() throws {
        let columns = (0..<1_200).map { "c\($0)" }
        let db = try TestDatabase.make(
            """
            CREATE TABLE wide(id INTEGER PRIMARY KEY, \(columns.map { "\($0) TEXT" }.joined(separator: ", ")));
            INSERT INTO wide(id, c0, c7, c1199) VALUES (1, 'short', printf('%.*c', 300, 'é'), 'end'), (2, NULL, '', 'x');
            """)
        let request = Table("wide").order(Column("id"))
        let plan = try db.plan(request, previewingCellsUpTo: 10)
        XCTAssertEqual(plan.main.previewLengthColumns, .packed)
        let whole = try db.fetchAll(request)
        let previews = try db.fetchAll(request, previewingCellsUpTo: 10)
        XCTAssertEqual(previews.count, 2)
        for (preview, full) in zip(previews, whole) { assertPreview(preview, of: full, limit: 10, "wide") }
        XCTAssertEqual(previews.first?["c7"], .text(String(repeating: "é", count: 10)))
    }
}
