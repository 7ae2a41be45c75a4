import AssocCore

/// The first data source: whole tables read with `SELECT * FROM "t" LIMIT ? OFFSET ?`,
/// identifiers quoted, values bound. Replaced by the request engine later.
public final class PlainDataSource: BrowserDataSource {
    public let connection: Connection
    public let schema: Schema
    public let graph: AssociationGraph
    /// Every statement run, oldest first (the last 100).
    public private(set) var log: [ExecutedStatement] = []

    /// Reads the schema of `connection` and infers its associations.
    public init(connection: Connection) throws {
        self.connection = connection
        self.schema = try SchemaIntrospector.read(connection)
        self.graph = AssociationGraph(schema: schema)
    }

    /// For tests and callers that already have a schema and a graph.
    public init(connection: Connection, schema: Schema, graph: AssociationGraph) {
        self.connection = connection
        self.schema = schema
        self.graph = graph
    }

    public func tables() throws -> [TableSummary] {
        schema.tables.map { table in
            let count = try? rowCount(of: BrowserView(table: table.name))
            return TableSummary(name: table.name, kind: table.kind, rowCount: count)
        }
    }

    public func page(of view: BrowserView, offset: Int, limit: Int) throws -> RowsPage {
        let sql = "SELECT * FROM \(SQLQuoting.identifier(view.table)) LIMIT ? OFFSET ?"
        let arguments: [DatabaseValue] = [.integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))]
        let statement = try connection.prepare(sql)
        try statement.bind(arguments)
        record(sql, arguments)
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append(statement.values())
        }
        return RowsPage(
            columns: statement.columnNames, rows: rows, offset: max(0, offset),
            statement: ExecutedStatement(sql: sql, arguments: arguments))
    }

    public func rowCount(of view: BrowserView) throws -> Int {
        let sql = "SELECT count(*) FROM \(SQLQuoting.identifier(view.table))"
        record(sql, [])
        let rows = try connection.fetchAll(sql)
        if let first = rows.first?.first, case .integer(let count) = first { return Int(count) }
        return 0
    }

    public func associations(of table: String) -> [Association] {
        graph.associations(from: table)
    }

    private func record(_ sql: String, _ arguments: [DatabaseValue]) {
        log.append(ExecutedStatement(sql: sql, arguments: arguments))
        if log.count > 100 { log.removeFirst(log.count - 100) }
    }
}

/// SQL spelling helpers for the plain data source.
enum SQLQuoting {
    /// `"name"`, with embedded double quotes doubled: safe for any table name.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
