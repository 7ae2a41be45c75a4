import XCTest

@testable import AssocCore

/// The guide's ordered through association ("Ordered Associations", issue 29 item 1):
/// `playerRoles = hasMany(PlayerRole.self).order(Column("position"))`,
/// `players = hasMany(Player.self, through: playerRoles, using: PlayerRole.player)`. The players
/// come in the pivot's order wherever the association is used, with GRDB 7.10's SQL.
///
/// Rows: team 1 (Reds) has Amy at 1, Zed at 2, Cat at 3; team 2 (Blues) has Cat at 1, Zed at 2.
/// Player ids: Zed 1, Amy 2, Cat 3 (key order differs from position order).
final class OrderedThroughTests: XCTestCase {
    static let schemaSQL = """
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE playerRole(teamId INTEGER NOT NULL REFERENCES team(id), playerId INTEGER NOT NULL REFERENCES player(id),
                                position INTEGER NOT NULL, PRIMARY KEY (teamId, playerId));
        INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
        INSERT INTO player VALUES (1, 'Zed'), (2, 'Amy'), (3, 'Cat');
        INSERT INTO playerRole VALUES (1, 1, 2), (1, 2, 1), (1, 3, 3), (2, 3, 1), (2, 1, 2);
        """

    static let declarations = """
        team.hasMany(playerRole, key: "playerRoles").order(position)
        team.hasMany(player, through: [playerRoles, player], key: "players")
        """

    func database(_ declarations: String = declarations) throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schemaSQL)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection),
            declarations: try AssociationDeclaration.parse(declarations, file: "teams.assoc"))
        return Database(connection: connection, graph: graph)
    }

    func names(_ rows: [Row]) -> [String] {
        rows.map { row in
            if case .text(let name)? = row["name"] { return name }
            return "?"
        }
    }

    func testPrefetchOrdersByThePivot() throws {
        let db = try database()
        let request = try db.request(parsing: "team.including(all: players).order(id)")
        XCTAssertEqual(
            try db.executedStatements(for: request).map(\.sql).last,
            """
            SELECT "player".*, "playerRole"."teamId" FROM "player" JOIN "playerRole" ON ("playerRole"."playerId" = "player"."id") AND ("playerRole"."teamId" IN (?, ?)) ORDER BY "playerRole"."position"
            """)
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { names($0.prefetchedRows("players") ?? []) }, [["Amy", "Zed", "Cat"], ["Cat", "Zed"]])
        // The destination's own ordering comes first, the pivot's after it (GRDB).
        let byName = try db.request(parsing: "team.including(all: players.order(name)).order(id)")
        XCTAssertEqual(try db.executedStatements(for: byName).map(\.sql).last?.hasSuffix(#"ORDER BY "player"."name", "playerRole"."position""#), true)
        XCTAssertEqual(try db.fetchAll(byName).map { names($0.prefetchedRows("players") ?? []) }, [["Amy", "Cat", "Zed"], ["Cat", "Zed"]])
    }

    func testRequestForJoinsTheOrderedPivot() throws {
        let db = try database()
        let request = try db.request(parsing: "team.filter(key: 1).request(for: players)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT "player".* FROM "player" JOIN "playerRole" ON ("playerRole"."playerId" = "player"."id") AND ("playerRole"."teamId" IN (SELECT "id" FROM "team" WHERE "id" = ?)) ORDER BY "playerRole"."position"
            """)
        XCTAssertEqual(names(try db.fetchAll(request)), ["Amy", "Zed", "Cat"])
        XCTAssertEqual(names(try db.fetchAll(try db.request(parsing: "team.filter(key: 2).request(for: players)"))), ["Cat", "Zed"])
        let byName = try db.request(parsing: "team.filter(key: 1).request(for: players).order(name.desc)")
        XCTAssertEqual(try db.mainStatement(for: byName).sql.hasSuffix(#"ORDER BY "player"."name" DESC, "playerRole"."position""#), true)
        XCTAssertEqual(names(try db.fetchAll(byName)), ["Zed", "Cat", "Amy"])
        // The pivot itself, followed: its ordering on the outer query, none in the subquery.
        let roles = try db.request(parsing: "team.filter(key: 1).request(for: playerRoles)")
        XCTAssertEqual(
            try db.mainStatement(for: roles).sql,
            """
            SELECT * FROM "playerRole" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "id" = ?) ORDER BY "position"
            """)
    }

    func testRequestForThroughAnUnorderedPivotListsEachRecordOnce() throws {
        let db = try database(
            """
            team.hasMany(playerRole, key: "playerRoles")
            team.hasMany(player, through: [playerRoles, player], key: "players")
            """)
        let request = try db.request(parsing: "team.filter(keys: [1, 2]).request(for: players)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT * FROM "player" WHERE "id" IN (SELECT "playerId" FROM "playerRole" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "id" IN (?, ?)))
            """)
        XCTAssertEqual(names(try db.fetchAll(request)).sorted(), ["Amy", "Cat", "Zed"])
    }

    func testJoinOrdersByThePivotAndAggregatesDoNot() throws {
        let db = try database()
        let joined = try db.request(parsing: "team.including(required: players).order(id)")
        XCTAssertEqual(
            try db.mainStatement(for: joined).sql,
            """
            SELECT "team".*, "player".* FROM "team" JOIN "playerRole" ON "playerRole"."teamId" = "team"."id" JOIN "player" ON "player"."id" = "playerRole"."playerId" ORDER BY "team"."id", "playerRole"."position"
            """)
        XCTAssertEqual(
            try db.fetchAll(joined).map { $0.scopeTree("player").map { names([$0]) } ?? [] }.flatMap { $0 },
            ["Amy", "Zed", "Cat", "Cat", "Zed"])
        let counted = try db.request(parsing: "team.annotated(with: players.count)")
        XCTAssertFalse(try db.mainStatement(for: counted).sql.contains("ORDER BY"))
    }

    func testGeneratedSwiftKeepsThePivotOrderingInItsDeclaration() throws {
        let db = try database()
        let prefetch = try SwiftCodeGenerator.code(for: try db.request(parsing: "team.including(all: players)"), in: db)
        XCTAssertTrue(prefetch.contains(".order(PlayerRole.Columns.position)"), prefetch)
        XCTAssertTrue(prefetch.contains("static let playerRoles = hasMany(PlayerRole.self"), prefetch)
        // One team, followed: GRDB's record.request(for:), which joins the ordered pivot.
        let followed = try SwiftCodeGenerator.code(for: try db.request(parsing: "team.filter(key: 1).request(for: players)"), in: db)
        XCTAssertTrue(followed.contains("return team.request(for: Team.players)"), followed)
        // Several teams: GRDB has no such request in the pivot's order.
        XCTAssertThrowsError(try SwiftCodeGenerator.code(for: try db.request(parsing: "team.filter(keys: [1, 2]).request(for: players)"), in: db)) {
            error in
            XCTAssertTrue(AssocError.message(for: error).contains("not expressible"), AssocError.message(for: error))
        }
    }
}
