/// What another process did to a reader's database, as a look between two reads sees it.
package enum DatabaseChange: Sendable, Equatable {
    /// Rows changed (a commit).
    case data
    /// The schema changed (`PRAGMA schema_version` moved and the schema read now differs).
    case schema
    /// The path now names another file.
    case replaced
    /// Nothing is at the path any more: the rows read before stay readable.
    case removed
}

/// A long-lived reader's watch over its database (the browser's change poll and `R`): the schema
/// version it read, and the replacement or removal of the file it last reported (each reported
/// once). Every look runs between two reads, never beside one.
package struct DatabaseWatch: Sendable {
    /// `PRAGMA schema_version` when the schema was read; nil when unknown.
    package var schemaVersion: Int?
    /// The replacement or removal of the file last reported.
    private var reported = DatabaseFileChange.none

    /// A watch of `db`, its schema just read.
    package init(_ db: Database) {
        schemaVersion = try? db.withConnection { try $0.schemaVersion() }
    }

    /// What changed since the last look. A connection that cannot see other processes' commits
    /// (`immutable=1`, a snapshot in memory) is re-opened at once (`reopen`) when its file was
    /// written, so the next read is of the file as it is now, never of two versions mixed.
    package mutating func poll(_ db: inout Database, reopen: (Connection) throws -> Connection) -> DatabaseChange? {
        let change = db.connection.fileChange()
        switch change {
        case .replaced, .removed:
            guard change != reported else { return nil }
            reported = change
            return change == .replaced ? .replaced : .removed
        case .written:
            guard let connection = try? reopen(db.connection) else { return .data }
            db = Database(connection: connection, graph: db.graph)
            return schemaChanged(db) ? .schema : .data
        case .none:
            reported = .none
            return schemaChanged(db) ? .schema : nil
        }
    }

    /// Whether another process changed the schema: `PRAGMA schema_version` moved and the schema
    /// read now differs (VACUUM moves the version alone: then the new version is taken).
    private mutating func schemaChanged(_ db: Database) -> Bool {
        let connection = db.connection
        guard let version = try? connection.withoutWaitingForLocks({ try connection.schemaVersion() }),
            let known = schemaVersion, version != known
        else { return false }
        guard let schema = try? SchemaIntrospector.read(connection), schema == db.schema else { return true }
        schemaVersion = version
        return false
    }

    /// Looks again on request (`R`): re-opens the file when it was replaced (or written, for a
    /// connection that cannot see other processes' commits), reads the schema again when it
    /// changed and makes the associations again (`makeGraph`; when it fails, the inferred ones).
    /// Returns what was done besides, for a message line. Never waits for a writer: a database
    /// locked by another process throws at once.
    package mutating func refresh(
        _ db: inout Database, reopen: (Connection) throws -> Connection, makeGraph: (Schema) throws -> AssociationGraph
    ) throws -> [String] {
        var notes: [String] = []
        var connection = db.connection
        let change = connection.fileChange()
        switch change {
        case .removed:
            notes.append("the file is gone (deleted or moved away): still showing what was read before")
        case .replaced:
            connection = try reopen(connection)
            notes.append("the file was replaced by another one: opened the new file")
        case .written:
            connection = try reopen(connection)
        case .none:
            break
        }
        let version: Int
        do {
            version = try connection.withoutWaitingForLocks { try connection.schemaVersion() }
        } catch AssocError.sqlite(let error) where error.primaryCode == 5 {  // SQLITE_BUSY
            throw AssocError.sqlite(
                DatabaseError(code: error.code, message: "the database is locked by another process: R again when its write is done"))
        }
        var graph = db.graph
        if connection !== db.connection || version != schemaVersion {
            let schema = try SchemaIntrospector.read(connection)
            if schema != db.schema {
                notes.append("the schema changed: read again")
                do {
                    graph = try makeGraph(schema)
                } catch {
                    graph = AssociationGraph(schema: schema)
                    notes.append("the declared associations no longer apply (\(AssocError.message(for: error))): inferred ones only")
                }
            }
        }
        if connection === db.connection {
            db.adopt(graph)
        } else {
            db = Database(connection: connection, graph: graph)
        }
        schemaVersion = version
        // A path still gone was just said: the poll does not say it again.
        reported = change == .removed ? .removed : .none
        return notes
    }
}

extension Database {
    /// `PRAGMA data_version` of the main database: it moves when another connection commits. A
    /// statement of its own, finished at once (no read transaction left open); nil while another
    /// process holds the database (never waits).
    package func dataVersion() -> Int? {
        guard let rows = try? connection.withoutWaitingForLocks({ try connection.fetchAll("PRAGMA data_version") }),
            case .integer(let value)? = rows.first?.first
        else { return nil }
        return Int(value)
    }
}
