import XCTest

@testable import AssocCore

/// Chains of `request(for:)` and through associations of any length (issue 32, item 5): beyond
/// `Resolver.nestedStepLimit` steps they are written one `WITH` stage per step, so SQLite's nesting
/// does not grow with the chain (nested `IN (SELECT …)` overflowed its parser at 12), and they
/// reach the same records, each once, as the nested form and as following the keys by hand.
///
/// Schema: a ring of 60 tables `t0`…`t59`, `t{i}.nextId` → `t{i+1}.id` (`next`, and `ts{i}` back),
/// each with ids 1…6 whose `nextId` is a permutation of them, except every fifth table where
/// several rows lead to one (fanning out backwards) and every seventh where id 6 leads nowhere.
final class LongChainTests: XCTestCase {
    static let ringSize = 60

    static func nextID(table: Int, id: Int) -> Int? {
        if table % 7 == 3 && id == 6 { return nil }
        if table % 10 == 0 { return id % 3 + 1 }
        if table % 5 == 0 { return id % 4 + 1 }
        return (id + table) % 6 + 1
    }

    static var ringSQL: String {
        var sql = ""
        for table in 0..<ringSize {
            sql += "CREATE TABLE t\(table)(id INTEGER PRIMARY KEY, nextId INTEGER REFERENCES t\((table + 1) % ringSize)(id));\n"
            let rows = (1...6).map { id in "(\(id), \(nextID(table: table, id: id).map(String.init) ?? "NULL"))" }
            sql += "INSERT INTO t\(table) VALUES \(rows.joined(separator: ", "));\n"
        }
        // Named like the stages: the statement must not let a stage hide them.
        sql += "CREATE TABLE step2(id INTEGER PRIMARY KEY); CREATE TABLE _step7(id INTEGER PRIMARY KEY);\n"
        return sql
    }

    func database(declarations: String = "") throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(Self.ringSQL)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection), options: .init(),
            declarations: try AssociationDeclaration.parse(declarations, file: "ring.assoc"))
        return Database(connection: connection, graph: graph)
    }

    /// The ids reached from `start` in `t{from}` by following `next` `steps` times.
    static func forward(from table: Int, ids start: Set<Int>, steps: Int) -> Set<Int> {
        var ids = start
        for step in 0..<steps {
            ids = Set(ids.compactMap { nextID(table: (table + step) % ringSize, id: $0) })
        }
        return ids
    }

    /// The ids reached from `start` in `t{from}` by following `ts…` (to the rows pointing here) `steps` times.
    static func backward(from table: Int, ids start: Set<Int>, steps: Int) -> Set<Int> {
        var ids = start
        var current = table
        for _ in 0..<steps {
            let previous = (current + ringSize - 1) % ringSize
            ids = Set((1...6).filter { id in nextID(table: previous, id: id).map(ids.contains) ?? false })
            current = previous
        }
        return ids
    }

    /// The deepest parenthesis nesting of `sql`, outside quoted names and strings.
    static func nesting(of sql: String) -> Int {
        var depth = 0
        var deepest = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" {
                depth += 1
                deepest = max(deepest, depth)
            } else if character == ")" {
                depth -= 1
            }
        }
        return deepest
    }

    func next(from table: Int) -> AssociationRequest { Table("t\(table % Self.ringSize)").association("next") }

    func ids(_ request: Request, in db: Database) throws -> [Int] {
        try db.fetchAll(request).compactMap { row -> Int? in
            if case .integer(let id) = row["id"] { return Int(id) }
            return nil
        }
    }

    func testChainsOfAnyLengthReachTheRecordsEachOnceInOrder() throws {
        let db = try database()
        for length in [1, 2, 6, 7, 8, 12, 13, 50, 120] {
            var request = Table("t0").filter(keys: [1, 2, 3])
            for step in 0..<length { request = request.request(for: next(from: step)) }
            request = request.order(Column("id").desc)
            let expected = Self.forward(from: 0, ids: [1, 2, 3], steps: length).sorted(by: >)
            XCTAssertEqual(try ids(request, in: db), expected, "\(length) steps")
            XCTAssertEqual(try db.fetchCount(request), expected.count, "\(length) steps")
            let sql = try db.mainStatement(for: request).sql
            // Short chains keep GRDB's nested form; longer ones one stage each, none named like a table.
            XCTAssertEqual(sql.contains("WITH"), length > Resolver.nestedStepLimit, sql)
            XCTAssertFalse(sql.contains(#"FROM "step2""#), sql)
            XCTAssertFalse(sql.contains(#""_step7"("#), sql)
            XCTAssertLessThanOrEqual(Self.nesting(of: sql), Resolver.nestedStepLimit + 1, sql)
        }
    }

    func testBackwardChainsFanOutAndListEachRecordOnce() throws {
        let db = try database()
        var request = Table("t0").filter(key: 2)
        var table = 0
        for _ in 0..<36 {
            let previous = (table + Self.ringSize - 1) % Self.ringSize
            request = request.request(for: Table("t\(table)").association("ts\(previous)"))
            table = previous
        }
        let expected = Self.backward(from: 0, ids: [2], steps: 36).sorted()
        XCTAssertEqual(expected.count, 4, "the rows fan out")
        XCTAssertEqual(try ids(request.order(Column("id")), in: db), expected)
        XCTAssertEqual(try db.fetchCount(request), expected.count)
    }

    func testEachLinkKeepsItsFiltersOrderAndLimit() throws {
        let db = try database()
        var request = Table("t0").all
        var expected: Set<Int> = Set(1...6)
        for step in 0..<50 {
            request = request.request(for: next(from: step))
            expected = Self.forward(from: step, ids: expected, steps: 1)
            if step == 20 {
                request = request.filter(Column("id") != 3)
                expected.remove(3)
            }
            if step == 30 {
                request = request.order(Column("id").desc).limit(2)
                expected = Set(expected.sorted(by: >).prefix(2))
            }
        }
        XCTAssertEqual(try ids(request.order(Column("id")), in: db), expected.sorted())
    }

    func testFiftyStepThroughAssociationsDeclaredInAFile() throws {
        let forward = Array(repeating: "next", count: 50).joined(separator: ", ")
        let backward = (0..<50).map { "ts\((Self.ringSize * 2 - 1 - $0) % Self.ringSize)" }.joined(separator: ", ")
        let db = try database(
            declarations: """
                t0.hasOne(t50, through: [\(forward)], key: "far")
                t0.hasMany(t10, through: [\(backward)], key: "farBack")
                """)
        let far = Table("t0").association("far")
        let reached = try db.request(for: far, of: Table("t0").filter(keys: [1, 4]))
        XCTAssertEqual(try ids(reached.order(Column("id")), in: db), Self.forward(from: 0, ids: [1, 4], steps: 50).sorted())
        let back = try db.request(for: Table("t0").association("farBack"), of: Table("t0").filter(key: 2))
        XCTAssertEqual(try ids(back.order(Column("id")), in: db), Self.backward(from: 0, ids: [2], steps: 50).sorted())
        // Two of them chained: 100 steps, back round the ring to t40.
        let twice = reached.request(for: Table("t50").association("next")).request(for: Table("t51").association("next"))
        XCTAssertEqual(try ids(twice.order(Column("id")), in: db), Self.forward(from: 0, ids: [1, 4], steps: 52).sorted())
        // Joined and counted, the through association works as before (no subquery per step).
        let counted = Table("t0").annotated(with: Table("t0").association("farBack").count).order(Column("id"))
        XCTAssertEqual(try db.fetchAll(counted).count, 6)
    }

    func testCompositeKeysAcrossManySteps() throws {
        var sql = ""
        for table in 0..<20 {
            sql +=
                "CREATE TABLE c\(table)(a INTEGER, b TEXT, na INTEGER, nb TEXT, PRIMARY KEY (a, b), FOREIGN KEY (na, nb) REFERENCES c\(table + 1)(a, b));\n"
            sql += "INSERT INTO c\(table) VALUES (1, 'x', 2, 'y'), (2, 'y', 1, 'x'), (3, 'z', NULL, NULL);\n"
        }
        sql += "CREATE TABLE c20(a INTEGER, b TEXT, PRIMARY KEY (a, b)); INSERT INTO c20 VALUES (1, 'x'), (2, 'y'), (3, 'z');"
        let connection = try Connection.inMemory()
        try connection.execute(sql)
        let db = try Database(connection: connection)
        var request = Table("c0").filter(Column("a") == 1)
        for table in 0..<20 { request = request.request(for: Table("c\(table)").association("c\(table + 1)")) }
        let statement = try db.mainStatement(for: request)
        XCTAssertTrue(statement.sql.contains(#"("a", "b") IN (WITH "#), statement.sql)
        // 20 steps from (1, 'x'): an even number of swaps, back to (1, 'x').
        XCTAssertEqual(try db.fetchAll(request).map { $0["b"] }, [.text("x")])
    }
}
