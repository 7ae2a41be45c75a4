/// Links guessed from column names when no foreign key is declared: a column `authorId`
/// (or `author_id`…) of a table refers to the single-column primary key of the only table
/// whose singular name is `author`.
enum NamingConventionLinks {
    static func collect(schema: Schema, firstID: Int, inflections: InflectionCache = InflectionCache()) -> [InferredLink] {
        // Tables that can be referenced, by lower-cased singular name; nil marks an ambiguous name.
        var candidates: [String: TableInfo?] = [:]
        for table in schema.tables where table.kind == .table {
            let key = inflections.singularName(ofTable: table.name).lowercased()
            if candidates[key] == nil { candidates[key] = .some(table) } else { candidates[key] = .some(nil) }
        }
        var links: [InferredLink] = []
        var nextID = firstID
        for child in schema.tables where child.kind == .table {
            var declared: Set<String>?  // made for the tables that have a column named like a link
            for column in child.columns {
                guard let stem = AssociationNaming.idStem(of: column.name) else { continue }
                let known = declared ?? Set(child.foreignKeys.flatMap(\.originColumns).map { $0.lowercased() })
                declared = known
                guard !known.contains(column.name.lowercased()),
                    let found = candidates[inflections.identifier(stem).lowercased()], let parent = found,
                    let key = singleColumnKey(of: parent)
                else { continue }
                // A table's own key (`author.authorId`) is not a link to itself.
                if parent.name.lowercased() == child.name.lowercased(), key.lowercased() == column.name.lowercased() {
                    continue
                }
                links.append(
                    InferredLink(
                        id: nextID, child: child, parent: parent, childColumns: [column.name],
                        parentColumns: [key], source: .naming))
                nextID += 1
            }
        }
        return links
    }

    /// The column of a declared single-column primary key (a hidden rowid does not count).
    static func singleColumnKey(of table: TableInfo) -> String? {
        switch table.primaryKey.kind {
        case .rowidAlias, .regular, .withoutRowid:
            return table.primaryKey.columns.count == 1 ? table.primaryKey.columns.first : nil
        case .hiddenRowid, .none:
            return nil
        }
    }
}
