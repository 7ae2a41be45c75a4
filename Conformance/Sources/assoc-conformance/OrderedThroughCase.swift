import AssocCore
import Foundation

/// The guide's ordered through association ("Ordered Associations", issue 29), a fixed case of
/// the conformance run: `playerRoles = hasMany(PlayerRole.self).order(Column("position"))`,
/// `players = hasMany(Player.self, through: playerRoles, using: PlayerRole.player)`, declared
/// in an `--associations` text for AssocCore and in Swift for GRDB (`OrderedThroughGRDB`). Each
/// request is compared in row order (the order is what the case checks), prefetched rows
/// included. A league's players (three steps, two of them ordered) come in the order of the
/// pivot nearest to them first, then the next one's, as GRDB orders them.
enum OrderedThroughCase {
    static let schema = """
        CREATE TABLE league(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL, leagueId INTEGER REFERENCES league(id));
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE playerRole(teamId INTEGER NOT NULL REFERENCES team(id), playerId INTEGER NOT NULL REFERENCES player(id),
                                position INTEGER NOT NULL, PRIMARY KEY (teamId, playerId));
        INSERT INTO league VALUES (1, 'North');
        INSERT INTO team VALUES (1, 'Reds', 1), (2, 'Blues', 1), (3, 'Empty', NULL);
        INSERT INTO player VALUES (1, 'Zed'), (2, 'Amy'), (3, 'Cat'), (4, 'Bo');
        INSERT INTO playerRole VALUES (1, 1, 2), (1, 2, 1), (1, 3, 3), (2, 3, 1), (2, 1, 3), (2, 4, 2);
        """

    static let associations = """
        team.hasMany(playerRole, key: "playerRoles").order(position)
        team.hasMany(player, through: [playerRoles, player], key: "players")
        league.hasMany(team, key: "teams").order(name)
        league.hasMany(player, through: [teams, players], key: "players")
        """

    /// The requests in the request language; `OrderedThroughGRDB.requests` builds each in GRDB.
    static let requests = [
        "team.including(all: players).order(id)",
        "team.including(all: players.order(name.desc)).order(id)",
        "team.filter(key: 1).request(for: players)",
        "team.filter(key: 2).request(for: players)",
        "team.filter(key: 2).request(for: players).order(name)",
        "team.including(required: players).order(id)",
        "team.joining(optional: players).order(name)",
        "league.filter(key: 1).request(for: players)",
        "league.including(all: players)",
    ]

    /// Runs every request on both sides; returns how many were compared and how many differed
    /// (each difference said; `verbose`: every request's rows said).
    static func run(verbose: Bool = false) throws -> (compared: Int, mismatches: Int) {
        let path = NSTemporaryDirectory() + "assoc-conformance-\(ProcessInfo.processInfo.processIdentifier)-teams.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OrderedThroughGRDB.write(schema, to: path)
        let db = try Database(path: path, associations: associations)
        let expected = try OrderedThroughGRDB.rows(path: path)
        guard expected.count == requests.count else { throw ConformanceError(message: "ordered through: one GRDB request per request") }
        var mismatches = 0
        for (text, g) in zip(requests, expected) {
            let a = try db.fetchAll(try db.request(parsing: text)).map(render)
            if verbose { say("ordered through: \(text)\n  " + a.joined(separator: "\n  ")) }
            if a != g {
                mismatches += 1
                say("MISMATCH ordered through: \(text)\n  AssocCore: \(a)\n  GRDB:      \(g)")
            }
        }
        say("ordered through (the guide's teams and players, declared orderings): \(requests.count) requests, \(mismatches) mismatches")
        return (requests.count, mismatches)
    }

    /// `id=1 name='Reds' [players…] {player}`: the row's own values, its prefetched players in
    /// order, its joined player (as `OrderedThroughGRDB.render` writes a GRDB row).
    static func render(_ row: Row) -> String {
        var text = row.columnNames.map { "\($0)=\(literal(row[$0] ?? .null))" }.joined(separator: " ")
        if let players = row.prefetchedRows("players") {
            text += " [" + players.map { literal($0["name"] ?? .null) }.joined(separator: ", ") + "]"
        }
        if let player = row.scopeTree("player") { text += " {\(literal(player["name"] ?? .null))}" }
        return text
    }

    static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .text(let s): return "'" + s + "'"
        default: return "NULL"
        }
    }
}
