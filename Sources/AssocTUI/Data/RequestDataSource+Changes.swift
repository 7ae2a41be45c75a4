import AssocCore

/// What another process did that the browser's change poll noticed (AssocCore's `DatabaseWatch`).
package typealias SourceChange = DatabaseChange

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
    /// Looks at the file between two keys (no query runs): AssocCore's `DatabaseWatch` re-opens a
    /// connection that cannot see other processes' commits when its file changed; the rows shown
    /// stay until `R`. A schema changed by another process, a replaced or a removed file are
    /// reported (the last two once).
    package func pollChange() -> SourceChange? {
        // Nothing to compare with before the schema is read.
        guard !isSchemaPending else { return nil }
        return watch.poll(&db, reopen: Self.reopen)
    }

    /// `R`: the file re-opened when replaced, the schema and associations read again when they
    /// changed (`DatabaseWatch.refresh`), then `view` checked against them.
    package func refresh(keeping view: RequestView?) throws -> SourceRefresh {
        try readSchema()
        let notes = try watch.refresh(&db, reopen: Self.reopen) { [makeGraph, acceptedLinks] schema in
            let graph = try makeGraph(schema)
            return acceptedLinks.isEmpty ? graph : try graph.adding(acceptedLinks)
        }
        var problem: String?
        if let view {
            // Prepared (never run): SQLite checks every table and column the request names.
            do { try db.check(view.request) } catch { problem = AssocError.message(for: error) }
        }
        return SourceRefresh(
            tables: try tables(), graph: db.graph, notes: notes,
            viewProblem: problem, viewTableExists: view.map { db.schema.table(named: $0.table) != nil } ?? true)
    }

    /// `PRAGMA data_version` (`Database.dataVersion`).
    package func dataVersion() -> Int? { db.dataVersion() }

    /// A new connection to the same path, set up as the browser's first one.
    private static func reopen(_ connection: Connection) throws -> Connection {
        let reopened = try connection.reopened()
        configure(reopened)
        return reopened
    }

    /// The browser's settings of a connection: a 512 KiB page cache (counting a big table reads
    /// all of it through SQLite's cache: the browser's memory stays flat in the table's size).
    package static func configure(_ connection: Connection) {
        try? connection.execute("PRAGMA cache_size = -512")
    }
}
