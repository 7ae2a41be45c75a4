import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocInsights

/// The cardinality histogram of a plain hasMany read by one `GROUP BY` of its child's key
/// (`GroupedChildKeys`): which associations take it, and, over many random small databases, that
/// it equals the general path's profile bucket for bucket (NULL keys, orphan keys, duplicate and
/// composite keys, mixed storage classes, collations). `ASSOC_SEED` replays.
final class GroupedChildKeysTests: XCTestCase {
    private func database(_ sql: String, declarations: String = "") throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(sql)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection), declarations: try AssociationDeclaration.parse(declarations, file: "t.assoc"))
        return Database(connection: connection, graph: graph)
    }

    private func profiles(_ db: Database, _ association: Association) throws -> (fast: CardinalityProfile, general: CardinalityProfile) {
        (
            try db.cardinalityProfile(of: association, timeLimit: nil, groupingChildKeys: true),
            try db.cardinalityProfile(of: association, timeLimit: nil, groupingChildKeys: false)
        )
    }

    func testOrphanAndNullChildKeysCountForNoOrigin() throws {
        let db = try database(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            CREATE INDEX child_parent ON child(parentId);
            INSERT INTO parent VALUES (1), (2), (3);
            -- parent 1: 2 children, parent 2: 1, parent 3: none; 9 is an orphan key (3 rows), NULL 2 rows.
            INSERT INTO child (parentId) VALUES (1), (1), (2), (9), (9), (9), (NULL), (NULL);
            """)
        let children = try XCTUnwrap(db.graph.association(named: "children", from: "parent"))
        let (fast, general) = try profiles(db, children)
        XCTAssertEqual(fast.statements.count, 2)
        XCTAssertEqual(
            fast.statements.last?.sql,
            #"SELECT "n", SUM("m") FROM (SELECT COUNT(*) AS "n", (SELECT COUNT(*) FROM "parent" AS "o" WHERE "c"."parentId" = "o"."id") AS "m" FROM "child" AS "c" WHERE "c"."parentId" IS NOT NULL GROUP BY "c"."parentId") GROUP BY "n" HAVING SUM("m") > 0 ORDER BY "n""#
        )
        XCTAssertEqual(fast.buckets.map(\.rows), [1, 1, 1, 0, 0, 0])
        XCTAssertEqual([fast.minimum, fast.median, fast.maximum, fast.origins], [0, 1, 2, 3])
        XCTAssertEqual(fast, withStatements(general, of: fast))
        // SQLite reads the grouping from the key's index, without sorting.
        let plan = try db.withConnection { try $0.fetchAll("EXPLAIN QUERY PLAN " + (fast.statements.last?.sql ?? "")) }
        let details = plan.compactMap { row -> String? in if case .text(let text)? = row.last { return text } else { return nil } }
        XCTAssertTrue(details.contains { $0.contains("c USING COVERING INDEX child_parent") }, "\(details)")
    }

    func testOnlyAPlainHasManyBetweenTablesTakesTheGroupedPath() throws {
        let db = try database(
            """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
            CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), ms INTEGER);
            CREATE TABLE note (id INTEGER PRIMARY KEY, artistId REFERENCES artist(id));
            CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
            CREATE TABLE pairItem (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, FOREIGN KEY (a, b) REFERENCES pair(a, b));
            INSERT INTO artist VALUES (1, 'x'), (2, 'y');
            INSERT INTO album VALUES (1, 1, 'a'), (2, 1, 'b');
            INSERT INTO track VALUES (1, 1, 100), (2, 1, 300), (3, 2, 400);
            INSERT INTO note VALUES (1, '1'), (2, 1), (3, 2);
            INSERT INTO pair VALUES (1, 1), (1, 2);
            INSERT INTO pairItem VALUES (1, 1, 1), (2, 1, 1), (3, 1, 2), (4, 2, 1), (5, 1, NULL);
            """,
            declarations: #"""
                album.hasMany(track, key: "longTracks", using: [albumId]).filter(ms > 250)
                """#)
        func takesGroupedPath(_ origin: String, _ name: String) throws -> Bool {
            let association = try XCTUnwrap(db.graph.association(named: name, from: origin), "\(origin).\(name)")
            return GroupedChildKeys(association, schema: db.schema) != nil
        }
        XCTAssertTrue(try takesGroupedPath("artist", "albums"))
        XCTAssertTrue(try takesGroupedPath("pair", "pairItems"), "composite keys group by every key column")
        XCTAssertFalse(try takesGroupedPath("album", "longTracks"), "a declared filter")
        XCTAssertFalse(try takesGroupedPath("artist", "tracks"), "a through association")
        XCTAssertFalse(try takesGroupedPath("album", "artist"), "a belongsTo")
        // An untyped key against an INTEGER one: SQLite converts '1' to 1 when it compares them,
        // while GROUP BY keeps them apart.
        XCTAssertFalse(try takesGroupedPath("artist", "notes"))
        for (origin, name) in [("artist", "notes"), ("pair", "pairItems"), ("artist", "albums")] {
            let association = try XCTUnwrap(db.graph.association(named: name, from: origin))
            let (fast, general) = try profiles(db, association)
            XCTAssertEqual(fast, withStatements(general, of: fast), "\(origin).\(name)")
        }
        let notes = try XCTUnwrap(db.graph.association(named: "notes", from: "artist"))
        XCTAssertEqual(try db.cardinalityProfile(of: notes).buckets.map(\.rows), [0, 1, 1, 0, 0, 0], "artist 1 has '1' and 1")
        let pairItems = try XCTUnwrap(db.graph.association(named: "pairItems", from: "pair"))
        XCTAssertEqual(try db.cardinalityProfile(of: pairItems).buckets.map(\.rows), [0, 1, 1, 0, 0, 0])
    }

    func testATableLinkedToItselfAndTablesNamedLikeTheAliases() throws {
        let db = try database(
            """
            CREATE TABLE c (id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES c(id));
            CREATE TABLE o (id INTEGER PRIMARY KEY);
            CREATE TABLE item (id INTEGER PRIMARY KEY, oId INTEGER REFERENCES o(id));
            -- 1 manages 2, 3, 4; 2 manages 5; 9 is no row.
            INSERT INTO c VALUES (1, NULL), (2, 1), (3, 1), (4, 1), (5, 2), (6, 9);
            INSERT INTO o VALUES (1), (2);
            INSERT INTO item (oId) VALUES (1), (1), (3);
            """)
        let reports = try XCTUnwrap(db.graph.associations(from: "c").first { $0.kind == .hasMany && $0.destination == "c" })
        let grouped = try XCTUnwrap(GroupedChildKeys(reports, schema: db.schema))
        XCTAssertTrue(grouped.groups.sql.contains(#"FROM "c" AS "o" WHERE "c1"."managerId" = "o"."id") AS "m" FROM "c" AS "c1""#), grouped.groups.sql)
        let (fast, general) = try profiles(db, reports)
        XCTAssertEqual(fast.buckets.map(\.rows), [4, 1, 1, 0, 0, 0])
        XCTAssertEqual(fast, withStatements(general, of: fast))
        let items = try XCTUnwrap(db.graph.associations(from: "o").first { $0.kind == .hasMany && $0.destination == "item" })
        let groupedItems = try XCTUnwrap(GroupedChildKeys(items, schema: db.schema))
        XCTAssertTrue(groupedItems.groups.sql.contains(#"FROM "o" AS "o1" WHERE "c"."oId" = "o1"."id""#), groupedItems.groups.sql)
        let (fastItems, generalItems) = try profiles(db, items)
        XCTAssertEqual(fastItems.buckets.map(\.rows), [1, 0, 1, 0, 0, 0])
        XCTAssertEqual(fastItems, withStatements(generalItems, of: fastItems))
    }

    func testTheGroupedPathEqualsTheGeneralPathOnRandomDatabases() throws {
        var random = SeededRandom(seed: randomSeed())
        let rounds = TestVolume.count(quick: 150, full: 1500)
        var grouped = 0
        for round in 0..<rounds {
            let (sql, composite) = Self.randomDatabase(&random)
            let db = try database(sql)
            let association = try XCTUnwrap(
                db.graph.associations(from: "parent").first { $0.kind == .hasMany && $0.destination == "child" }, sql)
            if GroupedChildKeys(association, schema: db.schema) != nil { grouped += 1 }
            let (fast, general) = try profiles(db, association)
            XCTAssertEqual(figures(fast), figures(general), "round \(round), composite \(composite):\n\(sql)")
            guard figures(fast) == figures(general) else { return }
            XCTAssertEqual(fast, withStatements(general, of: fast), "round \(round)")
        }
        XCTAssertGreaterThan(grouped, rounds / 3, "most random databases take the grouped path")
        XCTAssertLessThan(grouped, rounds, "some keep the general path (affinities that convert)")
    }

    /// The figures of a profile, short enough to read in a failure.
    private func figures(_ profile: CardinalityProfile) -> String {
        func text(_ value: Int?) -> String { value.map(String.init) ?? "nil" }
        return "buckets \(profile.buckets.map(\.rows)), min \(text(profile.minimum)), median \(text(profile.median)), "
            + "max \(text(profile.maximum)), origins \(text(profile.origins))"
    }

    /// `profile` with the statements of `other` (the two paths run different statements).
    private func withStatements(_ profile: CardinalityProfile, of other: CardinalityProfile) -> CardinalityProfile {
        var copy = profile
        copy.statements = other.statements
        return copy
    }

    /// A parent and a child table with random key types, collations, keys (NULL, orphan,
    /// repeated, of another storage class) and one or two key columns.
    static func randomDatabase(_ random: inout SeededRandom) -> (sql: String, composite: Bool) {
        let composite = random.chance(30)
        let types = ["INTEGER", "TEXT", "", "NUMERIC", "TEXT COLLATE NOCASE", "REAL", "BLOB"]
        let parentType = random.pick(types) ?? ""
        let childType = random.chance(60) ? parentType : (random.pick(types) ?? "")
        let values = ["1", "2", "3", "4", "'1'", "'a'", "'A'", "'b'", "2.0", "1.5", "X'61'", "'3'"]
        func value() -> String { random.pick(values) ?? "1" }
        var sql: String
        let keyCount = composite ? 2 : 1
        let parentColumns = (1...keyCount).map { "k\($0)" }
        let childColumns = (1...keyCount).map { "p\($0)" }
        let withoutRowid = random.chance(20)
        // One INTEGER key column is the rowid's alias, declared either way.
        let parentIsRowidAlias = !composite && parentType == "INTEGER"
        if parentIsRowidAlias && random.chance(50) {
            sql = "CREATE TABLE parent (k1 INTEGER PRIMARY KEY, label TEXT);\n"
        } else {
            let columns = parentColumns.map { "\($0) \(parentType)\(withoutRowid ? " NOT NULL" : "")" }.joined(separator: ", ")
            sql = "CREATE TABLE parent (\(columns), label TEXT, PRIMARY KEY (\(parentColumns.joined(separator: ", "))))"
            sql += withoutRowid ? " WITHOUT ROWID;\n" : ";\n"
        }
        let childColumnsSQL = childColumns.map { "\($0) \(childType)" }.joined(separator: ", ")
        sql +=
            "CREATE TABLE child (id INTEGER PRIMARY KEY, \(childColumnsSQL), FOREIGN KEY (\(childColumns.joined(separator: ", "))) REFERENCES parent(\(parentColumns.joined(separator: ", "))));\n"
        if random.chance(50) { sql += "CREATE INDEX child_key ON child(\(childColumns.joined(separator: ", ")));\n" }
        var parentKeys: [[String]] = []
        for _ in 0..<random.int(0...6) {
            var key = (0..<keyCount).map { _ in parentIsRowidAlias ? String(random.int(1...4)) : value() }
            // A NULL in a key column of a rowid table's primary key: SQLite allows it.
            if !withoutRowid && !parentIsRowidAlias && random.chance(10) { key[0] = "NULL" }
            parentKeys.append(key)
            sql += "INSERT OR IGNORE INTO parent (\(parentColumns.joined(separator: ", "))) VALUES (\(key.joined(separator: ", ")));\n"
        }
        for _ in 0..<random.int(0...25) {
            var key: [String]
            if let parent = random.pick(parentKeys), random.chance(60) {
                key = parent
            } else {
                key = (0..<keyCount).map { _ in value() }
            }
            for index in key.indices where random.chance(10) { key[index] = "NULL" }
            sql += "INSERT INTO child (\(childColumns.joined(separator: ", "))) VALUES (\(key.joined(separator: ", ")));\n"
        }
        return (sql, composite)
    }
}
