import AssocCore

/// The cardinality histogram of a plain hasMany read from its child table's key columns alone
/// (`Database.cardinalityProfile`): one `GROUP BY` of the child's key, served by its index when
/// there is one, instead of the join of every origin row with its children.
///
///     SELECT "n", SUM("m") FROM (SELECT COUNT(*) AS "n",
///         (SELECT COUNT(*) FROM "artist" AS "o" WHERE "c"."ArtistId" = "o"."ArtistId") AS "m"
///       FROM "album" AS "c" WHERE "c"."ArtistId" IS NOT NULL GROUP BY "c"."ArtistId")
///     GROUP BY "n" HAVING SUM("m") > 0 ORDER BY "n"
///
/// Each group of child rows sharing a key counts once per origin row its key matches (`m`, by the
/// comparison the association's join makes, so a child key matching no origin row counts for
/// none); the origin rows that match no group have 0 destinations: the origin's rows minus the
/// rows the groups matched.
struct GroupedChildKeys {
    /// `SELECT COUNT(*)` of the origin's rows.
    var origins: GeneratedStatement
    /// Per destination count `n` above 0, the origin rows that reach it, ascending.
    var groups: GeneratedStatement

    /// The statements for `association`; nil when it takes the general path: not a hasMany, a
    /// declared filter, an origin or a child that is no plain table, a child whose rows the
    /// general count tells apart by another key than its rowid (or its one-column WITHOUT ROWID
    /// key), or key columns whose affinities make SQLite convert values when it compares them
    /// (a `GROUP BY` would then split what `=` matches: '1' and 1 in an untyped column).
    init?(_ association: Association, schema: Schema) {
        guard association.kind == .hasMany, association.filters.isEmpty, case .direct(let pairs) = association.path,
            !pairs.isEmpty,
            let origin = schema.table(named: association.origin), let child = schema.table(named: association.destination),
            origin.kind == .table, child.kind == .table, origin.derivedSQL == nil, child.derivedSQL == nil,
            origin.primaryKey.kind != .none, Self.countsEachRowOnce(child)
        else { return nil }
        for pair in pairs {
            guard let originAffinity = ColumnAffinity(of: pair.origin, in: origin),
                let childAffinity = ColumnAffinity(of: pair.destination, in: child),
                originAffinity.comparesWithoutConversion(to: childAffinity)
            else { return nil }
        }
        let names = [origin.name, child.name].map { $0.lowercased() }
        let childAlias = Self.alias("c", avoiding: names)
        let originAlias = Self.alias("o", avoiding: names)
        let c = quoteIdentifier(childAlias)
        let o = quoteIdentifier(originAlias)
        let keys = pairs.map { c + "." + quoteIdentifier($0.destination) }
        let matches = pairs.map { c + "." + quoteIdentifier($0.destination) + " = " + o + "." + quoteIdentifier($0.origin) }
        let matched =
            "(SELECT COUNT(*) FROM \(quoteIdentifier(origin.name)) AS \(o) WHERE \(matches.joined(separator: " AND ")))"
        let grouped =
            "SELECT COUNT(*) AS \"n\", \(matched) AS \"m\" FROM \(quoteIdentifier(child.name)) AS \(c)"
            + " WHERE \(keys.map { $0 + " IS NOT NULL" }.joined(separator: " AND ")) GROUP BY \(keys.joined(separator: ", "))"
        groups = GeneratedStatement(
            sql: "SELECT \"n\", SUM(\"m\") FROM (\(grouped)) GROUP BY \"n\" HAVING SUM(\"m\") > 0 ORDER BY \"n\"", arguments: [])
        origins = GeneratedStatement(sql: "SELECT COUNT(*) FROM \(quoteIdentifier(origin.name))", arguments: [])
    }

    /// Whether the general path's `COUNT(DISTINCT key)` of the child counts each of its rows once
    /// (a key never NULL, never repeated): the rowid or its alias, or a one-column WITHOUT ROWID key.
    static func countsEachRowOnce(_ table: TableInfo) -> Bool {
        switch table.primaryKey.kind {
        case .rowidAlias: return true
        case .hiddenRowid, .regular: return table.rowidName != nil
        case .withoutRowid: return table.primaryKey.columns.count == 1
        case .none: return false
        }
    }

    /// `base`, or `base1`, `base2`… when a table of the statement bears that name.
    static func alias(_ base: String, avoiding names: [String]) -> String {
        var alias = base
        var number = 1
        while names.contains(alias) {
            alias = base + String(number)
            number += 1
        }
        return alias
    }

    /// The histogram (destination count, origin rows), 0 first when some origin rows reach none,
    /// from the origin's rows and the rows of `groups`.
    static func histogram(origins: Int, groups rows: [[DatabaseValue]]) -> [(count: Int, rows: Int)] {
        let counted: [(count: Int, rows: Int)] = rows.compactMap { row in
            guard row.count == 2, case .integer(let count) = row[0], case .integer(let rows) = row[1] else { return nil }
            return (Int(clamping: count), Int(clamping: rows))
        }
        let reached = counted.reduce(0) { $0 + $1.rows }
        let none = origins - reached
        return none > 0 ? [(0, none)] + counted : counted
    }
}

/// A column's type affinity, as SQLite derives it from the declared type (datatype3.html §3.1),
/// grouped by how `=` treats it: numeric (INTEGER, REAL, NUMERIC), TEXT, or none (BLOB).
enum ColumnAffinity: Equatable {
    case numeric, text, none

    /// The affinity of `name` in `table` (the rowid: numeric); nil for an unknown column or a
    /// STRICT table's `ANY` column.
    init?(of name: String, in table: TableInfo) {
        guard let column = table.column(named: name) else {
            guard table.isRowid(name) else { return nil }
            self = .numeric
            return
        }
        let type = column.declaredType.uppercased()
        if table.isStrict && type.filter({ $0 != " " && $0 != "\t" }) == "ANY" { return nil }
        if type.contains("INT") {
            self = .numeric
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.allSatisfy({ $0 == " " || $0 == "\t" }) {
            self = .none
        } else {
            self = .numeric
        }
    }

    /// Whether `=` between columns of these affinities compares values as they are stored: the
    /// same kind (a numeric and a text or untyped column convert the text side, a text and an
    /// untyped one the untyped side).
    func comparesWithoutConversion(to other: ColumnAffinity) -> Bool { self == other }
}
