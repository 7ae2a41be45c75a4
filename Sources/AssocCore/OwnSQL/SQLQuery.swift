/// A read-only SQL statement of the user's own (`SELECT`, `WITH` or `VALUES`), checked when it
/// is made (`Database.sqlQuery(_:)`), and the source of requests as a view is: a request on it
/// reads `SELECT * FROM (<statement>) AS "sql"`, so that filters, sorts, counts, frequencies,
/// pages (with OFFSET: its rows have no key) and exports work on its rows unchanged.
///
///     let request = try db.request(sql: "SELECT Name, Milliseconds FROM Track WHERE Milliseconds > 300000")
///     let rows = try db.fetchAll(request.order(Column("Name")))
///     // SELECT * FROM (SELECT Name, Milliseconds FROM Track WHERE …) AS "sql" ORDER BY "Name"
public struct SQLQuery: Sendable, Hashable {
    /// The statement, as written, without what follows it (a `;`, white space, comments), its
    /// parameters (`?2`, `:id`…) written `?`: each takes the next of `arguments`.
    public let sql: String
    /// The values of the statement's `?`, in text order, bound when it runs.
    public let arguments: [DatabaseValue]
    /// The names of its columns, as the derived table names them (`id`, `id:1` when two are `id`).
    public let columns: [String]
    /// The name requests give its rows (`Request.table`): `sql`, or `sql2`… when the schema has
    /// a table of that name.
    public let name: String

    /// The statements a user's own SQL may start with: those that only read.
    public static let readingKeywords: Set<String> = ["SELECT", "WITH", "VALUES"]

    /// The first words of the statements SQLite knows beside them: meant as SQL, and refused.
    static let otherKeywords: Set<String> = [
        "INSERT", "UPDATE", "DELETE", "REPLACE", "UPSERT", "CREATE", "DROP", "ALTER", "ATTACH", "DETACH", "PRAGMA",
        "VACUUM", "REINDEX", "ANALYZE", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "EXPLAIN"
    ]

    /// Whether `text` is meant as an SQL statement rather than a request: its first word (after
    /// white space and comments, in any case) begins an SQL statement (`SELECT`, `WITH`,
    /// `VALUES`, or one that `Database.sqlQuery(_:)` refuses, such as `DELETE`) and more
    /// follows it than a `.` (`values.limit(3)` is a request on a table named `values`).
    public static func isStatement(_ text: String) -> Bool {
        guard let keyword = SQLText.leadingKeyword(text), readingKeywords.contains(keyword) || otherKeywords.contains(keyword)
        else { return false }
        let scalars = Array(text.unicodeScalars)
        let start = SQLText.skipBlanks(scalars, from: 0) + keyword.unicodeScalars.count
        let next = SQLText.skipBlanks(scalars, from: start)
        return next < scalars.count && scalars[next] != "."
    }

    /// The statement in a `FROM` clause: `(<sql>)`, a line comment at its end kept from the `)`;
    /// its `?` take `arguments`.
    var derivedTableSQL: String {
        "(" + sql + (sql.contains("--") ? "\n)" : ")")
    }

    /// The statement as the root of a request's tree: a view named `name` with its columns.
    var tableInfo: TableInfo {
        var info = TableInfo(name: name, kind: .view, columns: columns.map { ColumnInfo(name: $0) }, primaryKey: .none)
        info.derivedSQL = derivedTableSQL
        info.derivedArguments = arguments
        return info
    }
}

extension Database {
    /// `sql` checked as one read-only statement: its first word is `SELECT`, `WITH` or `VALUES`;
    /// SQLite compiles it and finds it read-only (`sqlite3_stmt_readonly`); nothing but white
    /// space, comments and `;` follows it; `arguments` give its parameters their values (see
    /// `StatementArguments`), always bound; it returns columns. Anything else throws
    /// `AssocError.invalidRequest` saying what was refused; nothing is run. The connection is
    /// read-only and its authorizer refuses the functions that reach outside the database,
    /// whatever the statement.
    public func sqlQuery(_ sql: String, arguments: StatementArguments = []) throws -> SQLQuery {
        func refuse(_ reason: String) -> AssocError { .invalidRequest(table: nil, reason: "SQL refused: " + reason) }
        guard let keyword = SQLText.leadingKeyword(sql) else {
            throw refuse("the SQL statement is empty (write one SELECT, WITH or VALUES statement)")
        }
        guard SQLQuery.readingKeywords.contains(keyword) else {
            // A PRAGMA's hint comes first: what to run instead is what a narrow screen must show.
            throw refuse(
                quoteForMessage(keyword) + (PragmaHint.hint(for: sql).map { ": " + $0 } ?? "")
                    + " (only one read-only SELECT, WITH or VALUES statement runs; the file is never written)")
        }
        return try perform { access in
            guard let (statement, consumed, isReadOnly) = try access.connection.prepareFirst(sql) else {
                throw refuse("the SQL statement is empty (write one SELECT, WITH or VALUES statement)")
            }
            let utf8 = Array(sql.utf8)
            let cut = min(max(0, consumed), utf8.count)
            let tail = String(decoding: utf8[cut...], as: UTF8.self)
            guard SQLText.isBlank(tail) else {
                throw refuse(
                    "a second statement, \(quoteForMessage(Self.firstLine(of: tail))) (only one statement runs)")
            }
            guard isReadOnly else {
                throw refuse("the statement writes to the database (sqlite3_stmt_readonly): only reading statements run")
            }
            guard statement.columnCount > 0 else { throw refuse("the statement returns no columns") }
            var body = String(decoding: utf8[..<cut], as: UTF8.self).trimmingWhitespace()
            while body.hasSuffix(";") { body = String(body.dropLast()).trimmingWhitespace() }
            let (sql, values) = try Self.bindingParameters(of: body, statement: statement, arguments: arguments, refuse: refuse)
            var name = "sql"
            var number = 2
            while schema.table(named: name) != nil {
                name = "sql\(number)"
                number += 1
            }
            let derived = SQLQuery(sql: sql, arguments: values, columns: [], name: name).derivedTableSQL
            let wrapped = try access.connection.prepare("SELECT * FROM \(derived) AS \(quoteIdentifier(name))")
            guard wrapped.parameterCount == values.count else {
                throw refuse("its parameters could not be told apart from the rest of its text; write them as ?, ?NNN or :name")
            }
            return SQLQuery(sql: sql, arguments: values, columns: wrapped.columnNames, name: name)
        }
    }

    /// A request for the rows of `sql`, one read-only statement (see `sqlQuery(_:arguments:)`),
    /// its parameters bound to `arguments`: `db.request(sql: "SELECT * FROM Track WHERE AlbumId = ?",
    /// arguments: [1])`. Refine it as any request: `filter`, `order`, `select`, `limit`…
    public func request(sql: String, arguments: StatementArguments = []) throws -> Request {
        Request(query: try sqlQuery(sql, arguments: arguments))
    }

    /// `body` with its parameters written `?`, and their values in text order; an error when
    /// `arguments` do not match the parameters.
    private static func bindingParameters(
        of body: String, statement: Statement, arguments: StatementArguments, refuse: (String) -> AssocError
    ) throws -> (sql: String, values: [DatabaseValue]) {
        let count = statement.parameterCount
        if count == 0 && arguments.isEmpty { return (body, []) }
        if arguments.isEmpty {
            throw refuse(
                "the statement has \(count) parameter\(count == 1 ? "" : "s") (?, :name) and no argument was given: "
                    + "give their values as arguments (arguments: [...], or --arg on the command line)")
        }
        var texts: [String] = []
        let rewritten = SQLText.replacingParameters(in: body) { token in
            texts.append(token)
            return "?"
        }
        return (rewritten, try arguments.values(for: texts, of: statement, refuse: refuse))
    }

    /// The table of `request`'s rows: a table or view of the schema, a user's statement, or the
    /// destination of a followed association; nil when it resolves to none.
    package func rootTable(of request: Request) -> TableInfo? {
        if let query = request.query { return query.tableInfo }
        return schema.table(named: request.table) ?? (try? Resolver(graph: graph).rootTable(of: request))
    }

    /// The request as one text for the request line: request-language text, or for a request
    /// on a user's statement, the statement itself when unrefined, else the statement that runs
    /// (values written as SQL literals), itself a `SELECT` that shows the same rows.
    package func languageText(of request: Request) throws -> String {
        guard let query = request.query else { return try request.languageText() }
        if request == Request(query: query) { return SQLText.inlining(query.arguments, into: query.sql) }
        let statement = try mainStatement(for: request)
        return SQLText.inlining(statement.arguments, into: statement.sql)
    }

    private static func firstLine(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let start = SQLText.skipBlanks(scalars, from: 0, semicolons: true)
        var end = start
        while end < scalars.count, scalars[end] != "\n", scalars[end] != ";", end - start < 60 { end += 1 }
        return String(String.UnicodeScalarView(scalars[start..<end])).trimmingWhitespace()
    }
}

extension Request {
    /// All rows of `query`: `SELECT * FROM (<statement>) AS "sql"`.
    package init(query: SQLQuery) {
        self.init(table: query.name)
        self.query = query
    }
}
