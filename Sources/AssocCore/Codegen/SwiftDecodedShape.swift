/// What a row of a resolved request holds, as the row decoder sees it: the table's record (when
/// all its columns are selected), extra named columns (selected expressions, annotations), scopes
/// (joined associations that select something) and prefetched rows (`including(all:)`).
struct SwiftDecodedShape {
    var key: String
    var table: TableInfo
    /// Whether the scope may be absent, relative to its parent shape (a left join, or a join
    /// behind one that was hoisted).
    var isOptional = false
    var hasRecord: Bool
    var columns: [(name: String, type: String)] = []
    /// Expressions selected without a name: not decodable by name, listed in a comment.
    var unnamedCount = 0
    var scopes: [SwiftDecodedShape] = []
    var prefetched: [SwiftDecodedShape] = []
    /// Keys of joins that select nothing below this shape (a `joining`, a through association's
    /// pivot): GRDB still has scopes under these keys, so no property may take them.
    var transparentKeys: [String] = []

    /// Whether the record type alone decodes this row (no extra column).
    var isPlainRecord: Bool { hasRecord && columns.isEmpty && unnamedCount == 0 }

    /// The names of the row's own columns.
    var columnNames: [String] {
        (hasRecord ? table.columns.map(\.name) : []) + columns.map(\.name)
    }

    /// Keys that name both a join that selects nothing (a through pivot…) and an included
    /// association in this subtree: GRDB's decoder, which looks scopes up breadth-first by key,
    /// may find the empty one.
    var shadowedKeys: [String] {
        var transparent: Set<String> = []
        var scopes: Set<String> = []
        func walk(_ shape: SwiftDecodedShape) {
            transparent.formUnion(shape.transparentKeys)
            scopes.formUnion(shape.scopes.map(\.key))
            shape.scopes.forEach(walk)
            shape.prefetched.forEach(walk)
        }
        walk(self)
        return transparent.intersection(scopes).sorted()
    }

    /// Scope keys of the whole subtree, breadth-first, then prefetched keys found through them.
    var reachableKeys: (scopes: [String], prefetched: [String]) {
        var scopeKeys: [String] = []
        var prefetchedKeys: [String] = []
        for shape in breadthFirstScopes {
            scopeKeys += shape.transparentKeys + shape.scopes.map(\.key)
            prefetchedKeys += shape.prefetched.map(\.key)
        }
        return (scopeKeys, prefetchedKeys)
    }

    /// This shape and its scopes, nested ones included, breadth-first (as GRDB looks them up).
    var breadthFirstScopes: BreadthFirst<SwiftDecodedShape> { BreadthFirst(self) { $0.scopes } }
}

/// Builds `SwiftDecodedShape`s from a resolved request.
struct SwiftShapeBuilder {
    let finalID: (Int) -> Int
    /// The storage classes columns hold, for their types (nil: declared types alone).
    var storage: SwiftStorageClasses?
    /// Association keys by node id, and nodes by id (aggregates name and type from them).
    private var keys: [Int: String] = [:]
    private var nodes: [Int: QueryNode] = [:]

    init(root: QueryNode, finalID: @escaping (Int) -> Int, storage: SwiftStorageClasses? = nil) {
        self.finalID = finalID
        self.storage = storage
        index(root, key: "")
    }

    private mutating func index(_ node: QueryNode, key: String) {
        keys[node.id] = key
        nodes[node.id] = node
        for child in node.children { index(child.node, key: child.key) }
    }

    func shape(of node: QueryNode, key: String, isOptional: Bool) -> SwiftDecodedShape {
        var shape = SwiftDecodedShape(
            key: key, table: node.table, isOptional: isOptional,
            hasRecord: node.selection.contains { if case .allColumns = $0 { return true } else { return false } })
        let expressions =
            node.selection.compactMap { item -> Expression? in
                if case .expression(let e) = item { return e }
                return nil
            } + node.annotations
        for expression in expressions {
            if let name = name(of: expression) {
                shape.columns.append((name, type(of: expression, in: node)))
            } else {
                shape.unnamedCount += 1
            }
        }
        addChildren(of: node, to: &shape, optionalAbove: false)
        return shape
    }

    /// Children that select nothing are transparent: their own children are attached here.
    private func addChildren(of node: QueryNode, to shape: inout SwiftDecodedShape, optionalAbove: Bool) {
        for child in node.children {
            if child.kind == .all {
                shape.prefetched.append(self.shape(of: child.node, key: child.key, isOptional: false))
                continue
            }
            let optional = optionalAbove || child.kind == .optional
            if !child.node.ownColumns.names.isEmpty {
                shape.scopes.append(self.shape(of: child.node, key: child.key, isOptional: optional))
            } else {
                shape.transparentKeys.append(child.key)
                addChildren(of: child.node, to: &shape, optionalAbove: optional)
            }
        }
    }

    /// The row's column name for a selected expression: the column, or the `forKey` / aggregate name.
    func name(of expression: Expression) -> String? {
        switch expression {
        case .column(let name), .aliasedColumn(_, let name): return name
        default: return SQLGenerator.name(of: expression, keys: keys, finalID: finalID)
        }
    }

    /// The Swift type of a selected expression's values.
    func type(of expression: Expression, in node: QueryNode) -> String {
        switch expression {
        case .column(let name):
            return columnType(name, in: node.table)
        case .aliasedColumn(let alias, let column):
            let table = nodes.values.first { $0.userAlias?.lowercased() == alias.lowercased() }?.table
            return table.map { columnType(column, in: $0) } ?? SwiftColumnType.anyValue + "?"
        case .named(let inner, _), .collated(let inner, _):
            return type(of: inner, in: node)
        case .value(let value):
            switch value {
            case .null: return SwiftColumnType.anyValue + "?"
            case .integer: return "Int64"
            case .real: return "Double"
            case .text: return "String"
            case .blob: return "Data"
            }
        case .aggregate(let aggregate):
            return type(of: aggregate)
        case .function(let function, let arguments) where function.uppercased() == "IFNULL" && arguments.count == 2:
            guard let first = arguments.first else { return SwiftColumnType.anyValue + "?" }
            let inner = type(of: first, in: node)
            return inner.hasSuffix("?") ? String(inner.dropLast()) : inner
        case .binary(let op, _, _):
            switch op {
            case .add, .subtract, .multiply, .divide, .remainder: return "Double?"
            default: return "Bool?"
            }
        case .isNull, .inList, .unary(.not, _):
            return "Bool?"
        case .unary(.negate, let inner):
            return type(of: inner, in: node)
        case .function, .sql:
            // Any storage class: SQLite functions and SQL snippets have no declared type.
            return SwiftColumnType.anyValue + "?"
        }
    }

    private func type(of aggregate: Aggregate) -> String {
        switch aggregate.function {
        case .count: return "Int64"
        case .isEmpty: return "Bool"
        case .average: return "Double?"
        case .total: return "Double"
        case .min, .max, .sum:
            guard case .column(let column)? = aggregate.argument,
                let id = aggregate.nodeID, let node = nodes[finalID(id)],
                let info = node.table.column(named: column)
            else { return "Double?" }
            let base = SwiftColumnType.baseType(
                of: info, in: node.table, storage: storage?.classes(of: info.name, in: node.table))
            if aggregate.function == .sum { return (base == "Int64" ? "Int64" : "Double") + "?" }
            return base + "?"
        }
    }

    private func columnType(_ name: String, in table: TableInfo) -> String {
        if let column = table.column(named: name) {
            return SwiftColumnType.type(of: column, in: table, storage: storage?.classes(of: column.name, in: table))
        }
        return table.isRowid(name) ? "Int64" : SwiftColumnType.anyValue + "?"
    }
}
