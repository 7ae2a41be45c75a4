import AssocCore

/// `assoc schema --format dot`: a Graphviz digraph. Tables are record nodes (name, then
/// columns); each foreign key is one solid edge child → parent, labelled with the belongsTo
/// name and, after a slash, the reverse hasMany/hasOne name; through associations are dashed.
enum SchemaDotRenderer {
    static func render(_ graph: SchemaSnapshot) -> String {
        var out = "digraph schema {\n"
        out += "  rankdir=LR;\n"
        out += "  node [shape=record, fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for table in graph.schema.tables {
            let columns = table.columns.map { recordEscape($0.name) + "\\l" }.joined()
            let title = recordEscape(table.name) + (table.isView ? " (view)" : "")
            out += "  \(id(table.name)) [label=\"{" + title + "|" + columns + "}\"];\n"
        }
        let all = graph.allAssociations
        var usedReverse = Set<Int>()
        // Unused hasMany/hasOne, by (origin, destination, columns reversed), in graph order: found
        // in one look per belongsTo (a search of the whole graph each was quadratic).
        var reverses: [ReverseKey: [Int]] = [:]
        for (index, candidate) in all.enumerated() where candidate.kind == .hasMany || candidate.kind == .hasOne {
            let key = ReverseKey(
                from: candidate.destination, to: candidate.origin,
                columns: candidate.columns.map { ColumnPair(origin: $0.destination, destination: $0.origin) })
            reverses[key, default: []].append(index)
        }
        for association in all where association.kind == .belongsTo {
            // The reverse of a belongsTo: from its destination, to its origin, on the same column pairs.
            let key = ReverseKey(from: association.origin, to: association.destination, columns: association.columns)
            let reverse = reverses[key]?.first
            var label = association.name
            if let reverse {
                reverses[key]?.removeFirst()
                usedReverse.insert(reverse)
                label += " / " + all[reverse].name
            }
            out += "  \(id(association.origin)) -> \(id(association.destination)) [label=\(quote(label))];\n"
        }
        for (index, association) in all.enumerated() where association.kind == .hasMany || association.kind == .hasOne {
            guard !usedReverse.contains(index) else { continue }
            out += "  \(id(association.destination)) -> \(id(association.origin)) [label=\(quote("/ " + association.name))];\n"
        }
        for association in all where association.kind.isThrough {
            out +=
                "  \(id(association.origin)) -> \(id(association.destination)) "
                + "[label=\(quote(association.name)), style=dashed, color=gray50, fontcolor=gray40];\n"
        }
        return out + "}\n"
    }

    private struct ReverseKey: Hashable {
        var from: String
        var to: String
        var columns: [ColumnPair]
    }

    /// A node id: the table name in double quotes.
    static func id(_ name: String) -> String { quote(name) }

    /// A DOT double-quoted string: `"` is escaped, and a backslash, which would start a label
    /// escape (`\l`, `\N`), is doubled; control characters become spaces.
    static func quote(_ text: String) -> String {
        let flat = flatten(text)
        // Most names hold neither a backslash nor a double quote: nothing to replace.
        guard flat.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) else { return "\"" + flat + "\"" }
        return "\"" + flat.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// Text for inside a quoted record label: escapes the characters that structure records
    /// (`{ } | < >`), backslashes and double quotes.
    static func recordEscape(_ text: String) -> String {
        let flat = flatten(text)
        // Most names hold none of the characters to escape (all ASCII): kept as they are.
        guard flat.utf8.contains(where: { "{}|<>\\\"".utf8.contains($0) }) else { return flat }
        var out = ""
        for character in flat {
            switch character {
            case "{", "}", "|", "<", ">", "\\", "\"": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    static func flatten(_ text: String) -> String { DotFlatten.flatten(text) }
}
