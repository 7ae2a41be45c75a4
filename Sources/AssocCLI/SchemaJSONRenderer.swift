import AssocCore

/// `assoc schema --format json`. The contract, documented in README.md:
/// `{"tables": [{"name", "isView", "columns": [{"name", "type", "notNull", "primaryKeyIndex"}],
/// "primaryKey", "associations": [{"name", "kind", "destination", "columns" (direct kinds) |
/// "through" (through kinds: the step names, two or more), "toMany", "required", "inferredBy", and for a
/// declared association with them "filter" and "order" (request-language text)}]}], "diagnostics": [...]}`.
enum SchemaJSONRenderer {
    static func render(_ graph: SchemaSnapshot) -> String {
        value(graph).pretty() + "\n"
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
