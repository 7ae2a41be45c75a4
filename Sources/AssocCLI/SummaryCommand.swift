import ArgumentParser
import AssocCore
import AssocInsights
import AssocText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assoc summary [DB] REQUEST [--format table|json]`: per column of the request's rows, the
/// storage classes seen, NULLs, distinct values, min, max, mean and the most frequent value,
/// computed by SQLite over the request's statement, a column at a time.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Summarize the columns of a request: storage classes, NULLs, distinct values, min, max, mean, most frequent value.",
        discussion:
            "SQLite computes each column's figures over the request's own statement (included columns and annotations too; prefetched associations are other statements and have no column). Each statement stops after the time limit: its figures are then unknown (? in the table, null in JSON, with \"ranOutOfTime\": true)."
    )

    @OptionGroup var arguments: RequestArguments

    @Option(help: "Output format: table (a line per column, written as each is computed) or json (an array of objects).")
    var format: SummaryFormat = .table

    @Option(name: .customLong("time-limit"), help: "Milliseconds each statement may run (0: no limit).")
    var timeLimit: Int = 2_000

    func run() throws {
        let (database, request) = try arguments.load(command: "summary")
        let limit = timeLimit > 0 ? timeLimit : nil
        let source = try database.summarySource(of: request)
        switch format {
        case .table:
            var outOfTime: [String] = []
            _ = try BufferedOutput.writing { output in
                let widths = SummaryTable.widths(names: source.columns)
                try output.write(SummaryTable.header(widths: widths) + "\n")
                for index in source.columns.indices {
                    let column = try database.summarizeColumn(index, of: source, timeLimit: limit)
                    if column.ranOutOfTime { outOfTime.append(column.name) }
                    try output.write(SummaryTable.line(column, widths: widths) + "\n")
                }
            }
            if !outOfTime.isEmpty {
                let note = "assoc summary: ran out of time (\(timeLimit) ms a statement), shown ?: " + outOfTime.joined(separator: ", ")
                let bytes = Array((TextSanitizer.oneLine(note) + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }
        case .json:
            var objects: [JSONValue] = []
            for index in source.columns.indices {
                objects.append(SummaryTable.json(try database.summarizeColumn(index, of: source, timeLimit: limit)))
            }
            _ = try BufferedOutput.writing { output in try output.write(JSONValue.array(objects).pretty() + "\n") }
        }
    }
}

enum SummaryFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json
}
