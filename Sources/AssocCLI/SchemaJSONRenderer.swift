import AssocCore

/// `assoc schema --format json`. The contract, documented in docs/CLI.md:
/// `{"tables": [{"name", "isView", "columns": [{"name", "type", "notNull", "primaryKeyIndex"}],
/// "primaryKey", "associations": [{"name", "kind", "destination", "columns" (direct kinds) |
/// "through" (through kinds: the step names, two or more), "toMany", "required", "inferredBy", and for a
/// declared association with them "filter" and "order" (request-language text)}]}], "diagnostics": [...]}`.
enum SchemaJSONRenderer {
    /// `value(graph).pretty()` and a newline, written straight into one buffer: the same text
    /// without building a value per column and association first (a schema of 30,000 tables has
    /// 120,000 associations). Layout: tables and their columns and associations one a line,
    /// each column and association on one line with a space after commas and colons.
    static func render(_ graph: SchemaSnapshot) -> String {
        let tables = graph.schema.tables
        // Without tables every member fits on one line: the whole document does.
        guard !tables.isEmpty else { return value(graph).pretty() + "\n" }
        var out: [UInt8] = []
        out += "{\n  \"tables\": [".utf8
        for (index, table) in tables.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += "\n    ".utf8
            writeTable(table, associations: graph.associations(from: table.name), to: &out)
        }
        out += "\n  ],\n  \"diagnostics\": ".utf8
        writeStrings(graph.diagnostics, to: &out)
        out += "\n}\n".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// One table at an indent of 4: on one line when it has neither columns nor associations
    /// (as `JSONValue.pretty` writes an object whose members are all shallow), else a member a line.
    private static func writeTable(_ table: TableInfo, associations: [Association], to out: inout [UInt8]) {
        let oneLine = table.columns.isEmpty && associations.isEmpty
        let separator = oneLine ? ", " : ",\n      "
        out += (oneLine ? "{" : "{\n      ").utf8
        member("name", to: &out)
        JSONBytes.appendString(table.name, to: &out)
        out += separator.utf8
        member("isView", to: &out)
        out += (table.isView ? "true" : "false").utf8
        out += separator.utf8
        member("columns", to: &out)
        writeLines(table.columns, to: &out) { column, out in
            out.append(UInt8(ascii: "{"))
            member("name", to: &out)
            JSONBytes.appendString(column.name, to: &out)
            out += ", ".utf8
            member("type", to: &out)
            JSONBytes.appendString(column.declaredType, to: &out)
            out += ", ".utf8
            member("notNull", to: &out)
            out += (column.notNull ? "true" : "false").utf8
            out += ", ".utf8
            member("primaryKeyIndex", to: &out)
            out += String(column.primaryKeyIndex).utf8
            out.append(UInt8(ascii: "}"))
        }
        out += separator.utf8
        member("primaryKey", to: &out)
        writeStrings(table.primaryKey.columns, to: &out)
        out += separator.utf8
        member("associations", to: &out)
        writeLines(associations, to: &out, writeAssociation)
        out += (oneLine ? "}" : "\n    }").utf8
    }

    /// `"name": `
    private static func member(_ name: String, to out: inout [UInt8]) {
        JSONBytes.appendString(name, to: &out)
        out += ": ".utf8
    }

    /// `[]`, or the items one a line at an indent of 8, the closing bracket at 6.
    private static func writeLines<Item>(_ items: [Item], to out: inout [UInt8], _ write: (Item, inout [UInt8]) -> Void) {
        guard !items.isEmpty else {
            out += "[]".utf8
            return
        }
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            out += (index > 0 ? ",\n        " : "\n        ").utf8
            write(item, &out)
        }
        out += "\n      ]".utf8
    }

    /// `["a", "b"]` (`[]` when empty).
    private static func writeStrings(_ strings: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { out += ", ".utf8 }
            JSONBytes.appendString(string, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `association(_:)` on one line, as `JSONValue.pretty` writes it inside a table.
    private static func writeAssociation(_ association: Association, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        member("name", to: &out)
        JSONBytes.appendString(association.name, to: &out)
        out += ", ".utf8
        member("kind", to: &out)
        JSONBytes.appendString(association.kind.rawValue, to: &out)
        out += ", ".utf8
        member("destination", to: &out)
        JSONBytes.appendString(association.destination, to: &out)
        out += ", ".utf8
        if let steps = association.throughStepNames {
            member("through", to: &out)
            writeStrings(steps, to: &out)
        } else {
            member("columns", to: &out)
            out.append(UInt8(ascii: "["))
            for (index, pair) in association.columns.enumerated() {
                if index > 0 { out += ", ".utf8 }
                writeStrings([pair.origin, pair.destination], to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out += ", ".utf8
        member("toMany", to: &out)
        out += (association.isToMany ? "true" : "false").utf8
        out += ", ".utf8
        member("required", to: &out)
        out += (association.isRequired ? "true" : "false").utf8
        out += ", ".utf8
        member("inferredBy", to: &out)
        JSONBytes.appendString(association.source.rawValue, to: &out)
        if let filter = association.filterText {
            out += ", ".utf8
            member("filter", to: &out)
            JSONBytes.appendString(filter, to: &out)
        }
        if let order = association.orderingText {
            out += ", ".utf8
            member("order", to: &out)
            JSONBytes.appendString(order, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func value(_ graph: SchemaSnapshot) -> JSONValue {
        let tables = graph.schema.tables.map { table in
            JSONValue.object([
                ("name", .string(table.name)),
                ("isView", .bool(table.isView)),
                (
                    "columns",
                    .array(
                        table.columns.map { column in
                            .object([
                                ("name", .string(column.name)),
                                ("type", .string(column.declaredType)),
                                ("notNull", .bool(column.notNull)),
                                ("primaryKeyIndex", .int(column.primaryKeyIndex))
                            ])
                        })
                ),
                ("primaryKey", .array(table.primaryKey.columns.map { .string($0) })),
                ("associations", .array(graph.associations(from: table.name).map(association)))
            ])
        }
        let diagnostics = graph.diagnostics
        return .object([("tables", .array(tables)), ("diagnostics", .array(diagnostics.map { .string($0) }))])
    }

    static func association(_ association: Association) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(association.name)),
            ("kind", .string(association.kind.rawValue)),
            ("destination", .string(association.destination))
        ]
        if let steps = association.throughStepNames {
            members.append(("through", .array(steps.map { .string($0) })))
        } else {
            members.append(("columns", .array(association.columns.map { .array([.string($0.origin), .string($0.destination)]) })))
        }
        members += [
            ("toMany", .bool(association.isToMany)),
            ("required", .bool(association.isRequired)),
            ("inferredBy", .string(association.source.rawValue))
        ]
        if let filter = association.filterText { members.append(("filter", .string(filter))) }
        if let order = association.orderingText { members.append(("order", .string(order))) }
        return .object(members)
    }
}
