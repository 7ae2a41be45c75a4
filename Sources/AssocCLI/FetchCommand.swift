import ArgumentParser
import AssocCore
import AssocTUI

/// `assoc fetch [DB] REQUEST [--format json|table|debug]`: the rows of a request.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Print the rows of a request: as JSON (the documented contract), an aligned table, or row-scope trees.")

    @OptionGroup var arguments: RequestArguments

    @Option(help: "Output format: json, table or debug (the row scopes, nested by association key).")
    var format: FetchFormat = .table

    func run() throws {
        let (database, request) = try arguments.load()
        let rows = try database.fetchAll(request)
        switch format {
        case .json:
            print(try RowJSON.render(rows), terminator: "")
        case .table:
            print(RowTableRenderer.render(rows), terminator: "")
        case .debug:
            for row in rows {
                print(row.debugDescription.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n"))
            }
        }
    }
}

enum FetchFormat: String, CaseIterable, ExpressibleByArgument {
    case json, table, debug
}
