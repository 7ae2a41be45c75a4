/// One SQL statement and the values bound to its `?` parameters, in order.
public struct GeneratedStatement: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text, identifiers quoted, values as `?`.
    public var sql: String
    /// The values bound to the `?` placeholders, in order.
    public var arguments: [DatabaseValue]

    /// A statement and the values bound to its `?` placeholders.
    package init(sql: String, arguments: [DatabaseValue]) {
        self.sql = sql
        self.arguments = arguments
    }

    /// The SQL, followed by its arguments when there are some: `… WHERE "id" = ? -- [1]`.
    public var description: String {
        arguments.isEmpty ? sql : sql + " -- [" + arguments.map(\.sqlLiteral).joined(separator: ", ") + "]"
    }
}

/// A generated statement, and how many columns after the rows' own hold the full lengths of
/// values a cell preview cut.
package struct GeneratedQuery: Sendable {
    /// The main statement.
    package var statement: GeneratedStatement
    /// With a cell preview: the columns after the hidden ones, one per selected column, holding
    /// the full length of a value cut by the preview (NULL when it is whole). 0 otherwise.
    var previewLengthCount = 0
    /// Where those lengths are: a column each, packed into one, or not read (`CellPreview`).
    var previewLengthColumns = CellPreview.LengthColumns.each
    /// By selected column: where a text is read from by rowid (its length column then holds
    /// the rowid), nil where texts are read in SQL.
    var previewTextSources: [CellPreview.TextSource?] = []
}

/// Generates SQL from requests: a pure function of the request and the schema's association graph.
package enum SQLGenerator {
    /// The main statement of `request` and the layout of its rows.
    package static func generate(_ request: Request, graph: AssociationGraph) throws -> GeneratedQuery {
        try generate(request, graph: graph, previousStage: nil)
    }

    /// `request`, its root restricted by `previousStage` (the keys a stage of a long
    /// `request(for:)` chain starts from) instead of its own chain, when it has one.
    static func generate(_ request: Request, graph: AssociationGraph, previousStage: GeneratedStatement?) throws -> GeneratedQuery {
        let query = try ResolvedQuery(request, graph: graph, previousStage: previousStage)
        return try generate(root: query.root, limit: query.limit, offset: query.offset, mergedIDs: query.mergedIDs)
    }

    static func generate(
        root: QueryNode, limit: Int?, offset: Int?, mergedIDs: MergedIDs,
        hiddenColumns: [HiddenColumn] = [], cellPreview: Int? = nil, cutting: CellPreview.Cutting = .inSQL, deferredCellsRowid: String? = nil
    ) throws -> GeneratedQuery {
        // Phase 1: every joined table, depth-first, gets its SQL name.
        var ordered: [QueryNode] = []
        var keys: [Int: String] = [:]
        collect(root, key: "", into: &ordered, keys: &keys)
        // A condition on an aggregate annotation's name (`filter(trackCount > 20)`) is tested in HAVING.
        var root = root
        let split = try AnnotationConditions.split(
            root.filters, aggregateNames: AnnotationConditions.aggregateNames(of: root, keys: keys, finalID: mergedIDs.finalID),
            table: root.table.name)
        root.filters = split.filters
        root.havings += split.havings
        let sqlNames = try AliasAllocator.allocate(
            ordered.map {
                AliasAllocator.Entry(nodeID: $0.id, tableName: $0.table.name, userAlias: $0.userAlias)
            })
        var nodes: [Int: QueryNode] = [:]
        var aliases: [String: Int] = [:]
        for node in ordered {
            nodes[node.id] = node
            if let alias = node.userAlias { aliases[alias.lowercased()] = node.id }
        }
        let finalID = mergedIDs.finalID
        var printer = ExpressionPrinter(
            nodes: nodes, sqlNames: sqlNames, aliases: aliases,
            qualify: ordered.count > 1 || root.userAlias != nil, finalID: finalID)
        printer.rootID = root.id
        for node in ordered { printer.joinedTableReferences[JoinedTableReference.alias(of: node.id)] = node.id }
        for annotation in root.annotations {
            if let name = name(of: annotation, keys: keys, finalID: finalID), root.table.column(named: name) == nil {
                printer.annotationNames[name.lowercased()] = name
            }
        }
        for node in ordered where node.id != root.id && node.groupsByPrimaryKey {
            throw AssocError.invalid(
                "aggregates can annotate or filter the request's own table only, not the joined table \(quoteForMessage(node.table.name)) (key \(quoteForMessage(keys[node.id] ?? "")))",
                table: node.table.name)
        }

        // Phase 2: print clauses in SQL order, binding values as they come.
        var w = SQLBuffer()
        w.append(root.isDistinct ? "SELECT DISTINCT " : "SELECT ")
        var selectedCount = 0
        var previewLengths: [CellPreview.Column] = []
        // A view whose columns are unknown selects `*` of unknown width: read whole. Values cut
        // while they are read are selected plain.
        let previewLimit = ordered.contains { $0.table.columns.isEmpty } || cutting == .whileReading ? nil : cellPreview
        // Texts read by rowid, except under DISTINCT (the rowid would make every row distinct).
        let textsByRowid = !root.isDistinct
        let beforeSelection = w
        for node in ordered {
            selectedCount += try writeSelection(
                of: node, isFirst: selectedCount == 0, printer: printer, keys: keys, preview: previewLimit,
                previewLengths: &previewLengths, textsByRowid: textsByRowid, defersCells: deferredCellsRowid != nil, to: &w)
        }
        if let rowid = deferredCellsRowid {
            // After the selection: the rowid the deferred cells are read by (`DeferredCellReader`).
            w.append(", ")
            try printer.writeColumn(rowid, of: root, to: &w, forceQualify: true)
        }
        let lengthColumns =
            cutting == .whileReading
            ? CellPreview.LengthColumns.whileReading
            : CellPreview.LengthColumns.forResult(
                width: previewLengths.count + hiddenColumns.count + root.hiddenValues.count, lengths: previewLengths.count)
        if previewLimit != nil, lengthColumns == .none {
            // No room for a length: the selection again, blobs read so that a cut one shows.
            (w, selectedCount, previewLengths) = (beforeSelection, 0, [])
            for node in ordered {
                selectedCount += try writeSelection(
                    of: node, isFirst: selectedCount == 0, printer: printer, keys: keys, preview: previewLimit,
                    previewLengths: &previewLengths, withLengths: false, to: &w)
            }
        }
        if selectedCount == 0 {
            throw AssocError.emptySelection(table: root.table.name)
        }
        for hidden in hiddenColumns {
            guard let node = nodes[hidden.nodeID] else { continue }
            w.append(", ")
            try printer.writeColumn(hidden.column, of: node, to: &w)
        }
        for hidden in root.hiddenValues {
            w.append(", ")
            try printer.write(hidden.expression, in: root, to: &w)
            if case .findMatch(let name) = hidden.role { w.append(" AS " + quoteIdentifier(name)) }
        }
        var lengthColumnCount = 0
        switch lengthColumns {
        case .each:
            for column in previewLengths { w.append(", " + (column.length ?? "NULL")) }
            lengthColumnCount = previewLengths.count
        case .packed where !previewLengths.isEmpty:
            w.append(", " + CellPreview.packedLengths(previewLengths.map(\.length)))
            lengthColumnCount = 1
        case .packed, .none, .whileReading: break
        }
        w.append(" FROM ")
        writeTableReference(root, sqlNames, to: &w)
        try writeJoins(of: root, printer: printer, sqlNames: sqlNames, to: &w)
        var conditions = SQLConjunction()
        if let origin = root.originFilter {
            conditions.add { w, _ in try writeOriginFilter(origin, of: root, printer: printer, to: &w) }
        }
        for filter in root.filters.flatMap({ flattenAnd($0) }) {
            conditions.add { w, several in try writeParenthesized(filter, in: root, printer: printer, when: several, to: &w) }
        }
        if let pivot = root.pivotFilter {
            conditions.add { w, several in try writePivotFilter(pivot, of: root, printer: printer, parenthesized: several, to: &w) }
        }
        if !conditions.isEmpty {
            w.append(" WHERE ")
            try conditions.write(to: &w)
        }
        if root.groupsByPrimaryKey {
            w.append(" GROUP BY ")
            let columns = try groupingColumns(of: root)
            for (index, column) in columns.enumerated() {
                if index > 0 { w.append(", ") }
                try printer.writeColumn(column, of: root, to: &w)
            }
        }
        if !root.havings.isEmpty && !root.groupsByPrimaryKey {
            throw AssocError.invalid(
                "having(_:) filters on aggregates such as books.count; use filter(_:) for conditions on the columns of \(quoteForMessage(root.table.name))",
                table: root.table.name)
        }
        if !root.havings.isEmpty {
            w.append(" HAVING ")
            try printer.writeConjunction(root.havings, in: root, to: &w)
        }
        var orderingTerms: [(Ordering, QueryNode)] = []
        for node in ordered { orderingTerms += node.ordering.map { ($0, node) } }
        if root.ordersTotally { orderingTerms += TotalOrder.keyTerms(of: root) }
        if !orderingTerms.isEmpty {
            w.append(" ORDER BY ")
            for (index, (ordering, node)) in orderingTerms.enumerated() {
                if index > 0 { w.append(", ") }
                try printer.write(ordering.expression, in: node, to: &w)
                if let descending = ordering.descending { w.append(descending ? " DESC" : " ASC") }
            }
        }
        if let limit {
            w.append(" LIMIT \(limit)")
            if let offset { w.append(" OFFSET \(offset)") }
        } else if let offset {
            w.append(" LIMIT -1 OFFSET \(offset)")
        }
        return GeneratedQuery(
            statement: GeneratedStatement(sql: w.sql, arguments: w.arguments),
            previewLengthCount: lengthColumnCount, previewLengthColumns: lengthColumns,
            previewTextSources: lengthColumns == .none ? [] : previewLengths.map(\.textSource))
    }

    /// `"d" IN (SELECT …)`, or `("d1", "d2") IN (SELECT …)` for a composite link, its arguments
    /// bound where the subquery stands.
    static func writeOriginFilter(
        _ filter: SubqueryFilter, of root: QueryNode, printer: ExpressionPrinter, to w: inout SQLBuffer
    ) throws {
        if filter.columns.count > 1 { w.append("(") }
        for (index, column) in filter.columns.enumerated() {
            if index > 0 { w.append(", ") }
            try printer.writeColumn(column, of: root, to: &w)
        }
        if filter.columns.count > 1 { w.append(")") }
        w.append(" IN (" + filter.statement.sql + ")")
        w.arguments += filter.statement.arguments
    }

    /// Depth-first pre-order of the joined tables (prefetched ones are not part of the main query).
    static func collect(_ node: QueryNode, key: String, into ordered: inout [QueryNode], keys: inout [Int: String]) {
        ordered.append(node)
        keys[node.id] = key
        for child in node.children where child.kind != .all {
            collect(child.node, key: child.key, into: &ordered, keys: &keys)
        }
    }

    /// Writes a table of the FROM clause: its name, with its alias when it has one, or a user's
    /// statement in parentheses, its arguments bound.
    static func writeTableReference(_ node: QueryNode, _ sqlNames: [Int: String], to w: inout SQLBuffer) {
        let name = sqlNames[node.id] ?? node.table.name
        if let derived = node.table.derivedSQL {
            w.append(derived + " AS " + quoteIdentifier(name))
            w.arguments += node.table.derivedArguments
        } else {
            w.append(name == node.table.name ? quoteIdentifier(name) : quoteIdentifier(node.table.name) + " " + quoteIdentifier(name))
        }
    }

    /// Writes a node's selected columns; returns how many items it wrote.
    /// With `preview` (a cell preview's limit, and the full-length columns to append after the
    /// hidden ones), the columns of `*` are read cut (`CellPreview`); other items are read whole.
    static func writeSelection(
        of node: QueryNode, isFirst: Bool, printer: ExpressionPrinter, keys: [Int: String],
        preview: Int? = nil, previewLengths: inout [CellPreview.Column], withLengths: Bool = true, textsByRowid: Bool = false,
        defersCells: Bool = false, to w: inout SQLBuffer
    ) throws -> Int {
        var count = 0
        /// `name`, a column of the node, spelled qualified.
        func qualified(_ name: String) throws -> String {
            var spelled = SQLBuffer()
            try printer.writeColumn(name, of: node, to: &spelled, forceQualify: true)
            return spelled.sql
        }
        // The rowid that texts are read by (`CellPreview.expressions`): a table's own rows only.
        var rowid: String?
        let rowidName = node.table.rowidName
        if preview != nil, withLengths, textsByRowid, node.table.kind == .table || node.table.kind == .shadow,
            node.table.derivedSQL == nil, let rowidName
        {
            rowid = try qualified(rowidName)
        }
        func appendPreview(of name: String) throws {
            let (cut, length) = CellPreview.expressions(try qualified(name), limit: preview ?? 0, withLength: withLengths, rowid: rowid)
            w.append(cut)
            previewLengths.append(
                CellPreview.Column(
                    length: length,
                    textSource: rowid.map { _ in CellPreview.TextSource(table: node.table.name, column: name, rowid: rowidName ?? "rowid") }))
        }
        func separator() {
            if !(isFirst && count == 0) { w.append(", ") }
            count += 1
        }
        /// A column whose texts and blobs are left for `DeferredCellReader`: an empty marker of
        /// their type (no alias: it would shadow the column in ORDER BY).
        func appendDeferred(_ name: String) throws {
            let column = try qualified(name)
            w.append("CASE typeof(\(column)) WHEN 'text' THEN '' WHEN 'blob' THEN X'' ELSE \(column) END")
        }
        for item in node.selection {
            separator()
            switch item {
            case .allColumns where defersCells:
                for (index, column) in node.table.columns.enumerated() {
                    if index > 0 { w.append(", ") }
                    try appendDeferred(column.name)
                }
                continue
            case .expression(.column(let name)) where defersCells && node.table.column(named: name) != nil:
                try appendDeferred(name)
            case .allColumns where preview != nil && node.table.columns.allSatisfy(\.isNameValidUTF8):
                for (index, column) in node.table.columns.enumerated() {
                    if index > 0 { w.append(", ") }
                    try appendPreview(of: column.name)
                }
                continue
            case .allColumns:
                w.append(printer.qualify ? quoteIdentifier(printer.sqlNames[node.id] ?? node.table.name) + ".*" : "*")
            case .expression(.column(let name)) where preview != nil && (node.table.column(named: name)?.isNameValidUTF8 ?? false):
                // A column selected by name is read as a preview too. No alias: one would shadow the
                // column in ORDER BY, which would then sort by the preview. The row layout names it.
                try appendPreview(of: name)
            case .expression(let expression):
                if preview != nil { previewLengths.append(CellPreview.Column()) }
                try printer.write(expression, in: node, to: &w)
                if let name = name(of: expression, keys: keys, finalID: printer.finalID) {
                    w.append(" AS " + quoteIdentifier(name))
                } else if case .column(let column) = expression, TableInfo.rowidNames.contains(column.lowercased()),
                    node.table.primaryKey.kind == .rowidAlias, node.table.column(named: column) == nil
                {
                    // `rowid` is written as its alias column (see ExpressionPrinter): keep its name.
                    w.append(" AS " + quoteIdentifier(column))
                }
            }
        }
        for annotation in node.annotations {
            separator()
            if preview != nil { previewLengths.append(CellPreview.Column()) }
            try printer.write(annotation, in: node, to: &w)
            if let name = name(of: annotation, keys: keys, finalID: printer.finalID) {
                w.append(" AS " + quoteIdentifier(name))
            }
        }
        return count
    }

    /// The column name of a selected expression: set by `forKey`, or the default name of an
    /// aggregate on a plain column (`bookCount`, `maxBookYear`), kept through `??`.
    static func name(of expression: Expression, keys: [Int: String], finalID: (Int) -> Int) -> String? {
        switch expression {
        case .named(_, let name):
            return name
        case .function(let function, let arguments) where function.uppercased() == "IFNULL":
            return arguments.first.flatMap { name(of: $0, keys: keys, finalID: finalID) }
        case .aggregate(let aggregate):
            guard let id = aggregate.nodeID, let key = keys[finalID(id)] else { return nil }
            let upperKey = Inflector.upperFirst(key)
            var column: String?
            if case .column(let name)? = aggregate.argument { column = Inflector.upperFirst(name) }
            switch aggregate.function {
            case .count: return key + "Count"
            case .isEmpty: return "hasNo" + upperKey
            case .min: return column.map { "min" + upperKey + $0 }
            case .max: return column.map { "max" + upperKey + $0 }
            case .average: return column.map { "average" + upperKey + $0 }
            case .sum, .total: return column.map { key + $0 + "Sum" }
            }
        default:
            return nil
        }
    }

    /// Writes the joins below `node`. An optional join whose table has required joins of its own
    /// is written as a parenthesized group, `LEFT JOIN ("a" JOIN "b" ON …) ON …`, which means
    /// "a, with its b, when both exist" (GRDB 7 refuses this shape: a required association
    /// below an optional one).
    static func writeJoins(of node: QueryNode, printer: ExpressionPrinter, sqlNames: [Int: String], to w: inout SQLBuffer) throws {
        for child in node.children where child.kind != .all {
            let grouped = child.kind == .optional && child.node.children.contains { $0.kind == .required }
            if grouped {
                w.append(" LEFT JOIN (")
                writeTableReference(child.node, sqlNames, to: &w)
                try writeJoins(of: child.node, printer: printer, sqlNames: sqlNames, to: &w)
                w.append(") ON ")
                try writeJoinCondition(child, parent: node, printer: printer, to: &w)
            } else {
                w.append(child.kind == .required ? " JOIN " : " LEFT JOIN ")
                writeTableReference(child.node, sqlNames, to: &w)
                w.append(" ON ")
                try writeJoinCondition(child, parent: node, printer: printer, to: &w)
                try writeJoins(of: child.node, printer: printer, sqlNames: sqlNames, to: &w)
            }
        }
    }

    /// `"child"."fk" = "parent"."pk"` for each column pair, then the association's own filters.
    static func writeJoinCondition(_ child: QueryChild, parent: QueryNode, printer: ExpressionPrinter, to w: inout SQLBuffer) throws {
        var conditions = SQLConjunction()
        for pair in child.pairs {
            conditions.add { w, several in
                if several { w.append("(") }
                try printer.writeColumn(pair.destination, of: child.node, to: &w)
                w.append(" = ")
                try printer.writeColumn(pair.origin, of: parent, to: &w)
                if several { w.append(")") }
            }
        }
        for filter in child.node.filters.flatMap({ flattenAnd($0) }) {
            conditions.add { w, several in
                try writeParenthesized(filter, in: child.node, printer: printer, when: several, to: &w)
            }
        }
        if let pivot = child.node.pivotFilter {
            conditions.add { w, several in
                try writePivotFilter(pivot, of: child.node, printer: printer, parenthesized: several, to: &w)
            }
        }
        if let origin = child.node.originFilter {
            // An ordered pivot of `request(for:)` (OrderedPivotJoins): restricted to the base's keys.
            conditions.add { w, several in
                if several { w.append("(") }
                try writeOriginFilter(origin, of: child.node, printer: printer, to: &w)
                if several { w.append(")") }
            }
        }
        if conditions.isEmpty {
            w.append("1")
        } else {
            try conditions.write(to: &w)
        }
    }

    static func writeParenthesized(
        _ expression: Expression, in node: QueryNode, printer: ExpressionPrinter, when condition: Bool, to w: inout SQLBuffer
    ) throws {
        if condition && printer.isCompound(expression) {
            w.append("(")
            try printer.write(expression, in: node, to: &w)
            w.append(")")
        } else {
            try printer.write(expression, in: node, to: &w)
        }
    }

    /// Up to this many keys are bound one by one (`IN (?, ?, …)`); more go as one JSON array
    /// argument (`IN (SELECT value FROM json_each(?))`), whatever SQLite's parameter limit.
    static let inlineKeyLimit = 500

    /// The prefetch restriction: `"c" = ?`, `"c" IN (?, ?)`, `("a", "b") IN (VALUES (?, ?), …)`,
    /// or a single JSON argument for large key sets.
    static func writePivotFilter(
        _ pivot: PivotFilter, of node: QueryNode, printer: ExpressionPrinter, parenthesized: Bool, to w: inout SQLBuffer
    ) throws {
        if parenthesized { w.append("(") }
        defer { if parenthesized { w.append(")") } }
        let composite = pivot.columns.count > 1
        if composite { w.append("(") }
        for (index, column) in pivot.columns.enumerated() {
            if index > 0 { w.append(", ") }
            try printer.writeColumn(column, of: node, to: &w)
        }
        if composite { w.append(")") }
        if pivot.isPlaceholder {
            w.append(" IN (…)")
            return
        }
        let hasBlob = pivot.values.contains { $0.containsBlob }
        if pivot.values.count > inlineKeyLimit && !hasBlob {
            if composite {
                let extracts = pivot.columns.indices.map { "json_extract(value, '$[\($0)]')" }.joined(separator: ", ")
                w.append(" IN (SELECT \(extracts) FROM json_each(")
                w.bind(.text(JSONKeys.array(of: pivot.values.map { JSONKeys.array($0.values) })))
            } else {
                w.append(" IN (SELECT value FROM json_each(")
                w.bind(.text(JSONKeys.array(pivot.values.map(\.first))))
            }
            w.append("))")
            return
        }
        if !composite, pivot.values.count == 1, let key = pivot.values.first {
            w.append(" = ")
            w.bind(key.first)
            return
        }
        w.append(composite ? " IN (VALUES " : " IN (")
        for (index, key) in pivot.values.enumerated() {
            if index > 0 { w.append(", ") }
            switch key {
            case .single(let value):
                if composite { w.append("(") }
                w.bind(value)
                if composite { w.append(")") }
            case .composite(let tuple):
                if composite { w.append("(") }
                for (offset, value) in tuple.enumerated() {
                    if offset > 0 { w.append(", ") }
                    w.bind(value)
                }
                if composite { w.append(")") }
            }
        }
        w.append(")")
    }

    static func flattenAnd(_ expression: Expression) -> [Expression] {
        if case .binary(.and, let lhs, let rhs) = expression { return flattenAnd(lhs) + flattenAnd(rhs) }
        return [expression]
    }

    /// GROUP BY columns for aggregates: the rowid alias, else the rowid (under a name no column
    /// takes), else the declared key.
    static func groupingColumns(of node: QueryNode) throws -> [String] {
        switch node.table.primaryKey.kind {
        case .rowidAlias, .withoutRowid: return node.table.primaryKey.columns
        case .hiddenRowid, .regular:
            if let rowid = node.table.rowidName { return [rowid] }
            return node.table.primaryKey.columns
        case .none:
            throw AssocError.invalid(
                "cannot aggregate over \(quoteForMessage(node.table.name)): a view has no primary key to group by", table: node.table.name)
        }
    }
}
