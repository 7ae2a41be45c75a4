import ArgumentParser
import AssocCore

/// `assoc sql [DB] REQUEST`: the SQL statements fetching REQUEST runs, with their arguments.
struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Print the SQL statements that fetching a request executes, with their bound arguments.",
        discussion:
            "Nothing is executed. Prefetched associations (including(all:)) run one statement each after the one that fetches their parent rows, restricted to those rows' keys: they are printed with IN (…) where the keys go."
    )

    @OptionGroup var arguments: RequestArguments

    func run() throws {
        let (database, request) = try arguments.load(command: "sql")
        print(SQLCommand.render(try database.plan(request)), terminator: "")
    }

    static func render(_ plan: QueryPlan) -> String {
        plan.steps.map { step in
            var text = TextSanitizer.oneLine(step.statement.sql) + ";\n"
            if !step.statement.arguments.isEmpty {
                text += "-- arguments: " + step.statement.arguments.map { TextSanitizer.oneLine($0.sqlLiteral) }.joined(separator: ", ") + "\n"
            }
            if let prefetch = step.prefetch {
                let columns = prefetch.parentColumns.map { TextSanitizer.oneLine($0) }.joined(separator: ", ")
                text +=
                    "-- \(TextSanitizer.oneLine(prefetch.key)): IN (…) holds the \(columns) of the fetched "
                    + "\(TextSanitizer.oneLine(prefetch.parentTable)) rows, one statement for all of them\n"
            }
            return text
        }.joined(separator: "\n")
    }
}
