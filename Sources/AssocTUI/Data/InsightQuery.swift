import AssocCore

extension RequestDataSource {
    /// The orphans of a belongsTo link (`Database.countOrphans`), within the deferred counts'
    /// budget (`countBudgetMilliseconds`): past it, the count is unknown.
    package func countOrphans(of association: Association) throws -> OrphanCount {
        try readSchema()
        return try db.countOrphans(of: association, timeLimit: Self.countBudgetMilliseconds)
    }

    /// The cardinality profile of a link (`Database.cardinalityProfile`), each statement within
    /// the same budget.
    package func cardinalityProfile(of association: Association) throws -> CardinalityProfile {
        try readSchema()
        return try db.cardinalityProfile(of: association, timeLimit: Self.countBudgetMilliseconds)
    }
}
