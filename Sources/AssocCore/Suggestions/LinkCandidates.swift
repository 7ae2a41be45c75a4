/// The columns that may hold a foreign key the schema does not declare, and the keys they may
/// reference, read from the schema and the association graph alone (no value is read here).
struct LinkCandidates {
    /// A column that may reference another table's key.
    struct Column {
        var table: TableInfo
        var name: String
    }

    /// A single column whose values identify a row: a primary key column or a unique column.
    struct Key {
        var table: TableInfo
        var column: String
    }

    /// Candidate columns, in schema order: integer, text or untyped columns of tables (not views,
    /// virtual or shadow tables) that are not their table's own single-column key and are not
    /// already the whole key of a belongsTo association of the graph.
    var columns: [Column] = []
    /// Destination keys, in schema order.
    var keys: [Key] = []

    init(graph: AssociationGraph) {
        for table in graph.schema.tables where table.kind == .table && Self.isWritable(table.name) {
            let linked = Set(
                graph.directAssociations(from: table.name).filter { $0.kind == .belongsTo && $0.columns.count == 1 }
                    .compactMap { $0.columns.first?.origin.lowercased() })
            let ownKey = table.primaryKey.columns.count == 1 ? table.primaryKey.columns.first?.lowercased() : nil
            for column in table.columns
            where column.isNameValidUTF8 && Self.isWritable(column.name) && !column.isGenerated
                && column.name.lowercased() != ownKey && !linked.contains(column.name.lowercased())
                && Self.mayHoldKeys(column.declaredType)
            {
                columns.append(Column(table: table, name: column.name))
            }
            var keyColumns: [String] = []
            if table.primaryKey.columns.count == 1, table.primaryKey.kind != .hiddenRowid, let key = table.primaryKey.columns.first {
                keyColumns.append(key)
            }
            for index in table.uniqueIndexes where index.count == 1 {
                if let column = index.first, !keyColumns.contains(where: { $0.lowercased() == column.lowercased() }) {
                    keyColumns.append(column)
                }
            }
            for key in keyColumns where Self.isWritable(key) && table.column(named: key)?.isNameValidUTF8 ?? false {
                keys.append(Key(table: table, column: key))
            }
        }
    }

    /// Integer or text affinity, or no declared type (SQLite's rules: INT; CHAR, CLOB, TEXT).
    static func mayHoldKeys(_ declaredType: String) -> Bool {
        let type = declaredType.uppercased()
        if type.isEmpty || type.contains("INT") { return true }
        if type.contains("BLOB") { return false }
        return type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }

    /// Whether the name can be written in an associations file: any name but the empty one
    /// (names with hidden characters are written as `U&"…"`).
    static func isWritable(_ name: String) -> Bool { !name.isEmpty }
}

/// What a column's name says about the table it references.
enum LinkNaming {
    /// The column name without its reference suffix (`place_id` → `place`, `authorId` → `author`,
    /// `fk` → ``), as written.
    static func stem(of column: String) -> String {
        var name = column
        for suffix in ["_id", "Id", "ID", "id", "_fk", "Fk", "FK", "fk", "_ref", "Ref", "_code", "Code", "_key", "Key"]
        where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        while name.hasSuffix("_") { name = String(name.dropLast()) }
        return name
    }

    /// Lower-cased letters and digits only.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Names that point to a row of the same table (a tree, a hierarchy).
    static let hierarchyWords: Set<String> = ["parent", "manager", "reportsto", "boss", "supervisor", "parentid"]

    /// Whether `column`'s name agrees with `destination` (a table): its stem is the table's name,
    /// singular or plural, or ends it (`place_id` → `moz_places`); the column is named as the
    /// destination's key (`ArtistId` → `Artist.ArtistId`); a hierarchy word pointing to its own table.
    /// A name holding a character that cannot be seen never agrees: it may imitate another.
    static func agrees(column: String, origin: String, destination: String, destinationColumn: String) -> Bool {
        if column.unicodeScalars.contains(where: RequestPrinter.isHidden) { return false }
        let stem = normalized(stem(of: column))
        let table = normalized(destination)
        if hierarchyWords.contains(normalized(column)) || hierarchyWords.contains(stem) {
            return origin.lowercased() == destination.lowercased()
        }
        if normalized(column) == normalized(destinationColumn) && normalized(destinationColumn) != "id" { return true }
        guard stem.count >= 2 else { return false }
        let forms = [stem, normalized(Inflector.pluralize(stem)), normalized(Inflector.singularize(stem))]
        return forms.contains { table == $0 || ($0.count >= 3 && table.hasSuffix($0)) }
    }

    /// Whether the name reads as a reference to another row: it ends with `id`, `fk`, `ref`,
    /// `code` or `key`, or is a hierarchy word.
    static func isReference(_ column: String) -> Bool {
        let name = normalized(column)
        if hierarchyWords.contains(name) { return true }
        return ["id", "fk", "ref", "code", "key"].contains { name.hasSuffix($0) }
    }

    /// The association's name for `column`: its stem in camelCase (`SupportRepId` → `supportRep`),
    /// or the destination's singular name when the stem says nothing (`fk` → `place`).
    static func key(for column: String, destination: String) -> String {
        let stem = stem(of: column)
        if stem.isEmpty || ["fk", "ref", "key"].contains(stem.lowercased()) {
            return Inflector.singularize(Inflector.identifier(destination))
        }
        return Inflector.identifier(stem)
    }
}
