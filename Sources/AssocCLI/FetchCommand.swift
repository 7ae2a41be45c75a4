import ArgumentParser
import AssocCore
import AssocText

/// `assoc fetch [DB] REQUEST [--format table|json|ndjson|csv|tsv|markdown|sql|debug]`: the rows of a
/// request; `assoc fetch [DB] --sql STATEMENT`: the rows of one read-only statement of the user's own.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract:
            "Print the rows of a request: as JSON (the documented contract), NDJSON, CSV, TSV, a Markdown table, SQL INSERT statements, an aligned table, or row-scope trees.",
        discussion:
            "Every format is written as the rows are read, in bounded memory (including(all:) is fetched in chunks of parent rows). table measures its column widths on the first 1,000 rows and truncates wider values after them with …. A closed output (| head) ends the command quietly."
    )

    @OptionGroup var arguments: RequestArguments

    @Option(
        help:
            "Output format: table, json, ndjson (one object a line), csv (RFC 4180), tsv (\\t \\n \\r \\\\ escaped), markdown (a pipe table), sql (a script that loads into an empty database: BEGIN, CREATE TABLE IF NOT EXISTS, INSERT statements into the root table, its own columns, COMMIT) or debug (the row scopes, nested by association key)."
    )
    var format: FetchFormat = .table

    @Option(
        help: ArgumentHelp(
            "Your own SQL: one read-only SELECT, WITH or VALUES statement, instead of a request; its parameters (?, ?NNN, :name) take the --arg values. Writes, ATTACH, PRAGMA and several statements are refused.",
            valueName: "statement"))
    var sql: String?

    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp(
            "A value for the next parameter of --sql's statement, always bound, never pasted into it (repeatable): 42 an integer, 2.5 a real, NULL, 'text' (for text that looks like a number), x'0A1B' a blob, anything else text. :name=value gives a named parameter.",
            valueName: "value"))
    var statementArguments: [String] = []

    @Option(
        name: .customLong("time-limit"),
        help: ArgumentHelp(
            "Stop after this many seconds, with an error (the rows written so far stay written). Default 0: no limit.",
            valueName: "seconds"))
    var timeLimit: Double = 0

    @Option(
        name: .customLong("temp-limit"),
        help: ArgumentHelp(
            "Temporary disk SQLite may use to sort, group or hold intermediate rows, in MB (0: no bound). Default: half the free space of its temporary directory, at most 4096; also ASSOC_TEMP_LIMIT_MB.",
            valueName: "MB"))
    var tempLimit: Int?

    func validate() throws {
        try TimeLimitSeconds.validate(timeLimit)
        if sql == nil, !statementArguments.isEmpty {
            throw ValidationError("--arg gives a value to a parameter of --sql's statement: use it with --sql 'SELECT … WHERE id = ?'")
        }
        if let tempLimit {
            guard (0...1_048_576).contains(tempLimit) else {
                throw ValidationError("--temp-limit must be a number of megabytes between 0 (no bound) and 1048576, such as 2048")
            }
        }
    }

    func run() throws {
        let (database, request) =
            try sql.map { try arguments.load(sql: $0, arguments: statementArguments, command: "fetch") }
            ?? arguments.load(command: "fetch")
        if let tempLimit { try TemporaryFilesBound.set(megabytes: tempLimit) }
        guard let milliseconds = TimeLimitSeconds.milliseconds(timeLimit) else { return try write(request, from: database) }
        try database.connection.withTimeLimit(milliseconds: milliseconds) { try write(request, from: database) }
    }

    /// Writes the rows of `request` in the chosen format.
    private func write(_ request: Request, from database: Database) throws {
        switch format {
        case .json: _ = try RowStreamWriter(document: .json).write(request, from: database)
        case .ndjson: _ = try RowStreamWriter(document: .ndjson).write(request, from: database)
        case .csv: _ = try RowStreamWriter(document: .csv).write(request, from: database)
        case .tsv: _ = try RowStreamWriter(document: .tsv).write(request, from: database)
        case .markdown: _ = try RowStreamWriter(document: .markdown).write(request, from: database)
        case .sql: _ = try RowStreamWriter(document: .sql(database.insertTarget(for: request))).write(request, from: database)
        case .table:
            _ = try BufferedOutput.writing { output in
                // Cells read as previews: a column shows 40 characters at most, and a 200 MB text
                // is not copied out of SQLite to show them (SQLite loads it once, as every stream
                // format does; a row too big for SQLite goes on by rowid).
                var table = RowTableRenderer()
                try database.forEachRow(request, previewingCellsUpTo: RowTableRenderer.previewLimit) { try table.add($0, to: &output) }
                try table.finish(to: &output)
            }
        case .debug:
            _ = try BufferedOutput.writing { output in
                // Cells read as previews of what a line shows (blobs keep their size).
                try database.forEachRow(request, previewingCellsUpTo: Sanitizer.maximumScalars + 1) { row in
                    // Each line is cut at `Sanitizer.maximumScalars`: a longer text is cut first,
                    // so a big cell is never escaped whole.
                    try output.write(
                        Self.cutTexts(of: row).debugDescription.split(separator: "\n", omittingEmptySubsequences: false)
                            .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n") + "\n")
                }
            }
        }
    }
}

extension FetchCommand {
    /// `row` with each text longer than a debug line shows cut just past what the line shows.
    static func cutTexts(of row: Row) -> Row {
        let limit = Sanitizer.maximumScalars + 1
        let values = row.values.map { value -> DatabaseValue in
            guard case .text(let text) = value, text.utf8.count > limit else { return value }
            return .text(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))))
        }
        var cut = Row(
            columnNames: row.columnNames, values: values, scopes: row.scopes.map { ($0.key, cutTexts(of: $0.row)) },
            prefetched: row.prefetched.map { ($0.key, $0.rows.map(cutTexts)) })
        cut.cutLengths = row.cutLengths
        return cut
    }
}

enum FetchFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, ndjson, csv, tsv, markdown, sql, debug
}
