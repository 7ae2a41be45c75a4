import TestSupport
import XCTest

@testable import AssocCore

/// `KeysetCondition`: the rows after (before) a row in an ordering are exactly the rows SQLite
/// puts after (before) it, NULLs first ascending and last descending, with mixed directions.
final class KeysetConditionTests: XCTestCase {
    func testSQLShapes() throws {
        let db = try TestDatabase.make("CREATE TABLE item (id INTEGER PRIMARY KEY, price REAL)")
        let price = KeysetCondition.Term(.column("price"), descending: false)
        let id = KeysetCondition.Term(.column("id"), descending: false, isNullable: false)
        func sql(_ condition: AssocCore.Expression?) throws -> String {
            try db.mainStatement(for: Table("item").filter(try XCTUnwrap(condition))).sql
        }
        // The leading range lets SQLite start an index scan at the position.
        XCTAssertEqual(
            try sql(KeysetCondition.after([9.5, 42], in: [price, id])),
            """
            SELECT * FROM "item" WHERE ("price" >= ?) AND (("price" > ?) OR (("price" = ?) AND ("id" > ?)))
            """)
        // As ranges: the anchor's ties after it, then the larger prices, each one index seek.
        XCTAssertEqual(
            try KeysetCondition.afterRanges([9.5, 42], in: [price, id]).map(sql),
            [
                #"SELECT * FROM "item" WHERE ("price" = ?) AND ("id" > ?)"#,
                #"SELECT * FROM "item" WHERE "price" > ?"#
            ])
        // A key alone: one comparison.
        XCTAssertEqual(try sql(KeysetCondition.after([42], in: [id])), #"SELECT * FROM "item" WHERE "id" > ?"#)
        XCTAssertEqual(try sql(KeysetCondition.before([42], in: [id])), #"SELECT * FROM "item" WHERE "id" < ?"#)
        // After a NULL price (ascending: NULLs first), every priced row comes after.
        XCTAssertEqual(
            try sql(KeysetCondition.after([.null, 42], in: [price, id])),
            """
            SELECT * FROM "item" WHERE ("price" IS NOT NULL) OR (("price" IS NULL) AND ("id" > ?))
            """)
        // Descending, NULLs last: nothing comes after the last NULL.
        let priceDown = KeysetCondition.Term(.column("price"), descending: true)
        XCTAssertNil(KeysetCondition.after([.null], in: [priceDown]))
        XCTAssertNil(KeysetCondition.after([1], in: []))
        XCTAssertNil(KeysetCondition.after([1, 2], in: [id]))
    }

    func testRowsAfterAndBeforeMatchSQLiteOrder() throws {
        var random = SeededRandom(seed: randomSeed(fallback: 20_261_125))
        let db = try TestDatabase.make(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL NOT NULL, d);
            """)
        // Few distinct values (ties), NULLs, and a column without type holding mixed types.
        var inserts: [String] = []
        let mixed = ["NULL", "1", "2.5", "'x'", "X'00'", "'2'"]
        for id in 1...120 {
            let a = random.chance(20) ? "NULL" : String(random.below(4))
            let b = random.chance(20) ? "NULL" : "'" + (random.pick(["p", "q", "r"]) ?? "p") + "'"
            let c = String(Double(random.below(3)) / 2)
            inserts.append("(\(id), \(a), \(b), \(c), \(random.pick(mixed) ?? "NULL"))")
        }
        try db.connection.execute("INSERT INTO item VALUES " + inserts.joined(separator: ", "))
        let columns: [(name: String, nullable: Bool)] = [("a", true), ("b", true), ("c", false), ("d", true)]
        for round in 0..<150 {
            var terms: [KeysetCondition.Term] = []
            var used = Set<String>()
            for _ in 0..<(1 + random.below(3)) {
                guard let column = random.pick(columns), used.insert(column.name).inserted else { continue }
                terms.append(.init(.column(column.name), descending: random.chance(50), isNullable: column.nullable))
            }
            terms.append(.init(.column("id"), descending: random.chance(30), isNullable: false))
            let orderings = terms.map { Ordering($0.expression, descending: $0.descending) }
            let all = try db.fetchAll(Table("item").all.order(orderings))
            let ids = all.map { $0["id"] }
            for _ in 0..<6 {
                let position = random.below(all.count)
                let values = terms.map { term -> DatabaseValue in
                    guard case .column(let name) = term.expression else { return .null }
                    return all[position][name] ?? .null
                }
                let label = "round \(round), terms \(terms.map { "\($0.expression)\($0.descending ? " desc" : "")" }), row \(position)"
                let after = KeysetCondition.after(values, in: terms).map { Table("item").filter($0).order(orderings) }
                XCTAssertEqual(try after.map { try db.fetchAll($0).map { $0["id"] } } ?? [], Array(ids[(position + 1)...]), label)
                let before = KeysetCondition.before(values, in: terms).map { Table("item").filter($0).order(orderings) }
                XCTAssertEqual(try before.map { try db.fetchAll($0).map { $0["id"] } } ?? [], Array(ids[..<position]), label)
                // The same rows as disjoint ranges read in turn: after in the order, before
                // nearest first (the reversed order).
                let afterRanges = try KeysetCondition.afterRanges(values, in: terms).flatMap {
                    try db.fetchAll(Table("item").filter($0).order(orderings)).map { $0["id"] }
                }
                XCTAssertEqual(afterRanges, Array(ids[(position + 1)...]), "ranges, " + label)
                let reversed = terms.map { Ordering($0.expression, descending: !$0.descending) }
                let beforeRanges = try KeysetCondition.beforeRanges(values, in: terms).flatMap {
                    try db.fetchAll(Table("item").filter($0).order(reversed)).map { $0["id"] }
                }
                XCTAssertEqual(beforeRanges, Array(ids[..<position].reversed()), "ranges, " + label)
            }
        }
    }
}
