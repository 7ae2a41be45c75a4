import AssocCore

/// The records of one prefetched link of one row, flattened for the child pane.
package struct PrefetchedRows: Sendable, Hashable {
    package var key: String
    package var columns: [String]
    package var rows: [[DatabaseValue]]

    package init(key: String, columns: [String], rows: [[DatabaseValue]]) {
        self.key = key
        self.columns = columns
        self.rows = rows
    }
}

/// Prefetches, aggregates, filters, sorts and typed requests: how a view's refinements become
/// request methods, and how request-language text becomes a view again.
extension RequestDataSource {
    /// `request` with the view's prefetches, aggregates, filters, havings and sorts.
    func refine(_ request: Request, with view: BrowserView) throws -> Request {
        var request = request
        let table = Table(view.table)
        for link in view.prefetches {
            request = request.including(all: table.association(link))
        }
        if !view.aggregates.isEmpty {
            request = request.annotated(with: try view.aggregates.map { try RequestBuilder.build($0.syntax) })
        }
        for filter in view.filters { request = request.filter(try RequestBuilder.build(filter)) }
        for having in view.havings { request = request.having(try RequestBuilder.build(having)) }
        if !view.sorts.isEmpty {
            var orderings: [OrderingConvertible] = []
            for sort in view.sorts {
                let expression = try RequestBuilder.build(sort.ordering.expression)
                orderings.append(Ordering(expression, descending: sort.isDescending ? true : nil))
            }
            request = request.order(orderings)
        }
        return request
    }

    /// Why `request` cannot page on its key (its own order or limit), nil when it can. `view`
    /// tells which include each table alias stands for (sorts on included columns).
    func offsetPagingReason(_ request: Request, view: BrowserView? = nil) -> String? {
        if request.limit != nil || request.offset != nil { return "the request has a limit" }
        if sortColumns(of: request, view: view) == nil { return unpageableSortReason(request) }
        return nil
    }

    /// One term of a sort keyset paging can follow: a column of the root, or of an include (its
    /// scope path), with its direction.
    struct SortColumn {
        var expression: AssocCore.Expression
        var path: [String]
        var name: String
        var descending: Bool
        var isNullable: Bool
    }

    /// Why the request's order cannot be paged by keyset.
    private func unpageableSortReason(_ request: Request) -> String {
        let table = db.schema.table(named: request.table)
        for term in request.relation.ordering ?? [] {
            switch term.expression {
            case .aliasedColumn: return "sorted by a column of a table joined without its columns"
            case .column(let name):
                guard let column = table?.column(named: name) else { return "sorted by an annotation" }
                if !isSelected(column.name, in: request) { return "sorted by a column left out of the selection" }
            default: return "sorted by an expression"
            }
        }
        return "sorted view"
    }

    /// The columns the request sorts on, each selected in its rows: the root's, or those of the
    /// view's includes (through their alias; their rows are in the included scope, NULL when the
    /// include has no match). Nil when a term is something else (an expression, an aggregate, an
    /// annotation, a table joined without its columns).
    private func sortColumns(of request: Request, view: BrowserView?) -> [SortColumn]? {
        guard let ordering = request.relation.ordering, !ordering.isEmpty else { return [] }
        guard let table = db.schema.table(named: request.table) else { return nil }
        var includes: [String: (path: [String], table: String)] = [:]
        for (path, include) in view?.includePaths ?? [] where view?.rawRequest == nil {
            includes[BrowserView.aliasName(path).lowercased()] = (path, include.destination)
        }
        var columns: [SortColumn] = []
        for term in ordering {
            switch term.expression {
            case .column(let name):
                guard let column = table.column(named: name), isSelected(column.name, in: request) else { return nil }
                let isRowidAlias = table.primaryKey.kind == .rowidAlias && table.primaryKey.columns.first == column.name
                columns.append(SortColumn(
                    expression: term.expression, path: [], name: column.name, descending: term.descending == true,
                    isNullable: !column.notNull && !isRowidAlias))
            case .aliasedColumn(let alias, let name):
                guard let include = includes[alias.lowercased()],
                      let column = db.schema.table(named: include.table)?.column(named: name) else { return nil }
                columns.append(SortColumn(
                    expression: term.expression, path: include.path, name: column.name,
                    descending: term.descending == true, isNullable: true))
            default:
                return nil
            }
        }
        return columns
    }

    /// Whether the root's `column` is among the selected columns of every row.
    private func isSelected(_ column: String, in request: Request) -> Bool {
        guard let selection = request.relation.selection else { return true }
        return selection.contains { item in
            if case .allColumns = item { return true }
            if case .expression(.column(let name)) = item { return name.lowercased() == column.lowercased() }
            return false
        }
    }

    /// How `view` pages by keyset, nil when it must use OFFSET. Keyset paging needs one row per
    /// root key (no join that repeats a root record), no limit of the request's own, an order on
    /// root columns only (then the key), and those values in every row (the key selected, or
    /// added under a hidden name). `repeatsKey`: `db.rowsCanRepeatRootKey(request)` when the
    /// caller knows it already.
    func pagingKeyset(for view: BrowserView, request: Request, repeatsKey: Bool? = nil) -> PagingKeyset? {
        guard offsetPagingReason(request, view: view) == nil,
              !(repeatsKey ?? ((try? db.rowsCanRepeatRootKey(request)) != false)),
              let key = pagingKey(of: request.table), let sorted = sortColumns(of: request, view: view) else { return nil }
        let hidden = key.hidden || !isSelected(key.column, in: request)
        var terms = sorted.map { KeysetCondition.Term($0.expression, descending: $0.descending, isNullable: $0.isNullable) }
        var names = sorted.map(\.name)
        var paths = sorted.map(\.path)
        // The key ends the order (ties of the sort), unless the sort already ends with it.
        if sorted.last.map({ !$0.path.isEmpty || $0.name.lowercased() != key.column.lowercased() }) ?? true || hidden {
            terms.append(KeysetCondition.Term(.column(key.column), descending: false, isNullable: false))
            names.append(hidden ? Self.hiddenKeyName : key.column)
            paths.append([])
        }
        return PagingKeyset(terms: terms, names: names, paths: paths, key: key.column, hiddenKey: hidden)
    }

    // MARK: Request text

    /// The view as request-language text (the request line).
    package func requestText(for view: BrowserView) throws -> String {
        if let raw = view.rawRequest { return raw }
        return try Self.printable(request(for: view)).languageText()
    }

    /// `request` without the empty selections of its joined associations (a followed through
    /// link joins its pivot with `select()`), which the request language cannot parse back.
    /// Same SQL: a `joining` association selects nothing anyway.
    static func printable(_ request: Request) -> Request {
        var copy = request
        copy.relation = printable(request.relation)
        return copy
    }

    private static func printable(_ relation: Relation) -> Relation {
        var relation = relation
        for index in relation.joins.indices {
            var association = relation.joins[index].association
            if !relation.joins[index].method.isIncluding, association.relation.selection?.isEmpty == true {
                association.relation.selection = nil
            }
            association.relation = printable(association.relation)
            relation.joins[index].association = association
        }
        return relation
    }

    /// Checks that `view` makes valid SQL (names, aliases), without running it.
    package func check(_ view: BrowserView) throws {
        _ = try db.mainStatement(for: try request(for: view))
    }

    /// The view `text` describes, parsed back into the browser's structure when it fits (same
    /// followed link, includes, prefetches, aggregates, filters, sorts), else kept as a typed request.
    package func view(parsing text: String, from current: BrowserView?) throws -> BrowserView {
        if let current, let follow = current.follow, current.rawRequest == nil,
           let base = try? requestText(for: BrowserView(table: current.table, follow: follow)), text.hasPrefix(base) {
            // The followed link's request, unchanged, then methods: parsed on their own, so a
            // link the language cannot write back (a through link's pivot) still takes methods.
            let name = RequestPrinter.name(current.table)
            let rest = name + text.dropFirst(base.count)
            let syntax: RequestSyntax
            do {
                syntax = try RequestParser.parse(rest)
            } catch {
                let shift = base.utf8.count - name.utf8.count
                throw RequestSyntaxError(message: error.message, position: error.position + shift, in: text)
            }
            var view = BrowserView(table: current.table, title: current.title, follow: follow)
            view.includes = []
            if let structured = structure(view, methods: syntax.methods) {
                try check(structured)
                return structured
            }
        }
        _ = try db.request(parsing: text)
        let syntax = try RequestParser.parse(text)
        var view = BrowserView(table: syntax.table)
        var methods = syntax.methods
        if let current, current.table == syntax.table {
            view.title = current.title
            if let follow = current.follow,
               let base = try? RequestSyntax(Self.printable(request(for: BrowserView(table: current.table, follow: follow)))),
               methods.starts(with: base.methods) {
                view.follow = follow
                methods.removeFirst(base.methods.count)
            }
        }
        if let structured = structure(view, methods: methods) { return structured }
        var raw = BrowserView(table: syntax.table, title: view.title)
        raw.rawRequest = text
        return raw
    }

    /// `view` with `methods` added, nil when one of them has no place in a `BrowserView`.
    func structure(_ view: BrowserView, methods: [MethodSyntax]) -> BrowserView? {
        var view = view
        var aliases: [String: [String]] = [:]
        for method in methods {
            switch method {
            case .including(.all, let association):
                guard association.methods.isEmpty, link(association.name, from: view.table)?.isToMany == true else { return nil }
                view.prefetches.append(association.name)
            case .including(let mode, let association):
                guard let include = include(association, from: view.table, required: mode == .required, path: [], aliases: &aliases)
                else { return nil }
                view.includes.append(include)
            case .filter(let expression):
                guard !expression.containsAggregate else { return nil }
                view.filters.append(expression)
            case .having(let expression):
                view.havings.append(expression)
            case .annotated(let expressions):
                for expression in expressions {
                    guard case .aggregate(let aggregate) = expression.kind, aggregate.association.methods.isEmpty else { return nil }
                    var column: String?
                    if let argument = aggregate.argument {
                        guard case .column(let name, nil) = argument.kind else { return nil }
                        column = name
                    }
                    view.aggregates.append(AggregateColumn(link: aggregate.association.name, function: aggregate.function, column: column))
                }
            case .order(let terms):
                view.sorts = terms.map { SortTerm($0, column: Self.gridColumn(of: $0.expression, aliases: aliases)) }
            default:
                return nil
            }
        }
        // Every alias a filter or sort uses must be the one the browser gives its include.
        for (alias, path) in aliases where alias != BrowserView.aliasName(path) { return nil }
        return view
    }

    private func link(_ name: String, from table: String) -> Association? {
        db.graph.associations(from: table).first { $0.name == name }
    }

    private func include(
        _ syntax: AssociationSyntax, from table: String, required: Bool, path: [String], aliases: inout [String: [String]]
    ) -> IncludedAssociation? {
        guard let link = link(syntax.name, from: table), !link.isToMany else { return nil }
        var include = IncludedAssociation(name: link.name, origin: table, destination: link.destination, isRequired: required)
        for method in syntax.methods {
            switch method {
            case .including(.required, let child), .including(.optional, let child):
                guard case .including(let mode, _) = method,
                      let nested = self.include(child, from: link.destination, required: mode == .required,
                                                path: path + [link.name], aliases: &aliases)
                else { return nil }
                include.children.append(nested)
            case .aliased(let alias):
                aliases[alias] = path + [link.name]
            default:
                return nil
            }
        }
        return include
    }

    /// The grid column a sort expression stands for: `Name`, `author.name` (from `author.name`
    /// through the alias of the include), or the expression's text.
    static func gridColumn(of expression: ExpressionSyntax, aliases: [String: [String]]) -> String {
        if case .column(let name, let qualifier) = expression.kind {
            guard let qualifier else { return name }
            let path = aliases[qualifier] ?? qualifier.split(separator: "_").map(String.init)
            return (path + [name]).joined(separator: ".")
        }
        return RequestPrinter.print(expression)
    }

    // MARK: Columns

    /// The numeric columns of every table that are neither keys nor foreign keys (what `a`
    /// offers to min, max, average and sum).
    package func numericColumns() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for table in db.schema.tables {
            let keys = Set(table.primaryKey.columns + table.foreignKeys.flatMap(\.originColumns))
            result[table.name] = table.columns.filter { column in
                Self.isNumeric(declaredType: column.declaredType) && !keys.contains(column.name)
            }.map(\.name)
        }
        return result
    }

    /// Whether a declared type names a number (INT…, REAL, FLOA…, DOUB…, NUM…, DEC…), compared
    /// as bytes: the browser asks at start, for every column.
    static func isNumeric(declaredType: String) -> Bool {
        let type = Array(declaredType.uppercased().utf8)
        return numericTypeWords.contains { word in
            type.count >= word.count && (0...(type.count - word.count)).contains { start in
                type[start..<(start + word.count)].elementsEqual(word)
            }
        }
    }

    private static let numericTypeWords: [[UInt8]] = ["INT", "REAL", "FLOA", "DOUB", "NUM", "DEC"].map { Array($0.utf8) }
}

extension RowFlattener {
    /// The grid column of a prefetched link: its number of records.
    static func countColumn(_ key: String) -> String { key + " (n)" }

    /// The prefetched records of `row`, per prefetched key.
    func children(of row: Row) -> [PrefetchedRows] {
        prefetches.map { key in
            let rows = prefetchedRows(key, of: row)
            let columns = rows.first?.columnNames ?? []
            return PrefetchedRows(key: key, columns: columns, rows: rows.map(\.values))
        }
    }
}
