import AssocCore
import Foundation

/// A browser opened before its schema is read: the Tables pane comes from `sqlite_schema` alone
/// (one query), and the columns, keys and foreign keys of every table (a PRAGMA each: seconds in
/// a schema of 30,000 tables) are read by the first job that needs them, a background job queued
/// at start (`Effect.readSchema`) or the user's own query, whichever runs first.
extension RequestDataSource {
    /// A data source over `connection` whose schema is read later; `tables` (from
    /// `SchemaIntrospector.tableNames`) fill the Tables pane until then.
    package convenience init(connection: Connection, deferringSchemaWith tables: [TableSummary]) {
        self.init(database: Database(connection: connection, graph: AssociationGraph(schema: Schema(tables: []))))
        deferredTables = tables
    }

    /// Whether the schema is still to be read.
    package var isSchemaPending: Bool { deferredTables != nil }

    /// Reads the schema if it was deferred: called first by every entry point that needs it,
    /// always with no other job running (the worker's jobs run one at a time, and the loop asks
    /// only between jobs). An interrupted read leaves it pending, for the next caller.
    package func readSchema() throws {
        guard deferredTables != nil else { return }
        // One operation: `interrupt()` stops the whole read, which then throws (never a schema
        // with tables left unread).
        let schema = try db.withConnection { try SchemaIntrospector.read($0) }
        db.adopt(try makeGraph(schema))
        watch = DatabaseWatch(db)
        deferredTables = nil
    }
}
