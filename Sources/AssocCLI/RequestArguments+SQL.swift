import ArgumentParser
import AssocCore

extension RequestArguments {
    /// `[DB] --sql STATEMENT`: the database (the demo one when none is given) and a request on
    /// the user's own statement, checked read-only, its parameters bound to `arguments` (the
    /// `--arg` values; `Database.request(sql:arguments:)`).
    func load(sql: String, arguments: [String] = [], command: String) throws -> (database: Database, request: Request) {
        guard words.count <= 1 else {
            throw ValidationError(
                "with --sql, expected [DB] only, got \(words.count) arguments: the statement is --sql's (usage: assoc \(command) DB --sql 'SELECT …')"
            )
        }
        let loaded = try DatabaseArgument(database: words.first).load()
        let database = Database(connection: loaded.connection, graph: try associations.graph(for: loaded.schema))
        return (database, try database.request(sql: sql, arguments: try StatementArguments.parsing(arguments)))
    }
}
