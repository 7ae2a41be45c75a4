import ArgumentParser
import AssocCore
import AssocText

/// `assoc extract [DB] REQUEST --output OUT [--with PATH]... [--all-children] [--force]`: a new
/// SQLite file with the source's schema and a closed subset of its rows: the request's, those
/// reached along the paths (or every child, down), and every parent they point to.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract:
            "Write a closed subset of a database to a new SQLite file: a request's rows, the rows reached from them, and every parent they point to.",
        discussion: """
            The new file has every table, index, view and trigger of the source (created as the source has them; views and triggers after the rows, so that no trigger fires), and only the subset's rows, their values identical in type and bytes. Every row a copied row points to through a belongsTo association (a declared foreign key, one inferred from names, or one of --associations) is copied too, transitively: no copied row points to a missing parent.

            The source is read in one read transaction and never written. The new file is written under a temporary name beside OUT and renamed at the end: a failure leaves nothing at OUT.

            Examples:
              assoc extract chinook.sqlite 'Artist.filter(key: 1)' --with albums.tracks -o acdc.sqlite
              assoc extract chinook.sqlite 'Employee.filter(key: 2)' --all-children -o team.sqlite
            """)

    @OptionGroup var arguments: RequestArguments

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The new SQLite file to write.", valueName: "out"))
    var output: String

    @Option(
        name: .customLong("with"),
        help: ArgumentHelp(
            "A path of associations from the request's table whose rows come too (albums.tracks; any kind of association; repeatable).",
            valueName: "path"))
    var paths: [String] = []

    @Flag(
        name: .customLong("all-children"),
        help:
            "Also every row reached going down (hasMany, hasOne), transitively, from the rows reached going down. Rows that came in only as parents bring no children."
    )
    var allChildren = false

    @Flag(help: "Replace OUT when it exists (never the source database).")
    var force = false

    func validate() throws {
        for path in paths {
            let names = path.split(separator: ".", omittingEmptySubsequences: false)
            if names.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
                throw ValidationError("--with \(TextSanitizer.quoted(path)): a path is association names joined by dots, such as albums.tracks")
            }
        }
        if FileDestination.isBlank(output) { throw ValidationError("--output needs a file name") }
    }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        TemporaryFileCleanup.removeOnSignals()
        let (database, request): (Database, Request)
        do {
            (database, request) = try arguments.load(command: "extract")
        } catch AssocError.syntax(let error) {
            // One line, as every refusal of extract (the request with a caret is for the other commands).
            throw CLIError(oneLine: "the request does not parse: " + error.description)
        }
        let specification = SubsetSpecification(
            request: request, paths: paths.map { $0.split(separator: ".").map { String($0).trimmingSpaces } }, allChildren: allChildren)
        let summary: SubsetSummary
        do {
            summary = try database.extractSubset(specification, to: output, replacing: force ? .any : .never)
        } catch let error as FileWriteError {
            if case .exists = error { throw CLIError(message: error.message + " (--force replaces it)") }
            throw CLIError(message: error.message)
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        _ = try BufferedOutput.writing { output in
            try output.write(Self.report(summary, output: self.output, seconds: seconds))
        }
    }

    /// The summary printed on stdout: the rows per table (those with rows), the total and the time.
    static func report(_ summary: SubsetSummary, output: String, seconds: Double) -> String {
        let filled = summary.tables.filter { $0.rows > 0 }
        let names = filled.map { TextSanitizer.oneLine($0.table) }
        let nameWidth = names.map(TextWidth.width(of:)).max() ?? 0
        let counts = filled.map { String($0.rows) }
        let countWidth = counts.map(\.count).max() ?? 0
        var lines: [String] = []
        if summary.requestRows == 0 {
            lines.append("The request matched no row: \(TextSanitizer.oneLine(output)) holds the schema, every table empty.")
        }
        for (name, count) in zip(names, counts) {
            lines.append(
                "  " + name + String(repeating: " ", count: nameWidth - TextWidth.width(of: name) + 2)
                    + String(repeating: " ", count: countWidth - count.count) + count)
        }
        let empty = summary.tables.count - filled.count
        let tables = filled.count == 1 ? "1 table" : "\(filled.count) tables"
        lines.append(
            "\(summary.totalRows) rows in \(tables) (\(empty) empty) written to \(TextSanitizer.oneLine(output)) in "
                + String(format: "%.2f", seconds) + " s")
        if !summary.emptyVirtualTables.isEmpty {
            lines.append("Virtual tables created empty: " + summary.emptyVirtualTables.map(TextSanitizer.oneLine).joined(separator: ", "))
        }
        if summary.foreignKeyViolations > 0 {
            lines.append(
                "⚠ \(summary.foreignKeyViolations) copied rows point to a parent the source does not have either (PRAGMA foreign_key_check)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
