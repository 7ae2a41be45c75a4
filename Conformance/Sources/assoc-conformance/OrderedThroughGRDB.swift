import GRDB

/// The GRDB side of `OrderedThroughCase`: the guide's declarations and the same requests.
enum OrderedThroughGRDB {
    /// The record links are followed from (`team.request(for: Team.players)`).
    struct Team: TableRecord, EncodableRecord {
        static let databaseTableName = "team"
        static let playerRoles = hasMany(Table<Row>("playerRole"), key: "playerRoles").order(Column("position"))
        static let players = hasMany(
            Row.self, through: playerRoles, using: Table<Row>("playerRole").belongsTo(Table<Row>("player")),
            key: "players")
        var id: Int64
        func encode(to container: inout PersistenceContainer) { container["id"] = id }
    }

    struct League: TableRecord, EncodableRecord {
        static let databaseTableName = "league"
        static let teams = hasMany(Team.self, key: "teams").order(Column("name"))
        static let players = hasMany(Row.self, through: teams, using: Team.players, key: "players")
        var id: Int64
        func encode(to container: inout PersistenceContainer) { container["id"] = id }
    }

    static func write(_ sql: String, to path: String) throws {
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
    }

    /// The rows of each request of `OrderedThroughCase.requests`, in order, rendered.
    static func rows(path: String) throws -> [[String]] {
        var configuration = Configuration()
        configuration.readonly = true
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        return try dbQueue.read { db in
            let requests: [[Row]] = [
                try Row.fetchAll(db, Team.including(all: Team.players).order(Column("id"))),
                try Row.fetchAll(db, Team.including(all: Team.players.order(Column("name").desc)).order(Column("id"))),
                try Row.fetchAll(db, Team(id: 1).request(for: Team.players)),
                try Row.fetchAll(db, Team(id: 2).request(for: Team.players)),
                try Row.fetchAll(db, Team(id: 2).request(for: Team.players).order(Column("name"))),
                try Row.fetchAll(db, Team.including(required: Team.players).order(Column("id"))),
                try Row.fetchAll(db, Team.joining(optional: Team.players).order(Column("name"))),
                try Row.fetchAll(db, League(id: 1).request(for: League.players)),
                try Row.fetchAll(db, League.including(all: League.players)),
            ]
            return requests.map { $0.map(render) }
        }
    }

    static func render(_ row: Row) -> String {
        var text = row.columnNames.map { "\($0)=\(literal(row[$0]))" }.joined(separator: " ")
        if let players = row.prefetchedRows["players"] {
            text += " [" + players.map { literal($0["name"]) }.joined(separator: ", ") + "]"
        }
        if let player = row.scopesTree["player"] { text += " {\(literal(player["name"]))}" }
        return text
    }

    static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .int64(let v): return String(v)
        case .double(let v): return String(v)
        case .string(let s): return "'" + s + "'"
        case .blob, .null: return "NULL"
        }
    }
}
