import AssocCore
import Foundation
import TestSupport
import XCTest

/// The tests' seeded generator, under the name the fuzz tests use.
typealias FuzzRandom = SeededRandom

/// Random schemas (odd names, composite and dangling keys, cycles) built with foreign keys off:
/// introspection and inference never trap, and random requests over the inferred associations
/// produce SQL that SQLite runs.
final class SchemaFuzzTests: XCTestCase {
    static let tableNames = [
        "author", "book", "person", "country", "library", "order", "select", "group", "Order Details", "we\"ird",
        "élève", "表", "a b", "x", "item", "tag", "bookTag", "post", "comment", "user", "🙂", "index", "table",
        "with space ", "quote'single", "NULL", "rowid"
    ]
    static let columnNames = [
        "name", "title", "year", "kind", "value", "select", "from", "a b", "\"q\"", "é", "count", "desc", "order",
        "NULL", "x", "y", "rowid", "oid", "_rowid_", "label", "😀", "price", "where", "group"
    ]
    static let types = ["INTEGER", "TEXT", "REAL", "BLOB", "", "NUMERIC", "VARCHAR(10)", "INT", "ANY"]

    struct Built {
        var sql: String
        var tables: [String]
    }

    static func quote(_ name: String) -> String { "\"" + name.replacing("\"", with: "\"\"") + "\"" }
    static func literal(_ text: String) -> String { "'" + text.replacing("'", with: "''") + "'" }

    /// A random schema: 1…8 tables, each with a key of some kind, foreign keys to existing, future,
    /// missing tables and columns, and naming-convention columns (`authorId`, `book_id`).
    static func makeSchema(_ random: inout FuzzRandom) -> Built {
        var names = Set<String>()
        var tables: [String] = []
        for _ in 0...random.below(8) {
            var name = random.pick(tableNames) ?? "t"
            if names.contains(name) { name += String(random.below(1000)) }
            guard names.insert(name).inserted else { continue }
            tables.append(name)
        }
        var sql = ""
        for table in tables {
            var columns: [(String, String)] = []
            var columnSet = Set<String>()
            func add(_ name: String, _ type: String) {
                if columnSet.insert(name.lowercased()).inserted { columns.append((name, type)) }
            }
            let keyStyle = random.below(5)  // 0 rowid alias, 1 hidden rowid, 2 single non-integer, 3 composite, 4 without rowid
            if keyStyle == 0 || keyStyle == 2 { add("id", keyStyle == 0 ? "INTEGER" : "TEXT") }
            if keyStyle >= 3 {
                add("k1", "TEXT")
                add("k2", "INTEGER")
            }
            for _ in 0..<random.below(5) { add(random.pick(columnNames) ?? "c", random.pick(types) ?? "") }
            // Naming-convention columns pointing (or not) at other tables.
            for _ in 0..<random.below(3) {
                let target = random.pick(tables + ["ghost"]) ?? "ghost"
                add(target + (random.chance(50) ? "Id" : "_id"), random.chance(70) ? "INTEGER" : "")
            }
            var constraints: [String] = []
            switch keyStyle {
            case 0, 2: constraints.append("PRIMARY KEY (\"id\")")
            case 3, 4: constraints.append("PRIMARY KEY (\"k1\", \"k2\")")
            default: break
            }
            // Declared foreign keys: to any table (itself, later, missing), any columns (composite, missing, omitted).
            for _ in 0..<random.below(3) {
                guard let origin = random.pick(columns) else { break }
                let target = random.chance(15) ? "missing" : (random.pick(tables) ?? table)
                var origins = [origin.0]
                if random.chance(25), let second = random.pick(columns), second.0 != origin.0 { origins.append(second.0) }
                let destination: String
                switch random.below(4) {
                case 0: destination = ""  // the parent's primary key, whatever its size
                case 1:
                    destination = "(" + origins.map { _ in quote(random.pick(["id", "k1", "k2", "nosuch"]) ?? "id") }.joined(separator: ", ") + ")"
                default: destination = "(" + origins.map { _ in "\"id\"" }.joined(separator: ", ") + ")"
                }
                constraints.append("FOREIGN KEY (" + origins.map(quote).joined(separator: ", ") + ") REFERENCES \(quote(target))\(destination)")
            }
            if random.chance(20), let unique = random.pick(columns) { constraints.append("UNIQUE (\(quote(unique.0)))") }
            let body = (columns.map { quote($0.0) + ($0.1.isEmpty ? "" : " " + $0.1) } + constraints).joined(separator: ", ")
            let suffix = keyStyle == 4 ? " WITHOUT ROWID" : ""
            sql += "CREATE TABLE \(quote(table)) (\(body))\(suffix);\n"
            if random.chance(10) {
                sql += "CREATE VIEW \(quote(table + " view")) AS SELECT * FROM \(quote(table));\n"
            }
        }
        return Built(sql: sql, tables: tables)
    }

    /// Inserts a few rows with small random values (so joins and prefetches match something).
    static func fill(_ connection: Connection, _ schema: Schema, _ random: inout FuzzRandom) {
        for table in schema.tables where table.kind == .table {
            let columns = table.columns.filter { !$0.isGenerated }
            guard !columns.isEmpty else { continue }
            for _ in 0..<random.below(6) {
                let values: [DatabaseValue] = columns.map { _ in
                    switch random.below(6) {
                    case 0: return .null
                    case 1: return .text(String(random.below(4)))
                    case 2: return .real(Double(random.below(4)))
                    default: return .integer(Int64(random.below(4)))
                    }
                }
                let sql =
                    "INSERT OR IGNORE INTO \(quote(table.name)) (" + columns.map { quote($0.name) }.joined(separator: ", ")
                    + ") VALUES (" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
                _ = try? connection.execute(sql, arguments: values)  // STRICT/type mismatches may refuse a row
            }
        }
    }

    /// A random schema in a new in-memory database (foreign keys off; a statement SQLite
    /// refuses leaves the tables made before it).
    static func makeDatabase(_ random: inout FuzzRandom) throws -> (Built, Connection) {
        let built = makeSchema(&random)
        let connection = try Connection.inMemory()
        try connection.execute("PRAGMA foreign_keys = OFF")
        _ = try? connection.execute(built.sql)
        return (built, connection)
    }

    func testRandomSchemasNeverTrapAndRequestsAlwaysPrepare() throws {
        let seed = randomSeed(fallback: 0x5C4E_3A00)
        let count = TestVolume.count(quick: 150, full: 400, variable: "ASSOC_FUZZ_COUNT")
        var random = FuzzRandom(state: seed)
        var stats = RequestFuzzer.Stats()
        var schemasBuilt = 0
        var ddlRejected = 0
        var associations = 0
        for iteration in 0..<count {
            let built = Self.makeSchema(&random)
            let connection = try Connection.inMemory()
            try connection.execute("PRAGMA foreign_keys = OFF")
            do {
                try connection.execute(built.sql)
            } catch {
                ddlRejected += 1  // e.g. a key column list SQLite refuses at CREATE: still introspect what exists
            }
            let database = try Database(connection: connection)  // introspection + inference: must not trap
            schemasBuilt += 1
            associations += database.graph.allAssociations.count
            Self.fill(connection, database.schema, &random)
            var fuzzer = RequestFuzzer(database: database)
            for _ in 0..<8 {
                if let failure = fuzzer.runOne(&random, stats: &stats) {
                    XCTFail("iteration \(iteration), seed \(seed): \(failure)\nschema:\n\(built.sql)")
                    return
                }
            }
        }
        print("SchemaFuzzTests: \(schemasBuilt) schemas (\(ddlRejected) with a statement SQLite refused), \(associations) associations; \(stats)")
        XCTAssertGreaterThanOrEqual(schemasBuilt, count * 3 / 4)
        XCTAssertGreaterThan(stats.fetched, stats.requests / 3, "most requests should run: \(stats)")
    }
}
