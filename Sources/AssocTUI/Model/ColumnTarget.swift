import AssocCore

/// The expression a grid column stands for in its view's request, read from the column's
/// reference (never from its header): a root column, an included column through its scope's
/// alias (given one when the join has none), an annotation, a prefetched link's count.
enum ColumnTarget {
    /// What sorting or filtering on a column needs: the expression, in the request it must run in
    /// (the one given, or it with an alias added to the column's join).
    struct Target {
        var request: Request
        var expression: AssocCore.Expression
        /// For a filter: whether it goes in `having` (an aggregate).
        var isAggregate: Bool
    }

    /// The target of `column` in `request`, or why there is none (for the status line).
    static func target(of column: GridColumn, in request: Request) -> Result<Target, Failure> {
        switch column.source {
        case .table:
            guard !column.scopePath.isEmpty else {
                return .success(Target(request: request, expression: .column(column.name), isAggregate: false))
            }
            guard let path = column.joinPath, !path.isEmpty,
                let aliased = request.aliasingJoin(at: path, derivedFrom: column.scopePath)
            else {
                return .failure(Failure("\(column.header) comes from a table the request joins on its own: use : to edit the request"))
            }
            return .success(
                Target(
                    request: aliased.request, expression: .aliasedColumn(alias: aliased.alias, column: column.name), isAggregate: false))
        case .annotation(let index):
            guard column.scopePath.isEmpty, request.annotations.indices.contains(index) else {
                return .failure(Failure("\(column.header) is computed inside an included table: use : to edit the request"))
            }
            let expression = unnamed(request.annotations[index])
            return .success(Target(request: request, expression: expression, isAggregate: expression.containsAggregate))
        case .prefetchCount:
            // The records counted as prefetched: its filters, not what it includes in turn.
            guard let path = column.joinPath, path.count == 1, let count = request.countOfJoin(at: path) else {
                return .failure(Failure("\(column.header) counts rows the request prefetches below an include: use : to edit the request"))
            }
            return .success(Target(request: request, expression: count, isAggregate: true))
        case .selected:
            return .failure(Failure("\(column.header) is an expression the request selects: use : to sort or filter on it"))
        }
    }

    /// Why a column cannot be sorted or filtered from the grid.
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func unnamed(_ expression: AssocCore.Expression) -> AssocCore.Expression {
        if case .named(let inner, _) = expression { return unnamed(inner) }
        return expression
    }
}
