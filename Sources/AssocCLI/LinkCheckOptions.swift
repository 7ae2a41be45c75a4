import ArgumentParser
import AssocCore

/// What `assoc check` and `assoc report` share: the database, the declared associations and the
/// time each statement may run (`--time-limit`, 2 s by default, 0: none).
struct LinkCheckOptions: ParsableArguments {
    @OptionGroup var database: DatabaseArgument

    @OptionGroup var associations: AssociationFiles

    @Option(
        name: .customLong("time-limit"),
        help: ArgumentHelp("Seconds each statement may run (0: no limit).", valueName: "seconds"))
    var timeLimit: Double = 2

    func validate() throws {
        try TimeLimitSeconds.validate(timeLimit)
    }

    /// `timeLimit` in milliseconds, nil for none.
    var timeLimitMilliseconds: Int? { TimeLimitSeconds.milliseconds(timeLimit) }

    /// The database opened read-only with its associations (inferred and declared), and its title.
    func open() throws -> (db: Database, title: String) {
        let loaded = try database.load()
        return (Database(connection: loaded.connection, graph: try associations.graph(for: loaded.schema)), loaded.title)
    }
}
