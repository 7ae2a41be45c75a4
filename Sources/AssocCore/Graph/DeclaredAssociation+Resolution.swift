extension DeclaredAssociation {
    /// This belongsTo / hasOne / hasMany resolved against the foreign keys of `schema`: the join
    /// columns `foreignKey` names, or the only foreign key between the two tables. `lookup` keeps
    /// the tables' columns and foreign keys indexed from one declaration to the next.
    func resolved(in schema: Schema, lookup: TableLookup = TableLookup()) throws -> Association {
        let declared = self
        guard let origin = schema.table(named: declared.origin) else {
            throw AssocError.unknownTable(declared.origin, in: schema)
        }
        guard let destination = schema.table(named: declared.destination) else {
            throw AssocError.unknownTable(declared.destination, in: schema)
        }
        let isBelongsTo = declared.kind == .belongsTo
        // The table that holds the foreign key, and the one it references.
        let (child, parent) = isBelongsTo ? (origin, destination) : (destination, origin)
        let name =
            declared.key
            ?? (declared.kind.isToMany
                ? lookup.inflections.pluralize(destination.name) : lookup.inflections.singularize(destination.name))
        let pairs: [(child: String, parent: String)]
        do {
            pairs = try Self.foreignKeyPairs(child: child, parent: parent, foreignKey: declared.foreignKey, lookup: lookup)
        } catch {
            // Name the association at fault, its tables and kind, not only "the foreign key".
            throw AssocError.invalidAssociation(
                name, table: origin.name,
                reason:
                    "association \(quoteForMessage(name)) of \(quoteForMessage(origin.name)) (\(declared.kind.rawValue) \(quoteForMessage(destination.name))): \(error.reason)"
            )
        }
        // Orient pairs from the association's origin to its destination.
        let columns =
            isBelongsTo
            ? pairs.map { ColumnPair(origin: $0.child, destination: $0.parent) }
            : pairs.map { ColumnPair(origin: $0.parent, destination: $0.child) }
        let required = isBelongsTo && pairs.allSatisfy { lookup.column(named: $0.child, in: child)?.notNull == true }
        return Association(
            name: name, kind: declared.kind, origin: origin.name,
            destination: destination.name, path: .direct(columns), isRequired: required, source: .declared)
    }

    private static func foreignKeyPairs(
        child: TableInfo, parent: TableInfo, foreignKey: ForeignKey?, lookup: TableLookup
    ) throws(MissingForeignKey) -> [(child: String, parent: String)] {
        let hint = "provide the columns with using: ForeignKey([...], to: [...])"
        if let foreignKey, let destinationColumns = foreignKey.destinationColumns {
            guard foreignKey.originColumns.count == destinationColumns.count, !destinationColumns.isEmpty else {
                throw MissingForeignKey(
                    reason:
                        "foreign key from \(quoteForMessage(child.name)) to \(quoteForMessage(parent.name)) has \(foreignKey.originColumns.count) origin columns and \(destinationColumns.count) destination columns"
                )
            }
            return Array(zip(foreignKey.originColumns, destinationColumns)).map { (child: $0.0, parent: $0.1) }
        }
        let candidates =
            foreignKey.map { lookup.foreignKeys(from: child, to: parent, columns: $0.originColumns) }
            ?? lookup.foreignKeys(from: child, to: parent)
        if candidates.count > 1 {
            throw MissingForeignKey(
                reason: "several foreign keys lead from \(quoteForMessage(child.name)) to \(quoteForMessage(parent.name)): \(hint)")
        }
        if let fk = candidates.first, fk.originColumns.count == fk.destinationColumns.count, !fk.originColumns.isEmpty {
            return Array(zip(fk.originColumns, fk.destinationColumns)).map { (child: $0.0, parent: $0.1) }
        }
        if let origins = foreignKey?.originColumns, origins.count == parent.primaryKey.columns.count, !origins.isEmpty {
            return Array(zip(origins, parent.primaryKey.columns)).map { (child: $0.0, parent: $0.1) }
        }
        throw MissingForeignKey(
            reason: "could not infer the foreign key from \(quoteForMessage(child.name)) to \(quoteForMessage(parent.name)): \(hint)")
    }
}

/// Why no join columns were found between an association's tables; `resolved(in:lookup:)` turns it
/// into an `AssocError.invalidAssociation` naming the association.
private struct MissingForeignKey: Error {
    let reason: String
}
