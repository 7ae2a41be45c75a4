import AssocCore
import XCTest

@testable import AssocTUI

/// Following the guide's ordered through association in the browser (issue 29 item 1): the
/// players of a team are listed in the pivot's order (`playerRoles … .order(position)`), across
/// keyset pages, as `assoc fetch` and GRDB list them; the pivot itself in its declared order.
final class OrderedThroughBrowserTests: XCTestCase {
    static let schemaSQL = """
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE playerRole(teamId INTEGER NOT NULL REFERENCES team(id), playerId INTEGER NOT NULL REFERENCES player(id),
                                position INTEGER NOT NULL, PRIMARY KEY (teamId, playerId));
        INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
        INSERT INTO player VALUES (1, 'Zed'), (2, 'Amy'), (3, 'Cat'), (4, 'Bo'), (5, 'Eve');
        INSERT INTO playerRole VALUES (1, 1, 4), (1, 2, 1), (1, 3, 5), (1, 4, 2), (1, 5, 3), (2, 3, 1), (2, 1, 2);
        """

    func source() throws -> RequestDataSource {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schemaSQL)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection),
            declarations: try AssociationDeclaration.parse(
                """
                team.hasMany(playerRole, key: "playerRoles").order(position)
                team.hasMany(player, through: [playerRoles, player], key: "players")
                """, file: "teams.assoc"))
        return RequestDataSource(database: Database(connection: connection, graph: graph))
    }

    /// The rows of `view`, read in pages of `size` as the grid reads them.
    func pagedRows(_ view: RequestView, in source: RequestDataSource, size: Int) throws -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        while true {
            let page = try source.page(of: view, offset: rows.count, limit: size, totalCount: nil)
            XCTAssertTrue(page.isKeyset, page.paging)
            rows += page.rows
            if page.rows.count < size { return rows }
        }
    }

    func testFollowingAnOrderedThroughLinkListsPlayersInTheirPositions() throws {
        let source = try source()
        let request = try source.followRequest(link: "players", table: "team", columns: ["id", "name"], values: [1, "Reds"])
        let view = RequestView(request: request, title: "players")
        let rows = try pagedRows(view, in: source, size: 2)
        XCTAssertEqual(rows.map { $0.last }, ["Amy", "Bo", "Eve", "Zed", "Cat"])
        let first = try source.page(of: view, offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(first.paging, "keyset paging on playerRole.position, playerRole.playerId, playerRole.teamId")
    }

    func testFollowingTheOrderedPivotListsItInItsOrder() throws {
        let source = try source()
        let request = try source.followRequest(link: "playerRoles", table: "team", columns: ["id", "name"], values: [1, "Reds"])
        let rows = try pagedRows(RequestView(request: request, title: "playerRoles"), in: source, size: 2)
        XCTAssertEqual(rows.map { $0.last }, [1, 2, 3, 4, 5])
    }

    /// `p` on the link (`including(all: players)`): the child pane lists a team's players by position.
    func testPrefetchedPlayersComeInTheirPositions() throws {
        let source = try source()
        let view = RequestView(request: Table("team").including(all: Table("team").association("players")))
        let page = try source.page(of: view, offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.prefetched.first?.first?.rows.map { $0.last }, ["Amy", "Bo", "Eve", "Zed", "Cat"])
        XCTAssertEqual(page.prefetched.last?.first?.rows.map { $0.last }, ["Cat", "Zed"])
    }
}
