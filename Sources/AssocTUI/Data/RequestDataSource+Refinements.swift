import AssocCore

/// The request line (a view's request as text and back) and the columns `a` offers.
extension RequestDataSource {
    // MARK: Request text

    /// The view as request-language text (the request line).
    package func requestText(for view: RequestView) throws -> String {
        try readSchema()
        return try db.languageText(of: view.request)
    }

    /// Checks that `view` makes valid SQL (names, aliases), without running it; returns it with
    /// conditions on an aggregate annotation's name in `having`, as they run (and print).
    package func check(_ view: RequestView) throws -> RequestView {
        try readSchema()
        var checked = view
        checked.request = try db.movingAnnotationConditionsToHaving(view.request)
        _ = try db.mainStatement(for: checked.request)
        return checked
    }

    /// The view request-language `text` describes: any request the language accepts. It keeps
    /// the current view's title when it starts from the same place (the same followed link).
    package func view(parsing text: String, from current: RequestView?) throws -> RequestView {
        try readSchema()
        // A user's own statement (`SELECT`, `WITH`, `VALUES`): checked read-only, then a view.
        if SQLQuery.isStatement(text) { return RequestView(request: try db.request(sql: text), title: "SQL") }
        let request = try db.request(parsing: text)
        _ = try db.mainStatement(for: request)
        guard let current, current.request.origin == request.origin, current.table == request.table else {
            return RequestView(request: request)
        }
        return RequestView(request: request, title: current.title, rowLabel: current.rowLabel)
    }
}
