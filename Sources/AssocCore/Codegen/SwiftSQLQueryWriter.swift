/// GRDB code for a request on a user's own statement (`Database.request(sql:arguments:)`): GRDB's query
/// interface has no derived table, so the code runs the SQL itself, as GRDB does with raw SQL:
///
///     let rows = try Row.fetchAll(db, sql: "SELECT * FROM (SELECT …) AS \"sql\" WHERE \"x\" = ?", arguments: [1])
///
/// The statement is the user's own when the request is not refined, else the one that runs.
enum SwiftSQLQueryWriter {
    /// The `Row.fetchAll` line of `request`, with a comment saying where the SQL comes from.
    static func fetchLine(for request: Request, in db: Database) throws -> String {
        guard let query = request.query else { return "" }
        let statement: GeneratedStatement
        let note: String
        if request == Request(query: query) {
            statement = GeneratedStatement(sql: query.sql, arguments: query.arguments)
            note = "// Your own SQL statement, run as GRDB runs raw SQL."
        } else {
            statement = try db.mainStatement(for: request)
            note = "// Your own SQL statement with the view's refinements, as the SQL pane shows it."
        }
        var line = "let rows = try Row.fetchAll(db, sql: " + SwiftNames.stringLiteral(statement.sql)
        if !statement.arguments.isEmpty {
            line += ", arguments: [" + statement.arguments.map(SwiftNames.literal).joined(separator: ", ") + "]"
        }
        return note + "\n" + line + ")\n"
    }

    /// The whole code: `import GRDB` and a function that fetches the rows.
    static func code(for request: Request, in db: Database) throws -> String {
        let body = try fetchLine(for: request, in: db).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        return "import GRDB\n\nfunc fetchRows(_ db: GRDB.Database) throws -> [Row] {\n" + body + "    return rows\n}\n\n"
            + "// let rows = try dbQueue.read(fetchRows)\n"
    }
}
