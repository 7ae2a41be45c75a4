import AssocCore

extension Database {
    /// Every belongsTo association of the graph (inferred from foreign keys or names, declared),
    /// tables in schema order, each table's associations in the graph's order.
    public var belongsToAssociations: [Association] {
        schema.tables.flatMap { table in graph.associations(from: table.name).filter { $0.kind == .belongsTo } }
    }

    /// Counts the orphans of a belongsTo association: its rows whose key columns are all non-NULL
    /// and match no row of the destination, as SQLite counts the rows of the orphans' request
    /// (`OrphanCount.request(of:)`): an anti-join that looks each key up in the destination's
    /// key index, values bound, names quoted.
    ///
    ///     SELECT COUNT(*) FROM (SELECT "track".* FROM "track"
    ///       LEFT JOIN "genre" "parent" ON "parent"."GenreId" = "track"."GenreId"
    ///       WHERE "track"."GenreId" IS NOT NULL AND "parent"."GenreId" IS NULL)
    ///
    /// The statement stops after `timeLimit` milliseconds (nil: no limit): the count is then nil
    /// (unknown), never a partial number. `interrupt()` stops it with an error.
    public func countOrphans(of association: Association, timeLimit: Int? = 2_000) throws -> OrphanCount {
        guard let request = OrphanCount.request(of: association) else {
            throw AssocError.invalid(
                "\(association.origin).\(association.name) is a \(association.kind.rawValue) association: only a belongsTo has orphans")
        }
        let statement = try countStatement(for: request)
        let count = try integerWithinTimeLimit(statement, timeLimit: timeLimit)
        return OrphanCount(association: association, request: request, count: count, statement: statement)
    }
}
