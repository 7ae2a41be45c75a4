/// Writes expressions of a resolved query: columns qualified with their table's SQL name,
/// values bound, operands parenthesized when compound.
struct ExpressionPrinter {
    var nodes: [Int: QueryNode]
    var sqlNames: [Int: String]
    /// Lower-cased user alias → node id.
    var aliases: [String: Int]
    var qualify: Bool
    var finalID: (Int) -> Int
    /// The root's annotation names (`trackCount`, a `forKey` name), lower-cased → as selected:
    /// an ordering may name one (`order(trackCount.desc)`), as GRDB's `Column("trackCount")`.
    var annotationNames: [String: String] = [:]
    /// The root node's id, whose columns may be annotation names.
    var rootID: Int?
    /// `JoinedTableReference` aliases → node id: every table of the query, for expressions the
    /// engine adds (keyset pagination on rows a join repeats).
    var joinedTableReferences: [String: Int] = [:]

    func write(_ expression: Expression, in node: QueryNode, to w: inout SQLBuffer) throws {
        w.expressionDepth += 1
        defer { w.expressionDepth -= 1 }
        guard w.expressionDepth <= SQLiteLimitMessage.maximumExpressionDepth else {
            let limit = SQLiteLimitMessage.maximumExpressionDepth
            throw AssocError.sqlite(DatabaseError(code: 1, message: SQLiteLimitMessage.expressionTooDeep(limit: limit)))
        }
        switch expression {
        case .column(let name):
            try writeColumn(name, of: node, to: &w)
        case .aliasedColumn(let alias, let column):
            guard let id = joinedTableReferences[alias] ?? aliases[alias.lowercased()], let target = nodes[id] else {
                let known = aliases.keys.sorted()
                throw AssocError.unknownAlias(alias, suggestions: closestNames(to: alias, among: known), known: known)
            }
            try writeColumn(column, of: target, to: &w, forceQualify: true)
        case .value(let value):
            w.bind(value)
        case .unary(.not, let operand):
            w.append("NOT ")
            try writeOperand(operand, in: node, to: &w)
        case .unary(.negate, let operand):
            w.append("-")
            try writeOperand(operand, in: node, to: &w)
        case .binary(let op, let lhs, let rhs):
            if op == .and || op == .or {
                try writeChain(op, flatten(op, expression)[...], in: node, to: &w)
            } else {
                try writeOperand(lhs, in: node, to: &w)
                w.append(" \(op.rawValue) ")
                try writeOperand(rhs, in: node, to: &w)
            }
        case .isNull(let operand, let negated):
            try writeOperand(operand, in: node, to: &w)
            w.append(negated ? " IS NOT NULL" : " IS NULL")
        case .inList(let operand, let list, let negated):
            if list.isEmpty {
                w.append(negated ? "1" : "0")
                return
            }
            try writeOperand(operand, in: node, to: &w)
            w.append(negated ? " NOT IN (" : " IN (")
            for (index, item) in list.enumerated() {
                if index > 0 { w.append(", ") }
                try write(item, in: node, to: &w)
            }
            w.append(")")
        case .function(let name, let arguments):
            w.append(name.uppercased() + "(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { w.append(", ") }
                try write(argument, in: node, to: &w)
            }
            w.append(")")
        case .aggregate(let aggregate):
            try writeAggregate(aggregate, to: &w)
        case .named(let inner, _):
            try write(inner, in: node, to: &w)
        case .sql(let snippet, let arguments):
            // One expression, checked, in parentheses: its `?` take its arguments, in order.
            try SQLSnippet.check(snippet, argumentCount: arguments.count)
            w.append("(" + snippet.trimmingWhitespace() + ")")
            for argument in arguments { w.arguments.append(argument) }
        case .collated(let inner, let collation):
            // COLLATE binds tighter than any operator: a compound operand is parenthesized.
            if isCompound(inner) { w.append("(") }
            try write(inner, in: node, to: &w)
            if isCompound(inner) { w.append(")") }
            w.append(" COLLATE " + collation.rawValue)
        }
    }

    /// Writes a list of conditions AND-ed: alone unparenthesized, several each parenthesized when compound.
    func writeConjunction(_ conditions: [Expression], in node: QueryNode, to w: inout SQLBuffer) throws {
        let flat = conditions.flatMap { flatten(.and, $0) }
        if flat.count == 1, let only = flat.first {
            try write(only, in: node, to: &w)
            return
        }
        try writeChain(.and, flat[...], in: node, to: &w)
    }

    private func writeOperand(_ expression: Expression, in node: QueryNode, to w: inout SQLBuffer) throws {
        if isCompound(expression) {
            w.append("(")
            try write(expression, in: node, to: &w)
            w.append(")")
        } else {
            try write(expression, in: node, to: &w)
        }
    }

    private func flatten(_ op: Expression.BinaryOperator, _ expression: Expression) -> [Expression] {
        // Iterative, in order: a chain of thousands of terms nests thousands deep.
        var operands: [Expression] = []
        var pending = [expression]
        while let next = pending.popLast() {
            if case .binary(let inner, let lhs, let rhs) = next, inner == op {
                pending.append(rhs)
                pending.append(lhs)
            } else {
                operands.append(next)
            }
        }
        return operands
    }

    /// Operands joined by AND or OR: flat when they are few; halves in parentheses past
    /// `flatChainLimit`, since SQLite nests a flat chain one level per operand and refuses
    /// expressions deeper than 1,000 levels (a find over 2,000 columns).
    func writeChain(_ op: Expression.BinaryOperator, _ operands: ArraySlice<Expression>, in node: QueryNode, to w: inout SQLBuffer) throws {
        guard operands.count > Self.flatChainLimit else {
            for (index, operand) in operands.enumerated() {
                if index > 0 { w.append(" \(op.rawValue) ") }
                try writeOperand(operand, in: node, to: &w)
            }
            return
        }
        let middle = operands.startIndex + operands.count / 2
        w.append("(")
        try writeChain(op, operands[..<middle], in: node, to: &w)
        w.append(") \(op.rawValue) (")
        try writeChain(op, operands[middle...], in: node, to: &w)
        w.append(")")
    }

    static let flatChainLimit = 100

    func isCompound(_ expression: Expression) -> Bool {
        switch expression {
        case .binary, .unary, .isNull: return true
        case .inList(_, let list, _): return !list.isEmpty
        case .aggregate(let aggregate): return aggregate.function == .isEmpty
        case .named(let inner, _): return isCompound(inner)
        case .collated, .sql: return false  // COLLATE binds tightest; a snippet has its own parentheses
        case .column, .aliasedColumn, .value, .function: return false
        }
    }

    func writeColumn(_ name: String, of node: QueryNode, to w: inout SQLBuffer, forceQualify: Bool = false) throws {
        let spelled: String
        if let column = node.table.column(named: name) {
            guard column.isNameValidUTF8 else {
                throw AssocError.invalid(
                    "column \(quoteForMessage(column.name)) of table \(quoteForMessage(node.table.name)) has a name that is not valid UTF-8: SQL cannot name it (SQLite would read it as a text value); select * shows it",
                    table: node.table.name)
            }
            spelled = column.name
        } else if TableInfo.rowidNames.contains(name.lowercased()), node.table.primaryKey.kind == .rowidAlias,
            let alias = node.table.primaryKey.columns.first
        {
            // SQLite hides `rowid` of a table inside a parenthesized join (`LEFT JOIN (a JOIN b …)`);
            // the alias column is the same value and always visible.
            spelled = alias
        } else if node.table.isRowid(name) {
            spelled = name
        } else if node.id == rootID, let annotation = annotationNames[name.lowercased()] {
            // A name the request selects (an annotation): SQLite resolves it in ORDER BY and HAVING.
            w.append(quoteIdentifier(annotation))
            return
        } else {
            throw AssocError.unknownColumn(name, in: node.table)
        }
        if qualify || forceQualify {
            w.append(quoteIdentifier(sqlNames[node.id] ?? node.table.name) + ".")
        }
        w.append(quoteIdentifier(spelled))
    }

    private func writeAggregate(_ aggregate: Aggregate, to w: inout SQLBuffer) throws {
        guard let id = aggregate.nodeID, let node = nodes[finalID(id)] else {
            throw AssocError.invalid("aggregate on \(quoteForMessage(aggregate.association.displayName)) is used where it cannot be joined")
        }
        switch aggregate.function {
        case .count, .isEmpty:
            guard let key = node.table.fastKeyColumn else {
                throw AssocError.invalid(
                    "cannot count rows of \(quoteForMessage(node.table.name)): it has no single-column key (a view, or a WITHOUT ROWID table with a composite primary key)",
                    table: node.table.name)
            }
            w.append("COUNT(DISTINCT ")
            try writeColumn(key, of: node, to: &w)
            w.append(aggregate.function == .isEmpty ? ") = 0" : ")")
        case .min, .max, .average, .sum, .total:
            let name = ["min": "MIN", "max": "MAX", "average": "AVG", "sum": "SUM", "total": "TOTAL"][aggregate.function.rawValue] ?? "MIN"
            guard let argument = aggregate.argument else {
                throw AssocError.invalid("\(aggregate.function.rawValue) needs a column")
            }
            w.append(name + "(")
            try write(argument, in: node, to: &w)
            w.append(")")
        }
    }
}
