import AssocCore
import Foundation
import XCTest

/// An independent computation of the rows `assoc extract` copies: plain Swift over every row of
/// the source, following links the test states (and the foreign keys SQLite lists with
/// `PRAGMA foreign_key_list`), never AssocCore's graph, requests or SQL.
struct SubsetOracle {
    /// `child.childColumns` point to `parent.parentColumns`.
    struct Link {
        var child: String
        var childColumns: [String]
        var parent: String
        var parentColumns: [String]
    }

    /// One step of a path: from a child to its parents (`up`), or from a parent to its children.
    enum Step {
        case up(Link)
        case down(Link)
    }

    /// Every row of one table: its values (`rowid` first for a rowid table, then `*`), and a
    /// fingerprint of each (storage class and bytes of every value).
    struct Table {
        var name: String
        var columns: [String]
        var rows: [[DatabaseValue]]
        var fingerprints: [String]

        /// The last column named `name` (the rowid comes first under its own name, and a column
        /// named `rowid` after it is the one a test means).
        func column(_ name: String) -> Int? { columns.lastIndex { $0.lowercased() == name.lowercased() } }
    }

    /// Tables by lower-cased name.
    var tables: [String: Table] = [:]
    /// The declared foreign keys.
    var declaredLinks: [Link] = []

    /// Reads every table of the file at `path` whole.
    init(path: String) throws {
        let db = try Connection(path: path)
        tables = try Self.readTables(db)
        for table in tables.values {
            let keys = try db.fetchAll(
                "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [.text(table.name)])
            var byID: [Int64: Link] = [:]
            var order: [Int64] = []
            for key in keys {
                guard case .integer(let id) = key[0], case .text(let parent) = key[1], case .text(let from) = key[2] else { continue }
                var to: String
                if case .text(let named) = key[3] { to = named } else { to = "" }
                if to.isEmpty {
                    // Omitted parent columns: the parent's primary key.
                    let pk = try db.fetchAll("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", arguments: [.text(parent)])
                    if case .text(let name)? = pk.dropFirst(byID[id]?.parentColumns.count ?? 0).first?.first { to = name }
                }
                if byID[id] == nil { order.append(id) }
                byID[id, default: Link(child: table.name, childColumns: [], parent: parent, parentColumns: [])].childColumns.append(from)
                byID[id]?.parentColumns.append(to)
            }
            declaredLinks += order.compactMap { byID[$0] }
        }
    }

    /// Every ordinary table of `db`, each row with its fingerprint.
    static func readTables(_ db: Connection) throws -> [String: Table] {
        var result: [String: Table] = [:]
        let names = try db.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'")
        for case .text(let name) in names.compactMap(\.first) {
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let columns = try db.fetchAll("SELECT name FROM pragma_table_xinfo(?)", arguments: [.text(name)]).compactMap { row -> String? in
                if case .text(let column)? = row.first { return column }
                return nil
            }
            // The rowid under a name no column takes (a column named rowid hides it).
            let rowidName = ["rowid", "_rowid_", "oid"].first { name in !columns.contains { $0.lowercased() == name } }
            let withoutRowid = rowidName.map { (try? db.fetchAll("SELECT \($0) FROM \(quoted) LIMIT 0")) == nil } ?? true
            let quotedColumns = columns.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            let selected = (withoutRowid ? [] : [rowidName ?? "rowid"]) + quotedColumns
            let fingerprint = selected.map { "typeof(\($0)) || ':' || hex(\($0))" }.joined(separator: " || '|' || ")
            let rows = try db.fetchAll("SELECT \(selected.joined(separator: ", ")), \(fingerprint) FROM \(quoted)")
            result[name.lowercased()] = Table(
                name: name, columns: (withoutRowid ? [] : [rowidName ?? "rowid"]) + columns, rows: rows.map { Array($0.dropLast()) },
                fingerprints: rows.map { row in
                    if case .text(let text)? = row.last { return text }
                    return ""
                })
        }
        return result
    }

    /// The rows of `table` for which `predicate` holds (by column name).
    func rows(of table: String, where predicate: ([String: DatabaseValue]) -> Bool) -> Set<Int> {
        guard let table = tables[table.lowercased()] else { return [] }
        return Set(
            table.rows.indices.filter { index in
                predicate(Dictionary(zip(table.columns, table.rows[index]), uniquingKeysWith: { first, _ in first }))
            })
    }

    /// The rows of the subset: `seeds` (rows of `root`), the rows along `paths` from them, with
    /// `allChildren` every row reached going down from those, and every parent of any of them,
    /// transitively. `links`: every association, as child → parent.
    func closure(root: String, seeds: Set<Int>, paths: [[Step]] = [], allChildren: Bool = false, links: [Link]) -> [String: Set<Int>] {
        var included: [String: Set<Int>] = [:]
        var descended: [String: Set<Int>] = [:]
        var pending: [(table: String, row: Int, down: Bool)] = []
        func add(_ table: String, _ rows: Set<Int>, down: Bool) {
            let key = table.lowercased()
            for row in rows {
                if included[key, default: []].insert(row).inserted { pending.append((key, row, false)) }
                if down, descended[key, default: []].insert(row).inserted { pending.append((key, row, true)) }
            }
        }
        add(root, seeds, down: true)
        for path in paths {
            var table = root.lowercased()
            var rows = seeds
            for step in path {
                switch step {
                case .up(let link):
                    rows = Set(
                        rows.flatMap { matches(from: table, row: $0, columns: link.childColumns, to: link.parent, columns: link.parentColumns) })
                    table = link.parent.lowercased()
                case .down(let link):
                    rows = Set(
                        rows.flatMap { matches(from: table, row: $0, columns: link.parentColumns, to: link.child, columns: link.childColumns) })
                    table = link.child.lowercased()
                }
                add(table, rows, down: true)
            }
        }
        while let (table, row, down) = pending.popLast() {
            if down {
                guard allChildren else { continue }
                for link in links where link.parent.lowercased() == table {
                    add(
                        link.child, Set(matches(from: table, row: row, columns: link.parentColumns, to: link.child, columns: link.childColumns)),
                        down: true)
                }
            } else {
                for link in links where link.child.lowercased() == table {
                    add(
                        link.parent, Set(matches(from: table, row: row, columns: link.childColumns, to: link.parent, columns: link.parentColumns)),
                        down: false)
                }
            }
        }
        return included
    }

    /// The rows of `target` whose `targetColumns` equal the `columns` of row `row` of `table`
    /// (no NULL matches anything).
    private func matches(from table: String, row: Int, columns: [String], to target: String, columns targetColumns: [String]) -> [Int] {
        guard let source = tables[table.lowercased()], let destination = tables[target.lowercased()] else { return [] }
        let values = columns.map { name in source.column(name).map { source.rows[row][$0] } ?? .null }
        guard !values.contains(.null) else { return [] }
        let indices = targetColumns.compactMap(destination.column)
        guard indices.count == targetColumns.count else { return [] }
        return destination.rows.indices.filter { candidate in
            zip(indices, values).allSatisfy { destination.rows[candidate][$0.0] == $0.1 }
        }
    }

    /// The fingerprints of the rows `subset` gives each table (every table, empty ones too).
    func expectedFingerprints(_ subset: [String: Set<Int>]) -> [String: [String]] {
        Dictionary(
            uniqueKeysWithValues: tables.map { key, table in
                (key, (subset[key] ?? []).map { table.fingerprints[$0] }.sorted())
            })
    }
}
