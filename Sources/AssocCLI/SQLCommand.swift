import ArgumentParser
import AssocCore

/// `assoc sql [DB] REQUEST`: the SQL statements fetching REQUEST runs, with their arguments.
struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Print the SQL statements that fetching a request executes, with their bound arguments.",
        discussion: "Prefetched associations (including(all:)) run one statement each after the main one; their key lists depend on the fetched rows, so those requests are run to print them.")

    @OptionGroup var arguments: RequestArguments

    func run() throws {
        let (database, request) = try arguments.load()
        let statements = request.hasPrefetch
            ? try database.executedStatements(for: request)
            : [try database.mainStatement(for: request)]
        print(SQLCommand.render(statements), terminator: "")
    }

    static func render(_ statements: [GeneratedStatement]) -> String {
        statements.map { statement in
            var text = TextSanitizer.oneLine(statement.sql) + ";\n"
            if !statement.arguments.isEmpty {
                text += "-- arguments: " + statement.arguments.map { TextSanitizer.oneLine($0.sqlLiteral) }.joined(separator: ", ") + "\n"
            }
            return text
        }.joined(separator: "\n")
    }
}

extension Request {
    /// Whether fetching runs more than one statement.
    var hasPrefetch: Bool {
        func visit(_ relation: Relation) -> Bool {
            relation.joins.contains { $0.method == .includingAll || visit($0.association.relation) }
        }
        return visit(relation)
    }
}
