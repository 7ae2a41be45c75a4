import AssocCore

/// What the breadcrumb and the undo messages say of a view's request, read from the request
/// itself: `[+author +author.nation!]` for its includes, then
/// `⇉albums Σalbums.count /Name = 'x' ↑Title` for what else refines it.
enum ViewSummary {
    /// The includes, `+path` (`!` when required, `⋈path` for a join without columns).
    static func includes(of request: Request) -> [String] {
        var result: [String] = []
        func walk(_ parent: [Int], _ prefix: [String]) {
            for join in request.joins(under: parent) where !join.isPrefetch {
                let path = prefix + [join.associationName ?? "?"]
                let mark = join.isIncluding ? "+" : "⋈"
                result.append(mark + path.joined(separator: ".") + (join.isRequired ? "!" : ""))
                walk(join.path, path)
            }
        }
        walk([], [])
        return result
    }

    /// Prefetches, aggregates, selection, filters, sorts and limit; nil when there are none.
    static func refinements(of request: Request) -> String? {
        var parts: [String] = []
        parts += request.joins(under: []).filter(\.isPrefetch).map { "⇉" + ($0.associationName ?? "?") }
        if !request.selection.isAllColumns { parts.append("select(…)") }
        parts += request.annotations.map { "Σ" + text($0) }
        parts += (request.filters + request.havings).map { "/" + text($0) }
        parts += request.orderings.map { ($0.descending == true ? "↓" : "↑") + text($0.expression) }
        if let limit = request.limit { parts.append("limit \(limit)") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The whole summary of `view`, its title when the request has nothing more.
    static func text(of view: RequestView) -> String {
        let parts = includes(of: view.request) + (refinements(of: view.request).map { [$0] } ?? [])
        return parts.isEmpty ? view.title : view.title + " " + parts.joined(separator: " ")
    }

    /// The active filters of the root, as text (the status line after `/`).
    static func filters(of request: Request) -> [String] {
        (request.filters + request.havings).map(text)
    }

    static func text(_ expression: AssocCore.Expression) -> String {
        (try? expression.languageText()) ?? "(expression)"
    }
}
