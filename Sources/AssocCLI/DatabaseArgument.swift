import ArgumentParser
import AssocCore

/// The optional `DB` argument shared by the subcommands: a SQLite file opened read-only,
/// or, when absent, the embedded demo database built in memory.
struct DatabaseArgument: ParsableArguments {
    @Argument(help: "A SQLite database file, opened read-only. Without it: the embedded demo database.")
    var database: String?

    /// Opens the database and reads its schema, or throws a `CLIError` naming the path.
    func load() throws -> LoadedDatabase {
        try Self.load(path: database)
    }

    /// Opens the file at `path`, or the demo database when nil.
    static func load(path: String?) throws -> LoadedDatabase {
        guard let path else {
            let connection = try DemoDatabase.make()
            return LoadedDatabase(connection: connection, schema: try SchemaIntrospector.read(connection), title: DemoDatabase.title)
        }
        return try DatabaseOpener.open(path: path)
    }
}

/// An open database with its schema, ready for a subcommand.
struct LoadedDatabase {
    var connection: Connection
    var schema: Schema
    /// What to call it in titles: the file name, or "demo library".
    var title: String
}
