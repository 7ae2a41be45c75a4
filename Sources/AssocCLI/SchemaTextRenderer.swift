import AssocCore

/// `assoc schema` (text): one block per table, readable at a glance.
///
///     book
///       id INTEGER PK, authorId INTEGER NOT NULL, title TEXT NOT NULL
///       → belongsTo author: person (authorId → id) required
///       ⤳ hasOneThrough address: address via library.address
///       ⇉ hasMany novels: book (id → authorId).filter(kind = 'novel') [declared]
enum SchemaTextRenderer {
    static let width = 100

    static func render(_ graph: SchemaSnapshot) -> String {
        // One text for the whole output, each piece appended in place (a schema of 30,000
        // tables has 120,000 association lines).
        var text = ""
        for table in graph.schema.tables {
            if !text.isEmpty { text += "\n" }
            text += header(table)
            text += "\n"
            for line in columnLines(table) {
                text += line
                text += "\n"
            }
            for association in graph.associations(from: table.name) {
                text += "  "
                appendLine(association, to: &text)
                text += "\n"
            }
        }
        let diagnostics = graph.diagnostics
        if !diagnostics.isEmpty {
            text += "\ndiagnostics:\n"
            for diagnostic in diagnostics { text += "  - " + clean(diagnostic) + "\n" }
        }
        return text
    }

    static func clean(_ text: String) -> String { TextSanitizer.oneLine(text) }

    /// `book`, `bookView (view)`, `playerRole (without rowid)`.
    static func header(_ table: TableInfo) -> String {
        var notes: [String] = []
        switch table.kind {
        case .table: break
        case .view: notes.append("view")
        case .virtual: notes.append("virtual table")
        case .shadow: notes.append("shadow table")
        }
        if table.isWithoutRowid { notes.append("without rowid") }
        if table.isStrict { notes.append("strict") }
        return clean(table.name) + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    /// `id INTEGER PK, authorId INTEGER NOT NULL, …`, wrapped at `width` columns.
    static func columnLines(_ table: TableInfo) -> [String] {
        if table.columns.isEmpty { return ["  (columns unknown)"] }
        let composite = table.primaryKey.columns.count > 1
        let items = table.columns.map { column -> String in
            var item = clean(column.name)
            if !column.declaredType.isEmpty { item += " " + clean(column.declaredType) }
            if column.primaryKeyIndex > 0 { item += composite ? " PK\(column.primaryKeyIndex)" : " PK" }
            if column.notNull { item += " NOT NULL" }
            if column.isGenerated { item += " GENERATED" }
            return item
        }
        var lines: [String] = []
        var current = " "
        for (offset, item) in items.enumerated() {
            let piece = item + (offset == items.count - 1 ? "" : ",")
            if current.count + 1 + piece.count > width && current != " " {
                lines.append(current)
                current = " "
            }
            current += " " + piece
        }
        lines.append(current)
        return lines
    }

    /// `→ belongsTo author: person (authorId → id) required`,
    /// `⤳ hasOneThrough address: address via library.address`.
    static func line(_ association: Association) -> String {
        var text = ""
        appendLine(association, to: &text)
        return text
    }

    /// `line(_:)`, appended to `text`.
    static func appendLine(_ association: Association, to text: inout String) {
        text += association.kind.symbol
        text += " "
        text += association.kind.rawValue
        text += " "
        text += clean(association.name)
        text += ": "
        text += clean(association.destination)
        if let through = association.throughNames {
            text += " via "
            text += clean(through.pivot)
            text += "."
            text += clean(through.target)
        } else {
            text += " ("
            for (offset, pair) in association.columns.enumerated() {
                if offset > 0 { text += ", " }
                text += clean(pair.origin)
                text += " → "
                text += clean(pair.destination)
            }
            text += ")"
        }
        text += clean(association.refinementsText)
        if association.isRequired { text += " required" }
        if association.source != .foreignKey { text += " [\(association.source.rawValue)]" }
    }
}
