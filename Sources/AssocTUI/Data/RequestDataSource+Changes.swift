import AssocCore

/// What another process did that the browser's change poll noticed.
package enum SourceChange: Sendable, Equatable {
    /// Rows changed (a commit): `R` shows them.
    case data
    /// The schema changed (`PRAGMA schema_version` moved): it must be read again.
    case schema
    /// The path now names another file: `R` opens it.
    case replaced
    /// Nothing is at the path any more: the rows read before stay.
    case removed
}

/// The schema and associations after `R`, what changed, and whether the current view still resolves.
package struct SourceRefresh: Sendable, Equatable {
    package var tables: [TableSummary]
    package var graph: AssociationGraph
    /// What was done besides re-reading the rows ("the schema changed"), for the message line.
    package var notes: [String]
    /// Why the current view's request no longer resolves against the schema; nil when it does.
    package var viewProblem: String?
    /// Whether the current view's table (or view) still exists.
    package var viewTableExists: Bool

    package init(
        tables: [TableSummary], graph: AssociationGraph,
        notes: [String] = [], viewProblem: String? = nil, viewTableExists: Bool = true
    ) {
        self.tables = tables
        self.graph = graph
        self.notes = notes
        self.viewProblem = viewProblem
        self.viewTableExists = viewTableExists
    }
}

extension BrowserDataSource {
    /// Sources that cannot tell never report a change.
    package func pollChange() -> SourceChange? { nil }

    /// Reads the table list and the associations again; `view` is checked against them.
    package func refresh(keeping view: RequestView?) throws -> SourceRefresh {
        let tables = try tables()
        var problem: String?
        if let view {
            do { _ = try check(view) } catch { problem = AssocError.message(for: error) }
        }
        return SourceRefresh(
            tables: tables, graph: graph, viewProblem: problem,
            viewTableExists: view.map { view in tables.contains { $0.name == view.table } } ?? true)
    }
}

extension RequestDataSource {
    /// Looks at the file between two keys (no query runs). A connection that cannot see other
    /// processes' commits (opened `immutable=1`, or a snapshot in memory) is re-opened at once
    /// when its file changed, so the next page read is of the file as it is now (never of two
    /// versions mixed); the rows shown stay until `R`. A schema changed by another process, a
    /// replaced or a removed file are reported (the last two once).
    package func pollChange() -> SourceChange? {
        // Nothing to compare with before the schema is read.
        guard !isSchemaPending else { return nil }
        let change = db.connection.fileChange()
        switch change {
        case .replaced, .removed:
            guard change != reportedFileChange else { return nil }
            reportedFileChange = change
            return change == .replaced ? .replaced : .removed
        case .written:
            guard let connection = try? reopenedConnection() else { return .data }
            db = Database(connection: connection, graph: db.graph)
            return schemaChanged() ? .schema : .data
        case .none:
            reportedFileChange = .none
            return schemaChanged() ? .schema : nil
        }
    }

    /// Whether another process changed the schema: `PRAGMA schema_version` moved and the schema
    /// read now differs (VACUUM moves the version alone: then the new version is taken).
    private func schemaChanged() -> Bool {
        let connection = db.connection
        guard let version = try? connection.withoutWaitingForLocks({ try connection.schemaVersion() }),
            let known = schemaVersion, version != known
        else { return false }
        guard let schema = try? SchemaIntrospector.read(connection), schema == db.schema else { return true }
        schemaVersion = version
        return false
    }

    /// `R`: re-opens the file when it was replaced (or, for a connection that cannot see other
    /// processes' commits, written), reads the schema again when it changed and infers (and
    /// declares) the associations again, then checks `view` against them.
    package func refresh(keeping view: RequestView?) throws -> SourceRefresh {
        try readSchema()
        var notes: [String] = []
        var connection = db.connection
        let change = connection.fileChange()
        switch change {
        case .removed:
            notes.append("the file is gone (deleted or moved away): still showing what was read before")
        case .replaced:
            connection = try reopenedConnection()
            notes.append("the file was replaced by another one: opened the new file")
        case .written:
            connection = try reopenedConnection()
        case .none:
            break
        }
        // Never waits on the loop: a writer holding the database makes R say so at once.
        let version: Int
        do {
            version = try connection.withoutWaitingForLocks { try connection.schemaVersion() }
        } catch AssocError.sqlite(let error) where error.primaryCode == 5 {  // SQLITE_BUSY
            throw AssocError.sqlite(
                DatabaseError(
                    code: error.code, message: "the database is locked by another process: R again when its write is done"))
        }
        var graph = db.graph
        if connection !== db.connection || version != schemaVersion {
            let schema = try SchemaIntrospector.read(connection)
            if schema != db.schema {
                notes.append("the schema changed: read again")
                do {
                    graph = try makeGraph(schema)
                    if !acceptedLinks.isEmpty { graph = try graph.adding(acceptedLinks) }
                } catch {
                    graph = AssociationGraph(schema: schema)
                    notes.append("the declared associations no longer apply (\(AssocError.message(for: error))): inferred ones only")
                }
            }
        }
        db = Database(connection: connection, graph: graph)
        schemaVersion = version
        // A path still gone was just said: the poll does not say it again.
        reportedFileChange = change == .removed ? .removed : .none
        var problem: String?
        if let view {
            do {
                // Prepared (never run): SQLite checks every table and column the request names.
                let statement = try db.mainStatement(for: view.request)
                _ = try db.connection.prepare(statement.sql)
            } catch {
                problem = AssocError.message(for: error)
            }
        }
        return SourceRefresh(
            tables: try tables(), graph: db.graph, notes: notes,
            viewProblem: problem, viewTableExists: view.map { db.schema.table(named: $0.table) != nil } ?? true)
    }

    /// A new connection to the same path, set up as the browser's first one.
    private func reopenedConnection() throws -> Connection {
        let connection = try db.connection.reopened()
        RequestDataSource.configure(connection)
        return connection
    }

    /// The browser's settings of a connection: a 512 KiB page cache (counting a big table reads
    /// all of it through SQLite's cache: the browser's memory stays flat in the table's size).
    package static func configure(_ connection: Connection) {
        try? connection.execute("PRAGMA cache_size = -512")
    }
}
