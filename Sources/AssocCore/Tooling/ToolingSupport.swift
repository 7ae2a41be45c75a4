/// What the project's own nested packages (Benchmarks/, Conformance/) need beyond the public API:
/// they build against AssocCore from outside the package, so `package` declarations are out of
/// their reach. An SPI (`@_spi(Tooling) import AssocCore`), not part of the public surface: no
/// application should use it.
@_spi(Tooling) public enum ToolingSupport {
    /// Writes the embedded demo database to `path` (`DemoDatabase.write`).
    @_spi(Tooling) public static func writeDemoDatabase(to path: String, scale: Int) throws {
        try DemoDatabase.write(to: path, scale: scale)
    }

    /// Opens (and with `create`, creates) a database the tool builds itself, read-write.
    @_spi(Tooling) public static func openForWriting(path: String, create: Bool = true) throws -> Connection {
        try Connection(path: path, mode: .readWrite(create: create))
    }

    /// Runs `sql` (several statements allowed) on a connection opened for writing.
    @_spi(Tooling) public static func execute(_ sql: String, on connection: Connection) throws {
        try connection.execute(sql)
    }

    /// The statements a fetch of `request` runs, prefetches with their `IN (…)` placeholder.
    @_spi(Tooling) public static func executedStatements(for request: Request, in db: Database) throws -> [GeneratedStatement] {
        try db.executedStatements(for: request)
    }

    /// The association's name in the singular (`albums` → `album`), as GRDB keys a to-one scope.
    @_spi(Tooling) public static func singularKey(of association: Association) -> String {
        association.singularKey
    }

    /// For a through association, the names of its pivot and target associations.
    @_spi(Tooling) public static func throughNames(of association: Association) -> (pivot: String, target: String)? {
        association.throughNames
    }

    /// Whether the table is declared `WITHOUT ROWID`.
    @_spi(Tooling) public static func isWithoutRowid(_ table: TableInfo) -> Bool {
        table.isWithoutRowid
    }
}
