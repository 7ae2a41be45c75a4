import AssocCore
import AssocText
import Foundation

/// `assoc schema --format mermaid`: a Mermaid `erDiagram`. Each belongsTo becomes one
/// relationship child → parent (`book }o--|| person : "author"`): the child side is "zero or
/// more" (`}o`), or "zero or one" (`|o`) when the reverse is a hasOne; the parent side is
/// "exactly one" (`||`) when the belongsTo is required, else "zero or one" (`o|`).
/// Entity names are reduced to `[A-Za-z0-9_]` (made unique); through associations are omitted.
enum SchemaMermaidRenderer {
    static func render(_ graph: SchemaSnapshot) -> String {
        let names = entityNames(graph.schema.tables.map(\.name))
        func entity(_ table: String) -> String { names[table.lowercased()] ?? safe(table) }
        var out = "erDiagram\n"
        for table in graph.schema.tables {
            out += "  \(entityDeclaration(id: entity(table.name), table: table.name)) {\n"
            let foreignKeyColumns = Set(table.foreignKeys.flatMap(\.originColumns))
            for column in table.columns {
                let key = column.primaryKeyIndex > 0 ? " PK" : (foreignKeyColumns.contains(column.name) ? " FK" : "")
                let (type, comment) = attributeType(column.declaredType)
                out += "    \(type) \(safe(column.name))\(key)\(comment.map { " " + label($0) } ?? "")\n"
            }
            out += "  }\n"
        }
        let all = graph.allAssociations
        // Each hasOne once, by its tables and columns (a table with thousands of foreign keys made
        // a search per belongsTo quadratic).
        let hasOnes = Set(all.filter { $0.kind == .hasOne }.map { HasOneKey(origin: $0.origin, destination: $0.destination, columns: $0.columns) })
        for association in all where association.kind == .belongsTo {
            let reversePairs = association.columns.map { ColumnPair(origin: $0.destination, destination: $0.origin) }
            let isOneToOne = hasOnes.contains(HasOneKey(origin: association.destination, destination: association.origin, columns: reversePairs))
            let childSide = isOneToOne ? "|o" : "}o"
            let parentSide = association.isRequired ? "||" : "o|"
            out += "  \(entity(association.origin)) \(childSide)--\(parentSide) \(entity(association.destination)) : \(label(association.name))\n"
        }
        return out
    }

    private struct HasOneKey: Hashable {
        var origin: String
        var destination: String
        var columns: [ColumnPair]
    }

    /// Lowercased table name → unique safe entity name. A name that is safe already keeps itself;
    /// the others take their safe form, made unique with `_2`, `_3`… (`k_m` stays `k_m`, `k.m`
    /// becomes `k_m_2`, whatever the order of the tables).
    static func entityNames(_ tables: [String]) -> [String: String] {
        var result: [String: String] = [:]
        var used = Set<String>()
        for table in tables where result[table.lowercased()] == nil && safe(table) == table && !used.contains(table.lowercased()) {
            used.insert(table.lowercased())
            result[table.lowercased()] = table
        }
        for table in tables where result[table.lowercased()] == nil {
            var name = safe(table)
            var suffix = 2
            while used.contains(name.lowercased()) {
                name = safe(table) + "_\(suffix)"
                suffix += 1
            }
            used.insert(name.lowercased())
            result[table.lowercased()] = name
        }
        return result
    }

    /// An entity's declaration: its id, followed by the table's real name as its alias
    /// (`k_m_2["k.m"]`) when the id is not that name.
    static func entityDeclaration(id: String, table: String) -> String {
        id == table ? id : id + "[" + label(table) + "]"
    }

    /// A declared type as Mermaid reads an attribute type (a word: letters, digits, `_`): its name
    /// without the size (`NVARCHAR(160)` → `NVARCHAR`, `UNSIGNED BIG INT` → `UNSIGNED_BIG_INT`),
    /// and the declared type as the attribute's comment when the name leaves something out.
    static func attributeType(_ declared: String) -> (type: String, comment: String?) {
        let trimmed = declared.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return ("ANY", nil) }
        let name =
            trimmed.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: "_") } ?? ""
        let type = name.isEmpty ? "ANY" : safe(name)
        return (type, type == trimmed ? nil : trimmed)
    }

    /// Letters, digits and `_` of ASCII; anything else becomes `_`; never starts with a digit; never empty.
    static func safe(_ text: String) -> String {
        var out = String(
            text.unicodeScalars.map { scalar -> Character in
                let v = scalar.value
                let isWord = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
                return isWord ? Character(scalar) : "_"
            })
        if out.isEmpty || out.first?.isNumber == true { out = "_" + out }
        return out
    }

    /// A quoted label (relationship, entity alias); `"` cannot appear inside, so it becomes
    /// `#quot;`, and what cannot be seen is written as an escape (`\t`, `\u{200B}`).
    static func label(_ text: String) -> String {
        "\"" + DotFlatten.flatten(text).replacing("\"", with: "#quot;") + "\""
    }
}

/// Labels and ids on one line, with nothing invisible: control characters, C1 controls, line
/// separators, bidi controls and invisible characters written as escapes (`\t`, `\u{200B}`),
/// a backslash doubled first, so that two different names never give the same text.
enum DotFlatten {
    static func flatten(_ text: String) -> String {
        // Printable ASCII without a backslash (most names) holds nothing to replace.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        return TextSanitizer.oneLine(text.replacing("\\", with: "\\\\"))
    }
}
