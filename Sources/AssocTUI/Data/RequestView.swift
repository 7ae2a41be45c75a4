import AssocCore

/// One view of the browser: the AssocCore request whose rows it shows, and how the breadcrumb
/// names it. Everything that changes the data (include, toggle, remove, prefetch, aggregate,
/// filter, sort, a typed request) is an edit of `request` (see `RequestEdits`); what SQL does not
/// hold (cursor, scroll, hidden columns) lives in `RowsState`.
///
/// Equality and hashing look at `request` alone, not at `title`, `rowLabel` or `presentation`:
/// two views are equal when they show the same rows. That is what every "is this result still
/// for the current view?" check means (a page asked for before a column was hidden, resized or
/// pinned still lands). Compare `presentation`
/// explicitly where it matters.
package struct RequestView: Sendable, Hashable {
    package var request: Request
    /// The table, or the followed link's name.
    package var title: String
    /// For a followed link: the row it was followed from (`#1 AC/DC`), for the breadcrumb.
    package var rowLabel: String?
    /// What the grid does with the columns that SQL does not say: hidden, pinned, resized.
    package var presentation = ViewPresentation()

    package init(request: Request, title: String? = nil, rowLabel: String? = nil) {
        self.request = request
        self.title = title ?? request.table
        self.rowLabel = rowLabel
    }

    /// A whole table: `Table.all`.
    package init(table: String) {
        self.init(request: Table(table).all)
    }

    /// The table the rows come from.
    package var table: String { request.table }

    /// Equal when the requests are (see the type's documentation): the title, the row label
    /// and the presentation are not data.
    package static func == (lhs: RequestView, rhs: RequestView) -> Bool { lhs.request == rhs.request }
    package func hash(into hasher: inout Hasher) { hasher.combine(request) }
}

/// The grid's choices about a view's columns, kept with the view (undo restores them):
/// columns hidden with `x` (outside the root, whose hidden columns leave the request's
/// selection), columns pinned at the left with `!`, widths changed with `<` and `>`.
package struct ViewPresentation: Sendable, Hashable {
    /// Columns of included scopes, annotations and prefetch counts the grid leaves out.
    package var hidden: Set<GridColumn> = []
    /// Pinned columns, in order; nil: the root's key columns.
    package var pinned: [GridColumn]?
    /// Cells added to (or taken from) a column's natural width.
    package var widthChanges: [GridColumn: Int] = [:]
    /// The root's selection before `x` first hid one of its columns (`X` puts it back).
    package var selectionBeforeHiding: Request.Selection?

    package init() {}
}

/// Following a link from one row, as a request: `Genre.filter(key: 1).request(for: albums)`.
package enum FollowRequest {
    /// The records `link` reaches from the row (`columns`, `values`) of `table`, each record once
    /// whatever the link's kind. The row is picked by its primary key when the row holds all of
    /// it (`keyColumns`), else by the columns the link starts from.
    package static func make(
        link: Association, table: String, keyColumns: [String], columns: [String], values: [DatabaseValue]
    ) -> Request {
        var request = base(
            table: table, keyColumns: keyColumns, columns: columns, values: values,
            linkColumns: firstStepColumns(of: link)
        )
        .request(for: Table(table).association(link.name))
        request.table = link.destination
        return request
    }

    /// The records at the end of `steps` (associations chained from `base`'s table), each once:
    /// `Artist.filter(key: 1).request(for: albums).request(for: tracks)`.
    package static func chain(from base: Request, steps: [Association]) -> Request {
        var request = base
        for step in steps {
            request = request.request(for: Table(step.origin).association(step.name))
            request.table = step.destination
        }
        return request
    }

    /// `table` restricted to one row: by its primary key when the row holds all of it
    /// (`keyColumns`), else by `linkColumns`, the columns the followed link starts from.
    package static func base(
        table: String, keyColumns: [String], columns: [String], values: [DatabaseValue], linkColumns: [String]
    ) -> Request {
        let row = Row(columnNames: columns, values: values)
        var base = Table(table).all
        if !keyColumns.isEmpty, keyColumns.allSatisfy({ row[$0].map { !$0.isNull } ?? false }) {
            if keyColumns.count == 1, let value = row[keyColumns[0]] {
                base = base.filter(key: value)
            } else {
                var key: [String: ExpressionConvertible] = [:]
                for column in keyColumns { key[column] = row[column] ?? .null }
                base = base.filter(key: key)
            }
        } else {
            for column in linkColumns {
                let value = row[column] ?? .null
                base = base.filter(
                    value.isNull
                        ? Expression.isNull(.column(column), negated: false)
                        : Expression.binary(.equal, .column(column), .value(value)))
            }
        }
        return base
    }

    /// The columns of the origin table the first step of `link` joins on.
    static func firstStepColumns(of link: Association) -> [String] {
        switch link.path {
        case .direct(let pairs): return pairs.map(\.origin)
        case .through(let pivot, _): return firstStepColumns(of: pivot)
        }
    }
}

extension RequestView {
    /// The request with the root columns `x` hid selected again (`showColumns`, and `E`'s export
    /// of every column).
    var requestWithHiddenColumns: Request {
        var request = self.request
        if let saved = presentation.selectionBeforeHiding { request = request.selecting(saved) }
        return request
    }
}
